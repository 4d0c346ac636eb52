import type { GruppeEvent } from '@waldkita/domain/gruppe/gruppe';
import { BatchRows } from '../runtime/batch-rows.js';
import { type Projection, table } from '../runtime/projection.js';

type Row = { gruppeId: string; name: string; entfernt: boolean };

/** Read model `gruppe`: the kindergarten's groups by id and name, one upsert and one update per batch. */
export const gruppeProjection: Projection = {
  name: 'gruppe',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'gruppe')} (
      gruppe_id uuid PRIMARY KEY,
      name      text NOT NULL,
      entfernt  boolean NOT NULL DEFAULT false
    )`);
  },
  async apply(client, schema, recorded) {
    const t = table(schema, 'gruppe');
    const batch = new BatchRows<Row, Pick<Row, 'entfernt'>>();
    for (const r of recorded) {
      const event = r as unknown as GruppeEvent;
      if (event.type === 'GruppeAngelegt') batch.insert(event.data.gruppeId, { ...event.data, entfernt: false });
      else if (event.type === 'GruppeEntfernt') batch.patch(event.data.gruppeId, { entfernt: true });
    }
    // A group created again under its id (a repeated batch) keeps its removal, as one event at a time would.
    if (batch.rows.size > 0)
      await client.query(
        `INSERT INTO ${t} (gruppe_id, name, entfernt) SELECT * FROM unnest($1::uuid[], $2::text[], $3::boolean[])
         ON CONFLICT (gruppe_id) DO UPDATE SET name = EXCLUDED.name, entfernt = ${t}.entfernt OR EXCLUDED.entfernt`,
        BatchRows.columns(batch.rows.values(), ['gruppeId', 'name', 'entfernt']),
      );
    if (batch.patches.size > 0)
      await client.query(`UPDATE ${t} SET entfernt = true WHERE gruppe_id = ANY($1::uuid[])`, [[...batch.patches.keys()]]);
  },
};
