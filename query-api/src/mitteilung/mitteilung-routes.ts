import type { Mitteilung } from '@waldkita/domain/mitteilung/antworten';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

type Row = { id: string; text: string; veroeffentlicht_am: Date; autor_id: string | null; autor_name: string | null };

/** The announcements that are not deleted, newest first (the dashboard shows the first one). */
export function mitteilungRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  app.get(
    '/api/mitteilungen',
    angemeldet(deps),
    deps.antworten('alle', async () => {
      const { rows } = await deps.pool.query<Row>(
        `SELECT m.id, m.text, m.veroeffentlicht_am, m.autor_id, e.nachname AS autor_name
       FROM ${rm}.mitteilung m LEFT JOIN ${rm}.eltern e ON e.eltern_id = m.autor_id
       WHERE NOT m.geloescht
       ORDER BY m.log_commit DESC, m.log_prepare DESC`,
      );
      return rows.map(
        (r): Mitteilung => ({
          id: r.id,
          text: r.text,
          veroeffentlichtAm: r.veroeffentlicht_am.toISOString(),
          autor: r.autor_id ? { id: r.autor_id, nachname: r.autor_name } : null,
        }),
      );
    }),
  );
}
