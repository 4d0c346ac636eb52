import { CHECKPOINT, READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';
import type { Projection } from './projection.js';

/** The schema queries read from. A rebuild fills `rm_next` and swaps it in. */
export const LIVE_SCHEMA = READ_MODEL_SCHEMA;
export { CHECKPOINT };
/** Held (transaction-scoped) while a batch is applied, so a rebuild can swap schemas between batches. */
export const PROJECTOR_LOCK = 774412;

/** Creates `schema` with the tables of `projections` (the app's list: projector/src/app.ts). */
export async function createReadModelSchema(client: pg.ClientBase, schema: string, projections: Projection[]) {
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  for (const projection of projections) await projection.createTables(client, schema);
}
