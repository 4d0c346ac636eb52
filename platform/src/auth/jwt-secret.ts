import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../config.js';

/**
 * JWT_SECRET when set. Outside production a missing secret is generated once and kept in the
 * database's settings table, so every process of this installation signs with the same key and
 * sessions survive a restart.
 */
export async function resolveJwtSecret(config: Config, pool: pg.Pool): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const generated = randomBytes(48).toString('base64url');
  await pool.query("INSERT INTO settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING", [generated]);
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'jwt_secret'");
  return rows[0]!.value;
}
