import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
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

type TauschRow = {
  tauschId: string;
  gruppeId: string;
  wasserdienstId: string;
  jahr: number;
  kalenderwoche: number;
  requestElternId: string;
  nachricht: string | null;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  resolveElternId: string | null;
  resolveWasserdienstId: string | null;
  resolveJahr: number | null;
  resolveKalenderwoche: number | null;
  angebotenAm: string;
  entschiedenAm: string | null;
};
type TauschPatch = Partial<
  Pick<TauschRow, 'status' | 'resolveElternId' | 'resolveWasserdienstId' | 'resolveJahr' | 'resolveKalenderwoche' | 'entschiedenAm'>
>;

const TAUSCH_PATCH_FIELDS: (keyof TauschPatch)[] = [
  'status',
  'resolveElternId',
  'resolveWasserdienstId',
  'resolveJahr',
  'resolveKalenderwoche',
  'entschiedenAm',
];

/**
 * Read models `wasserdienst` (who has which week, per group) and `tausch` (the swap exchange).
 * Every change is an absolute value (owner, status), so applying a batch twice changes nothing.
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
    await client.query(`CREATE INDEX IF NOT EXISTS tausch_gruppe ON ${table(schema, 'tausch')} (gruppe_id, status)`);
  },
  async apply(client, schema, recorded) {
    let dienste = new BatchRows<DienstRow, DienstPatch>();
    let tausche = new BatchRows<TauschRow, TauschPatch>();
    /** Writes what the batch has folded so far; needed before a whole plan is removed, so the order of events holds. */
    const flush = async () => {
      await schreibe(client, schema, dienste, tausche);
      dienste = new BatchRows();
      tausche = new BatchRows();
    };
    for (const r of recorded) {
      const event = r as unknown as DienstplanEvent;
      const am = r.metadata.occurredAt;
      switch (event.type) {
        case 'WasserdienstZugewiesen':
          dienste.insert(event.data.wasserdienstId, { ...event.data, zugewiesenAm: am });
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
            resolveElternId: null,
            resolveWasserdienstId: null,
            resolveJahr: null,
            resolveKalenderwoche: null,
            angebotenAm: am,
            entschiedenAm: null,
          });
          break;
        }
        case 'TauschAngenommen': {
          const { tauschId, wasserdienstId, gegenWasserdienstId, gegenWoche, angebotVon, angenommenVon } = event.data;
          dienste.patch(wasserdienstId, { elternId: angenommenVon });
          dienste.patch(gegenWasserdienstId, { elternId: angebotVon });
          tausche.patch(tauschId, {
            status: 'angenommen',
            resolveElternId: angenommenVon,
            resolveWasserdienstId: gegenWasserdienstId,
            resolveJahr: gegenWoche.jahr,
            resolveKalenderwoche: gegenWoche.kalenderwoche,
            entschiedenAm: am,
          });
          break;
        }
        case 'TauschZurueckgezogen':
          tausche.patch(event.data.tauschId, { status: 'zurueckgezogen', entschiedenAm: am });
          break;
        case 'WasserdienstFreigegeben':
          dienste.delete(event.data.wasserdienstId);
          break;
        case 'DienstplanZurueckgesetzt':
          await flush();
          await client.query(`DELETE FROM ${table(schema, 'wasserdienst')} WHERE gruppe_id = $1`, [event.data.gruppeId]);
          await client.query(`DELETE FROM ${table(schema, 'tausch')} WHERE gruppe_id = $1`, [event.data.gruppeId]);
          break;
      }
    }
    await flush();
  },
};

async function schreibe(
  client: Parameters<Projection['apply']>[0],
  schema: string,
  dienste: BatchRows<DienstRow, DienstPatch>,
  tausche: BatchRows<TauschRow, TauschPatch>,
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
         resolve_eltern_id, resolve_wasserdienst_id, resolve_jahr, resolve_kalenderwoche, angeboten_am, entschieden_am)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[],
         $9::uuid[], $10::uuid[], $11::int[], $12::int[], $13::timestamptz[], $14::timestamptz[])
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
        'resolveElternId',
        'resolveWasserdienstId',
        'resolveJahr',
        'resolveKalenderwoche',
        'angebotenAm',
        'entschiedenAm',
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
