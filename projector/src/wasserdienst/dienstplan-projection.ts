import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { aktuelleWoche } from '@waldkita/domain/kalender/iso-woche';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import type { TauschZeile } from '@waldkita/platform/read-models';
import { BatchRows } from '../runtime/batch-rows.js';
import { type Projection, table } from '../runtime/projection.js';

type DienstRow = {
  wasserdienstId: string;
  gruppeId: string;
  jahr: number;
  kalenderwoche: number;
  elternId: string;
  zugewiesenAm: string;
};
type DienstPatch = { elternId: string };

type TauschPatch = Partial<
  Pick<TauschZeile, 'status' | 'angenommenVon' | 'gegenWasserdienstId' | 'gegenJahr' | 'gegenKalenderwoche' | 'entschiedenAm'>
>;

const TAUSCH_PATCH_FIELDS: (keyof TauschPatch)[] = [
  'status',
  'angenommenVon',
  'gegenWasserdienstId',
  'gegenJahr',
  'gegenKalenderwoche',
  'entschiedenAm',
];

type FreiRow = { gruppeId: string; jahr: number; kalenderwoche: number; freigegebenAm: string };
const freiSchluessel = (w: { gruppeId: string; jahr: number; kalenderwoche: number }) => `${w.gruppeId}/${w.jahr}/${w.kalenderwoche}`;

type AnteilRow = { elternId: string; anteil: number; grund: string; gesetztAm: string };

/**
 * Read models `wasserdienst` (who has which week, per group), `tausch` (the swap exchange),
 * `wasserdienst_frei` (weeks whose family left — freed without a closing — and that nobody has
 * been assigned since: the daily announcement of weeks without a family reads it),
 * `dienst_anteil` (each family's share of the duty, when an admin set one; else 1) and
 * `dienst_frueher` (the duties each family did in a group's earlier seasons, with its share then:
 * written when the yearly import retires a plan, counting the weeks before the week of the reset,
 * for the family that held each of them). Every change is an absolute value (owner, status,
 * share), so applying a batch twice changes nothing. A week passed on after a closing
 * (WasserdienstUmverteilt) changes its family like a take-over.
 */
