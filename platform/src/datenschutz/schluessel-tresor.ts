import type pg from 'pg';

/** Keys kept in memory at most this long: a key destroyed by another process is not used for longer. */
const HALTEN_MS = 60_000;
const HOECHSTENS = 20_000;

/**
 * The families' keys (table `personen_schluessel`, docs/datenschutz.md), with the keys read lately
 * kept in memory. A key is written in the same transaction as the first event it seals (see
 * PersonendatenStore) and deleted in the same transaction as the family's `PersonendatenGeloescht`.
 */
export class SchluesselTresor {
  private readonly bekannt = new Map<string, { schluessel: Buffer; bis: number }>();

  constructor(private readonly pool: pg.Pool) {}

  /** The keys of these families that exist (an erased family, or one never sealed, has none). */
  async holen(elternIds: Iterable<string>): Promise<Map<string, Buffer>> {
    const jetzt = Date.now();
    const gefunden = new Map<string, Buffer>();
    const fehlend: string[] = [];
    for (const id of new Set(elternIds)) {
      const eintrag = this.bekannt.get(id);
      if (eintrag && eintrag.bis > jetzt) gefunden.set(id, eintrag.schluessel);
      else fehlend.push(id);
    }
    if (fehlend.length === 0) return gefunden;
    const { rows } = await this.pool.query<{ eltern_id: string; schluessel: Buffer }>(
      'SELECT eltern_id, schluessel FROM personen_schluessel WHERE eltern_id = ANY($1::text[])',
      [fehlend],
    );
    for (const row of rows) {
      gefunden.set(row.eltern_id, row.schluessel);
      this.merken(row.eltern_id, row.schluessel);
    }
    return gefunden;
  }

  merken(elternId: string, schluessel: Buffer) {
    if (this.bekannt.size >= HOECHSTENS) this.bekannt.clear();
    this.bekannt.set(elternId, { schluessel, bis: Date.now() + HALTEN_MS });
  }

  vergessen(elternId: string) {
    this.bekannt.delete(elternId);
  }
}

/**
 * Writes new keys inside the caller's transaction. A key that exists already with other bytes
 * (two first writes for one family at once) refuses the append: its events would be sealed under
 * a key that is not kept.
 */
export async function schreibeSchluessel(db: pg.ClientBase, neue: ReadonlyMap<string, Buffer>) {
  if (neue.size === 0) return;
  const ids = [...neue.keys()];
  const { rows: geschrieben } = await db.query<{ eltern_id: string }>(
    `INSERT INTO personen_schluessel (eltern_id, schluessel)
     SELECT * FROM unnest($1::text[], $2::bytea[]) ON CONFLICT (eltern_id) DO NOTHING RETURNING eltern_id`,
    [ids, ids.map((id) => neue.get(id)!)],
  );
  if (geschrieben.length === ids.length) return;
  // some family had a key already: it must be the same one
  const neu = new Set(geschrieben.map((r) => r.eltern_id));
  const { rows } = await db.query<{ eltern_id: string; schluessel: Buffer }>(
    'SELECT eltern_id, schluessel FROM personen_schluessel WHERE eltern_id = ANY($1::text[])',
    [ids.filter((id) => !neu.has(id))],
  );
  for (const row of rows)
    if (!row.schluessel.equals(neue.get(row.eltern_id)!)) throw new Error(`personen_schluessel: ${row.eltern_id} has another key`);
}

/** Destroys a family's key inside the caller's transaction (the erasure). */
export async function vernichteSchluessel(db: pg.ClientBase, elternId: string) {
  await db.query('DELETE FROM personen_schluessel WHERE eltern_id = $1', [elternId]);
}
