import type { MitteilungEvent } from '@waldkita/domain/mitteilung/mitteilung';
import { type Projection, table } from '../runtime/projection.js';

/**
 * Read model `mitteilung`: every announcement with its text, when and by whom it was published,
 * and whether it was deleted (the row stays, marked). `log_commit`/`log_prepare` keep the event's
 * place in the global order, so "newest first" is the log's order even when two announcements
 * share a timestamp. Inserts skip rows that exist and deletion only sets a flag, so applying the
 * same events again changes nothing.
 */
export const mitteilungProjection: Projection = {
  name: 'mitteilung',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'mitteilung')} (
      id                uuid PRIMARY KEY,
      text              text NOT NULL,
      veroeffentlicht_am timestamptz NOT NULL,
      autor_id          uuid,
      geloescht         boolean NOT NULL DEFAULT false,
      log_commit        bigint NOT NULL,
      log_prepare       bigint NOT NULL
    )`);
    await client.query(
      `CREATE INDEX IF NOT EXISTS mitteilung_neueste ON ${table(schema, 'mitteilung')} (log_commit DESC, log_prepare DESC) WHERE NOT geloescht`,
    );
  },
  async apply(client, schema, recorded) {
    const t = table(schema, 'mitteilung');
    for (const r of recorded) {
      const event = r as unknown as MitteilungEvent;
      switch (event.type) {
        case 'MitteilungVeroeffentlicht':
          await client.query(
            `INSERT INTO ${t} (id, text, veroeffentlicht_am, autor_id, log_commit, log_prepare) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (id) DO NOTHING`,
            [event.data.mitteilungId, event.data.text, r.metadata.occurredAt, r.metadata.actorId, r.position.commit, r.position.prepare],
          );
          break;
        case 'MitteilungGeloescht':
          await client.query(`UPDATE ${t} SET geloescht = true WHERE id = $1`, [event.data.mitteilungId]);
          break;
      }
    }
  },
};
