import type { DienstartEvent } from '@waldkita/domain/dienste/dienstart';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import type { DiensteEvent } from '@waldkita/domain/dienste/dienste';
import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import type { DienstTauschZeile } from '@waldkita/platform/read-models';
import { BatchRows } from '../runtime/batch-rows.js';
import { type Projection, table } from '../runtime/projection.js';

type Client = Parameters<Projection['apply']>[0];

type DienstartRow = {
  dienstartId: string;
  name: string;
  beschreibung: string;
  rhythmus: string;
  wochentage: number[] | null;
  aktivVonMonat: number | null;
  aktivBisMonat: number | null;
  bereich: string;
  familienProTermin: number;
  stunden: number;
  pausiertBeiSchliessung: boolean;
  eingebaut: boolean;
  archiviert: boolean;
  geaendertAm: string;
};
type DienstartPatch = { archiviert: boolean };

const DIENSTART_FELDER: (keyof DienstartRow)[] = [
  'dienstartId',
  'name',
  'beschreibung',
  'rhythmus',
  'wochentage',
  'aktivVonMonat',
  'aktivBisMonat',
  'bereich',
  'familienProTermin',
  'stunden',
  'pausiertBeiSchliessung',
  'eingebaut',
  'archiviert',
  'geaendertAm',
];

/**
 * Read model `dienstart`: every duty kind of the stream `dienstarten`, archived ones included.
 * The built-in Wasserdienst has a row only once an admin changed its description or hours
 * (DienstartGeaendert with the id 'wasserdienst'); until then the query side takes it from the
 * domain's WASSERDIENST constant. Every event carries the kind's whole settings, so each change
 * is an absolute value and applying a batch twice changes nothing.
 */
