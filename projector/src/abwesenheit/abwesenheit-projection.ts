import type { AbwesenheitEvent } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { SaisonEvent } from '@waldkita/domain/saison/saison';
import { type Projection, table } from '../runtime/projection.js';

/**
 * Read models `abwesenheit` (each family's reported weeks) and `saison` (the absence deadline).
 * Inserts skip rows that exist and deletes remove them, so a batch applied twice changes nothing.
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
    for (const r of recorded) {
      const event = r as unknown as AbwesenheitEvent | SaisonEvent;
      switch (event.type) {
        case 'AbwesenheitGemeldet':
          await client.query(
            `INSERT INTO ${a} (abwesenheit_id, eltern_id, jahr, kalenderwoche, gemeldet_am) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (abwesenheit_id) DO NOTHING`,
            [event.data.abwesenheitId, event.data.elternId, event.data.jahr, event.data.kalenderwoche, r.metadata.occurredAt],
          );
          break;
        case 'AbwesenheitGeloescht':
          await client.query(`DELETE FROM ${a} WHERE abwesenheit_id = $1`, [event.data.abwesenheitId]);
          break;
        case 'AbwesenheitenZurueckgesetzt':
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
  },
};
