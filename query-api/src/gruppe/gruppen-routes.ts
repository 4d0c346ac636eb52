import type { GruppeKurz } from '@waldkita/domain/gruppe/antworten';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet, erlaubteGruppe, istUuid } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

/** GET /api/gruppen and /api/gruppen/{id}: a parent sees their own group, an admin every group. */
export function gruppenRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  const lies = async (gruppeId: string | null) =>
    (
      await deps.pool.query<GruppeKurz>(
        `SELECT gruppe_id AS "gruppenID", name AS "gruppenName" FROM ${READ_MODEL_SCHEMA}.gruppe
         WHERE NOT entfernt AND ($1::uuid IS NULL OR gruppe_id = $1) ORDER BY name`,
        [gruppeId],
      )
    ).rows;

  app.get(
    '/api/gruppen',
    angemeldet(deps),
    deps.antworten('gruppe', async (_request, wer) => {
      if (!wer.admin && !wer.gruppeId) return [];
      return lies(erlaubteGruppe(wer, undefined));
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/gruppen/:id',
    angemeldet(deps),
    deps.antworten<{ Params: { id: string } }>('gruppe', async (request, wer) => {
      const gruppeId = erlaubteGruppe(wer, request.params.id);
      if (!gruppeId || !istUuid(gruppeId)) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
      const [gruppe] = await lies(gruppeId);
      if (!gruppe) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
      return gruppe;
    }),
  );
}
