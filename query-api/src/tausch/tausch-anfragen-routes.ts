import type { FastifyInstance } from 'fastify';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { TAUSCHE, type TauschRow } from './tausch-zeilen.js';

const STATUS_ALT = { offen: 'PENDING', angenommen: 'ACCEPTED', zurueckgezogen: 'WITHDRAWN' } as const;

/** The caller's offers in the older shape of the trade-request paths (docs/produkt.md §7 "Water duty and swaps"); the swap exchange: tausch-routes.ts. */
export function tauschAnfragenRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  app.get(
    '/api/wasserdienst/tausch/my-requests',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const { rows } = await deps.pool.query<TauschRow>(`${TAUSCHE} WHERE t.request_eltern_id = $1 ORDER BY t.angeboten_am DESC`, [
        wer.elternId,
      ]);
      return rows.map((row) => ({
        id: row.tauschId,
        wasserdienstId: row.wasserdienstId,
        kalenderwoche: row.kalenderwoche,
        jahr: row.jahr,
        requesterElternId: row.requestElternId,
        requesterName: row.requestNachname ?? '',
        originalElternId: row.angenommenVon,
        originalElternName: row.angenommenVonNachname,
        status: STATUS_ALT[row.status],
        message: row.nachricht,
        createdAt: row.angebotenAm.toISOString(),
      }));
    }),
  );
}
