import { istSprache, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import type { BenachrichtigungsArt } from '@waldkita/domain/push/benachrichtigungen';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';

const rm = READ_MODEL_SCHEMA;

/**
 * SQL: true when the family `<alias>.eltern_id` wants notice `$n` by `weg` (read model
 * `benachrichtigung_wahl`; a family that never chose gets every notice both ways).
 */
export const willSql = (elternSpalte: string, artParameter: string, weg: 'push' | 'mail') =>
  `COALESCE((SELECT (w.wahl -> ${artParameter} ->> '${weg}')::boolean FROM ${rm}.benachrichtigung_wahl w WHERE w.eltern_id = ${elternSpalte}), true)`;

/** The families among `ids` that chose not to get notice `art` by mail. */
export async function ohneMail(pool: pg.Pool, art: BenachrichtigungsArt, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await pool.query<{ eltern_id: string }>(
    `SELECT eltern_id FROM ${rm}.benachrichtigung_wahl WHERE eltern_id = ANY($1::uuid[]) AND (wahl -> $2 ->> 'mail') = 'false'`,
    [[...new Set(ids)], art],
  );
  return new Set(rows.map((r) => r.eltern_id));
}

/** The devices of those families among `ids` that are active and want notice `art` by push, with the family's language. */
export async function pushGeraete(
  pool: pg.Pool,
  art: BenachrichtigungsArt,
  ids: readonly string[],
): Promise<{ elternId: string; geraetId: string; sprache: Sprache }[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ eltern_id: string; geraet_id: string; sprache: string }>(
    `SELECT g.eltern_id, g.geraet_id, e.sprache
     FROM ${rm}.push_geraet g JOIN ${rm}.eltern e ON e.eltern_id = g.eltern_id AND NOT e.entfernt
     WHERE g.eltern_id = ANY($1::uuid[]) AND ${willSql('g.eltern_id', '$2::text', 'push')}
     ORDER BY g.eltern_id, g.log_commit, g.log_prepare`,
    [[...new Set(ids)], art],
  );
  return rows.map((r) => ({
    elternId: r.eltern_id,
    geraetId: r.geraet_id,
    sprache: istSprache(r.sprache) ? r.sprache : STANDARD_SPRACHE,
  }));
}