export const dienstplanProjection: Projection = {
  name: 'dienstplan',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'wasserdienst')} (
      wasserdienst_id uuid PRIMARY KEY,
      gruppe_id       uuid NOT NULL,
      jahr            integer NOT NULL,
      kalenderwoche   integer NOT NULL,
      eltern_id       uuid NOT NULL,
      zugewiesen_am   timestamptz NOT NULL
    )`);
    await client.query(
      `CREATE INDEX IF NOT EXISTS wasserdienst_gruppe ON ${table(schema, 'wasserdienst')} (gruppe_id, jahr, kalenderwoche)`,
    );
    await client.query(`CREATE INDEX IF NOT EXISTS wasserdienst_eltern ON ${table(schema, 'wasserdienst')} (eltern_id)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'tausch')} (
      tausch_id               uuid PRIMARY KEY,
      gruppe_id               uuid NOT NULL,
      wasserdienst_id         uuid NOT NULL,
      jahr                    integer NOT NULL,
      kalenderwoche           integer NOT NULL,
      request_eltern_id       uuid NOT NULL,
      nachricht               text,
      status                  text NOT NULL,
      resolve_eltern_id       uuid,
      resolve_wasserdienst_id uuid,
      resolve_jahr            integer,
      resolve_kalenderwoche   integer,
      angeboten_am            timestamptz NOT NULL,
      entschieden_am          timestamptz
    )`);
    // Tables from before give-aways: every earlier offer was a swap offer.
    await client.query(`ALTER TABLE ${table(schema, 'tausch')} ADD COLUMN IF NOT EXISTS abgeben boolean NOT NULL DEFAULT false`);
    await client.query(`CREATE INDEX IF NOT EXISTS tausch_gruppe ON ${table(schema, 'tausch')} (gruppe_id, status)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'wasserdienst_frei')} (
      gruppe_id      uuid NOT NULL,
      jahr           integer NOT NULL,
      kalenderwoche  integer NOT NULL,
      freigegeben_am timestamptz NOT NULL,
      PRIMARY KEY (gruppe_id, jahr, kalenderwoche)
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienst_anteil')} (
      eltern_id  uuid PRIMARY KEY,
      anteil     integer NOT NULL,
      grund      text NOT NULL,
      gesetzt_am timestamptz NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienst_frueher')} (
      gruppe_id     uuid NOT NULL,
      import_id     text NOT NULL,
      eltern_id     uuid NOT NULL,
      geleistet     integer NOT NULL,
      anteil        integer NOT NULL,
      jahr          integer NOT NULL,
      kalenderwoche integer NOT NULL,
      PRIMARY KEY (gruppe_id, import_id, eltern_id)
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS dienst_frueher_eltern ON ${table(schema, 'dienst_frueher')} (eltern_id)`);
  },
  async apply(client, schema, recorded) {
    let dienste = new BatchRows<DienstRow, DienstPatch>();
    let tausche = new BatchRows<TauschZeile, TauschPatch>();
    let anteile = new Map<string, AnteilRow>();
    let frei = new BatchRows<FreiRow, Partial<FreiRow>>();
    /** Writes what the batch has folded so far; needed before a whole plan is removed, so the order of events holds. */
    const flush = async () => {
      await schreibe(client, schema, dienste, tausche);
      await schreibeAnteile(client, schema, anteile);
      await schreibeFrei(client, schema, frei);
      dienste = new BatchRows();
      tausche = new BatchRows();
      anteile = new Map();
      frei = new BatchRows();
    };
    for (const r of recorded) {
      const event = r as unknown as DienstplanEvent | Extract<ElternEvent, { type: 'AnteilGesetzt' }>;
      const am = r.metadata.occurredAt;
      switch (event.type) {
        case 'WasserdienstZugewiesen':
          dienste.insert(event.data.wasserdienstId, { ...event.data, zugewiesenAm: am });
          frei.delete(freiSchluessel(event.data));
          break;
        case 'TauschAngeboten': {
          const { tauschId, gruppeId, wasserdienstId, jahr, kalenderwoche, elternId, nachricht } = event.data;
          tausche.insert(tauschId, {
            tauschId,
            gruppeId,
            wasserdienstId,
            jahr,
            kalenderwoche,
            requestElternId: elternId,
            nachricht,
            status: 'offen',
            angenommenVon: null,
            gegenWasserdienstId: null,
            gegenJahr: null,
            gegenKalenderwoche: null,
            angebotenAm: am,
            entschiedenAm: null,
            abgeben: event.data.abgeben === true,
          });
          break;
        }
        case 'DienstUebernommen': {
          const { tauschId, wasserdienstId, uebernommenVon } = event.data;
          dienste.patch(wasserdienstId, { elternId: uebernommenVon });
          tausche.patch(tauschId, { status: 'angenommen', angenommenVon: uebernommenVon, entschiedenAm: am });
          break;
        }
        case 'TauschAngenommen': {
          const { tauschId, wasserdienstId, gegenWasserdienstId, gegenWoche, angebotVon, angenommenVon } = event.data;
          dienste.patch(wasserdienstId, { elternId: angenommenVon });
          dienste.patch(gegenWasserdienstId, { elternId: angebotVon });
          tausche.patch(tauschId, {
            status: 'angenommen',
            angenommenVon,
            gegenWasserdienstId,
            gegenJahr: gegenWoche.jahr,
            gegenKalenderwoche: gegenWoche.kalenderwoche,
            entschiedenAm: am,
          });
          break;
        }
        case 'TauschZurueckgezogen':
          tausche.patch(event.data.tauschId, { status: 'zurueckgezogen', entschiedenAm: am });
          break;
        case 'WasserdienstFreigegeben': {
          const { gruppeId, jahr, kalenderwoche, schliessung } = event.data;
          dienste.delete(event.data.wasserdienstId);
          if (schliessung) frei.delete(freiSchluessel(event.data));
          else frei.insert(freiSchluessel(event.data), { gruppeId, jahr, kalenderwoche, freigegebenAm: am });
          break;
        }
        case 'AnteilGesetzt':
          // A share of another duty kind lives in `dienst_anteil_art` (projector/src/dienste).
          if (event.data.dienstartId && event.data.dienstartId !== 'wasserdienst') break;
          anteile.set(event.data.elternId, { ...event.data, gesetztAm: am });
          break;
        case 'WasserdienstUmverteilt':
          dienste.patch(event.data.wasserdienstId, { elternId: event.data.anEltern });
          break;
        case 'DienstplanZurueckgesetzt': {
          await flush();
          const woche = aktuelleWoche(new Date(am));
          await client.query(
            `INSERT INTO ${table(schema, 'dienst_frueher')} (gruppe_id, import_id, eltern_id, geleistet, anteil, jahr, kalenderwoche)
             SELECT w.gruppe_id, $2, w.eltern_id, count(*), COALESCE(min(a.anteil), 1), $3, $4
             FROM ${table(schema, 'wasserdienst')} w LEFT JOIN ${table(schema, 'dienst_anteil')} a ON a.eltern_id = w.eltern_id
             WHERE w.gruppe_id = $1 AND (w.jahr, w.kalenderwoche) < ($3, $4)
             GROUP BY w.gruppe_id, w.eltern_id
             ON CONFLICT DO NOTHING`,
            [event.data.gruppeId, event.data.importId, woche.jahr, woche.kalenderwoche],
          );
          await client.query(`DELETE FROM ${table(schema, 'wasserdienst')} WHERE gruppe_id = $1`, [event.data.gruppeId]);
          await client.query(`DELETE FROM ${table(schema, 'tausch')} WHERE gruppe_id = $1`, [event.data.gruppeId]);
          await client.query(`DELETE FROM ${table(schema, 'wasserdienst_frei')} WHERE gruppe_id = $1`, [event.data.gruppeId]);
          break;
        }
      }
    }
    await flush();
  },
};

async function schreibeFrei(client: Parameters<Projection['apply']>[0], schema: string, frei: BatchRows<FreiRow, Partial<FreiRow>>) {
  const t = table(schema, 'wasserdienst_frei');
  if (frei.deleted.size > 0) {
    const teile = [...frei.deleted].map((k) => k.split('/'));
    await client.query(
      `DELETE FROM ${t} AS f USING unnest($1::uuid[], $2::int[], $3::int[]) AS d(gruppe_id, jahr, kalenderwoche)
       WHERE f.gruppe_id = d.gruppe_id AND f.jahr = d.jahr AND f.kalenderwoche = d.kalenderwoche`,
      [teile.map((k) => k[0]), teile.map((k) => Number(k[1])), teile.map((k) => Number(k[2]))],
    );
  }
  if (frei.rows.size > 0)
    await client.query(
      `INSERT INTO ${t} (gruppe_id, jahr, kalenderwoche, freigegeben_am)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[])
       ON CONFLICT (gruppe_id, jahr, kalenderwoche) DO UPDATE SET freigegeben_am = EXCLUDED.freigegeben_am`,
      BatchRows.columns(frei.rows.values(), ['gruppeId', 'jahr', 'kalenderwoche', 'freigegebenAm']),
    );
}

async function schreibeAnteile(client: Parameters<Projection['apply']>[0], schema: string, anteile: Map<string, AnteilRow>) {
  if (anteile.size === 0) return;
  await client.query(
    `INSERT INTO ${table(schema, 'dienst_anteil')} (eltern_id, anteil, grund, gesetzt_am)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[])
     ON CONFLICT (eltern_id) DO UPDATE SET anteil = EXCLUDED.anteil, grund = EXCLUDED.grund, gesetzt_am = EXCLUDED.gesetzt_am`,
    BatchRows.columns(anteile.values(), ['elternId', 'anteil', 'grund', 'gesetztAm']),
  );
}

async function schreibe(
  client: Parameters<Projection['apply']>[0],
  schema: string,
  dienste: BatchRows<DienstRow, DienstPatch>,
  tausche: BatchRows<TauschZeile, TauschPatch>,
) {
  const w = table(schema, 'wasserdienst');
  if (dienste.deleted.size > 0) await client.query(`DELETE FROM ${w} WHERE wasserdienst_id = ANY($1::uuid[])`, [[...dienste.deleted]]);
  if (dienste.rows.size > 0)
    await client.query(
      `INSERT INTO ${w} (wasserdienst_id, gruppe_id, jahr, kalenderwoche, eltern_id, zugewiesen_am)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::uuid[], $6::timestamptz[])
       ON CONFLICT (wasserdienst_id) DO UPDATE SET gruppe_id = EXCLUDED.gruppe_id, jahr = EXCLUDED.jahr,
         kalenderwoche = EXCLUDED.kalenderwoche, eltern_id = EXCLUDED.eltern_id, zugewiesen_am = EXCLUDED.zugewiesen_am`,
      BatchRows.columns(dienste.rows.values(), ['wasserdienstId', 'gruppeId', 'jahr', 'kalenderwoche', 'elternId', 'zugewiesenAm']),
    );
  if (dienste.patches.size > 0)
    await client.query(
      `UPDATE ${w} AS d SET eltern_id = p.eltern_id
       FROM unnest($1::uuid[], $2::uuid[]) AS p(id, eltern_id) WHERE d.wasserdienst_id = p.id`,
      [[...dienste.patches.keys()], [...dienste.patches.values()].map((p) => p.elternId)],
    );

  const t = table(schema, 'tausch');
  if (tausche.rows.size > 0)
    await client.query(
      `INSERT INTO ${t} (tausch_id, gruppe_id, wasserdienst_id, jahr, kalenderwoche, request_eltern_id, nachricht, status,
         resolve_eltern_id, resolve_wasserdienst_id, resolve_jahr, resolve_kalenderwoche, angeboten_am, entschieden_am, abgeben)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[],
         $9::uuid[], $10::uuid[], $11::int[], $12::int[], $13::timestamptz[], $14::timestamptz[], $15::boolean[])
       ON CONFLICT (tausch_id) DO UPDATE SET status = EXCLUDED.status, resolve_eltern_id = EXCLUDED.resolve_eltern_id,
         resolve_wasserdienst_id = EXCLUDED.resolve_wasserdienst_id, resolve_jahr = EXCLUDED.resolve_jahr,
         resolve_kalenderwoche = EXCLUDED.resolve_kalenderwoche, entschieden_am = EXCLUDED.entschieden_am`,
      BatchRows.columns(tausche.rows.values(), [
        'tauschId',
        'gruppeId',
        'wasserdienstId',
        'jahr',
        'kalenderwoche',
        'requestElternId',
        'nachricht',
        'status',
        'angenommenVon',
        'gegenWasserdienstId',
        'gegenJahr',
        'gegenKalenderwoche',
        'angebotenAm',
        'entschiedenAm',
        'abgeben',
      ]),
    );
  if (tausche.patches.size > 0)
    await client.query(
      `UPDATE ${t} AS x SET status = COALESCE(p.status, x.status),
         resolve_eltern_id = COALESCE(p.resolve_eltern_id, x.resolve_eltern_id),
         resolve_wasserdienst_id = COALESCE(p.resolve_wasserdienst_id, x.resolve_wasserdienst_id),
         resolve_jahr = COALESCE(p.resolve_jahr, x.resolve_jahr),
         resolve_kalenderwoche = COALESCE(p.resolve_kalenderwoche, x.resolve_kalenderwoche),
         entschieden_am = COALESCE(p.entschieden_am, x.entschieden_am)
       FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::int[], $6::int[], $7::timestamptz[])
         AS p(id, status, resolve_eltern_id, resolve_wasserdienst_id, resolve_jahr, resolve_kalenderwoche, entschieden_am)
       WHERE x.tausch_id = p.id`,
      [[...tausche.patches.keys()], ...BatchRows.columns(tausche.patches.values(), TAUSCH_PATCH_FIELDS)],
    );
}
