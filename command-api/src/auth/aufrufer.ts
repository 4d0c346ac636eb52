import { istNurPruefer, NUR_LESEZUGRIFF } from '@waldkita/domain/audit/pruefer';
import { SITZUNG_BEENDET } from '@waldkita/domain/auth/passwort';
import { type ElternState, elternDecider, elternStream, istAdmin } from '@waldkita/domain/eltern/eltern';
import { KEINE_GRUPPE } from '@waldkita/domain/wasserdienst/dienstplan';
import { akteurKontext } from '@waldkita/platform/akteur-kontext';
import { claimsOf, KEINE_BERECHTIGUNG, NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { keptFold } from '@waldkita/platform/kept-fold';
import type { FastifyRequest } from 'fastify';
import type { CommandDeps } from '../deps.js';

export type Aufrufer = { elternId: string; gruppeId: string | null; rollen: string[] };

/** No personal data in memory: a family's name, child's name and address are not kept (see keptFold). */
const ohnePersonendaten = (state: ElternState): ElternState =>
  state.status === 'unbekannt' ? state : { ...state, eltern: { ...state.eltern, nachname: '', nameKind: null, email: '' } };

/**
 * A family's record as a caller's check needs it (status, group, roles) and the version of its
 * sessions (`sitzungsVersion`: the revision after the latest password set), kept per process and
 * read on with the events after it on every request.
 */
const sitzungVon = keptFold<{ eltern: ElternState; version: number }>(
  () => ({ eltern: elternDecider.initialState(), version: 0 }),
  (s, e) => ({
    eltern: ohnePersonendaten(elternDecider.evolve(s.eltern, e as never)),
    version: e.type === 'PasswortGesetzt' ? e.revision + 1 : s.version,
  }),
);

/**
 * The signed-in family as the event log knows it now, in a session that is still valid. Writes
 * decide on this, not on the token's claims: a family moved to another group or removed since
 * signing in acts with its current record. `eigenesKonto`: the write touches only the caller's own
 * account (its calendar feed, its push devices and notice choices), so auditors may make it too.
 */
export async function aufrufer(
  deps: Pick<CommandDeps, 'store'>,
  request: FastifyRequest,
  { eigenesKonto = false }: { eigenesKonto?: boolean } = {},
): Promise<Aufrufer> {
  const { sub, sv } = claimsOf(request);
  const { eltern: state, version } = await sitzungVon(deps.store, elternStream(sub));
  if (state.status !== 'aktiv') throw new HttpError(401, NICHT_ANGEMELDET);
  // A token from before the latest password change or reset belongs to an ended session.
  if (sv < version) throw new HttpError(401, SITZUNG_BEENDET);
  // Auditors only read: every write but their own sign-in and password (/api/auth/…) and their own
  // calendar feed and push devices (eigenesKonto) is refused.
  const pfad = request.routeOptions.url ?? request.url;
  if (istNurPruefer(state.eltern.rollen) && !eigenesKonto && !pfad.startsWith('/api/auth/')) throw new HttpError(403, NUR_LESEZUGRIFF);
  // The events this request appends name the role the caller holds now (platform/src/akteur-kontext.ts).
  const akteur = akteurKontext.getStore();
  if (akteur) akteur.rollen = state.eltern.rollen;
  return { elternId: state.eltern.elternId, gruppeId: state.eltern.gruppeId, rollen: state.eltern.rollen };
}

/** The caller's group, or 404 'Keine Gruppe gefunden' for a family that has none. */
export async function aufruferMitGruppe(deps: Pick<CommandDeps, 'store'>, request: FastifyRequest) {
  const wer = await aufrufer(deps, request);
  if (!wer.gruppeId) throw new HttpError(404, KEINE_GRUPPE);
  return { ...wer, gruppeId: wer.gruppeId };
}

/** The caller, who must be an admin by their current record (403 otherwise). */
export async function adminAufrufer(deps: Pick<CommandDeps, 'store'>, request: FastifyRequest) {
  const wer = await aufrufer(deps, request);
  if (!istAdmin(wer.rollen)) throw new HttpError(403, KEINE_BERECHTIGUNG);
  return wer;
}

/** preHandler for admin-only routes: refuses others with 403 before the body is even looked at. */
export const nurAdmins = (deps: Pick<CommandDeps, 'store'>) => async (request: FastifyRequest) => {
  await adminAufrufer(deps, request);
};
