import type { AbwesenheitEvent } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { SaisonEvent } from '@waldkita/domain/saison/saison';
import { BatchRows } from '../runtime/batch-rows.js';
import { type Projection, table } from '../runtime/projection.js';

type Row = { abwesenheitId: string; elternId: string; jahr: number; kalenderwoche: number; gemeldetAm: string };

/**
 * Read models `abwesenheit` (each family's reported weeks) and `saison` (the absence deadline).
 * A batch is folded in memory and written with one delete and one insert; inserts skip rows that
 * exist and deletes remove them, so a batch applied twice changes nothing.
 */
export const abwesenheitProjection: Projection = {
  name: 'abwesenheit',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'abwesenheit')} (
      abwesenheit_id uuid PRIMARY KEY,
      eltern_id      uuid NOT NULL,
      jahr           integer NOT NULL,
      kalenderwoche  integer NOT NULL,
      gemeldet_am    timestamptz NOT NULL
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS abwesenheit_eltern ON ${table(schema, 'abwesenheit')} (eltern_id)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'saison')} (
      id            boolean PRIMARY KEY DEFAULT true CHECK (id),
      frist         date,
      frist_quelle  text
    )`);
  },
  async apply(client, schema, recorded) {
    const a = table(schema, 'abwesenheit');
    let batch = new BatchRows<Row, never>();
    /** Writes what the batch has folded so far; needed before a family's absences are all removed. */
    const flush = async () => {
      if (batch.deleted.size > 0) await client.query(`DELETE FROM ${a} WHERE abwesenheit_id = ANY($1::uuid[])`, [[...batch.deleted]]);
      if (batch.rows.size > 0)
        await client.query(
          `INSERT INTO ${a} (abwesenheit_id, eltern_id, jahr, kalenderwoche, gemeldet_am)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::timestamptz[])
           ON CONFLICT (abwesenheit_id) DO NOTHING`,
          BatchRows.columns(batch.rows.values(), ['abwesenheitId', 'elternId', 'jahr', 'kalenderwoche', 'gemeldetAm']),
        );
      batch = new BatchRows();
    };
    for (const r of recorded) {
      const event = r as unknown as AbwesenheitEvent | SaisonEvent;
      switch (event.type) {
        case 'AbwesenheitGemeldet': {
          const { abwesenheitId, elternId, jahr, kalenderwoche } = event.data;
          batch.insert(abwesenheitId, { abwesenheitId, elternId, jahr, kalenderwoche, gemeldetAm: r.metadata.occurredAt });
          break;
        }
        case 'AbwesenheitGeloescht':
          batch.delete(event.data.abwesenheitId);
          break;
        case 'AbwesenheitenZurueckgesetzt':
          await flush();
          await client.query(`DELETE FROM ${a} WHERE eltern_id = $1`, [event.data.elternId]);
          break;
        case 'AbwesenheitsfristGesetzt':
          await client.query(
            `INSERT INTO ${table(schema, 'saison')} (id, frist, frist_quelle) VALUES (true, $1, $2)
             ON CONFLICT (id) DO UPDATE SET frist = EXCLUDED.frist, frist_quelle = EXCLUDED.frist_quelle`,
            [event.data.frist, event.data.quelle],
          );
          break;
      }
    }
    await flush();
  },
};
