import type { RecordedEvent } from '@waldkita/platform/event-store/event-store';
import type pg from 'pg';

/**
 * One read model: its tables (created in the schema it is given, so a rebuild can run beside the
 * live tables) and how a batch of events, in global order, changes them. `apply` must be
 * idempotent: applying the same events again leaves the rows as applying them once.
 */
export type Projection = {
  name: string;
  createTables: (client: pg.ClientBase, schema: string) => Promise<void>;
  apply: (client: pg.ClientBase, schema: string, events: RecordedEvent[]) => Promise<void>;
  /**
   * Events whose effect this projection computes from the other read models as they stand right
   * before the event (a year's figures frozen when it is closed). The engine cuts a batch before
   * and after each such event, so every projection has applied exactly the events before it,
   * however the log was cut into batches.
   */
  readsOthersAt?: (event: RecordedEvent) => boolean;
};

export const table = (schema: string, name: string) => `"${schema}".${name}`;
