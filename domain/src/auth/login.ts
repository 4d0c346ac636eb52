import { z } from 'zod';
import { type Sprache, STANDARD_SPRACHE } from '../i18n/sprachen.js';
import { MAX_EMAIL } from '../shared/eingabe.js';
import type { ElternDto } from './antworten.js';

/** Texts of docs/produkt.md §5 and §8 for signing in, shared by the web client and the server. */
export const FELDER_FEHLEN = 'Bitte füllen Sie alle Felder aus.';
export const LOGIN_FEHLGESCHLAGEN = 'Ungültige E-Mail oder Passwort.';
export const ZU_VIELE_VERSUCHE = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

export const loginSchema = z.object(
  {
    email: z.string({ error: FELDER_FEHLEN }).trim().min(1, FELDER_FEHLEN).max(MAX_EMAIL, LOGIN_FEHLGESCHLAGEN),
    kennwort: z.string({ error: FELDER_FEHLEN }).min(1, FELDER_FEHLEN).max(1024, LOGIN_FEHLGESCHLAGEN),
  },
  { error: FELDER_FEHLEN },
);

/** The family as the API answers with it (`ElternDto`, auth/antworten.ts). */
export const elternDto = (
  eltern: { elternId: string; nachname: string; nameKind: string | null; email: string; rollen: readonly string[] },
  gruppe: { gruppeId: string; name: string } | null,
  sprache: Sprache = STANDARD_SPRACHE,
): ElternDto => ({
  id: eltern.elternId,
  nachname: eltern.nachname,
  nameKind: eltern.nameKind,
  email: eltern.email,
  gruppe: gruppe ? { gruppenID: gruppe.gruppeId, gruppenName: gruppe.name } : null,
  authorities: eltern.rollen.map((authority) => ({ authority })),
  sprache,
});
