import type pg from 'pg';
import { versiegleAltbestand } from '../datenschutz/altbestand.js';

/**
 * Schema of the event store and of the command side. Read models are not here: the projector
 * owns their tables (projector/src/read-models.ts) and can rebuild them from the log.
 * Migrations only ever get appended to this list.
 */
const MIGRATIONS: { id: number; name: string; sql: string; run?: (client: pg.ClientBase, pool: pg.Pool) => Promise<unknown> }[] = [
  {
    id: 1,
    name: 'event store',
    sql: `
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id        uuid NOT NULL UNIQUE,
        stream_name     text NOT NULL,
        stream_revision bigint NOT NULL,
        event_type      text NOT NULL,
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_name, stream_revision)
      );
      CREATE INDEX events_global_order ON events (transaction_id, global_position);
      CREATE TABLE streams (
        stream_name text PRIMARY KEY,
        revision    bigint NOT NULL
      );
      -- The log is append-only: no role of the app may change or remove an event.
      CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are append-only';
      END $$;
      CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_append_only();
      CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
    `,
  },
  {
    id: 2,
    name: 'projector checkpoints',
    sql: `
      CREATE TABLE projector_checkpoints (
        name       text PRIMARY KEY,
        commit_pos bigint NOT NULL,
        prepare_pos bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 3,
    name: 'credentials and settings',
    sql: `
      -- Owned by command-api; never copied into an event.
      CREATE TABLE credentials (
        eltern_id           uuid PRIMARY KEY,
        email               text NOT NULL UNIQUE,
        password_hash       text,
        password_changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE settings (
        key   text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    id: 4,
    name: 'group names',
    sql: `
      -- Owned by command-api: a group's name is claimed here before GruppeAngelegt is appended,
      -- so two groups never share a name (compared without case), like e-mails in credentials.
      CREATE TABLE gruppen_namen (
        name_key  text PRIMARY KEY,
        gruppe_id uuid NOT NULL UNIQUE
      );
      -- Groups created before this table existed (Postgres event store).
      INSERT INTO gruppen_namen (name_key, gruppe_id)
        SELECT DISTINCT ON (lower(e.data->>'name')) lower(e.data->>'name'), (e.data->>'gruppeId')::uuid
        FROM events e
        WHERE e.event_type = 'GruppeAngelegt'
          AND NOT EXISTS (SELECT 1 FROM events r WHERE r.event_type = 'GruppeEntfernt' AND r.data->>'gruppeId' = e.data->>'gruppeId')
        ON CONFLICT DO NOTHING;
    `,
  },
  {
    id: 5,
    name: 'password links',
    sql: `
      -- Owned by command-api: one row per welcome or reset link. Only a SHA-256 of the link's token
      -- is kept; the token itself is derived from the link id with the server secret and never stored.
      CREATE TABLE passwort_links (
        token_hash   text PRIMARY KEY,
        link_id      uuid NOT NULL UNIQUE,
        eltern_id    uuid NOT NULL,
        zweck        text NOT NULL CHECK (zweck IN ('willkommen', 'zuruecksetzen')),
        gueltig_bis  timestamptz NOT NULL,
        verwendet_am timestamptz
      );
      CREATE INDEX passwort_links_eltern ON passwort_links (eltern_id);
    `,
  },
  {
    id: 6,
    name: 'event hash chain',
    sql: `
      -- Tamper evidence (event-store/hash-chain.ts, docs/audit.md): the hash of each stream's last
      -- event, so an append links to it without reading the stream. NULL: no hashed event yet.
      ALTER TABLE streams ADD COLUMN last_hash text;
      -- Where the chain starts: events up to this global position were written before it and carry
      -- no hash; every later event must have one. Fixed once written.
      CREATE TABLE hash_chain_start (
        singleton             boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        legacy_until_position bigint NOT NULL,
        started_at            timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO hash_chain_start (legacy_until_position) SELECT coalesce(max(global_position), 0) FROM events;
      CREATE FUNCTION hash_chain_start_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the start of the hash chain is fixed';
      END $$;
      CREATE TRIGGER hash_chain_start_no_change BEFORE INSERT OR UPDATE OR DELETE ON hash_chain_start
        FOR EACH ROW EXECUTE FUNCTION hash_chain_start_fixed();
      CREATE TRIGGER hash_chain_start_no_truncate BEFORE TRUNCATE ON hash_chain_start
        FOR EACH STATEMENT EXECUTE FUNCTION hash_chain_start_fixed();
    `,
  },
  {
    id: 7,
    name: 'side tables written with their events',
    sql: `
      -- When a row of a table beside the log was written (credentials, password links, group
      -- names): side-tables.ts leaves young rows out when it releases stale EventStoreDB reservations.
      ALTER TABLE credentials ADD COLUMN angelegt_am timestamptz NOT NULL DEFAULT now();
      ALTER TABLE passwort_links ADD COLUMN angelegt_am timestamptz NOT NULL DEFAULT now();
      ALTER TABLE gruppen_namen ADD COLUMN angelegt_am timestamptz NOT NULL DEFAULT now();
      -- EventStoreDB: a claim committed ahead of its append, until the append confirms it.
      CREATE TABLE side_write_reservations (
        id          uuid PRIMARY KEY,
        stream_names text[] NOT NULL,
        event_ids   uuid[] NOT NULL,
        reserved_at timestamptz NOT NULL DEFAULT now()
      );
      -- Before this migration claims were committed ahead of their events on every store, and a
      -- crash in between left them behind: one reservation from the distant past makes the first
      -- sweep check the tables against the log and release what no event backs.
      INSERT INTO side_write_reservations (id, stream_names, event_ids, reserved_at)
        VALUES ('00000000-0000-0000-0000-000000000007', '{}', '{}', '-infinity');
    `,
  },
  {
    id: 8,
    name: 'snapshots',
    sql: `
      -- A cache of a stream's folded state at a revision (event-store/snapshots.ts): the command
      -- side folds only the events after it. Derived from the log, never the truth: any row may be
      -- deleted, and a row of another decider version is ignored.
      CREATE TABLE snapshots (
        stream_name text NOT NULL,
        decider     text NOT NULL,
        version     integer NOT NULL,
        revision    bigint NOT NULL,
        state       jsonb NOT NULL,
        written_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_name, decider)
      );
    `,
  },
  {
    id: 9,
    name: 'credentials notify on change',
    sql: `
      -- query-api keeps the caller check in memory (query-api/src/auth/leser-cache.ts). A new
      -- password must end the other sessions when it commits, not when the projector catches up:
      -- every change of a row's password_changed_at (or of its existence) is announced at commit,
      -- with the family id as payload; '*' after a TRUNCATE.
      CREATE FUNCTION credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('waldkita_credentials', '*');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('waldkita_credentials', OLD.eltern_id::text);
        ELSIF TG_OP = 'INSERT' THEN
          PERFORM pg_notify('waldkita_credentials', NEW.eltern_id::text);
        ELSIF OLD.eltern_id IS DISTINCT FROM NEW.eltern_id THEN
          PERFORM pg_notify('waldkita_credentials', OLD.eltern_id::text);
          PERFORM pg_notify('waldkita_credentials', NEW.eltern_id::text);
        ELSIF OLD.password_changed_at IS DISTINCT FROM NEW.password_changed_at THEN
          PERFORM pg_notify('waldkita_credentials', NEW.eltern_id::text);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER credentials_notify_row AFTER INSERT OR UPDATE OR DELETE ON credentials
        FOR EACH ROW EXECUTE FUNCTION credentials_notify();
      CREATE TRIGGER credentials_notify_truncate AFTER TRUNCATE ON credentials
        FOR EACH STATEMENT EXECUTE FUNCTION credentials_notify();
    `,
  },
  {
    id: 10,
    name: 'personal data keys',
    sql: `
      -- One key per family that seals its personal fields in the log (docs/datenschutz.md). Written
      -- in the transaction of the first event it seals, deleted in the transaction of the family's
      -- PersonendatenGeloescht: without it, the sealed fields cannot be read again.
      CREATE TABLE personen_schluessel (
        eltern_id   text PRIMARY KEY,
        schluessel  bytea NOT NULL CHECK (length(schluessel) = 32),
        angelegt_am timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 11,
    name: 'mail log',
    sql: `
      -- Which mails went to which family (docs/mail.md, "The mail log"): written by the mail worker
      -- right after the SMTP server accepted a mail, read by the family's data export
      -- (GET /api/eltern/ich/export). Ids, the kind of mail and the time only: no address, no name.
      -- Not a read model: no event records a send, so it lives beside the log (schema public), and
      -- a replay of the read models (which replaces schema rm) neither rebuilds nor loses it.
      CREATE TABLE mail_versand (
        job_id      text PRIMARY KEY,
        eltern_id   uuid NOT NULL,
        art         text NOT NULL,
        gesendet_am timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_versand_eltern ON mail_versand (eltern_id, gesendet_am);
    `,
  },
  {
    id: 12,
    name: 'seal personal data in the log',
    // Events written before sealing existed hold names and e-mails in plain text: sealed in place,
    // chains computed anew and the old heads recorded in the log (datenschutz/altbestand.ts,
    // docs/decisions.md). A new database has nothing to seal.
    sql: 'SELECT 1',
    run: (client, pool) => versiegleAltbestand(client, pool),
  },
  {
    id: 13,
    name: 'push log',
    sql: `
      -- Which push messages reached which family's device (docs/push.md): written by the push
      -- worker right after the push service accepted a message, read by the family's data export,
      -- like mail_versand. Ids, the message's title (a fixed text that names nobody) and the time.
      CREATE TABLE push_versand (
        job_id      text PRIMARY KEY,
        eltern_id   uuid NOT NULL,
        geraet_id   text NOT NULL,
        titel       text NOT NULL,
        gesendet_am timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX push_versand_eltern ON push_versand (eltern_id, gesendet_am);
    `,
  },
  {
    id: 14,
    name: 'idempotency keys',
    sql: `
      -- A request's Idempotency-Key (platform/src/http/idempotenz.ts): claimed in the transaction
      -- of the request's events (whose metadata carries the key), then completed with the answer
      -- a repeat gets. Answers that hand out a secret (a session, a feed address) are never kept
      -- here. Rows older than a day are removed.
      CREATE TABLE idempotenz (
        scope        text NOT NULL,
        schluessel   text NOT NULL,
        anfrage_id   text NOT NULL,
        methode      text,
        pfad         text,
        status       integer,
        content_type text,
        antwort      text,
        position     text,
        angelegt_am  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, schluessel)
      );
      CREATE INDEX idempotenz_alter ON idempotenz (angelegt_am);
    `,
  },
];

/**
 * The channel on which a change of a family's `credentials` row (its password, or the row itself)
 * is announced at commit (migration 9); the payload is the family id, or '*' for every family.
 */
export const CREDENTIALS_CHANNEL = 'waldkita_credentials';

/** Runs missing migrations, one process at a time (advisory lock), each in its own transaction. */
export async function migrate(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  let applied = 0;
  try {
    await client.query('SELECT pg_advisory_lock(774411)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ id: number }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await migration.run?.(client, pool);
        await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
        await client.query('COMMIT');
        applied++;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(774411)').catch(() => undefined);
    client.release();
  }
  return applied;
}
