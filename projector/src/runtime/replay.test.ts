import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../app.js';
import { checkReadModels } from './check-read-models.js';
import type { Projection } from './projection.js';
import { LIVE_SCHEMA } from './read-models.js';
import { ReplayVerificationError, replayReadModels } from './replay.js';
import { REPLAY_LOCK, ReplayReadError, ReplayRunningError } from './replay-fold.js';
import { readCheckpoint, startProjector } from './runner.js';

const gruppeId = randomUUID();
const [fuchs, bauer, wagner] = [randomUUID(), randomUUID(), randomUUID()];
const [w1, w2, w3, w3neu] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const [a1, a2, a3, a4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const tausch = randomUUID();
const alteGruppe = randomUUID();

const registriert = (elternId: string, nachname: string) =>
  newEvent('ElternRegistriert', {
    elternId,
    nachname,
    nameKind: null,
    email: `${nachname.toLowerCase()}@example.org`,
    gruppeId,
    rollen: ['ROLE_ELTERN'],
  });

/**
 * A history with what makes batching hard: rows created, patched and deleted again, a week freed
 * after a swap and assigned anew, an absence deleted and the week reported again, a reset.
 */
const HISTORY: [string, ReturnType<typeof newEvent>[]][] = [
  [`gruppe-${gruppeId}`, [newEvent('GruppeAngelegt', { gruppeId, name: 'Füchse' })]],
  [
    `gruppe-${alteGruppe}`,
    [newEvent('GruppeAngelegt', { gruppeId: alteGruppe, name: 'Igel' }), newEvent('GruppeEntfernt', { gruppeId: alteGruppe })],
  ],
  [
    `eltern-${fuchs}`,
    [registriert(fuchs, 'Fuchs'), newEvent('RollenGeaendert', { elternId: fuchs, rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] })],
  ],
  [`eltern-${bauer}`, [registriert(bauer, 'Bauer')]],
  [
    `eltern-${wagner}`,
    [
      registriert(wagner, 'Wagner'),
      newEvent('ElternEntfernt', { elternId: wagner }),
      newEvent('ElternAktualisiert', { elternId: wagner, nachname: 'Wagner-Neu', nameKind: 'Ida', gruppeId }),
    ],
  ],
  [
    `dienstplan-${gruppeId}`,
    [
      newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w1, jahr: 2027, kalenderwoche: 1, elternId: fuchs }),
      newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w2, jahr: 2027, kalenderwoche: 2, elternId: bauer }),
      newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w3, jahr: 2027, kalenderwoche: 3, elternId: wagner }),
      newEvent('TauschAngeboten', {
        gruppeId,
        tauschId: tausch,
        wasserdienstId: w1,
        jahr: 2027,
        kalenderwoche: 1,
        elternId: fuchs,
        nachricht: null,
      }),
      newEvent('TauschAngenommen', {
        gruppeId,
        tauschId: tausch,
        wasserdienstId: w1,
        woche: { jahr: 2027, kalenderwoche: 1 },
        angebotVon: fuchs,
        gegenWasserdienstId: w2,
        gegenWoche: { jahr: 2027, kalenderwoche: 2 },
        angenommenVon: bauer,
      }),
      newEvent('WasserdienstFreigegeben', { gruppeId, wasserdienstId: w3, jahr: 2027, kalenderwoche: 3, elternId: wagner }),
      newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w3neu, jahr: 2027, kalenderwoche: 3, elternId: fuchs }),
      newEvent('WasserdienstFreigegeben', { gruppeId, wasserdienstId: w2, jahr: 2027, kalenderwoche: 2, elternId: fuchs }),
    ],
  ],
  [
    `abwesenheiten-${fuchs}`,
    [
      newEvent('AbwesenheitGemeldet', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 10 }),
      newEvent('AbwesenheitGeloescht', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 10 }),
      newEvent('AbwesenheitGemeldet', { abwesenheitId: a2, elternId: fuchs, jahr: 2027, kalenderwoche: 10 }),
    ],
  ],
  [
    `abwesenheiten-${bauer}`,
    [
      newEvent('AbwesenheitGemeldet', { abwesenheitId: a3, elternId: bauer, jahr: 2027, kalenderwoche: 11 }),
      newEvent('AbwesenheitenZurueckgesetzt', { elternId: bauer, importId: randomUUID() }),
      newEvent('AbwesenheitGemeldet', { abwesenheitId: a4, elternId: bauer, jahr: 2027, kalenderwoche: 12 }),
    ],
  ],
];

