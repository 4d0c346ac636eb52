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
 * Creates a password link for a family: the row that redeems it (only the hash of its token) is
 * written here; the caller appends `PasswortLinkAusgestellt`, from which the mail reactor derives
 * the same token again to build the link.
 */
export async function neuerPasswortLink(
  deps: Pick<CommandDeps, 'pool' | 'tokens'>,
  elternId: string,
  zweck: PasswortLink['zweck'],
  now: Date,
): Promise<PasswortLink> {
  return (await neuePasswortLinks(deps, [elternId], zweck, now)).get(elternId)!;
}

/** `neuerPasswortLink` for many families in one statement (the yearly import's welcome links). */
export async function neuePasswortLinks(
  deps: Pick<CommandDeps, 'pool' | 'tokens'>,
  elternIds: readonly string[],
  zweck: PasswortLink['zweck'],
  now: Date,
): Promise<Map<string, PasswortLink>> {
  const gueltigBis = new Date(now.getTime() + GUELTIGKEIT_MS[zweck]).toISOString();
  const links = new Map(elternIds.map((elternId) => [elternId, { linkId: randomUUID(), zweck, gueltigBis }]));
  if (links.size === 0) return links;
  await deps.pool.query(
    `INSERT INTO passwort_links (token_hash, link_id, eltern_id, zweck, gueltig_bis)
     SELECT l.token_hash, l.link_id, l.eltern_id, $4, $5 FROM unnest($1::text[], $2::uuid[], $3::uuid[]) AS l(token_hash, link_id, eltern_id)`,
    [
      [...links.values()].map((l) => tokenHash(deps.tokens.passwortLinkToken(l.linkId))),
      [...links.values()].map((l) => l.linkId),
      [...links.keys()],
      zweck,
      gueltigBis,
    ],
  );
  return links;
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

/** Whether a token would still be accepted (for the reset screen's invalid-link view); changes nothing. */
export async function linkGueltig(pool: pg.Pool, token: string, now: Date) {
  const { rows } = await pool.query(
    `SELECT 1 FROM passwort_links l JOIN credentials c ON c.eltern_id = l.eltern_id
     WHERE l.token_hash = $1 AND l.verwendet_am IS NULL AND l.gueltig_bis > $2`,
    [tokenHash(token), now.toISOString()],
  );
  return rows.length > 0;
}
