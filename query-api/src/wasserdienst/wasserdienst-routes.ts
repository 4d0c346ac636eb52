import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { aktuelleWoche, freitagDerWoche, montagDerWoche, plusTage, wochenSchluessel } from '@waldkita/domain/kalender/iso-woche';
import type { DienstEvent, ElternKurz, Verteilung, Zuweisung } from '@waldkita/domain/wasserdienst/antworten';
import { tauschbareWochen } from '@waldkita/domain/wasserdienst/dienstplan';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { angemeldet, erlaubteGruppe, type Leser } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

/** An admin without a group of their own asks for the distribution without naming a group. */
const GRUPPE_WAEHLEN = 'Bitte wählen Sie eine Gruppe aus.';

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

const elternDto = (row: DienstRow): ElternKurz => ({ id: row.eltern_id, nachname: row.nachname ?? '', nameKind: row.name_kind });

type WochenTage = { start: string; end: string; freitag: string };

/** Monday, the Monday after and the Friday of each ISO week, worked out once per week for every row and read. */
const wochenTage = new Map<string, WochenTage>();
const tageDerWoche = (jahr: number, kalenderwoche: number): WochenTage => {
  const schluessel = `${jahr}-${kalenderwoche}`;
  let tage = wochenTage.get(schluessel);
  if (!tage) {
    const woche = { jahr, kalenderwoche };
    const montag = montagDerWoche(woche);
    tage = { start: montag, end: plusTage(montag, 7), freitag: freitagDerWoche(woche) };
    wochenTage.set(schluessel, tage);
  }
  return tage;
};

/**
 * The water-duty plan (docs/produkt.md §7 "Water duty and swaps"): calendar entries Monday to Sunday of each ISO
 * week, the caller's own duties with the Friday shown in the table, and the group map.
 */
/**
 * The group of a 'Verteilung': an admin's choice (`?gruppe=`), else the reader's own. Refused
 * without one (400) and when it is gone (404).
 */
export async function verteilungsGruppe(pool: pg.Pool, wer: Leser, gefragt: string | undefined): Promise<string> {
  const gruppeId = erlaubteGruppe(wer, gefragt) ?? wer.gruppeId;
  if (!gruppeId) throw new HttpError(400, GRUPPE_WAEHLEN);
  const { rows: gruppe } = await pool.query(`SELECT 1 FROM ${rm}.gruppe WHERE gruppe_id = $1 AND NOT entfernt`, [gruppeId]);
  if (gruppe.length === 0) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
  return gruppeId;
}

/**
 * The water duty's 'Verteilung' of a group: every family of it with its weeks done (over, before
 * the current ISO week), still planned and its share.
 */
export async function wasserdienstVerteilung(pool: pg.Pool, gruppeId: string, jetzt: Date): Promise<Verteilung[]> {
  const heute = aktuelleWoche(jetzt);
  const { rows } = await pool.query<{ eltern_id: string; nachname: string; geleistet: number; geplant: number; anteil: number }>(
    `SELECT e.eltern_id, e.nachname,
            count(w.wasserdienst_id) FILTER (WHERE (w.jahr, w.kalenderwoche) < ($2, $3))::int AS geleistet,
            count(w.wasserdienst_id) FILTER (WHERE (w.jahr, w.kalenderwoche) >= ($2, $3))::int AS geplant,
            COALESCE(a.anteil, 1) AS anteil
     FROM ${rm}.eltern e
     LEFT JOIN ${rm}.wasserdienst w ON w.eltern_id = e.eltern_id AND w.gruppe_id = e.gruppe_id
     LEFT JOIN ${rm}.dienst_anteil a ON a.eltern_id = e.eltern_id
     WHERE e.gruppe_id = $1 AND NOT e.entfernt
     GROUP BY e.eltern_id, e.nachname, a.anteil
     ORDER BY e.nachname, e.eltern_id`,
    [gruppeId, heute.jahr, heute.kalenderwoche],
  );
  return rows.map((r) => ({ elternId: r.eltern_id, nachname: r.nachname, geleistet: r.geleistet, geplant: r.geplant, anteil: r.anteil }));
}

