import { CHECKPOINT, READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';
import { abwesenheitProjection } from '../abwesenheit/abwesenheit-projection.js';
import { loeschungProjection } from '../datenschutz/loeschung-projection.js';
import { dienstartenProjection, diensteProjection } from '../dienste/dienste-projection.js';
import { einsatzProjection } from '../einsatz/einsatz-projection.js';
import { elternProjection } from '../eltern/eltern-projection.js';
import { gruppeProjection } from '../gruppe/gruppe-projection.js';
import { kalenderProjection } from '../kalender/kalender-projection.js';
import { kalenderAboProjection } from '../kalender-abo/kalender-abo-projection.js';
import { mitteilungProjection } from '../mitteilung/mitteilung-projection.js';
import { pushProjection } from '../push/push-projection.js';
import { stundenProjection } from '../stunden/stunden-projection.js';
import { dienstplanProjection } from '../wasserdienst/dienstplan-projection.js';
import type { Projection } from './projection.js';

/** Every read model the query side serves. A new feature adds its projection here. */
export const PROJECTIONS: Projection[] = [
  elternProjection,
  gruppeProjection,
  dienstplanProjection,
  abwesenheitProjection,
  kalenderProjection,
  mitteilungProjection,
  pushProjection,
  kalenderAboProjection,
  dienstartenProjection,
  diensteProjection,
  einsatzProjection,
  // after the plans and work days it reads when a year is closed (docs/stunden.md)
  stundenProjection,
  // last: overwrites what the others copied of an erased family (docs/datenschutz.md)
  loeschungProjection,
];

/** The schema queries read from. A rebuild fills `rm_next` and swaps it in. */
export const LIVE_SCHEMA = READ_MODEL_SCHEMA;
export { CHECKPOINT };
/** Held (transaction-scoped) while a batch is applied, so a rebuild can swap schemas between batches. */
export const PROJECTOR_LOCK = 774412;

export async function createReadModelSchema(client: pg.ClientBase, schema: string, projections = PROJECTIONS) {
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  for (const projection of projections) await projection.createTables(client, schema);
}
