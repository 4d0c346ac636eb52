import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"): a client sends a new key
 * with each submit, and a repeat of it — a double tap, a retry after a lost answer — gets the first
 * answer instead of a second effect. The key travels with the request through the command's
 * append: its events carry it in their metadata, and the row `idempotenz (scope, schluessel)` is
 * claimed in the same transaction as those events, so two requests with one key (in one process
 * or two) cannot both append. command-api/src/http/idempotenz.ts reads and answers the header.
 */
export type IdempotenzAnfrage = {
  /** Whose key: the signed-in family's id (keys of different callers never meet). */
  scope: string;
  schluessel: string;
  /** This request (the first one claims the row; a repeat finds another's id there). */
  anfrageId: string;
};

export const idempotenzKontext = new AsyncLocalStorage<IdempotenzAnfrage>();

export const ANFRAGE_LAEUFT = 'Diese Anfrage wird gerade schon bearbeitet. Bitte versuchen Sie es gleich noch einmal.';

/** Another request with the same key has appended first (claimed its row): 409 with ANFRAGE_LAEUFT. */
export class IdempotenzVergeben extends Error {
  constructor() {
    super('idempotency key already used by another request');
    this.name = 'IdempotenzVergeben';
  }
}

/**
 * The side write of an append made for a request with a key: claims the key's row for this
 * request, in the append's transaction. Several appends of one request claim it once; an append
 * of another request with the same key is refused (and rolled back with its events).
 */
export async function beanspruche(db: pg.ClientBase, anfrage: IdempotenzAnfrage) {
  await db.query(
    `INSERT INTO idempotenz (scope, schluessel, anfrage_id) VALUES ($1, $2, $3)
     ON CONFLICT (scope, schluessel) DO NOTHING`,
    [anfrage.scope, anfrage.schluessel, anfrage.anfrageId],
  );
  const { rows } = await db.query<{ anfrage_id: string }>('SELECT anfrage_id FROM idempotenz WHERE scope = $1 AND schluessel = $2', [
    anfrage.scope,
    anfrage.schluessel,
  ]);
  if (rows[0]?.anfrage_id !== anfrage.anfrageId) throw new IdempotenzVergeben();
}
