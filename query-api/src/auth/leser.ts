import { istPruefer } from '@waldkita/domain/audit/pruefer';
import { SITZUNG_BEENDET, sitzungsVersion } from '@waldkita/domain/auth/passwort';
import { elternStream, istAdmin } from '@waldkita/domain/eltern/eltern';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { KEINE_GRUPPE } from '@waldkita/domain/wasserdienst/dienstplan';
import { authenticate, claimsOf, KEINE_BERECHTIGUNG, NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { logHeadReader } from '@waldkita/platform/read-your-writes';
import type { FastifyRequest } from 'fastify';
import type { QueryDeps } from '../deps.js';
import { MAX_WAIT_MS } from '../read-your-writes.js';
import type { LeserZeile } from './leser-cache.js';

/**
 * The signed-in family as the read models know it now (group and roles as of the latest change).
 * `pruefer`: the account may read the audit trail (ROLE_AUDITOR).
 */
export type Leser = {
  elternId: string;
  gruppeId: string | null;
  admin: boolean;
  pruefer: boolean;
  /** The version of the family's row in the read model (its `xmin`): any change to it changes this. */
  zeile: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const istUuid = (value: string) => UUID.test(value);

declare module 'fastify' {
  interface FastifyRequest {
    leser?: Leser;
  }
}

/** The caller check: the family in the read model, joined with its credentials (see below). */
const LESER = `SELECT e.gruppe_id, e.rollen, e.sitzungs_version, e.xmin::text AS zeile, c.password_changed_at
  FROM ${READ_MODEL_SCHEMA}.eltern e LEFT JOIN credentials c ON c.eltern_id = e.eltern_id
  WHERE e.eltern_id = $1 AND NOT e.entfernt`;

async function ladeLeser(pool: QueryDeps['pool'], elternId: string): Promise<LeserZeile | null> {
  const { rows } = await pool.query<{
    gruppe_id: string | null;
    rollen: string[];
    sitzungs_version: number;
    zeile: string;
    password_changed_at: Date | null;
  }>(LESER, [elternId]);
  const row = rows[0];
  if (!row) return null;
  return {
    gruppeId: row.gruppe_id,
    admin: istAdmin(row.rollen),
    pruefer: istPruefer(row.rollen),
    sitzungsVersion: row.sitzungs_version,
    zeile: row.zeile,
    passwortGeaendertMs: row.password_changed_at ? row.password_changed_at.getTime() : null,
  };
}

/**
 * The session version in the family's stream. On the Postgres store a new password and its
 * `PasswortGesetzt` commit together, and the next one changes `credentials` again, which drops the
 * cached row: so the version is kept with the row. On EventStoreDB the credentials row is written
 * ahead of its event, so the stream is read every time.
 */
function sitzungImLog(deps: Pick<QueryDeps, 'store'>, elternId: string, zeile: LeserZeile): Promise<number> {
  const lies = async () => sitzungsVersion((await deps.store.readStream(elternStream(elternId))).events);
  if (deps.store.kind !== 'postgres') return lies();
  if (!zeile.sitzungImLog) {
    const gelesen = lies();
    zeile.sitzungImLog = gelesen;
    gelesen.catch(() => {
      if (zeile.sitzungImLog === gelesen) zeile.sitzungImLog = undefined;
    });
  }
  return zeile.sitzungImLog;
}

/**
 * The caller of an authenticated read, loaded once per request: a removed family, or a token from
 * before the family's latest password change or reset (an ended session), is a 401.
 *
 * The read model's session version lags a password change by the projector's delay, so the
 * command side's `credentials` row (written with the change) is joined in: when its password is
 * not older than the token (to the second of `iat`), the family's stream decides. That read
 * happens only for tokens issued around or before a password change.
 *
 * The row comes from memory (`LeserCache`) while the read-model position is the one it was read
 * at and the family's credentials did not change since; otherwise it costs one query.
 *
 * A token works the moment sign-in hands it out, also without `X-Min-Position`: a family the read
 * model does not know (yet) is looked for again once the projector has passed the end of the log
 * as it was when the request came (bounded, as read-your-writes is). Only a miss pays for this.
 */
export async function leser(deps: Pick<QueryDeps, 'pool' | 'store' | 'leserCache' | 'watermark'>, request: FastifyRequest): Promise<Leser> {
  if (request.leser) return request.leser;
  const { sub, sv, iat } = claimsOf(request);
  const lade = () => ladeLeser(deps.pool, sub);
  let zeile = await deps.leserCache.hole(sub, lade);
  if (!zeile) {
    const kopf = await logHeadReader(deps.store, deps.pool)(null).catch(() => null);
    if (kopf && (await deps.watermark.waitFor(kopf, MAX_WAIT_MS))) zeile = await deps.leserCache.hole(sub, lade);
  }
  if (!zeile) throw new HttpError(401, NICHT_ANGEMELDET);
  if (sv < zeile.sitzungsVersion) throw new HttpError(401, SITZUNG_BEENDET);
  if (zeile.passwortGeaendertMs !== null && zeile.passwortGeaendertMs >= iat * 1000 && sv < (await sitzungImLog(deps, sub, zeile)))
    throw new HttpError(401, SITZUNG_BEENDET);
  request.leser = { elternId: sub, gruppeId: zeile.gruppeId, admin: zeile.admin, pruefer: zeile.pruefer, zeile: zeile.zeile };
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
export const angemeldet = (deps: Pick<QueryDeps, 'tokens' | 'pool' | 'store' | 'leserCache' | 'watermark'>) => ({
  preHandler: [
    authenticate(deps.tokens),
    async (request: FastifyRequest) => {
      await leser(deps, request);
    },
  ],
});
