import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { aktuelleWoche, freitagDerWoche, montagDerWoche, plusTage, wochenSchluessel } from '@waldkita/domain/kalender/iso-woche';
import { tauschbareWochen } from '@waldkita/domain/wasserdienst/dienstplan';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet, erlaubteGruppe, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';

const rm = READ_MODEL_SCHEMA;

type DienstRow = {
  wasserdienst_id: string;
  jahr: number;
  kalenderwoche: number;
  eltern_id: string;
  nachname: string | null;
  name_kind: string | null;
  gruppe_id: string;
  gruppe_name: string;
  angeboten: boolean;
};

const DIENSTE = `
  SELECT w.wasserdienst_id, w.jahr, w.kalenderwoche, w.eltern_id, e.nachname, e.name_kind, g.gruppe_id, g.name AS gruppe_name,
         EXISTS (SELECT 1 FROM ${rm}.tausch t WHERE t.wasserdienst_id = w.wasserdienst_id AND t.status = 'offen') AS angeboten
  FROM ${rm}.wasserdienst w
  JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id AND NOT g.entfernt
  LEFT JOIN ${rm}.eltern e ON e.eltern_id = w.eltern_id`;

const elternDto = (row: DienstRow) => ({ id: row.eltern_id, nachname: row.nachname ?? '', nameKind: row.name_kind });

/**
 * The water-duty plan (SPEC.md §7 "Water duty"): calendar entries Monday to Sunday of each ISO
 * week, the caller's own duties with the Friday shown in the table, and the group map.
 */
export function wasserdienstRoutes(app: FastifyInstance, deps: QueryDeps) {
  const kalenderEintrag = (row: DienstRow, elternId: string, mitGruppe: boolean) => {
    const woche = { jahr: row.jahr, kalenderwoche: row.kalenderwoche };
    const nachname = row.nachname ?? '';
    return {
      id: row.wasserdienst_id,
      title: mitGruppe ? `${row.gruppe_name}: ${nachname}` : nachname,
      start: montagDerWoche(woche),
      end: plusTage(montagDerWoche(woche), 7),
      allDay: true as const,
      kalenderwoche: row.kalenderwoche,
      jahr: row.jahr,
      freitag: freitagDerWoche(woche),
      eltern: elternDto(row),
      gruppe: { gruppenID: row.gruppe_id, gruppenName: row.gruppe_name },
      eigener: row.eltern_id === elternId,
    };
  };

  app.get<{ Querystring: { gruppe?: string } }>('/api/wasserdienst/events', angemeldet(deps), async (request) => {
    const wer = await leser(deps, request);
    const gruppeId = erlaubteGruppe(wer, request.query.gruppe);
    const { rows } = await deps.pool.query<DienstRow>(
      `${DIENSTE} WHERE ($1::uuid IS NULL OR w.gruppe_id = $1) ORDER BY w.jahr, w.kalenderwoche, g.name`,
      [gruppeId],
    );
    return rows.map((row) => kalenderEintrag(row, wer.elternId, wer.admin));
  });

  const eigeneDienste = async (elternId: string) =>
    (await deps.pool.query<DienstRow>(`${DIENSTE} WHERE w.eltern_id = $1 ORDER BY w.jahr, w.kalenderwoche`, [elternId])).rows;

  app.get('/api/wasserdienst/events/my', angemeldet(deps), async (request) => {
    const wer = await leser(deps, request);
    return (await eigeneDienste(wer.elternId)).map((row) => kalenderEintrag(row, wer.elternId, false));
  });

  app.get('/api/wasserdienst/my-assignments', angemeldet(deps), async (request) => {
    const wer = await leser(deps, request);
    const tauschbar = new Set(tauschbareWochen(aktuelleWoche(deps.now())).map(wochenSchluessel));
    return (await eigeneDienste(wer.elternId)).map((row) => {
      const woche = { jahr: row.jahr, kalenderwoche: row.kalenderwoche };
      return {
        id: row.wasserdienst_id,
        kalenderwoche: row.kalenderwoche,
        jahr: row.jahr,
        freitag: freitagDerWoche(woche),
        eltern: elternDto(row),
        tauschbar: tauschbar.has(wochenSchluessel(woche)),
        angeboten: row.angeboten,
      };
    });
  });

  app.get<{ Params: { gruppeId: string } }>('/api/wasserdienst/gruppen-eltern/:gruppeId', angemeldet(deps), async (request) => {
    const wer = await leser(deps, request);
    const gruppeId = erlaubteGruppe(wer, request.params.gruppeId);
    if (!gruppeId) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    const { rows } = await deps.pool.query<DienstRow>(`${DIENSTE} WHERE w.gruppe_id = $1 ORDER BY w.jahr, w.kalenderwoche`, [gruppeId]);
    return Object.fromEntries(
      rows.map((row) => [`id=${row.wasserdienst_id}, kalenderwoche=${row.kalenderwoche}, jahr=${row.jahr}`, elternDto(row)]),
    );
  });
}
