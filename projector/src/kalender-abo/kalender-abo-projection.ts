import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import type { KalenderAboEvent } from '@waldkita/domain/kalender-abo/kalender-abo';
import { BatchRows } from '../runtime/batch-rows.js';
import { type Projection, table } from '../runtime/projection.js';

type Row = { elternId: string; tokenDigest: string; erneuertAm: string };

/**
 * Read model `kalender_abo`: which family a feed token belongs to, by the token's SHA-256 digest
 * (the token itself is nowhere). One row per family with a working feed address: renewing
 * replaces the row, ending the subscription or removing the family deletes it. A batch is folded
 * in memory and written with one delete and one upsert, so applying it twice changes nothing.
 */
export const kalenderAboProjection: Projection = {
  name: 'kalender-abo',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'kalender_abo')} (
      eltern_id    uuid PRIMARY KEY,
      token_digest text NOT NULL UNIQUE,
      erneuert_am  timestamptz NOT NULL
    )`);
  },
  async apply(client, schema, recorded) {
    const batch = new BatchRows<Row, never>();
    for (const r of recorded) {
      const event = r as unknown as KalenderAboEvent | ElternEvent;
      switch (event.type) {
        case 'KalenderAboErneuert': {
          const { elternId, tokenDigest } = event.data;
          batch.insert(elternId, { elternId, tokenDigest, erneuertAm: r.metadata.occurredAt });
          break;
        }
        case 'KalenderAboBeendet':
        case 'ElternEntfernt':
          batch.delete(event.data.elternId);
          break;
      }
    }
    const t = table(schema, 'kalender_abo');
    if (batch.deleted.size > 0) await client.query(`DELETE FROM ${t} WHERE eltern_id = ANY($1::uuid[])`, [[...batch.deleted]]);
    if (batch.rows.size > 0)
      await client.query(
        `INSERT INTO ${t} (eltern_id, token_digest, erneuert_am)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])
         ON CONFLICT (eltern_id) DO UPDATE SET token_digest = EXCLUDED.token_digest, erneuert_am = EXCLUDED.erneuert_am`,
        BatchRows.columns(batch.rows.values(), ['elternId', 'tokenDigest', 'erneuertAm']),
      );
  },
};
