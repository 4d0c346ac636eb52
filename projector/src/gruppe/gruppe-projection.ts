import type { GruppeEvent } from '@waldkita/domain/gruppe/gruppe';
import { type Projection, table } from '../runtime/projection.js';

/** Read model `gruppe`: the kindergarten's groups by id and name. Few events: one statement each. */
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
    for (const r of recorded) {
      const event = r as unknown as GruppeEvent;
      if (event.type === 'GruppeAngelegt')
        await client.query(
          `INSERT INTO ${t} (gruppe_id, name) VALUES ($1, $2) ON CONFLICT (gruppe_id) DO UPDATE SET name = EXCLUDED.name`,
          [event.data.gruppeId, event.data.name],
        );
      else if (event.type === 'GruppeEntfernt')
        await client.query(`UPDATE ${t} SET entfernt = true WHERE gruppe_id = $1`, [event.data.gruppeId]);
    }
  },
};
