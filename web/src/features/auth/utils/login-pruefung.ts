import { MAX_EMAIL } from '@waldkita/domain/shared/eingabe';

/**
 * The sign-in screen's texts and its check, the same as `loginSchema` and the texts of
 * @waldkita/domain/auth/login (docs/produkt.md §5, §8) but without zod: the login screen is the first
 * paint, and importing the domain module would bring all of zod along. login-pruefung.test.ts
 * holds both to the same answers.
 */
export const FELDER_FEHLEN = 'Bitte füllen Sie alle Felder aus.';
export const LOGIN_FEHLGESCHLAGEN = 'Ungültige E-Mail oder Passwort.';
export const ZU_VIELE_VERSUCHE = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';
/** Shown above the sign-in form after a password reset (docs/produkt.md §2). */
export const PASSWORT_ZURUECKGESETZT = 'Passwort erfolgreich zurückgesetzt!';

const MAX_KENNWORT = 1024;

export type LoginEingabe = { email: string; kennwort: string };
export type LoginPruefung = { ok: true; daten: LoginEingabe } | { ok: false; meldung: string };

/** The first complaint about the form, in the order the server's schema reports it; the e-mail is sent trimmed. */
export function pruefeLogin({ email, kennwort }: LoginEingabe): LoginPruefung {
  const mail = email.trim();
  if (mail.length === 0) return { ok: false, meldung: FELDER_FEHLEN };
  if (mail.length > MAX_EMAIL) return { ok: false, meldung: LOGIN_FEHLGESCHLAGEN };
  if (kennwort.length === 0) return { ok: false, meldung: FELDER_FEHLEN };
  if (kennwort.length > MAX_KENNWORT) return { ok: false, meldung: LOGIN_FEHLGESCHLAGEN };
  return { ok: true, daten: { email: mail, kennwort } };
}

/** The sign-in's own texts in the screen's language (`t` of react-i18next); any other server text as it came. */
export function loginFehlerText(text: string, t: (key: string) => string): string {
  if (text === FELDER_FEHLEN) return t('login.felderFehlen');
  if (text === LOGIN_FEHLGESCHLAGEN) return t('login.fehlgeschlagen');
  if (text === ZU_VIELE_VERSUCHE) return t('login.zuVieleVersuche');
  return text;
}
