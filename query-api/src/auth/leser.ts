import { istPruefer } from '@waldkita/domain/audit/pruefer';
import { SITZUNG_BEENDET } from '@waldkita/domain/auth/passwort';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { KEINE_GRUPPE } from '@waldkita/domain/wasserdienst/dienstplan';
import { authenticate, claimsOf, KEINE_BERECHTIGUNG, NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyRequest } from 'fastify';
import type { QueryDeps } from '../deps.js';

/**
 * The signed-in family as the read models know it now (group and roles as of the latest change).
 * `pruefer`: the account may read the audit trail (ROLE_AUDITOR).
 */
export type Leser = { elternId: string; gruppeId: string | null; admin: boolean; pruefer: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const istUuid = (value: string) => UUID.test(value);

declare module 'fastify' {
  interface FastifyRequest {
    leser?: Leser;
  }
}

/**
 * The caller of an authenticated read, loaded once per request: a removed family, or a token from
 * before the family's latest password change or reset (an ended session), is a 401.
 */
export async function leser(deps: Pick<QueryDeps, 'pool'>, request: FastifyRequest): Promise<Leser> {
  if (request.leser) return request.leser;
  const { sub, sv } = claimsOf(request);
  const { rows } = await deps.pool.query<{ gruppe_id: string | null; rollen: string[]; sitzungs_version: number }>(
    `SELECT gruppe_id, rollen, sitzungs_version FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = $1 AND NOT entfernt`,
    [sub],
  );
  const row = rows[0];
  if (!row) throw new HttpError(401, NICHT_ANGEMELDET);
  if (sv < row.sitzungs_version) throw new HttpError(401, SITZUNG_BEENDET);
  request.leser = { elternId: sub, gruppeId: row.gruppe_id, admin: istAdmin(row.rollen), pruefer: istPruefer(row.rollen) };
  return request.leser;
}

/**
 * Which group a read may cover. A parent reads only their own group (another id → 403); an admin
 * any group, or all of them (null) when none is asked for.
 */
export function erlaubteGruppe(wer: Leser, gefragt: string | undefined): string | null {
  if (wer.admin) {
    if (gefragt === undefined || gefragt === '') return null;
    if (!istUuid(gefragt)) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    return gefragt;
  }
  if (!wer.gruppeId) throw new HttpError(404, KEINE_GRUPPE);
  if (gefragt !== undefined && gefragt !== '' && gefragt !== wer.gruppeId) throw new HttpError(403, KEINE_BERECHTIGUNG);
  return wer.gruppeId;
}

/** preHandler of every signed-in read: a valid token of a current session of an existing family. */
export const angemeldet = (deps: Pick<QueryDeps, 'tokens' | 'pool'>) => ({
  preHandler: [
    authenticate(deps.tokens),
    async (request: FastifyRequest) => {
      await leser(deps, request);
    },
  ],
});