export const dienstartenProjection: Projection = {
  name: 'dienstarten',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienstart')} (
      dienstart_id             text PRIMARY KEY,
      name                     text NOT NULL,
      beschreibung             text NOT NULL,
      rhythmus                 text NOT NULL,
      wochentage               integer[],
      aktiv_von_monat          integer,
      aktiv_bis_monat          integer,
      bereich                  text NOT NULL,
      familien_pro_termin      integer NOT NULL,
      stunden                  numeric(5, 2) NOT NULL,
      pausiert_bei_schliessung boolean NOT NULL,
      eingebaut                boolean NOT NULL,
      archiviert               boolean NOT NULL,
      geaendert_am             timestamptz NOT NULL
    )`);
  },
  async apply(client, schema, recorded) {
    const arten = new BatchRows<DienstartRow, DienstartPatch>();
    for (const r of recorded) {
      const event = r as unknown as DienstartEvent;
      switch (event.type) {
        case 'DienstartAngelegt':
        case 'DienstartGeaendert': {
          const d = event.data;
          arten.insert(d.dienstartId, {
            dienstartId: d.dienstartId,
            name: d.name,
            beschreibung: d.beschreibung,
            rhythmus: d.rhythmus,
            wochentage: d.wochentage ?? null,
            aktivVonMonat: d.aktivVonMonat ?? null,
            aktivBisMonat: d.aktivBisMonat ?? null,
            bereich: d.bereich,
            familienProTermin: d.familienProTermin,
            stunden: d.stunden,
            pausiertBeiSchliessung: d.pausiertBeiSchliessung,
            eingebaut: d.dienstartId === WASSERDIENST_ID,
            archiviert: false,
            geaendertAm: r.metadata.occurredAt,
          });
          break;
        }
        case 'DienstartArchiviert':
          arten.patch(event.data.dienstartId, { archiviert: true });
          break;
      }
    }
    const t = table(schema, 'dienstart');
    if (arten.rows.size > 0) {
      const spalten = BatchRows.columns(arten.rows.values(), DIENSTART_FELDER);
      // int[] per row cannot go through unnest of a 2-D array: the weekdays travel as text ('{1,3}').
      spalten[4] = spalten[4]!.map((w) => (w === null ? null : `{${(w as number[]).join(',')}}`));
      await client.query(
        `INSERT INTO ${t} (dienstart_id, name, beschreibung, rhythmus, wochentage, aktiv_von_monat, aktiv_bis_monat, bereich,
           familien_pro_termin, stunden, pausiert_bei_schliessung, eingebaut, archiviert, geaendert_am)
         SELECT id, name, beschreibung, rhythmus, wochentage::int[], von, bis, bereich, familien, stunden, pausiert, eingebaut, archiviert, am
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[],
           $10::numeric[], $11::boolean[], $12::boolean[], $13::boolean[], $14::timestamptz[])
           AS x(id, name, beschreibung, rhythmus, wochentage, von, bis, bereich, familien, stunden, pausiert, eingebaut, archiviert, am)
         ON CONFLICT (dienstart_id) DO UPDATE SET name = EXCLUDED.name, beschreibung = EXCLUDED.beschreibung,
           rhythmus = EXCLUDED.rhythmus, wochentage = EXCLUDED.wochentage, aktiv_von_monat = EXCLUDED.aktiv_von_monat,
           aktiv_bis_monat = EXCLUDED.aktiv_bis_monat, bereich = EXCLUDED.bereich, familien_pro_termin = EXCLUDED.familien_pro_termin,
           stunden = EXCLUDED.stunden, pausiert_bei_schliessung = EXCLUDED.pausiert_bei_schliessung, eingebaut = EXCLUDED.eingebaut,
           archiviert = EXCLUDED.archiviert, geaendert_am = EXCLUDED.geaendert_am`,
        spalten,
      );
    }
    if (arten.patches.size > 0)
      await client.query(`UPDATE ${t} SET archiviert = true WHERE dienstart_id = ANY($1::text[])`, [[...arten.patches.keys()]]);
  },
};

type DienstRow = {
  dienstId: string;
  dienstartId: string;
  bereichId: string;
  von: string;
  bis: string;
  elternId: string;
  zugewiesenAm: string;
};
type DienstPatch = { elternId: string };

type TauschPatch = Partial<
  Pick<DienstTauschZeile, 'status' | 'angenommenVon' | 'gegenDienstId' | 'gegenVon' | 'gegenBis' | 'entschiedenAm'>
>;
const TAUSCH_PATCH_FELDER: (keyof TauschPatch)[] = ['status', 'angenommenVon', 'gegenDienstId', 'gegenVon', 'gegenBis', 'entschiedenAm'];

type AnteilRow = { elternId: string; dienstartId: string; anteil: number; grund: string; gesetztAm: string };

/**
 * Read models of the plans of every duty kind other than Wasserdienst (streams
 * `dienste-{dienstartId}-{bereichId}`, docs/api-dienste.md): `dienst` (who has which date, per kind
 * and scope: `bereich_id` is the group's id or 'kita'), `dienst_tausch` (offers to swap or give
 * away a date) and `dienst_anteil_art` (a family's share of a kind, when an admin set one; the
 * water duty's share stays in `dienst_anteil`). Every change is an absolute value (owner, status,
 * share), so applying a batch twice changes nothing. A family's erased personal data
 * (PersonendatenGeloescht) empties its offers' messages and its shares' reasons, as the
 * `loeschung` projection does for the water duty's tables, at the end of the batch.
 */
export const diensteProjection: Projection = {
  name: 'dienste',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienst')} (
      dienst_id     uuid PRIMARY KEY,
      dienstart_id  text NOT NULL,
      bereich_id    text NOT NULL,
      von           date NOT NULL,
      bis           date NOT NULL,
      eltern_id     uuid NOT NULL,
      zugewiesen_am timestamptz NOT NULL
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS dienst_eltern ON ${table(schema, 'dienst')} (eltern_id, von)`);
    await client.query(`CREATE INDEX IF NOT EXISTS dienst_art ON ${table(schema, 'dienst')} (dienstart_id, bereich_id, von)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienst_tausch')} (
      tausch_id         uuid PRIMARY KEY,
      dienstart_id      text NOT NULL,
      bereich_id        text NOT NULL,
      dienst_id         uuid NOT NULL,
      von               date NOT NULL,
      bis               date NOT NULL,
      eltern_id         uuid NOT NULL,
      nachricht         text,
      abgeben           boolean NOT NULL,
      status            text NOT NULL,
      resolve_eltern_id uuid,
      resolve_dienst_id uuid,
      resolve_von       date,
      resolve_bis       date,
      angeboten_am      timestamptz NOT NULL,
      entschieden_am    timestamptz
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS dienst_tausch_bereich ON ${table(schema, 'dienst_tausch')} (bereich_id, status)`);
    await client.query(
      `CREATE INDEX IF NOT EXISTS dienst_tausch_dienst ON ${table(schema, 'dienst_tausch')} (dienst_id) WHERE status = 'offen'`,
    );
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'dienst_anteil_art')} (
      eltern_id    uuid NOT NULL,
      dienstart_id text NOT NULL,
      anteil       integer NOT NULL,
      grund        text NOT NULL,
      gesetzt_am   timestamptz NOT NULL,
      PRIMARY KEY (eltern_id, dienstart_id)
    )`);
  },
  async apply(client, schema, recorded) {
    const dienste = new BatchRows<DienstRow, DienstPatch>();
    const tausche = new BatchRows<DienstTauschZeile, TauschPatch>();
    const anteile = new Map<string, AnteilRow>();
    const geloescht = new Set<string>();
    for (const r of recorded) {
      const event = r as unknown as DiensteEvent | Extract<ElternEvent, { type: 'AnteilGesetzt' | 'PersonendatenGeloescht' }>;
      const am = r.metadata.occurredAt;
      switch (event.type) {
        case 'DienstZugewiesen': {
          const { dienstId, dienstartId, bereichId, von, bis, elternId } = event.data;
          dienste.insert(dienstId, { dienstId, dienstartId, bereichId, von, bis, elternId, zugewiesenAm: am });
          break;
        }
        case 'DienstFreigegeben':
          dienste.delete(event.data.dienstId);
          break;
        case 'DienstUmverteilt':
          dienste.patch(event.data.dienstId, { elternId: event.data.anEltern });
          break;
        case 'DienstTauschAngeboten': {
          const d = event.data;
          tausche.insert(d.tauschId, {
            tauschId: d.tauschId,
            dienstartId: d.dienstartId,
            bereichId: d.bereichId,
            dienstId: d.dienstId,
            von: d.von,
            bis: d.bis,
            elternId: d.elternId,
            nachricht: d.nachricht,
            abgeben: d.abgeben === true,
            status: 'offen',
            angenommenVon: null,
            gegenDienstId: null,
            gegenVon: null,
            gegenBis: null,
            angebotenAm: am,
            entschiedenAm: null,
          });
          break;
        }
        case 'DienstTauschAngenommen': {
          const d = event.data;
          dienste.patch(d.dienstId, { elternId: d.angenommenVon });
          dienste.patch(d.gegenDienstId, { elternId: d.angebotVon });
          tausche.patch(d.tauschId, {
            status: 'angenommen',
            angenommenVon: d.angenommenVon,
            gegenDienstId: d.gegenDienstId,
            gegenVon: d.gegenTermin.von,
            gegenBis: d.gegenTermin.bis,
            entschiedenAm: am,
          });
          break;
        }
        case 'DienstAbgabeUebernommen': {
          const d = event.data;
          dienste.patch(d.dienstId, { elternId: d.uebernommenVon });
          tausche.patch(d.tauschId, { status: 'angenommen', angenommenVon: d.uebernommenVon, entschiedenAm: am });
          break;
        }
        case 'DienstTauschZurueckgezogen':
          tausche.patch(event.data.tauschId, { status: 'zurueckgezogen', entschiedenAm: am });
          break;
        case 'AnteilGesetzt': {
          const { elternId, anteil, grund, dienstartId } = event.data;
          if (!dienstartId || dienstartId === WASSERDIENST_ID) break;
          anteile.set(`${elternId}/${dienstartId}`, { elternId, dienstartId, anteil, grund, gesetztAm: am });
          break;
        }
        case 'PersonendatenGeloescht':
          geloescht.add(event.data.elternId);
          break;
      }
    }
    await schreibeDienste(client, schema, dienste);
    await schreibeTausche(client, schema, tausche);
    await schreibeAnteile(client, schema, anteile);
    if (geloescht.size > 0) {
      const ids = [...geloescht];
      await client.query(`UPDATE ${table(schema, 'dienst_tausch')} SET nachricht = NULL WHERE eltern_id = ANY($1::uuid[])`, [ids]);
      await client.query(`UPDATE ${table(schema, 'dienst_anteil_art')} SET grund = '' WHERE eltern_id = ANY($1::uuid[])`, [ids]);
    }
  },
};

async function schreibeDienste(client: Client, schema: string, dienste: BatchRows<DienstRow, DienstPatch>) {
  const t = table(schema, 'dienst');
  if (dienste.deleted.size > 0) await client.query(`DELETE FROM ${t} WHERE dienst_id = ANY($1::uuid[])`, [[...dienste.deleted]]);
  if (dienste.rows.size > 0)
    await client.query(
      `INSERT INTO ${t} (dienst_id, dienstart_id, bereich_id, von, bis, eltern_id, zugewiesen_am)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::date[], $5::date[], $6::uuid[], $7::timestamptz[])
       ON CONFLICT (dienst_id) DO UPDATE SET dienstart_id = EXCLUDED.dienstart_id, bereich_id = EXCLUDED.bereich_id,
         von = EXCLUDED.von, bis = EXCLUDED.bis, eltern_id = EXCLUDED.eltern_id, zugewiesen_am = EXCLUDED.zugewiesen_am`,
      BatchRows.columns(dienste.rows.values(), ['dienstId', 'dienstartId', 'bereichId', 'von', 'bis', 'elternId', 'zugewiesenAm']),
    );
  if (dienste.patches.size > 0)
    await client.query(
      `UPDATE ${t} AS d SET eltern_id = p.eltern_id FROM unnest($1::uuid[], $2::uuid[]) AS p(id, eltern_id) WHERE d.dienst_id = p.id`,
      [[...dienste.patches.keys()], [...dienste.patches.values()].map((p) => p.elternId)],
    );
}

async function schreibeTausche(client: Client, schema: string, tausche: BatchRows<DienstTauschZeile, TauschPatch>) {
  const t = table(schema, 'dienst_tausch');
  if (tausche.rows.size > 0)
    await client.query(
      `INSERT INTO ${t} (tausch_id, dienstart_id, bereich_id, dienst_id, von, bis, eltern_id, nachricht, abgeben, status,
         resolve_eltern_id, resolve_dienst_id, resolve_von, resolve_bis, angeboten_am, entschieden_am)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::date[], $6::date[], $7::uuid[], $8::text[],
         $9::boolean[], $10::text[], $11::uuid[], $12::uuid[], $13::date[], $14::date[], $15::timestamptz[], $16::timestamptz[])
       ON CONFLICT (tausch_id) DO UPDATE SET status = EXCLUDED.status, resolve_eltern_id = EXCLUDED.resolve_eltern_id,
         resolve_dienst_id = EXCLUDED.resolve_dienst_id, resolve_von = EXCLUDED.resolve_von, resolve_bis = EXCLUDED.resolve_bis,
         entschieden_am = EXCLUDED.entschieden_am`,
      BatchRows.columns(tausche.rows.values(), [
        'tauschId',
        'dienstartId',
        'bereichId',
        'dienstId',
        'von',
        'bis',
        'elternId',
        'nachricht',
        'abgeben',
        'status',
        'angenommenVon',
        'gegenDienstId',
        'gegenVon',
        'gegenBis',
        'angebotenAm',
        'entschiedenAm',
      ]),
    );
  if (tausche.patches.size > 0)
    await client.query(
      `UPDATE ${t} AS x SET status = COALESCE(p.status, x.status),
         resolve_eltern_id = COALESCE(p.resolve_eltern_id, x.resolve_eltern_id),
         resolve_dienst_id = COALESCE(p.resolve_dienst_id, x.resolve_dienst_id),
         resolve_von = COALESCE(p.resolve_von, x.resolve_von),
         resolve_bis = COALESCE(p.resolve_bis, x.resolve_bis),
         entschieden_am = COALESCE(p.entschieden_am, x.entschieden_am)
       FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::date[], $6::date[], $7::timestamptz[])
         AS p(id, status, resolve_eltern_id, resolve_dienst_id, resolve_von, resolve_bis, entschieden_am)
       WHERE x.tausch_id = p.id`,
      [[...tausche.patches.keys()], ...BatchRows.columns(tausche.patches.values(), TAUSCH_PATCH_FELDER)],
    );
}

async function schreibeAnteile(client: Client, schema: string, anteile: Map<string, AnteilRow>) {
  if (anteile.size === 0) return;
  await client.query(
    `INSERT INTO ${table(schema, 'dienst_anteil_art')} (eltern_id, dienstart_id, anteil, grund, gesetzt_am)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::timestamptz[])
     ON CONFLICT (eltern_id, dienstart_id) DO UPDATE SET anteil = EXCLUDED.anteil, grund = EXCLUDED.grund, gesetzt_am = EXCLUDED.gesetzt_am`,
    BatchRows.columns(anteile.values(), ['elternId', 'dienstartId', 'anteil', 'grund', 'gesetztAm']),
  );
}