export function wasserdienstRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  const kalenderEintrag = (row: DienstRow, elternId: string, mitGruppe: boolean): DienstEvent => {
    const nachname = row.nachname ?? '';
    const { start, end, freitag } = tageDerWoche(row.jahr, row.kalenderwoche);
    return {
      id: row.wasserdienst_id,
      title: mitGruppe ? `${row.gruppe_name}: ${nachname}` : nachname,
      start,
      end,
      allDay: true,
      kalenderwoche: row.kalenderwoche,
      jahr: row.jahr,
      freitag,
      eltern: elternDto(row),
      gruppe: { gruppenID: row.gruppe_id, gruppenName: row.gruppe_name },
      eigener: row.eltern_id === elternId,
    };
  };

  type GruppeQuery = { Querystring: { gruppe?: string } };
  app.get<GruppeQuery>(
    '/api/wasserdienst/events',
    angemeldet(deps),
    deps.antworten<GruppeQuery>('eltern', async (request, wer) => {
      const gruppeId = erlaubteGruppe(wer, request.query.gruppe);
      const { rows } = await deps.pool.query<DienstRow>(
        `${DIENSTE} WHERE ($1::uuid IS NULL OR w.gruppe_id = $1) ORDER BY w.jahr, w.kalenderwoche, g.name`,
        [gruppeId],
      );
      return rows.map((row) => kalenderEintrag(row, wer.elternId, wer.admin));
    }),
  );

  const eigeneDienste = async (elternId: string) =>
    (await deps.pool.query<DienstRow>(`${DIENSTE} WHERE w.eltern_id = $1 ORDER BY w.jahr, w.kalenderwoche`, [elternId])).rows;

  app.get(
    '/api/wasserdienst/events/my',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) =>
      (await eigeneDienste(wer.elternId)).map((row) => kalenderEintrag(row, wer.elternId, false)),
    ),
  );

  app.get(
    '/api/wasserdienst/my-assignments',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const tauschbar = new Set(tauschbareWochen(aktuelleWoche(deps.now())).map(wochenSchluessel));
      return (await eigeneDienste(wer.elternId)).map((row) => {
        const woche = { jahr: row.jahr, kalenderwoche: row.kalenderwoche };
        const zuweisung: Zuweisung = {
          id: row.wasserdienst_id,
          kalenderwoche: row.kalenderwoche,
          jahr: row.jahr,
          freitag: tageDerWoche(row.jahr, row.kalenderwoche).freitag,
          eltern: elternDto(row),
          tauschbar: tauschbar.has(wochenSchluessel(woche)),
          angeboten: row.angeboten,
        };
        return zuweisung;
      });
    }),
  );

  /**
   * The season's distribution of the group's duties (issue 17): per family of the group, the
   * duties of the current plan done so far (weeks before the current ISO week in Berlin), those
   * still planned (this week on) and its share. A duty counts for the family that holds it after
   * swaps and take-overs. Admins choose the group with `?gruppe=` (else their own).
   */
  app.get<GruppeQuery>(
    '/api/wasserdienst/verteilung',
    angemeldet(deps),
    deps.antworten<GruppeQuery>('gruppe', async (request, wer) =>
      wasserdienstVerteilung(deps.pool, await verteilungsGruppe(deps.pool, wer, request.query.gruppe), deps.now()),
    ),
  );

  type GruppeParams = { Params: { gruppeId: string } };
  app.get<GruppeParams>(
    '/api/wasserdienst/gruppen-eltern/:gruppeId',
    angemeldet(deps),
    deps.antworten<GruppeParams>('gruppe', async (request, wer) => {
      const gruppeId = erlaubteGruppe(wer, request.params.gruppeId);
      if (!gruppeId) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
      const { rows } = await deps.pool.query<DienstRow>(`${DIENSTE} WHERE w.gruppe_id = $1 ORDER BY w.jahr, w.kalenderwoche`, [gruppeId]);
      return Object.fromEntries(
        rows.map((row) => [`id=${row.wasserdienst_id}, kalenderwoche=${row.kalenderwoche}, jahr=${row.jahr}`, elternDto(row)]),
      );
    }),
  );
}
