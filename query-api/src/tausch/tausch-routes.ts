import type { Tausch } from '@waldkita/domain/wasserdienst/antworten';
import type { FastifyInstance } from 'fastify';
import { angemeldet, erlaubteGruppe } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { TAUSCHE, type TauschRow } from './tausch-zeilen.js';

/** The swap exchange of a group (docs/produkt.md §3 "Tausch"); the caller's offers in the older shape: tausch-anfragen-routes.ts. */
export function tauschRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  type GruppeParams = { Params: { gruppeId: string } };
  app.get<GruppeParams>(
    '/api/tausch/gruppe/:gruppeId',
    angemeldet(deps),
    deps.antworten<GruppeParams>('gruppe', async (request, wer) => {
      const gruppeId = erlaubteGruppe(wer, request.params.gruppeId);
      const { rows } = await deps.pool.query<TauschRow>(
        `${TAUSCHE} WHERE ($1::uuid IS NULL OR t.gruppe_id = $1) AND t.status <> 'zurueckgezogen'
       ORDER BY t.angeboten_am DESC, t.tausch_id`,
        [gruppeId],
      );
      return rows.map(
        (row): Tausch => ({
          id: row.tauschId,
          requestEltern: { id: row.requestElternId, nachname: row.requestNachname ?? '', nameKind: row.requestNameKind },
          requestWasserdienst: { id: row.wasserdienstId, kalenderwoche: row.kalenderwoche, jahr: row.jahr },
          resolveEltern: row.angenommenVon
            ? { id: row.angenommenVon, nachname: row.angenommenVonNachname ?? '', nameKind: row.angenommenVonNameKind }
            : null,
          resolveWasserdienst: row.gegenWasserdienstId
            ? { id: row.gegenWasserdienstId, kalenderwoche: row.gegenKalenderwoche!, jahr: row.gegenJahr! }
            : null,
          bestaetigt: row.status === 'angenommen',
          angebotenAm: row.angebotenAm.toISOString(),
          /** Given away ('Dienst abgeben'): taken over without a duty in return. */
          abgeben: row.abgeben,
        }),
      );
    }),
  );
}
