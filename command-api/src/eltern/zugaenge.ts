import { HttpError } from '@waldkita/platform/http/errors';
import type pg from 'pg';

/**
 * Rows of the command side's tables that a registration, a new group or a new password writes
 * with its events (`SideWrites`: in the append's transaction on Postgres, as a reservation ahead of
 * it on EventStoreDB). Each claim accepts a row that is already its own (a reservation left by an
 * earlier attempt) and refuses one that belongs to someone else.
 */

/** The e-mail belongs to another family: the append that claimed it is refused. */
export class EmailVergebenError extends Error {
  constructor(
    readonly email: string,
    readonly elternId: string,
  ) {
    super(`credentials: ${email} belongs to ${elternId}`);
    this.name = 'EmailVergebenError';
  }
}

export type Zugang = { elternId: string; email: string; passwordHash: string | null };

/** Claims the e-mails of new family accounts (normalised), two statements for any number. */
export async function beanspruecheZugaenge(db: pg.ClientBase, zugaenge: readonly Zugang[]) {
  if (zugaenge.length === 0) return;
  const ids = zugaenge.map((z) => z.elternId);
  const emails = zugaenge.map((z) => z.email);
  await db.query(
    `INSERT INTO credentials (eltern_id, email, password_hash)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [ids, emails, zugaenge.map((z) => z.passwordHash)],
  );
  // Inserted now, or a reservation of the same family left by an earlier attempt; anything else
  // holds the e-mail for another family.
  const { rows } = await db.query<{ email: string; eltern_id: string; eigen: boolean }>(
    `SELECT c.email, c.eltern_id::text, c.eltern_id = z.id AS eigen
     FROM unnest($1::uuid[], $2::text[]) AS z(id, email) JOIN credentials c ON c.email = z.email`,
    [ids, emails],
  );
  const fremd = rows.find((r) => !r.eigen);
  if (fremd) throw new EmailVergebenError(fremd.email, fremd.eltern_id);
  if (rows.length !== zugaenge.length) throw new Error('credentials: a family id is claimed with another e-mail');
  const mitPasswort = zugaenge.filter((z) => z.passwordHash);
  if (mitPasswort.length > 0)
    await db.query(
      'UPDATE credentials c SET password_hash = z.hash FROM unnest($1::uuid[], $2::text[]) AS z(id, hash) WHERE c.eltern_id = z.id',
      [mitPasswort.map((z) => z.elternId), mitPasswort.map((z) => z.passwordHash)],
    );
}

const GRUPPE_EXISTIERT = (name: string) => `Eine Gruppe mit dem Namen "${name}" gibt es bereits.`;

/** Claims group names (unique without case) for new groups; a name another group holds is a 409. */
export async function beanspruecheGruppennamen(db: pg.ClientBase, gruppen: readonly { gruppeId: string; name: string }[]) {
  if (gruppen.length === 0) return;
  const ids = gruppen.map((g) => g.gruppeId);
  const keys = gruppen.map((g) => g.name.toLowerCase());
  await db.query('INSERT INTO gruppen_namen (name_key, gruppe_id) SELECT * FROM unnest($1::text[], $2::uuid[]) ON CONFLICT DO NOTHING', [
    keys,
    ids,
  ]);
  const { rows } = await db.query<{ name_key: string }>(
    `SELECT g.name_key FROM unnest($1::text[], $2::uuid[]) AS n(name_key, id) JOIN gruppen_namen g USING (name_key) WHERE g.gruppe_id <> n.id`,
    [keys, ids],
  );
  if (rows.length > 0) throw new HttpError(409, GRUPPE_EXISTIERT(gruppen.find((g) => g.name.toLowerCase() === rows[0]!.name_key)!.name));
}

/** Frees a removed group's name for a new group. */
export async function gibGruppennamenFrei(db: pg.ClientBase, gruppeId: string) {
  await db.query('DELETE FROM gruppen_namen WHERE gruppe_id::text = $1', [gruppeId]);
}

/** Stores a family's new password hash; the session version moves on with `PasswortGesetzt`. */
export async function speicherePasswort(db: pg.ClientBase, elternId: string, hash: string, now: Date) {
  await db.query('UPDATE credentials SET password_hash = $2, password_changed_at = $3 WHERE eltern_id = $1', [
    elternId,
    hash,
    now.toISOString(),
  ]);
}
