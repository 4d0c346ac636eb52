import type { AdminEinsatz, Einsatz, EinsatzKopf, MeineSchicht, Schicht } from '@waldkita/domain/einsatz/antworten';
import { EINSATZ_NICHT_GEFUNDEN } from '@waldkita/domain/einsatz/einsatz';
import { type Datum, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { kitajahrZeitraum } from '@waldkita/domain/stunden/rechnen';
import { KEINE_BERECHTIGUNG } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { aktuellesJahr } from '@waldkita/platform/stunden/stundenkonto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { angemeldet, istUuid } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

/** The first day of the kindergarten year `heute` falls in, by the hours ledger's start month (docs/stunden.md). */
async function kitajahrBeginn(pool: pg.Pool, heute: Datum): Promise<Datum> {
  const { jahr, beginnMonat } = await aktuellesJahr(pool, rm, heute);
  return kitajahrZeitraum(jahr, beginnMonat).von;
}

type EinsatzZeile = {
  einsatz_id: string;
  titel: string;
  datum: string;
  ort: string | null;
  beschreibung: string | null;
  anmeldeschluss: string;
  abgesagt: boolean;
};
type SchichtZeile = {
  schicht_id: string;
  einsatz_id: string;
  aufgabe: string;
  beginn: string;
  ende: string;
  plaetze: number;
  stunden: string;
  belegt: number;
  warteliste: number;
  meine: 'eingetragen' | 'warteliste' | null;
};

const EINSATZ_SPALTEN = `e.einsatz_id, e.titel, to_char(e.datum, 'YYYY-MM-DD') AS datum, e.ort, e.beschreibung,
  to_char(e.anmeldeschluss, 'YYYY-MM-DD') AS anmeldeschluss, e.abgesagt`;

/** The shifts (not removed) of some days, with places taken, families waiting and the caller's own sign-up. */
async function schichtenVon(pool: pg.Pool, einsatzIds: string[], elternId: string) {
  const { rows } = await pool.query<SchichtZeile>(
    `SELECT s.schicht_id, s.einsatz_id, s.aufgabe, s.beginn, s.ende, s.plaetze, s.stunden::text AS stunden,
            count(a.eltern_id) FILTER (WHERE a.status = 'eingetragen')::int AS belegt,
            count(a.eltern_id) FILTER (WHERE a.status = 'warteliste')::int AS warteliste,
            max(a.status) FILTER (WHERE a.eltern_id = $2) AS meine
     FROM ${rm}.einsatz_schicht s LEFT JOIN ${rm}.einsatz_anmeldung a ON a.schicht_id = s.schicht_id
     WHERE s.einsatz_id = ANY($1::text[]) AND NOT s.entfernt
     GROUP BY s.schicht_id
     ORDER BY s.beginn, s.ende, s.aufgabe, s.schicht_id`,
    [einsatzIds, elternId],
  );
  const proEinsatz = new Map<string, SchichtZeile[]>();
  for (const r of rows) proEinsatz.set(r.einsatz_id, [...(proEinsatz.get(r.einsatz_id) ?? []), r]);
  return proEinsatz;
}

const schichtAntwort = (s: SchichtZeile): Schicht => ({
  id: s.schicht_id,
  aufgabe: s.aufgabe,
  beginn: s.beginn,
  ende: s.ende,
  plaetze: s.plaetze,
  stunden: Number(s.stunden),
  belegt: s.belegt,
  warteliste: s.warteliste,
  meineAnmeldung: s.meine,
});

const einsatzAntwort = (e: EinsatzZeile, heute: string): EinsatzKopf => ({
  id: e.einsatz_id,
  titel: e.titel,
  datum: e.datum,
  ort: e.ort,
  beschreibung: e.beschreibung,
  anmeldeschluss: e.anmeldeschluss,
  abgesagt: e.abgesagt,
  /** Families may sign up and withdraw (the deadline day counts). */
  anmeldungOffen: !e.abgesagt && heute <= e.anmeldeschluss,
  vergangen: e.datum < heute,
});

/**
 * The work days (docs/api-einsaetze.md): the list every family signs up from, the admin's view
 * of one day with its families and attendance, and the caller's own shifts ('Meine Dienste').
 */
export function einsatzRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  app.get(
    '/api/einsaetze',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const heute = heuteInBerlin(deps.now());
      // Families see the days to come; admins also this kindergarten year's past days, for attendance.
      const ab = wer.admin ? await kitajahrBeginn(deps.pool, heute) : heute;
      const { rows } = await deps.pool.query<EinsatzZeile>(
        `SELECT ${EINSATZ_SPALTEN} FROM ${rm}.einsatz e WHERE e.datum >= $1::date ORDER BY e.datum, e.titel, e.einsatz_id`,
        [ab],
      );
      const schichten = await schichtenVon(
        deps.pool,
        rows.map((r) => r.einsatz_id),
        wer.elternId,
      );
      return rows.map(
        (e): Einsatz => ({ ...einsatzAntwort(e, heute), schichten: (schichten.get(e.einsatz_id) ?? []).map(schichtAntwort) }),
      );
    }),
  );

  app.get(
    '/api/einsaetze/meine',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const heute = heuteInBerlin(deps.now());
      const { rows } = await deps.pool.query<
        EinsatzZeile & {
          schicht_id: string;
          aufgabe: string;
          beginn: string;
          ende: string;
          stunden: string;
          status: MeineSchicht['status'];
        }
      >(
        `SELECT ${EINSATZ_SPALTEN}, s.schicht_id, s.aufgabe, s.beginn, s.ende, s.stunden::text AS stunden, a.status
         FROM ${rm}.einsatz_anmeldung a
         JOIN ${rm}.einsatz_schicht s ON s.schicht_id = a.schicht_id AND NOT s.entfernt
         JOIN ${rm}.einsatz e ON e.einsatz_id = a.einsatz_id AND NOT e.abgesagt
         WHERE a.eltern_id = $1 AND e.datum >= $2::date
         ORDER BY e.datum, s.beginn, s.aufgabe, s.schicht_id`,
        [wer.elternId, await kitajahrBeginn(deps.pool, heute)],
      );
      return rows.map(
        (r): MeineSchicht => ({
          quelle: 'einsatz',
          id: r.schicht_id,
          einsatzId: r.einsatz_id,
          titel: r.titel,
          aufgabe: r.aufgabe,
          datum: r.datum,
          beginn: r.beginn,
          ende: r.ende,
          ort: r.ort,
          stunden: Number(r.stunden),
          status: r.status,
          erledigt: r.datum < heute,
        }),
      );
    }),
  );

  type Params = { Params: { id: string } };
  app.get<Params>(
    '/api/admin/einsaetze/:id',
    angemeldet(deps),
    deps.antworten<Params>('alle', async (request, wer) => {
      if (!wer.admin) throw new HttpError(403, KEINE_BERECHTIGUNG);
      const heute = heuteInBerlin(deps.now());
      const id = request.params.id;
      const { rows } = istUuid(id)
        ? await deps.pool.query<EinsatzZeile>(`SELECT ${EINSATZ_SPALTEN} FROM ${rm}.einsatz e WHERE e.einsatz_id = $1`, [id])
        : { rows: [] };
      const e = rows[0];
      if (!e) throw new HttpError(404, EINSATZ_NICHT_GEFUNDEN);
      const schichten = (await schichtenVon(deps.pool, [id], wer.elternId)).get(id) ?? [];
      const { rows: familien } = await deps.pool.query<{
        schicht_id: string;
        eltern_id: string;
        nachname: string | null;
        status: 'eingetragen' | 'warteliste';
        anwesend: boolean | null;
      }>(
        `SELECT a.schicht_id, a.eltern_id, e.nachname, a.status, a.anwesend
         FROM ${rm}.einsatz_anmeldung a LEFT JOIN ${rm}.eltern e ON e.eltern_id::text = a.eltern_id
         WHERE a.einsatz_id = $1
         ORDER BY a.status, a.reihenfolge, a.eltern_id`,
        [id],
      );
      return {
        ...einsatzAntwort(e, heute),
        /** Attendance may be marked from the day on. */
        anwesenheitErfassbar: !e.abgesagt && heute >= e.datum,
        schichten: schichten.map((s) => ({
          ...schichtAntwort(s),
          meineAnmeldung: undefined,
          familien: familien
            .filter((f) => f.schicht_id === s.schicht_id)
            .map((f) => ({
              elternId: f.eltern_id,
              nachname: f.nachname ?? '(unbekannt)',
              status: f.status,
              // signed-up families count as present until marked otherwise
              anwesend: f.anwesend ?? f.status === 'eingetragen',
              erfasst: f.anwesend !== null,
            })),
        })),
      } satisfies AdminEinsatz;
    }),
  );
}
