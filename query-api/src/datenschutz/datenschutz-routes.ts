import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { FastifyInstance } from 'fastify';
import { auditLogFuer } from '../audit/audit-log.js';
import { angemeldet, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { datenexport } from './datenexport.js';

/**
 * The family's right of access and to data portability (DSGVO Art. 15, 20; docs/api-datenschutz.md):
 * `GET /api/eltern/ich/export` answers everything the product holds about the signed-in family as
 * a JSON download. Any role may ask, always for itself: the family is the verified caller.
 */
export function datenschutzRoutes(app: FastifyInstance, deps: QueryDeps) {
  const log = auditLogFuer(deps.store, deps.pool);
  app.get('/api/eltern/ich/export', angemeldet(deps), async (request, reply) => {
    const { elternId } = await leser(deps, request);
    const daten = await datenexport(deps, elternId, log);
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="waldkita-meine-daten-${heuteInBerlin(deps.now())}.json"`)
      .type('application/json; charset=utf-8');
    return daten;
  });
}
