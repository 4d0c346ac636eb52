import type { BenachrichtigungEvent } from '@waldkita/domain/push/benachrichtigungen';
import { type Projection, table } from '../runtime/projection.js';

const TYPEN = new Set(['PushGeraetAngemeldet', 'PushGeraetEntfernt', 'BenachrichtigungenGewaehlt']);

/**
 * Read models `push_geraet` (a family's devices: label, since when, and the subscription sealed as
 * in the event, which only the push worker opens; `log_commit`/`log_prepare`: the first
 * registration's place in the log, for a stable order) and `benachrichtigung_wahl` (a family's choice
 * of push and mail per notice; no row: the default, domain/push STANDARD_WAHL). A device that
 * subscribes again with new keys keeps its row and its first date. Upserts and deletes, so
 * applying the same events again changes nothing; a batch without such events costs no statement.
 */
export const pushProjection: Projection = {
  name: 'push',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'push_geraet')} (
      eltern_id   uuid NOT NULL,
      geraet_id   uuid NOT NULL,
      bezeichnung text NOT NULL,
      abo         text NOT NULL,
      seit        timestamptz NOT NULL,
      log_commit  bigint NOT NULL,
      log_prepare bigint NOT NULL,
      PRIMARY KEY (eltern_id, geraet_id)
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'benachrichtigung_wahl')} (
      eltern_id uuid PRIMARY KEY,
      wahl      jsonb NOT NULL
    )`);
  },
  async apply(client, schema, recorded) {
    const geraete = table(schema, 'push_geraet');
    const wahl = table(schema, 'benachrichtigung_wahl');
    for (const r of recorded) {
      if (!TYPEN.has(r.type)) continue;
      const event = r as unknown as BenachrichtigungEvent;
      switch (event.type) {
        case 'PushGeraetAngemeldet': {
          const { elternId, geraetId, bezeichnung, abo } = event.data;
          await client.query(
            `INSERT INTO ${geraete} (eltern_id, geraet_id, bezeichnung, abo, seit, log_commit, log_prepare) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (eltern_id, geraet_id) DO UPDATE SET bezeichnung = EXCLUDED.bezeichnung, abo = EXCLUDED.abo`,
            [elternId, geraetId, bezeichnung, abo, r.metadata.occurredAt, r.position.commit, r.position.prepare],
          );
          break;
        }
        case 'PushGeraetEntfernt':
          await client.query(`DELETE FROM ${geraete} WHERE eltern_id = $1 AND geraet_id = $2`, [event.data.elternId, event.data.geraetId]);
          break;
        case 'BenachrichtigungenGewaehlt':
          await client.query(
            `INSERT INTO ${wahl} (eltern_id, wahl) VALUES ($1, $2) ON CONFLICT (eltern_id) DO UPDATE SET wahl = EXCLUDED.wahl`,
            [event.data.elternId, JSON.stringify(event.data.wahl)],
          );
          break;
      }
    }
  },
};
