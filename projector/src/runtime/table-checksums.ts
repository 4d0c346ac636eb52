import pg from 'pg';

/**
 * Row counts and order-independent checksums of read-model tables, and their comparison: how a
 * replay checks its two folds against each other and how `--check` compares a fresh fold with the
 * live read models (replay.ts, check-read-models.ts).
 */

/** Row count and order-independent checksum of one read-model table. */
export type TableChecksum = { rows: number; checksum: string };
/** One table on both sides of a comparison; null where the table does not exist. */
export type TableComparison = { table: string; live: TableChecksum | null; rebuilt: TableChecksum | null; same: boolean };

/** Columns of every table of a schema, sorted by name, so checksums do not depend on column order. */
export async function tableColumns(client: pg.ClientBase, schema: string): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attname) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = $1 AND c.relkind = 'r'
     GROUP BY c.relname`,
    [schema],
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/**
 * Row count and checksum of every table of `schema`, over the columns `reference` names for it:
 * the sum of a 64-bit hash of each row's text (PostgreSQL's `hashtextextended`, the hash of hash
 * partitioning: several times cheaper than md5, and as good at telling rows apart where nobody
 * crafts collisions), so row order and physical layout do not matter while any changed, missing
 * or extra row changes it. A table whose columns differ
 * from the reference is reported as such instead of summed.
 */
export async function tableChecksums(
  client: pg.ClientBase,
  schema: string,
  reference: Map<string, string[]>,
  { inTransaction = false, only }: { inTransaction?: boolean; only?: Set<string> } = {},
): Promise<Map<string, TableChecksum>> {
  if (!inTransaction) await client.query('BEGIN READ ONLY');
  try {
    // Row text must not depend on the session: timestamps in UTC, dates in ISO.
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    await client.query("SET LOCAL DateStyle = 'ISO, YMD'");
    const own = await tableColumns(client, schema);
    const sums = new Map<string, TableChecksum>();
    for (const [table, columns] of own) {
      if (only && !only.has(table)) continue;
      const t = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
      const expected = reference.get(table) ?? columns;
      if (expected.join(',') !== columns.join(',')) {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${t}`);
        sums.set(table, { rows: Number(rows[0]!.n), checksum: `columns ${columns.join(',')}` });
        continue;
      }
      const row = `ROW(${columns.map((c) => `t.${pg.escapeIdentifier(c)}`).join(', ')})::text`;
      const { rows } = await client.query<{ n: number; checksum: string }>(
        `SELECT count(*)::bigint AS n,
                left(md5(coalesce(sum(hashtextextended(${row}, 0)), 0)::text), 16) AS checksum
         FROM ${t} t`,
      );
      sums.set(table, { rows: Number(rows[0]!.n), checksum: rows[0]!.checksum });
    }
    if (!inTransaction) await client.query('COMMIT');
    return sums;
  } catch (error) {
    if (!inTransaction) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export const compareTables = (live: Map<string, TableChecksum>, rebuilt: Map<string, TableChecksum>): TableComparison[] =>
  [...new Set([...rebuilt.keys(), ...live.keys()])].sort().map((table) => {
    const l = live.get(table) ?? null;
    const r = rebuilt.get(table) ?? null;
    return { table, live: l, rebuilt: r, same: !!l && !!r && l.rows === r.rows && l.checksum === r.checksum };
  });
