import type { GruppeEvent } from '@waldkita/domain/gruppe/gruppe';
import { type Projection, table } from '../runtime/projection.js';

/** Read model `gruppe`: the kindergarten's groups by id and name. */
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
    const event = recorded as unknown as GruppeEvent;
    const t = table(schema, 'gruppe');
    switch (event.type) {
      case 'GruppeAngelegt':
        await client.query(
          `INSERT INTO ${t} (gruppe_id, name) VALUES ($1, $2) ON CONFLICT (gruppe_id) DO UPDATE SET name = EXCLUDED.name`,
          [event.data.gruppeId, event.data.name],
        );
        return;
      case 'GruppeEntfernt':
        await client.query(`UPDATE ${t} SET entfernt = true WHERE gruppe_id = $1`, [event.data.gruppeId]);
        return;
    }
  },
};
