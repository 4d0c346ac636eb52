import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet, erlaubteGruppe } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

type TauschRow = {
  tausch_id: string;
  wasserdienst_id: string;
  jahr: number;
  kalenderwoche: number;
  request_eltern_id: string;
  request_nachname: string | null;
  request_name_kind: string | null;
  nachricht: string | null;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  resolve_eltern_id: string | null;
  resolve_nachname: string | null;
  resolve_name_kind: string | null;
  resolve_wasserdienst_id: string | null;
  resolve_jahr: number | null;
  resolve_kalenderwoche: number | null;
  angeboten_am: Date;
  abgeben: boolean;
};

const TAUSCHE = `
  SELECT t.tausch_id, t.wasserdienst_id, t.jahr, t.kalenderwoche, t.request_eltern_id, r.nachname AS request_nachname,
         r.name_kind AS request_name_kind, t.nachricht, t.status, t.resolve_eltern_id, a.nachname AS resolve_nachname,
         a.name_kind AS resolve_name_kind, t.resolve_wasserdienst_id, t.resolve_jahr, t.resolve_kalenderwoche, t.angeboten_am,
         t.abgeben
  FROM ${rm}.tausch t
  LEFT JOIN ${rm}.eltern r ON r.eltern_id = t.request_eltern_id
  LEFT JOIN ${rm}.eltern a ON a.eltern_id = t.resolve_eltern_id`;

const STATUS_ALT = { offen: 'PENDING', angenommen: 'ACCEPTED', zurueckgezogen: 'WITHDRAWN' } as const;

/** The swap exchange of a group (SPEC.md §3 "Tausch") and the caller's offers in the older shape. */
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
      return rows.map((row) => ({
        id: row.tausch_id,
        requestEltern: { id: row.request_eltern_id, nachname: row.request_nachname ?? '', nameKind: row.request_name_kind },
        requestWasserdienst: { id: row.wasserdienst_id, kalenderwoche: row.kalenderwoche, jahr: row.jahr },
        resolveEltern: row.resolve_eltern_id
          ? { id: row.resolve_eltern_id, nachname: row.resolve_nachname ?? '', nameKind: row.resolve_name_kind }
          : null,
        resolveWasserdienst: row.resolve_wasserdienst_id
          ? { id: row.resolve_wasserdienst_id, kalenderwoche: row.resolve_kalenderwoche, jahr: row.resolve_jahr }
          : null,
        bestaetigt: row.status === 'angenommen',
        angebotenAm: row.angeboten_am.toISOString(),
        /** Given away ('Dienst abgeben'): taken over without a duty in return. */
        abgeben: row.abgeben,
      }));
    }),
  );

  app.get(
    '/api/wasserdienst/tausch/my-requests',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const { rows } = await deps.pool.query<TauschRow>(`${TAUSCHE} WHERE t.request_eltern_id = $1 ORDER BY t.angeboten_am DESC`, [
        wer.elternId,
      ]);
      return rows.map((row) => ({
        id: row.tausch_id,
        wasserdienstId: row.wasserdienst_id,
        kalenderwoche: row.kalenderwoche,
        jahr: row.jahr,
        requesterElternId: row.request_eltern_id,
        requesterName: row.request_nachname ?? '',
        originalElternId: row.resolve_eltern_id,
        originalElternName: row.resolve_nachname,
        status: STATUS_ALT[row.status],
        message: row.nachricht,
        createdAt: row.angeboten_am.toISOString(),
      }));
    }),
  );
}
