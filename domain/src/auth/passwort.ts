import { z } from 'zod';
import { MAX_EMAIL } from '../shared/eingabe.js';
import { FELDER_FEHLEN } from './login.js';

/** Texts and rules of docs/produkt.md §2, §5, §7 and §8 for forgotten, reset and changed passwords, shared by web and server. */
export const MIN_PASSWORT_LAENGE = 6;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const MAX_PASSWORT_LAENGE = 1024;

export const EMAIL_FEHLT = 'Bitte geben Sie Ihre E-Mail-Adresse ein.';
/** The one answer of forgot-password, whether or not the account exists. */
export const RESET_LINK_GESENDET = 'Falls die E-Mail-Adresse existiert, wurde ein Reset-Link gesendet.';
export const RESET_LINK_FEHLER = 'Fehler beim Senden der E-Mail. Versuchen Sie es später erneut.';

export const LINK_UNGUELTIG = 'Der Reset-Link ist ungültig oder abgelaufen.';
const RESET_TOKEN_FEHLT = 'Ungültiger Reset-Link';
export const PASSWOERTER_VERSCHIEDEN = 'Passwörter stimmen nicht überein.';
export const PASSWORT_ZU_KURZ = `Passwort muss mindestens ${MIN_PASSWORT_LAENGE} Zeichen lang sein.`;
export const PASSWORT_ZU_LANG = `Das Passwort darf höchstens ${MAX_PASSWORT_LAENGE} Zeichen lang sein.`;
export const PASSWORT_ZURUECKGESETZT = 'Passwort erfolgreich zurückgesetzt!';
export const RESET_FEHLER = 'Fehler beim Zurücksetzen des Passworts.';

export const NEUE_PASSWOERTER_VERSCHIEDEN = 'Neue Passwörter stimmen nicht überein.';
export const NEUES_PASSWORT_ZU_KURZ = `Neues Passwort muss mindestens ${MIN_PASSWORT_LAENGE} Zeichen lang sein.`;
export const ALTES_PASSWORT_FALSCH = 'Das aktuelle Passwort ist nicht korrekt.';
export const PASSWORT_GEAENDERT = 'Ihr Passwort wurde geändert. Sie erhalten eine Bestätigungs-E-Mail.';

/** A session token issued before the family's latest password change or reset. */
export const SITZUNG_BEENDET = 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.';

/** How long links stay valid: a reset link briefly, a welcome link long enough to get round to it. */
export const RESET_LINK_MINUTEN = 30;
export const WILLKOMMENS_LINK_TAGE = 14;

export const forgotPasswordSchema = z.object(
  { email: z.string({ error: EMAIL_FEHLT }).trim().min(1, EMAIL_FEHLT).max(MAX_EMAIL, EMAIL_FEHLT) },
  { error: EMAIL_FEHLT },
);

export const resetPasswordSchema = z.object(
  {
    token: z.string({ error: RESET_TOKEN_FEHLT }).trim().min(1, RESET_TOKEN_FEHLT).max(200, LINK_UNGUELTIG),
    newPassword: z
      .string({ error: FELDER_FEHLEN })
      .min(1, FELDER_FEHLEN)
      .min(MIN_PASSWORT_LAENGE, PASSWORT_ZU_KURZ)
      .max(MAX_PASSWORT_LAENGE, PASSWORT_ZU_LANG),
  },
  { error: FELDER_FEHLEN },
);

export const changePasswordSchema = z.object(
  {
    oldPassword: z.string({ error: FELDER_FEHLEN }).min(1, FELDER_FEHLEN).max(MAX_PASSWORT_LAENGE, ALTES_PASSWORT_FALSCH),
    newPassword: z
      .string({ error: FELDER_FEHLEN })
      .min(1, FELDER_FEHLEN)
      .min(MIN_PASSWORT_LAENGE, NEUES_PASSWORT_ZU_KURZ)
      .max(MAX_PASSWORT_LAENGE, PASSWORT_ZU_LANG),
  },
  { error: FELDER_FEHLEN },
);

/**
 * The session version of a family: one more than the stream revision of its latest
 * `PasswortGesetzt`, 0 before any. Tokens carry the version they were issued under; every newer
 * password (change or reset) ends the sessions of older versions.
 */
export const sitzungsVersion = (events: readonly { type: string; revision: number }[]) =>
  events.reduce((version, e) => (e.type === 'PasswortGesetzt' ? e.revision + 1 : version), 0);