/** A projection that gets wrong what the real ones must get right: its rows depend on where batches end. */
const stapelZaehler: Projection = {
  name: 'stapel',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS "${schema}".stapel (erstes_event uuid PRIMARY KEY, anzahl integer NOT NULL)`);
  },
  async apply(client, schema, events) {
    await client.query(`INSERT INTO "${schema}".stapel VALUES ($1, $2) ON CONFLICT DO NOTHING`, [events[0]!.id, events.length]);
  },
};

describe('replay and check of the read models', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let projector: ReturnType<typeof startProjector>;

  const rows = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;
  const lastPosition = async () => {
    const [last] = await rows(
      'SELECT transaction_id::text AS c, global_position AS p FROM events ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1',
    );
    return { commit: Number(last.c), prepare: Number(last.p) };
  };
  /** Waits until the live projector has applied the whole log. */
  const caughtUp = async () => {
    const last = await lastPosition();
    for (const deadline = Date.now() + 10_000; (await readCheckpoint(db.pool))?.prepare !== last.prepare; ) {
      if (Date.now() > deadline) throw new Error('the projector did not catch up within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const schemas = async () =>
    (await rows(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm%' ORDER BY nspname`)).map((r) => r.nspname as string);

  beforeAll(async () => {
    db = await createTestDatabase('replay');
    store = new PostgresEventStore(db.pool);
    for (const [stream, events] of HISTORY) await store.appendToStream(stream, events, 'no_stream');
    projector = startProjector(store, db.pool, { projections: PROJECTIONS });
    await caughtUp();
  });
  afterAll(async () => {
    await projector.stop();
    await store.close();
    await db.drop();
  });

  it('given deletions, swaps and resets, a fold in batches of 7 agrees with one event at a time, and the rows are right', async () => {
    const result = await replayReadModels(store, db.pool, { projections: PROJECTIONS, batchSize: 7, verifyBatchSize: 1 });
    expect(result.applied).toBe(HISTORY.reduce((n, [, events]) => n + events.length, 0));
    expect(result.tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['abwesenheit', 'eltern', 'gruppe', 'tausch', 'wasserdienst']),
    );

    expect(await rows(`SELECT wasserdienst_id, kalenderwoche, eltern_id FROM ${LIVE_SCHEMA}.wasserdienst ORDER BY kalenderwoche`)).toEqual([
      { wasserdienst_id: w1, kalenderwoche: 1, eltern_id: bauer },
      { wasserdienst_id: w3neu, kalenderwoche: 3, eltern_id: fuchs },
    ]);
    expect(await rows(`SELECT abwesenheit_id FROM ${LIVE_SCHEMA}.abwesenheit ORDER BY kalenderwoche`)).toEqual([
      { abwesenheit_id: a2 },
      { abwesenheit_id: a4 },
    ]);
    expect(await rows(`SELECT name, entfernt FROM ${LIVE_SCHEMA}.gruppe ORDER BY name`)).toEqual([
      { name: 'Füchse', entfernt: false },
      { name: 'Igel', entfernt: true },
    ]);
    expect(await rows(`SELECT nachname, rollen, entfernt FROM ${LIVE_SCHEMA}.eltern ORDER BY nachname`)).toEqual([
      { nachname: 'Bauer', rollen: ['ROLE_ELTERN'], entfernt: false },
      { nachname: 'Fuchs', rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'], entfernt: false },
      { nachname: 'Wagner-Neu', rollen: ['ROLE_ELTERN'], entfernt: false },
    ]);
    expect(await rows(`SELECT status, resolve_eltern_id FROM ${LIVE_SCHEMA}.tausch`)).toEqual([
      { status: 'angenommen', resolve_eltern_id: bauer },
    ]);
    expect(await schemas()).toEqual([LIVE_SCHEMA]);
    expect((await readCheckpoint(db.pool))?.prepare).toBe((await lastPosition()).prepare);
    expect((await checkReadModels(store, db.pool, { projections: PROJECTIONS })).differences).toEqual([]);
    // The fold writes without the WAL; what is served survives a crash like any table.
    expect(
      await rows(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = '${LIVE_SCHEMA}' AND c.relkind IN ('r', 'i') AND c.relpersistence <> 'p'`,
      ),
    ).toEqual([]);
  });

  it('refuses to swap when the second fold differs, names the table, and leaves the live read models as they were', async () => {
    const before = await checkReadModels(store, db.pool, { projections: PROJECTIONS });
    const checkpoint = await readCheckpoint(db.pool);
    const failure = await replayReadModels(store, db.pool, {
      batchSize: 5,
      verifyBatchSize: 3,
      projections: [...PROJECTIONS, stapelZaehler],
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplayVerificationError);
    const { differences, message } = failure as ReplayVerificationError;
    expect(differences.map((d) => d.table)).toEqual(['stapel']);
    expect(differences[0]!.rebuilt!.rows).not.toBe(differences[0]!.secondFold!.rows);
    expect(message).toContain('stapel');

    expect(await schemas()).toEqual([LIVE_SCHEMA]);
    expect(await readCheckpoint(db.pool)).toEqual(checkpoint);
    const after = await checkReadModels(store, db.pool, { projections: PROJECTIONS });
    expect(after.tables).toEqual(before.tables);
    expect(after.differences).toEqual([]);
  });

  it('check finds rows changed behind the projector, names each table with both counts and checksums', async () => {
    await db.pool.query(`UPDATE ${LIVE_SCHEMA}.eltern SET nachname = 'Gefälscht' WHERE eltern_id = $1`, [bauer]);
    await db.pool.query(`DELETE FROM ${LIVE_SCHEMA}.abwesenheit WHERE abwesenheit_id = $1`, [a4]);
    const result = await checkReadModels(store, db.pool, { projections: PROJECTIONS });
    expect(result.differences.map((d) => d.table)).toEqual(['abwesenheit', 'eltern']);
    const [abwesenheit, eltern] = result.differences;
    expect([abwesenheit!.live!.rows, abwesenheit!.rebuilt!.rows]).toEqual([1, 2]);
    expect(eltern!.live!.rows).toBe(eltern!.rebuilt!.rows);
    expect(eltern!.live!.checksum).not.toBe(eltern!.rebuilt!.checksum);
    expect(await schemas()).toEqual([LIVE_SCHEMA]); // the scratch schema is gone

    await replayReadModels(store, db.pool, { projections: PROJECTIONS });
    expect((await checkReadModels(store, db.pool, { projections: PROJECTIONS })).differences).toEqual([]);
    expect(await rows(`SELECT nachname FROM ${LIVE_SCHEMA}.eltern WHERE eltern_id = $1`, [bauer])).toEqual([{ nachname: 'Bauer' }]);
  });

  it('check compares at the live checkpoint: events the projector has not applied yet, and column order, are no difference', async () => {
    await projector.stop();
    const spaet = randomUUID();
    await store.appendToStream(`eltern-${spaet}`, [registriert(spaet, 'Spaet')], 'no_stream');
    // A live table whose columns were added in another order (as ALTER TABLE … ADD COLUMN leaves them).
    await db.pool.query(`ALTER TABLE ${LIVE_SCHEMA}.saison DROP COLUMN frist_quelle, ADD COLUMN frist_quelle text`);
    const checkpoint = await readCheckpoint(db.pool);
    const result = await checkReadModels(store, db.pool, { projections: PROJECTIONS });
    expect(result.position).toEqual(checkpoint);
    expect(result.differences).toEqual([]);
    expect(result.applied).toBeLessThan(Number((await rows('SELECT count(*) AS n FROM events'))[0].n));

    projector = startProjector(store, db.pool, { projections: PROJECTIONS });
    await caughtUp();
    expect(await rows(`SELECT nachname FROM ${LIVE_SCHEMA}.eltern WHERE eltern_id = $1`, [spaet])).toEqual([{ nachname: 'Spaet' }]);
    expect((await checkReadModels(store, db.pool, { projections: PROJECTIONS })).differences).toEqual([]);
  });

  it('swaps atomically: a query in flight finishes on the old tables, every later query reads the new ones, none fails', async () => {
    // The live row differs from the log, so each answer shows which tables it came from.
    await db.pool.query(`UPDATE ${LIVE_SCHEMA}.eltern SET nachname = 'Alt' WHERE eltern_id = $1`, [fuchs]);
    const inFlight = db.pool.query(`SELECT nachname, pg_sleep(1.5) FROM ${LIVE_SCHEMA}.eltern WHERE eltern_id = $1`, [fuchs]);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const answers: string[] = [];
    const errors: unknown[] = [];
    let replaying = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (replaying) {
        try {
          const { rows: found } = await db.pool.query(
            `SELECT e.nachname FROM ${LIVE_SCHEMA}.eltern e JOIN ${LIVE_SCHEMA}.gruppe g USING (gruppe_id) WHERE e.eltern_id = $1`,
            [fuchs],
          );
          answers.push(found[0]?.nachname);
        } catch (error) {
          errors.push(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const started = performance.now();
    await replayReadModels(store, db.pool, { projections: PROJECTIONS });
    const replaySeconds = (performance.now() - started) / 1000;
    const old = await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 100));
    replaying = false;
    await Promise.all(readers);

    expect(errors).toEqual([]);
    expect(old.rows[0].nachname).toBe('Alt');
    expect(replaySeconds).toBeGreaterThan(1); // the old tables were dropped only after the query in flight ended
    expect(await schemas()).toEqual([LIVE_SCHEMA]);
    expect(answers.filter((a) => a !== 'Alt' && a !== 'Fuchs')).toEqual([]);
    expect(answers[0]).toBe('Alt');
    expect(answers.at(-1)).toBe('Fuchs');
    // Never back: once a reader saw the new tables, no later answer came from the old ones.
    expect(answers.slice(answers.indexOf('Fuchs'))).not.toContain('Alt');
  });

  /**
   * A store that, once the replay verifies its bulk, appends `event` and lets the replay read on
   * only when the event is visible — so it is certain to arrive as the tail, under the lock.
   */
  const storeWithTail = (stream: string, event: ReturnType<typeof newEvent>) => {
    let appended: Promise<unknown> | null = null;
    const visible = async () => {
      await appended;
      for (;;) {
        const { rowCount } = await db.pool.query(
          'SELECT 1 FROM events WHERE event_id = $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
          [event.id],
        );
        if (rowCount) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const wrapped: EventStore = {
      kind: store.kind,
      readStream: (name) => store.readStream(name),
      readStreams: (names) => store.readStreams(names),
      appendToStream: (name, events, expected) => store.appendToStream(name, events, expected),
      appendToStreams: (appends) => store.appendToStreams(appends),
      waitForAppend: (ms, signal) => store.waitForAppend(ms, signal),
      close: async () => undefined,
      async readAll(after, max) {
        if (appended) await visible();
        return store.readAll(after, max);
      },
    };
    const onProgress = ({ phase }: { phase: string }) => {
      if (phase === 'verify' && !appended) appended = store.appendToStream(stream, [event], 'no_stream');
    };
    return { wrapped, onProgress };
  };

  it('takes events appended while the bulk is verified as the tail under the lock, compares the tables it changed, swaps them in', async () => {
    const spaet = randomUUID();
    const { wrapped, onProgress } = storeWithTail(`eltern-${spaet}`, registriert(spaet, 'Nachzuegler'));
    const result = await replayReadModels(wrapped, db.pool, { projections: PROJECTIONS, onProgress });
    const [letztes] = await rows(
      'SELECT transaction_id::text AS c, global_position AS p FROM events WHERE event_id = (SELECT event_id FROM events WHERE stream_name = $1)',
      [`eltern-${spaet}`],
    );
    expect(result.position).toEqual({ commit: Number(letztes.c), prepare: Number(letztes.p) });
    expect(result.applied).toBe(Number((await rows('SELECT count(*) AS n FROM events'))[0].n));
    expect(await rows(`SELECT nachname FROM ${LIVE_SCHEMA}.eltern WHERE eltern_id = $1`, [spaet])).toEqual([{ nachname: 'Nachzuegler' }]);
    expect(result.tables.find((t) => t.table === 'eltern')?.rows).toBe(5);
  });

  it('refuses to swap when the folds differ only in what the tail changed', async () => {
    // Right for everything in the log so far; for the late event each fold writes something of its own.
    const eigenwillig: Projection = {
      name: 'eigenwillig',
      async createTables(client, schema) {
        await client.query(`CREATE TABLE IF NOT EXISTS "${schema}".eigenwillig (id uuid PRIMARY KEY, wo text NOT NULL)`);
      },
      async apply(client, schema, events) {
        for (const event of events)
          if (event.type === 'Eigenwillig') await client.query(`INSERT INTO "${schema}".eigenwillig VALUES ($1, $2)`, [event.id, schema]);
      },
    };
    const { wrapped, onProgress } = storeWithTail(`eigenwillig-${randomUUID()}`, newEvent('Eigenwillig'));
    const failure = await replayReadModels(wrapped, db.pool, { onProgress, projections: [...PROJECTIONS, eigenwillig] }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ReplayVerificationError);
    expect((failure as ReplayVerificationError).differences.map((d) => [d.table, d.rebuilt?.rows, d.secondFold?.rows])).toEqual([
      ['eigenwillig', 1, 1],
    ]);
    // The rebuilt tables (the only ones with `eigenwillig`) were not swapped in.
    expect(await rows(`SELECT to_regclass('${LIVE_SCHEMA}.eigenwillig') AS t`)).toEqual([{ t: null }]);
    expect(await schemas()).toEqual([LIVE_SCHEMA]);
  });

  it('stops without swapping when the store skips an event, and refuses a second replay running at the same time', async () => {
    // The test before left an event for the live projector, which may see it only now.
    await caughtUp();
    const checkpoint = await readCheckpoint(db.pool);
    let skipped = false;
    const lossy: EventStore = {
      kind: store.kind,
      readStream: (name) => store.readStream(name),
      readStreams: (names) => store.readStreams(names),
      appendToStream: (name, events, expected) => store.appendToStream(name, events, expected),
      appendToStreams: (appends) => store.appendToStreams(appends),
      waitForAppend: (ms, signal) => store.waitForAppend(ms, signal),
      close: async () => undefined,
      async readAll(after, max) {
        const events = await store.readAll(after, max);
        if (!skipped && events.length > 3) {
          skipped = true;
          return events.filter((_, i) => i !== 2);
        }
        return events;
      },
    };
    const failure = await replayReadModels(lossy, db.pool, { projections: PROJECTIONS }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplayReadError);
    expect((failure as ReplayReadError).logged - (failure as ReplayReadError).applied).toBe(1);
    expect(await readCheckpoint(db.pool)).toEqual(checkpoint);
    expect(await schemas()).toEqual([LIVE_SCHEMA]);

    const other = await db.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [REPLAY_LOCK]);
      await expect(replayReadModels(store, db.pool, { projections: PROJECTIONS })).rejects.toBeInstanceOf(ReplayRunningError);
      await expect(checkReadModels(store, db.pool, { projections: PROJECTIONS })).rejects.toBeInstanceOf(ReplayRunningError);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]);
      other.release();
    }
    expect(await schemas()).toEqual([LIVE_SCHEMA]);
  });
});
