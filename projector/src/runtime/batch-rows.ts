/**
 * Folds one batch of events into whole rows (created in this batch), patches (for rows created
 * in an earlier batch) and deletions, so a projection writes a batch with one delete, one upsert
 * and one update per table instead of one statement per event. Later changes win, as they would
 * one event at a time, provided the batch is written in that order: deletions, rows, patches.
 */
export class BatchRows<Row extends object, Patch extends Partial<Row>> {
  readonly rows = new Map<string, Row>();
  readonly patches = new Map<string, Patch>();
  /** Ids whose rows are removed before the batch's rows are written (a row created after its deletion is written again). */
  readonly deleted = new Set<string>();

  insert(id: string, row: Row) {
    this.rows.set(id, row);
    this.patches.delete(id);
  }

  patch(id: string, patch: Patch) {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, ...patch });
    else this.patches.set(id, { ...this.patches.get(id), ...patch } as Patch);
  }

  delete(id: string) {
    this.rows.delete(id);
    this.patches.delete(id);
    this.deleted.add(id);
  }

  /** Each field of the rows (or patches) as one array, ready for `unnest($n::type[])`. */
  static columns<T extends object>(items: Iterable<T>, fields: (keyof T)[]): unknown[][] {
    const list = [...items];
    return fields.map((field) => list.map((item) => item[field] ?? null));
  }
}
