import type { AktuelleEltern } from '@waldkita/domain/auth/antworten';
import { elternDto } from '@waldkita/domain/auth/login';
import { istSprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { angemeldet } from './leser.js';

type Row = {
  eltern_id: string;
  nachname: string;
  name_kind: string | null;
  email: string;
  rollen: string[];
  gruppe_id: string | null;
  gruppe_name: string | null;
  sprache: string;
};

/** GET /api/auth/current-user → { eltern } of the token's family; a removed family is signed out (401). */
export function currentUserRoute(app: FastifyInstance, deps: LeseRoutenDeps) {
  app.get(
    '/api/auth/current-user',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, { elternId }) => {
      const { rows } = await deps.pool.query<Row>(
        `SELECT e.eltern_id, e.nachname, e.name_kind, e.email, e.rollen, e.sprache, g.gruppe_id, g.name AS gruppe_name
       FROM ${READ_MODEL_SCHEMA}.eltern e
       LEFT JOIN ${READ_MODEL_SCHEMA}.gruppe g ON g.gruppe_id = e.gruppe_id AND NOT g.entfernt
       WHERE e.eltern_id = $1 AND NOT e.entfernt`,
        [elternId],
      );
      const row = rows[0];
      if (!row) throw new HttpError(401, NICHT_ANGEMELDET);
      const gruppe = row.gruppe_id && row.gruppe_name ? { gruppeId: row.gruppe_id, name: row.gruppe_name } : null;
      return {
        eltern: elternDto(
          { elternId: row.eltern_id, nachname: row.nachname, nameKind: row.name_kind, email: row.email, rollen: row.rollen },
          gruppe,
          istSprache(row.sprache) ? row.sprache : STANDARD_SPRACHE,
        ),
      } satisfies AktuelleEltern;
    }),
  );
}
