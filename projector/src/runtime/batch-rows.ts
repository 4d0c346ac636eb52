/**
 * Folds one batch of events into whole rows (created in this batch) and patches (for rows created
 * in an earlier batch), so a projection writes a batch with one upsert and one update per table
 * instead of one statement per event. Later changes win, as they would one event at a time.
 */
export class BatchRows<Row extends object, Patch extends Partial<Row>> {
  readonly rows = new Map<string, Row>();
  readonly patches = new Map<string, Patch>();

  insert(id: string, row: Row) {
    this.rows.set(id, row);
    this.patches.delete(id);
  }

  patch(id: string, patch: Patch) {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, ...patch });
    else this.patches.set(id, { ...this.patches.get(id), ...patch } as Patch);
  }

  /** Each field of the rows (or patches) as one array, ready for `unnest($n::type[])`. */
  static columns<T extends object>(items: Iterable<T>, fields: (keyof T)[]): unknown[][] {
    const list = [...items];
    return fields.map((field) => list.map((item) => item[field] ?? null));
  }
}
