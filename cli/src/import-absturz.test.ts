import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { loadConfig } from '@waldkita/platform/config';
import { checkSideTables } from '@waldkita/platform/event-store/side-tables';
import { createTestDatabase, dropTestDatabase } from '@waldkita/platform/testing/test-database';
import { removeQueueKeys } from '@waldkita/projector/runtime/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime, type Runtime } from './runtime.js';
import { type AppProzess, pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { apiClient, json, login, TEST_JWT_SECRET } from './testing/test-app.js';

/**
 * The yearly import killed with SIGKILL at several moments, in a real process of its own (the
 * built app, `node cli/dist/main.js start`): afterwards the season is either the old one or the
 * new one, never a mix, and no row beside the log lacks its event.
 */

const PASSWORT = 'absturz1234';
const FAMILIEN = 5000;

/** A family list of `n` rows in `gruppen` groups, every e-mail and group name marked with `tag`. */
const familienliste = (tag: string, gruppen: string[]) => {
  const zeilen = ['Nachname;Vorname;Gruppe;E-Mail'];
  for (let i = 0; i < FAMILIEN; i++) zeilen.push(`Familie${i};Kind${i};${gruppen[i % gruppen.length]};f${i}-${tag}@example.org`);
  return new TextEncoder().encode(`${zeilen.join('\n')}\n`);
};

describe('the yearly import killed with SIGKILL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let runtime: Runtime;
  let child: AppProzess | null = null;
  let baseUrl = '';
  let admin = '';
  const { call } = apiClient(() => baseUrl);

  const starte = async () => {
    child = await starteAppProzess(db.databaseUrl);
    baseUrl = child.baseUrl;
  };
  const toete = async () => {
    const laufend = child!;
    child = null;
    await laufend.beende('SIGKILL');
  };
  const importiere = (bytes: Uint8Array) => {
    const form = new FormData();
    form.append('csvFile', new Blob([bytes], { type: 'text/csv' }), 'eltern.csv');
    form.append('deadline', '2027-03-31');
    return call(admin, 'POST', '/api/admin/import-eltern', form);
  };
  const zaehle = async () => {
    const { rows } = await runtime.pool.query<{ events: number; importe: number; credentials: number; links: number; namen: number }>(
      `SELECT (SELECT count(*) FROM events)::int AS events,
              (SELECT count(*) FROM events WHERE event_type = 'ImportAbgeschlossen')::int AS importe,
              (SELECT count(*) FROM credentials)::int AS credentials,
              (SELECT count(*) FROM passwort_links)::int AS links,
              (SELECT count(*) FROM gruppen_namen)::int AS namen`,
    );
    return rows[0]!;
  };
  /** Resolves as soon as a backend of the test database is inside a transaction that writes. */
  const imSchreibenden = async (signal: { stop: boolean }) => {
    while (!signal.stop) {
      const { rows } = await runtime.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND xact_start IS NOT NULL AND query ~ '^\\s*(INSERT INTO (events|streams|credentials|gruppen_namen|passwort_links)|WITH moved)'`,
      );
      if (rows.length > 0) return true;
      await new Promise((r) => setTimeout(r, 2));
    }
    return false;
  };

  /** Resolves as soon as an import more than `vorher` has committed. */
  const nachDemCommit = async (vorher: number, signal: { stop: boolean }) => {
    while (!signal.stop) {
      const { rows } = await runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'ImportAbgeschlossen'`);
      if (rows[0].n > vorher) return true;
      await new Promise((r) => setTimeout(r, 2));
    }
    return false;
  };

  beforeAll(async () => {
    pruefeBuild();
    db = await createTestDatabase('waldkita_absturz');
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, JWT_SECRET: TEST_JWT_SECRET });
    runtime = await openRuntime(config, { redis: false });
    await registriereEltern(
      runtime,
      { nachname: 'Leitung', nameKind: null, email: 'leitung@example.org', gruppeId: null, rollen: ['ROLE_ADMIN'], passwort: PASSWORT },
      { actorId: null },
    );
    await starte();
    admin = (await json(await login(baseUrl, 'leitung@example.org', PASSWORT))).jwt;
    expect((await call(admin, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    if (child) await toete();
    if (runtime) {
      const { connectRedis } = await import('@waldkita/platform/redis');
      const redis = await connectRedis(runtime.config.REDIS_URL);
      await removeQueueKeys(redis, `waldkita-${db.name}`).catch(() => undefined);
      redis.disconnect();
      await runtime.close();
    }
    await dropTestDatabase(db.name);
  });

  it('leaves the old season or the new one at every moment, and the same file completes it afterwards', async () => {
    // A first season, imported in full; its time calibrates the moments below.
    const begonnen = performance.now();
    const erste = await importiere(familienliste('s0', ['Füchse', 'Eulen']));
    const dauer = performance.now() - begonnen;
    expect(erste.status).toBe(200);
    console.log(`import of ${FAMILIEN} rows in the child process: ${Math.round(dauer)} ms`);

    // Moments: inside the writing transaction (found through pg_stat_activity), and spread over the request.
    const momente: { name: string; warte: (signal: { stop: boolean }, importe: number) => Promise<unknown> }[] = [
      { name: 'in the writing transaction', warte: imSchreibenden },
      { name: '30 ms into the writing transaction', warte: async (s) => (await imSchreibenden(s)) && sleep(30) },
      ...[0.1, 0.5].map((anteil) => ({ name: `${anteil * 100} % of a first import's time`, warte: () => sleep(anteil * dauer) })),
      { name: 'right after the commit', warte: (s, importe) => nachDemCommit(importe, s) },
    ];
    let ergebnisse = '';
    for (const [i, moment] of momente.entries()) {
      if (!child) await starte();
      admin = (await json(await login(baseUrl, 'leitung@example.org', PASSWORT))).jwt;
      const gruppen = [`Dachse ${i}`, `Igel ${i}`, `Luchse ${i}`, `Otter ${i}`, 'Füchse'];
      const datei = familienliste(`k${i}`, gruppen);
      const vorher = await zaehle();
      const signal = { stop: false };
      const antwort = importiere(datei).catch(() => null);
      await Promise.race([moment.warte(signal, vorher.importe), antwort]);
      signal.stop = true;
      await toete();
      const beantwortet = await antwort;
      const nachher = await zaehle();

      // Either nothing of the import, or all of it.
      const abgeschlossen = nachher.importe === vorher.importe + 1;
      if (!abgeschlossen) expect(nachher).toEqual(vorher);
      else {
        expect(nachher.credentials).toBe(vorher.credentials + FAMILIEN);
        expect(nachher.links).toBe(vorher.links + FAMILIEN);
        expect(nachher.namen).toBe(vorher.namen + 4);
      }
      // No row beside the log without its event, no event without its row.
      expect(await checkSideTables(runtime.store, runtime.pool)).toEqual([]);
      if (beantwortet?.status === 200) expect(abgeschlossen).toBe(true);
      ergebnisse += `\n  killed ${moment.name}: ${abgeschlossen ? 'new season complete' : 'old season unchanged'}${beantwortet?.status === 200 ? ' (answered before the kill)' : ''}`;
      await starte();
      admin = (await json(await login(baseUrl, 'leitung@example.org', PASSWORT))).jwt;
      if (!abgeschlossen) {
        // The same file again completes it.
        const wieder = await importiere(datei);
        expect(wieder.status).toBe(200);
        expect(wieder.body).toMatchObject({ successCount: FAMILIEN, neueFamilien: FAMILIEN });
      }
      // Every family of the file is in a group that exists, once the restarted projector has caught up.
      let neue: { email: string; gruppe: { gruppenName: string } | null }[] = [];
      for (let warten = 0; warten < 300 && neue.length < FAMILIEN; warten++) {
        if (warten > 0) await sleep(100);
        const eltern = (await call(admin, 'GET', '/api/admin/eltern')).body as typeof neue;
        neue = eltern.filter((e) => e.email.endsWith(`-k${i}@example.org`));
      }
      expect(neue).toHaveLength(FAMILIEN);
      expect(new Set(neue.map((e) => e.gruppe?.gruppenName))).toEqual(new Set(gruppen));
      const liste = (await call(admin, 'GET', '/api/admin/gruppen')).body as { gruppenName: string }[];
      expect(liste.map((g) => g.gruppenName)).toEqual(expect.arrayContaining(gruppen));
      // A name the import created is taken, and the group list shows it.
      expect((await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: `Dachse ${i}` })).status).toBe(409);
      expect(await checkSideTables(runtime.store, runtime.pool)).toEqual([]);
    }
    console.log(`SIGKILL during the yearly import (${FAMILIEN} rows, 4 new groups):${ergebnisse}`);
  }, 300_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
