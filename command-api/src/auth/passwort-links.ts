import { randomUUID } from 'node:crypto';
import { RESET_LINK_MINUTEN, WILLKOMMENS_LINK_TAGE } from '@waldkita/domain/auth/passwort';
import type { PasswortLink } from '@waldkita/domain/eltern/eltern';
import { tokenHash } from '@waldkita/platform/auth/tokens';
import type pg from 'pg';
import type { CommandDeps } from '../deps.js';

const GUELTIGKEIT_MS: Record<PasswortLink['zweck'], number> = {
  willkommen: WILLKOMMENS_LINK_TAGE * 24 * 60 * 60 * 1000,
  zuruecksetzen: RESET_LINK_MINUTEN * 60 * 1000,
};

/**
 * Plans password links for families: their ids and how long they hold. The caller appends
 * `PasswortLinkAusgestellt` (or `ElternRegistriert` with a welcome link) and writes the rows that
 * redeem them with `schreibePasswortLinks` as its side write, in the same transaction; the mail
 * reactor derives each link's token from its id again to build the link.
 */
export function planePasswortLinks(elternIds: readonly string[], zweck: PasswortLink['zweck'], now: Date): Map<string, PasswortLink> {
  const gueltigBis = new Date(now.getTime() + GUELTIGKEIT_MS[zweck]).toISOString();
  return new Map(elternIds.map((elternId) => [elternId, { linkId: randomUUID(), zweck, gueltigBis }]));
}

/** The rows that redeem `links` (only the hash of each token), one statement for any number. */
export async function schreibePasswortLinks(db: pg.ClientBase, tokens: CommandDeps['tokens'], links: ReadonlyMap<string, PasswortLink>) {
  if (links.size === 0) return;
  const list = [...links.values()];
  await db.query(
    `INSERT INTO passwort_links (token_hash, link_id, eltern_id, zweck, gueltig_bis)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[]) ON CONFLICT (link_id) DO NOTHING`,
    [
      list.map((l) => tokenHash(tokens.passwortLinkToken(l.linkId))),
      list.map((l) => l.linkId),
      [...links.keys()],
      list.map((l) => l.zweck),
      list.map((l) => l.gueltigBis),
    ],
  );
}

/**
 * Redeems a link: marks it used if it exists, is unused and has not expired, and in the same
 * transaction retires the family's other open links. Answers the family, or null for any invalid
 * link (the caller says only "ungültig oder abgelaufen", never which of the two).
 */
export async function loeseLinkEin(client: pg.ClientBase, token: string, now: Date) {
  const { rows } = await client.query<{ eltern_id: string; zweck: PasswortLink['zweck'] }>(
    `UPDATE passwort_links SET verwendet_am = $2
     WHERE token_hash = $1 AND verwendet_am IS NULL AND gueltig_bis > $2
     RETURNING eltern_id, zweck`,
    [tokenHash(token), now.toISOString()],
  );
  const link = rows[0];
  if (!link) return null;
  await client.query('UPDATE passwort_links SET verwendet_am = $2 WHERE eltern_id = $1 AND verwendet_am IS NULL', [
    link.eltern_id,
    now.toISOString(),
  ]);
  return { elternId: link.eltern_id, zweck: link.zweck };
}

/** The family of a link that would still be accepted, and whether it has a password yet; changes nothing. */
export async function offenerLink(pool: pg.Pool, token: string, now: Date) {
  const { rows } = await pool.query<{ eltern_id: string; hat_passwort: boolean }>(
    `SELECT l.eltern_id::text, c.password_hash IS NOT NULL AS hat_passwort FROM passwort_links l JOIN credentials c ON c.eltern_id = l.eltern_id
     WHERE l.token_hash = $1 AND l.verwendet_am IS NULL AND l.gueltig_bis > $2`,
    [tokenHash(token), now.toISOString()],
  );
  const row = rows[0];
  return row ? { elternId: row.eltern_id, hatPasswort: row.hat_passwort } : null;
}

/** Whether a token would still be accepted (for the reset screen's invalid-link view); changes nothing. */
export const linkGueltig = async (pool: pg.Pool, token: string, now: Date) => (await offenerLink(pool, token, now)) !== null;
