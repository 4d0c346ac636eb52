import type { DienstTauschAngebot, MeinDienst } from '@waldkita/domain/dienste/antworten';
import {
  DIENSTART_NICHT_GEFUNDEN,
  type Dienstart,
  dienstartAntwort,
  WASSERDIENST,
  WASSERDIENST_ID,
} from '@waldkita/domain/dienste/dienstart';
import {
  aktuelleWoche,
  freitagDerWoche,
  heuteInBerlin,
  isoWocheVon,
  montagDerWoche,
  vergleicheWochen,
  wochenSchluessel,
} from '@waldkita/domain/kalender/iso-woche';
import type { Verteilung } from '@waldkita/domain/wasserdienst/antworten';
import { letzteTauschbareWoche, tauschbareWochen } from '@waldkita/domain/wasserdienst/dienstplan';
import { KEINE_BERECHTIGUNG } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { type DienstTauschZeile, READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { angemeldet, istUuid } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { verteilungsGruppe, wasserdienstVerteilung } from '../wasserdienst/wasserdienst-routes.js';

const rm = READ_MODEL_SCHEMA;

/** `GET /api/dienste/verteilung` without `?dienstart=`. */
const DIENSTART_WAEHLEN = 'Bitte wählen Sie eine Dienstart aus.';

type DienstartZeile = {
  dienstart_id: string;
  name: string;
  beschreibung: string;
  rhythmus: Dienstart['rhythmus'];
  wochentage: number[] | null;
  aktiv_von_monat: number | null;
  aktiv_bis_monat: number | null;
  bereich: Dienstart['bereich'];
  familien_pro_termin: number;
  stunden: string;
  pausiert_bei_schliessung: boolean;
  eingebaut: boolean;
  archiviert: boolean;
};

const alsDienstart = (z: DienstartZeile): Dienstart => ({
  id: z.dienstart_id,
  name: z.name,
  beschreibung: z.beschreibung,
  rhythmus: z.rhythmus,
  ...(z.wochentage ? { wochentage: z.wochentage } : {}),
  ...(z.aktiv_von_monat != null && z.aktiv_bis_monat != null ? { aktivVonMonat: z.aktiv_von_monat, aktivBisMonat: z.aktiv_bis_monat } : {}),
  bereich: z.bereich,
  familienProTermin: z.familien_pro_termin,
  stunden: Number(z.stunden),
  pausiertBeiSchliessung: z.pausiert_bei_schliessung,
  eingebaut: z.eingebaut,
  archiviert: z.archiviert,
});

/**
 * Every duty kind: the rows of the read model, and the built-in Wasserdienst from the domain
 * until an admin changed it (then its row). Wasserdienst first, then the active kinds by name,
 * then the archived ones by name.
 */
async function alleDienstarten(pool: pg.Pool): Promise<Dienstart[]> {
  const { rows } = await pool.query<DienstartZeile>(`SELECT * FROM ${rm}.dienstart`);
  const arten = rows.map(alsDienstart);
  if (!arten.some((a) => a.id === WASSERDIENST_ID)) arten.push(WASSERDIENST);
  return arten.sort(
    (a, b) =>
      Number(b.eingebaut) - Number(a.eingebaut) ||
      Number(a.archiviert) - Number(b.archiviert) ||
      a.name.localeCompare(b.name, 'de') ||
      (a.id < b.id ? -1 : 1),
  );
}

/** One kind by id, Wasserdienst included, or null. */
async function dienstart(pool: pg.Pool, id: string): Promise<Dienstart | null> {
  if (id === WASSERDIENST_ID) {
    const { rows } = await pool.query<DienstartZeile>(`SELECT * FROM ${rm}.dienstart WHERE dienstart_id = $1`, [id]);
    return rows[0] ? alsDienstart(rows[0]) : WASSERDIENST;
  }
  if (!istUuid(id)) return null;
  const { rows } = await pool.query<DienstartZeile>(`SELECT * FROM ${rm}.dienstart WHERE dienstart_id = $1`, [id]);
  return rows[0] ? alsDienstart(rows[0]) : null;
}

type MeinZeile = {
  id: string;
  dienstart_id: string;
  dienstart: string | null;
  archiviert: boolean | null;
  von: string;
  bis: string;
  gruppe_id: string | null;
  angeboten: boolean;
};

/** The family's dates of the kinds other than Wasserdienst, with the kind's name and whether an offer for them is open. */
const ANDERE_DIENSTE = `
  SELECT d.dienst_id AS id, d.dienstart_id, a.name AS dienstart, a.archiviert, to_char(d.von, 'YYYY-MM-DD') AS von,
         to_char(d.bis, 'YYYY-MM-DD') AS bis, CASE WHEN d.bereich_id = 'kita' THEN NULL ELSE d.bereich_id END AS gruppe_id,
         EXISTS (SELECT 1 FROM ${rm}.dienst_tausch t WHERE t.dienst_id = d.dienst_id AND t.status = 'offen') AS angeboten
  FROM ${rm}.dienst d LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = d.dienstart_id
  WHERE d.eltern_id = $1
    AND (d.bereich_id = 'kita' OR EXISTS (SELECT 1 FROM ${rm}.gruppe g WHERE g.gruppe_id::text = d.bereich_id AND NOT g.entfernt))`;

const WASSERDIENSTE = `
  SELECT w.wasserdienst_id AS id, w.jahr, w.kalenderwoche, w.gruppe_id::text AS gruppe_id,
         EXISTS (SELECT 1 FROM ${rm}.tausch t WHERE t.wasserdienst_id = w.wasserdienst_id AND t.status = 'offen') AS angeboten
  FROM ${rm}.wasserdienst w JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id AND NOT g.entfernt
  WHERE w.eltern_id = $1`;

/** An open offer of `rm.dienst_tausch` as read, with the kind's name and the offering family's. */
type TauschZeile = Pick<
  DienstTauschZeile,
  'tauschId' | 'dienstartId' | 'dienstId' | 'von' | 'bis' | 'elternId' | 'nachricht' | 'abgeben'
> & {
  dienstart: string;
  nachname: string | null;
};

/**
 * The duties of every kind (docs/api-dienste.md): the kinds, the caller's own dates of every kind
 * (Wasserdienst included), the open offers of the other kinds the caller could take, and the
 * distribution of a kind's dates among the families.
 */
export function diensteRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  app.get(
    '/api/dienstarten',
    angemeldet(deps),
    deps.antworten('alle', async () => (await alleDienstarten(deps.pool)).filter((a) => !a.archiviert).map(dienstartAntwort)),
  );

  app.get(
    '/api/admin/dienstarten',
    angemeldet(deps),
    deps.antworten('alle', async (_request, wer) => {
      if (!wer.admin) throw new HttpError(403, KEINE_BERECHTIGUNG);
      return (await alleDienstarten(deps.pool)).map(dienstartAntwort);
    }),
  );

  app.get(
    '/api/dienste/meine',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const heute = heuteInBerlin(deps.now());
      const letzteWoche = letzteTauschbareWoche(isoWocheVon(heute));
      const wasserTauschbar = new Set(tauschbareWochen(aktuelleWoche(deps.now())).map(wochenSchluessel));
      const [andere, wasser, wasserArt] = await Promise.all([
        deps.pool.query<MeinZeile>(ANDERE_DIENSTE, [wer.elternId]),
        deps.pool.query<{ id: string; jahr: number; kalenderwoche: number; gruppe_id: string; angeboten: boolean }>(WASSERDIENSTE, [
          wer.elternId,
        ]),
        dienstart(deps.pool, WASSERDIENST_ID),
      ]);
      const dienste: MeinDienst[] = [
        ...wasser.rows.map((w) => {
          const woche = { jahr: w.jahr, kalenderwoche: w.kalenderwoche };
          const bis = freitagDerWoche(woche);
          return {
            id: w.id,
            dienstartId: WASSERDIENST_ID,
            dienstart: wasserArt?.name ?? WASSERDIENST.name,
            von: montagDerWoche(woche),
            bis,
            gruppeId: w.gruppe_id,
            erledigt: bis < heute,
            angeboten: w.angeboten,
            // as the water-duty plan decides a swap (by ISO week), and not once its Friday has passed
            tauschbar: bis >= heute && wasserTauschbar.has(wochenSchluessel(woche)),
          };
        }),
        ...andere.rows.map((d) => ({
          id: d.id,
          dienstartId: d.dienstart_id,
          dienstart: d.dienstart ?? '',
          von: d.von,
          bis: d.bis,
          gruppeId: d.gruppe_id,
          erledigt: d.bis < heute,
          angeboten: d.angeboten,
          // as the plan of the kind decides a swap: not past, starting within the next 12 ISO weeks; never of an archived kind
          tauschbar: d.archiviert === false && d.bis >= heute && vergleicheWochen(isoWocheVon(d.von), letzteWoche) <= 0,
        })),
      ];
      return dienste.sort(
        (a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : 0) || a.dienstart.localeCompare(b.dienstart, 'de') || (a.id < b.id ? -1 : 1),
      );
    }),
  );

  app.get(
    '/api/dienste/tausch',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const heute = heuteInBerlin(deps.now());
      const { rows } = await deps.pool.query<TauschZeile>(
        `SELECT t.tausch_id AS "tauschId", t.dienstart_id AS "dienstartId", a.name AS dienstart, t.dienst_id AS "dienstId",
                to_char(t.von, 'YYYY-MM-DD') AS von, to_char(t.bis, 'YYYY-MM-DD') AS bis, t.eltern_id AS "elternId", e.nachname,
                t.nachricht, t.abgeben
         FROM ${rm}.dienst_tausch t
         JOIN ${rm}.dienstart a ON a.dienstart_id = t.dienstart_id AND NOT a.archiviert
         LEFT JOIN ${rm}.eltern e ON e.eltern_id = t.eltern_id
         WHERE t.status = 'offen' AND t.bis >= $1::date AND (t.bereich_id = 'kita' OR t.bereich_id = $2)
         ORDER BY t.von, a.name, t.angeboten_am, t.tausch_id`,
        [heute, wer.gruppeId ?? ''],
      );
      return rows.map(
        (r): DienstTauschAngebot => ({
          id: r.tauschId,
          dienstartId: r.dienstartId,
          dienstart: r.dienstart,
          dienstId: r.dienstId,
          von: r.von,
          bis: r.bis,
          eltern: { id: r.elternId, nachname: r.nachname ?? '' },
          nachricht: r.nachricht,
          abgeben: r.abgeben,
          eigenes: r.elternId === wer.elternId,
        }),
      );
    }),
  );

  type VerteilungQuery = { Querystring: { dienstart?: string; gruppe?: string } };
  app.get<VerteilungQuery>(
    '/api/dienste/verteilung',
    angemeldet(deps),
    deps.antworten<VerteilungQuery>('gruppe', async (request, wer) => {
      const id = request.query.dienstart;
      if (!id) throw new HttpError(400, DIENSTART_WAEHLEN);
      const art = await dienstart(deps.pool, id);
      if (!art) throw new HttpError(404, DIENSTART_NICHT_GEFUNDEN);
      const heute = heuteInBerlin(deps.now());
      type Zeile = { eltern_id: string; nachname: string; geleistet: number; geplant: number; anteil: number };
      const antwort = (rows: Zeile[]): Verteilung[] =>
        rows.map((r) => ({ elternId: r.eltern_id, nachname: r.nachname, geleistet: r.geleistet, geplant: r.geplant, anteil: r.anteil }));

      if (art.bereich === 'kita') {
        // The whole kindergarten: every family with a group, and any other family that holds a date of the kind.
        const { rows } = await deps.pool.query<Zeile>(
          `SELECT e.eltern_id, e.nachname,
                  count(d.dienst_id) FILTER (WHERE d.bis < $2::date)::int AS geleistet,
                  count(d.dienst_id) FILTER (WHERE d.bis >= $2::date)::int AS geplant,
                  COALESCE(a.anteil, 1) AS anteil
           FROM ${rm}.eltern e
           LEFT JOIN ${rm}.dienst d ON d.eltern_id = e.eltern_id AND d.dienstart_id = $1 AND d.bereich_id = 'kita'
           LEFT JOIN ${rm}.dienst_anteil_art a ON a.eltern_id = e.eltern_id AND a.dienstart_id = $1
           WHERE NOT e.entfernt
           GROUP BY e.eltern_id, e.nachname, e.gruppe_id, a.anteil
           HAVING e.gruppe_id IS NOT NULL OR count(d.dienst_id) > 0
           ORDER BY e.nachname, e.eltern_id`,
          [art.id, heute],
        );
        return antwort(rows);
      }

      const gruppeId = await verteilungsGruppe(deps.pool, wer, request.query.gruppe);
      // As GET /api/wasserdienst/verteilung: a week counts as done once it is over (before the current ISO week).
      if (art.id === WASSERDIENST_ID) return wasserdienstVerteilung(deps.pool, gruppeId, deps.now());

      const { rows } = await deps.pool.query<Zeile>(
        `SELECT e.eltern_id, e.nachname,
                count(d.dienst_id) FILTER (WHERE d.bis < $3::date)::int AS geleistet,
                count(d.dienst_id) FILTER (WHERE d.bis >= $3::date)::int AS geplant,
                COALESCE(a.anteil, 1) AS anteil
         FROM ${rm}.eltern e
         LEFT JOIN ${rm}.dienst d ON d.eltern_id = e.eltern_id AND d.dienstart_id = $1 AND d.bereich_id = $2
         LEFT JOIN ${rm}.dienst_anteil_art a ON a.eltern_id = e.eltern_id AND a.dienstart_id = $1
         WHERE e.gruppe_id = $4 AND NOT e.entfernt
         GROUP BY e.eltern_id, e.nachname, a.anteil
         ORDER BY e.nachname, e.eltern_id`,
        [art.id, gruppeId, heute, gruppeId],
      );
      return antwort(rows);
    }),
  );
}
