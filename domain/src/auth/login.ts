import { z } from 'zod';
import { type Sprache, STANDARD_SPRACHE } from '../i18n/sprachen.js';
import { MAX_EMAIL } from '../shared/eingabe.js';

/** Texts of SPEC.md §5 and §8 for signing in, shared by the web client and the server. */
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
export type LoginInput = z.infer<typeof loginSchema>;

/** The user object the API answers with (SPEC.md §3 Eltern). */
export type ElternDto = {
  id: string;
  nachname: string;
  nameKind: string | null;
  email: string;
  gruppe: { gruppenID: string; gruppenName: string } | null;
  authorities: { authority: string }[];
  /** The language the family chose for its screens (docs/i18n.md); 'de' until it chooses. */
  sprache: Sprache;
};

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
