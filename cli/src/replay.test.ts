// Whole app: `npm run replay` (the CLI command) rebuilds the read models under the running query side and the projector.
import { randomUUID } from 'node:crypto';
import { comparePositions, formatPosition, type Position } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { readCheckpoint } from '@waldkita/projector/runtime/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'replay1234';
/** Extra history, so the rebuild takes long enough for many requests to run beside it. */
const FAMILIEN_IM_ARCHIV = 150;
const ABWESENHEITEN_JE_FAMILIE = 100;

/** Collects what the command writes, as a pipe would (or, with `terminal`, a terminal on stderr). */
const ausgabe = (terminal = false) => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
  const err = { text: '', write: (text: string) => (err.text += text), isTTY: terminal, columns: 120 };
  return { out, err };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Familie = { nachname: string; elternId: string; token: string; client: ReturnType<typeof apiClient>; gemeldet: string[] };

describe('npm run replay on the real app', () => {
  let app: TestApp;
  let familien: Familie[];

  const warteAufProjektor = async (position: Position) => {
    for (const deadline = Date.now() + 30_000; ; await pause(50)) {
      const checkpoint = await readCheckpoint(app.runtime.pool);
      if (checkpoint && comparePositions(checkpoint, position) >= 0) return;
      if (Date.now() > deadline) throw new Error(`the projector did not reach ${formatPosition(position)}`);
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    familien = await Promise.all(
      ['Fuchs', 'Bauer', 'Eule', 'Dachs'].map(async (nachname, i) => {
        const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
        const { elternId, position } = await app.familie({ email, passwort: PASSWORT, nachname }, i % 2 ? 'Eulen' : 'Füchse');
        const client = apiClient(() => app.baseUrl);
        client.remember(position);
        const anmeldung = await login(app.baseUrl, email, PASSWORT);
        // a sign-in refused here (503 on a machine out of breath) would turn every request below into a 401
        expect(anmeldung.status).toBe(200);
        const token = (await json(anmeldung)).jwt as string;
        return { nachname, elternId, token, client, gemeldet: [] };
      }),
    );
    // Earlier seasons of other families, appended as the command side would.
    let last: Position | null = null;
    for (let i = 0; i < FAMILIEN_IM_ARCHIV; i += 10)
      for (const { position } of await Promise.all(
        Array.from({ length: 10 }, () => {
          const elternId = randomUUID();
          return app.runtime.store.appendToStream(
            `abwesenheiten-${elternId}`,
            Array.from({ length: ABWESENHEITEN_JE_FAMILIE }, (_, n) => ({
              id: randomUUID(),
              type: 'AbwesenheitGemeldet',
              data: { abwesenheitId: randomUUID(), elternId, jahr: 2024 + (n % 3), kalenderwoche: (n % 52) + 1 },
              metadata: { actorId: elternId, correlationId: randomUUID(), causationId: null, occurredAt: JETZT.toISOString() },
            })),
            'no_stream',
          );
        }),
      ))
        if (!last || comparePositions(position, last) > 0) last = position;
    await warteAufProjektor(last!);
  }, 120_000);
  afterAll(() => app?.close());

  it('while families report absences and read lists, no request fails, every write is visible afterwards, and --check agrees', async () => {
    type Antwort = { was: string; status: number; erwartet: number; start: number; ende: number; fehlt?: string };
    const antworten: Antwort[] = [];
    let laeuft = true;
    const verkehr = familien.map(async (f, i) => {
      for (let n = 0; laeuft && n < 104; n++) {
        const woche = { jahr: 2027 + Math.floor(n / 52), kalenderwoche: (n % 52) + 1 };
        let start = performance.now();
        const neu = await f.client.call(f.token, 'POST', '/api/abwesenheit', woche);
        antworten.push({ was: 'POST /api/abwesenheit', status: neu.status, erwartet: 201, start, ende: performance.now() });
        if (neu.status === 201) f.gemeldet.push(neu.body.id);
        start = performance.now();
        const liste = await f.client.get(f.token, '/api/abwesenheit');
        // Read-your-writes holds throughout: unless the answer says it is stale, the new absence is in it.
        const stale = liste.headers.get('x-read-model-stale') === 'true';
        const fehlt =
          !stale && liste.status === 200 && !liste.body.some((a: { id: string }) => a.id === neu.body.id) ? neu.body.id : undefined;
        antworten.push({ was: 'GET /api/abwesenheit', status: liste.status, erwartet: 200, start, ende: performance.now(), fehlt });
        start = performance.now();
        const ich = await f.client.get(f.token, i % 2 ? '/api/gruppen' : '/api/auth/current-user');
        antworten.push({ was: 'GET (lists, current user)', status: ich.status, erwartet: 200, start, ende: performance.now() });
      }
    });

    await pause(300);
    const io = ausgabe();
    const replayStart = performance.now();
    const code = await replay(app.runtime.config, [], io);
    const replayEnde = performance.now();
    await pause(300);
    laeuft = false;
    await Promise.all(verkehr);

    expect(code).toBe(0);
    expect(io.out.text).toMatch(
      /^Replayed \d+ events in [\d.]+ s \(\d+ events\/s\)\. Both folds agree on all \d+ tables; read models swapped in at \d+\/\d+ \(live projector paused [\d.]+ s\)\.\n/,
    );
    expect(io.out.text).toMatch(/^ {2}abwesenheit +\d+ rows {2}checksum [0-9a-f]{16}$/m);
    // Progress: plain lines (stderr is no terminal here), no bar.
    expect(io.err.text).toMatch(/^replay: \d+\/\d+ events \(\d+%\), \d+ events\/s/m);
    expect(io.err.text).not.toMatch(/[█░]/);

    const waehrend = antworten.filter((a) => a.ende > replayStart && a.start < replayEnde);
    expect(waehrend.length).toBeGreaterThan(10);
    expect(antworten.filter((a) => a.status !== a.erwartet)).toEqual([]);
    expect(antworten.filter((a) => a.fehlt)).toEqual([]);

    // Every absence a family was told was created is in its list and in the read model.
    for (const f of familien) {
      const liste = await f.client.get(f.token, '/api/abwesenheit');
      expect(liste.status).toBe(200);
      expect(liste.body.map((a: { id: string }) => a.id).sort()).toEqual([...f.gemeldet].sort());
      const { rows } = await app.db.pool.query(`SELECT count(*)::int AS n FROM ${READ_MODEL_SCHEMA}.abwesenheit WHERE eltern_id = $1`, [
        f.elternId,
      ]);
      expect(rows[0].n).toBe(f.gemeldet.length);
      expect(f.gemeldet.length).toBeGreaterThan(0);
    }

    const check = ausgabe();
    expect(await replay(app.runtime.config, ['--check'], check)).toBe(0);
    expect(check.out.text).toMatch(/^The live read models match a fresh fold of \d+ events at \d+\/\d+ \(\d+ tables\)\.\n$/);
  });

  it('--check names a table changed directly in SQL with both counts and checksums; replay repairs it', async () => {
    const [fuchs, bauer] = familien;
    await app.db.pool.query(`UPDATE ${READ_MODEL_SCHEMA}.eltern SET nachname = 'Gefälscht' WHERE eltern_id = $1`, [fuchs!.elternId]);
    await app.db.pool.query(`DELETE FROM ${READ_MODEL_SCHEMA}.abwesenheit WHERE abwesenheit_id = $1`, [bauer!.gemeldet[0]]);
    // (reads keep answering from what they built at this read-model position: the change is in the table only)
    const { rows } = await app.db.pool.query(`SELECT nachname FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = $1`, [fuchs!.elternId]);
    expect(rows[0].nachname).toBe('Gefälscht');

    const check = ausgabe();
    expect(await replay(app.runtime.config, ['--check'], check)).toBe(1);
    const zeilen = check.out.text.split('\n');
    expect(zeilen[0]).toMatch(/^The live read models differ from a fresh fold of \d+ events at \d+\/\d+ in 2 of \d+ tables:$/);
    const [, abwLive, abwNeu] =
      /^ {2}rm\.abwesenheit: live (\d+) rows, checksum [0-9a-f]{16} \| rebuilt (\d+) rows, checksum [0-9a-f]{16}$/.exec(zeilen[1]!)!;
    expect(Number(abwNeu) - Number(abwLive)).toBe(1);
    const [, elternLive, summeLive, elternNeu, summeNeu] =
      /^ {2}rm\.eltern: live (\d+) rows, checksum ([0-9a-f]{16}) \| rebuilt (\d+) rows, checksum ([0-9a-f]{16})$/.exec(zeilen[2]!)!;
    expect(elternLive).toBe(elternNeu);
    expect(summeLive).not.toBe(summeNeu);

    expect(await replay(app.runtime.config, [], ausgabe())).toBe(0);
    const terminal = ausgabe(true);
    expect(await replay(app.runtime.config, ['--check'], terminal)).toBe(0);
    // On a terminal the progress is a bar with events/s and the remaining time.
    expect(terminal.err.text).toMatch(/check \|[█░]+\| \d+% \| \d+\/\d+ events \| \d+ events\/s \| ETA /);
    expect((await fuchs!.client.get(fuchs!.token, '/api/auth/current-user')).body.eltern.nachname).toBe('Fuchs');
    const liste = await bauer!.client.get(bauer!.token, '/api/abwesenheit');
    expect(liste.body.map((a: { id: string }) => a.id)).toContain(bauer!.gemeldet[0]);
  });

  it('answers an unknown option with the usage and exit code 2', async () => {
    const io = ausgabe();
    expect(await replay(app.runtime.config, ['--chek'], io)).toBe(2);
    expect(io.err.text).toContain('usage: npm run replay [-- --check]');
  });
});
