import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { type Projection, table } from '../runtime/projection.js';

/** Read model `eltern`: one row per family account, for sign-in answers, greetings and roles. */
export const elternProjection: Projection = {
  name: 'eltern',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'eltern')} (
      eltern_id      uuid PRIMARY KEY,
      nachname       text NOT NULL,
      name_kind      text,
      email          text NOT NULL,
      gruppe_id      uuid,
      rollen         text[] NOT NULL,
      entfernt       boolean NOT NULL DEFAULT false,
      registriert_am timestamptz NOT NULL
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS eltern_gruppe ON ${table(schema, 'eltern')} (gruppe_id)`);
  },
  async apply(client, schema, recorded) {
    const event = recorded as unknown as ElternEvent;
    const t = table(schema, 'eltern');
    switch (event.type) {
      case 'ElternRegistriert': {
        const d = event.data;
        await client.query(
          `INSERT INTO ${t} (eltern_id, nachname, name_kind, email, gruppe_id, rollen, registriert_am)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (eltern_id) DO UPDATE SET nachname = EXCLUDED.nachname, name_kind = EXCLUDED.name_kind,
             email = EXCLUDED.email, gruppe_id = EXCLUDED.gruppe_id, rollen = EXCLUDED.rollen`,
          [d.elternId, d.nachname, d.nameKind, d.email, d.gruppeId, d.rollen, recorded.metadata.occurredAt],
        );
        return;
      }
      case 'RollenGeaendert':
        await client.query(`UPDATE ${t} SET rollen = $2 WHERE eltern_id = $1`, [event.data.elternId, event.data.rollen]);
        return;
      case 'ElternEntfernt':
        await client.query(`UPDATE ${t} SET entfernt = true WHERE eltern_id = $1`, [event.data.elternId]);
        return;
      case 'PasswortGesetzt':
        return;
    }
  },
};
