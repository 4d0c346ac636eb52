// Needs the whole app: erasure is checked in a dump of the whole database, in Redis and the queued mails, the chain and replay.
// The route's refusals alone: command-api/src/admin/personendaten-routes.test.ts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { loeschePersonendaten } from '@waldkita/platform/datenschutz/loesche-personendaten';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { an, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { loescheNachAufbewahrungsfrist } from '@waldkita/projector/datenschutz/aufbewahrung';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

/** Monday of ISO week 48 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-23T10:00:00+01:00');
const PASSWORT = 'loeschen-1234';

/** What only the family to be erased ever wrote or was called: none of it may remain anywhere. */
const ZWETSCHGE = {
  nachname: 'Zwetschgenbaum',
  nameKind: 'Ottilie',
  email: 'zwetschgen.privat@example.org',
  nachricht: 'Ruft mich an unter 0171 5550199',
  grund: 'Zwei Kinder, Ottilie und Korbinian',
};
const SPUREN = [ZWETSCHGE.nachname, ZWETSCHGE.nameKind, ZWETSCHGE.email, '0171 5550199', 'Korbinian'];

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};

/**
 * Every key the app keeps in Redis with every value it holds, as text (hashes, lists, sets, sorted
 * sets, streams, strings): its queues (`prefix:*`) and its counters (`waldkita:*`: sign-in limits,
 * reset links). Keys of other installations and tests on the same Redis are left out.
 */
async function redisInhalt(redis: Redis, prefix: string): Promise<string> {
  const teile: string[] = [];
  for (const muster of [`${prefix}:*`, 'waldkita:*']) {
    let cursor = '0';
    do {
      const [weiter, keys] = await redis.scan(cursor, 'MATCH', muster, 'COUNT', 1000);
      cursor = weiter;
      for (const key of keys) {
        const typ = await redis.type(key);
        teile.push(key);
        if (typ === 'string') teile.push((await redis.get(key)) ?? '');
        else if (typ === 'hash') teile.push(JSON.stringify(await redis.hgetall(key)));
        else if (typ === 'list') teile.push(...(await redis.lrange(key, 0, -1)));
        else if (typ === 'set') teile.push(...(await redis.smembers(key)));
        else if (typ === 'zset') teile.push(...(await redis.zrange(key, 0, -1)));
        else if (typ === 'stream') teile.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      }
    } while (cursor !== '0');
  }
  return teile.join('\n');
}

const gefunden = (text: string) => SPUREN.filter((s) => text.toLowerCase().includes(s.toLowerCase()));

describe('Personendaten löschen (Art. 17): crypto-shredding with the log intact, on a log with an import, swaps and absences (real app, Postgres, Redis, SMTP)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let admin: { elternId: string; token: string };
  let zwetschge: { elternId: string; token: string };
  let bauer: { elternId: string; token: string; email: string };
  let gruppeId: string;
  let tauschId: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);
  const pgDump = async () =>
    (
      await promisify(execFile)('pg_dump', ['--data-only', '-h', '127.0.0.1', '-U', 'postgres', app.db.name], {
        maxBuffer: 512 * 1024 * 1024,
      })
    ).stdout;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url });
    admin = await app.angemeldeteFamilie('Leitung', PASSWORT, remember, undefined, ['ROLE_ELTERN', 'ROLE_ADMIN']);
    bauer = await app.angemeldeteFamilie('Bauer', PASSWORT, remember, 'Füchse');
    // the family comes with the yearly import, as most do: its welcome mail names its child
    expect((await call(admin.token, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
    const form = new FormData();
    const datei = `Nachname;Vorname;Gruppe;E-Mail\nBauer;Jonas;Füchse;${bauer.email}\n${ZWETSCHGE.nachname};${ZWETSCHGE.nameKind};Füchse;${ZWETSCHGE.email}\n`;
    form.append('csvFile', new Blob([datei], { type: 'text/csv' }), 'eltern-2026.csv');
    form.append('deadline', '2027-03-31');
    expect((await call(admin.token, 'POST', '/api/admin/import-eltern', form)).status).toBe(200);
    const familien = (await get(admin.token, '/api/admin/eltern')).body as { id: string; email: string; gruppe: { gruppenID: string } }[];
    const neu = familien.find((e) => e.email === ZWETSCHGE.email)!;
    gruppeId = neu.gruppe.gruppenID;
    expect((await call(admin.token, 'PUT', `/api/admin/eltern/${neu.id}/reset-password`, { newPassword: PASSWORT })).status).toBe(200);
    zwetschge = { elternId: neu.id, token: (await json(await login(app.baseUrl, ZWETSCHGE.email, PASSWORT))).jwt };

    const plan = [49, 50, 51].flatMap((kw) => [
      { elternId: zwetschge.elternId, jahr: 2026, kalenderwoche: kw },
      { elternId: bauer.elternId, jahr: 2027, kalenderwoche: kw - 47 },
    ]);
    const { zuweisungen, position } = await weiseWasserdiensteZu(app.runtime, gruppeId, plan, { actorId: null });
    remember(position);
    const von = (elternId: string, kw: number) =>
      zuweisungen.find((z) => z.elternId === elternId && z.kalenderwoche === kw)!.wasserdienstId;

    // a swap offer with a message of its own, taken by Bauer: Bauer's mails name the family
    const angebot = await call(zwetschge.token, 'POST', '/api/tausch', {
      wasserdienstId: von(zwetschge.elternId, 49),
      message: ZWETSCHGE.nachricht,
    });
    expect(angebot.status).toBe(201);
    tauschId = angebot.headers.get('x-tausch-id')!;
    expect(
      (await call(bauer.token, 'PUT', `/api/tausch/${tauschId}/accept`, { resolveWasserdienstId: von(bauer.elternId, 2) })).status,
    ).toBe(200);
    // a second offer, still open
    expect(
      (await call(zwetschge.token, 'POST', '/api/tausch', { wasserdienstId: von(zwetschge.elternId, 50), message: ZWETSCHGE.nachricht }))
        .status,
    ).toBe(201);
    expect((await call(zwetschge.token, 'POST', '/api/abwesenheit', { jahr: 2027, kalenderwoche: 10 })).status).toBe(201);
    expect(
      (await call(admin.token, 'PUT', `/api/admin/eltern/${zwetschge.elternId}/anteil`, { anteil: 2, grund: ZWETSCHGE.grund })).status,
    ).toBe(200);
    expect((await call(zwetschge.token, 'POST', '/api/kalender/abo')).status).toBe(200);
    await smtp.waitForMails(1, (m) => an(bauer.email)(m) && (m.text ?? '').includes(ZWETSCHGE.nachname));
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('before: the log holds none of it in plain text (sealed per family), while the read models and the queued mails do', async () => {
    const { rows } = await app.db.pool.query<{ data: string }>('SELECT data::text FROM events');
    expect(gefunden(rows.map((r) => r.data).join('\n'))).toEqual([]);
    expect(rows.some((r) => r.data.includes('"nachname": "pd1:'))).toBe(true);
    expect(gefunden(await pgDump())).toEqual(expect.arrayContaining([ZWETSCHGE.nachname, ZWETSCHGE.email]));
    expect(gefunden(await redisInhalt(app.runtime.redis!, app.workers!.prefix))).toContain(ZWETSCHGE.nachname);
    // the app reads them as ever
    const ich = (await get(zwetschge.token, '/api/auth/current-user')).body;
    expect(ich).toMatchObject({ eltern: { nachname: ZWETSCHGE.nachname, nameKind: ZWETSCHGE.nameKind, email: ZWETSCHGE.email } });
    // and the chain and a fresh fold agree before the erasure, as after it (below)
    const stdout = ausgabe();
    expect(await audit(app.runtime.config, ['verify'], { stdout, stderr: ausgabe() } as never), stdout.text).toBe(0);
    const pruefung = { out: ausgabe(), err: ausgabe() };
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text).toBe(0);
  });

  it('erases: nothing of the family remains in a dump of the whole database nor in any of the app’s keys in Redis', async () => {
    const antwort = await call(admin.token, 'DELETE', `/api/admin/eltern/${zwetschge.elternId}/personendaten`);
    expect(antwort).toEqual({
      status: 200,
      body: {
        id: zwetschge.elternId,
        message: 'Die Personendaten wurden gelöscht. Die Familie erscheint jetzt als „Gelöschte Familie 1“.',
      },
    });
    await get(admin.token, '/api/admin/eltern');
    expect(gefunden(await pgDump())).toEqual([]);
    expect(gefunden(await redisInhalt(app.runtime.redis!, app.workers!.prefix))).toEqual([]);
    // the login is gone
    expect((await login(app.baseUrl, ZWETSCHGE.email, PASSWORT)).status).toBe(401);
    expect((await get(zwetschge.token, '/api/wasserdienst/my-assignments')).status).toBe(401);
    expect(await call(admin.token, 'DELETE', `/api/admin/eltern/${zwetschge.elternId}/personendaten`)).toEqual({
      status: 200,
      body: { id: zwetschge.elternId, message: 'Die Personendaten dieser Familie sind bereits gelöscht.' },
    });
  });

  it("the history and the plan as of earlier say 'Gelöschte Familie 1'; the other family keeps its name and its duties", async () => {
    const verlauf = (await get(admin.token, '/api/audit/events/export?format=json')).body as unknown;
    const text = JSON.stringify(verlauf);
    expect(gefunden(text)).toEqual([]);
    expect(text).toContain('Gelöschte Familie 1 wird angelegt (in der Gruppe „Füchse“).');
    expect(text).toContain('Die gelöschte Familie heißt von jetzt an „Gelöschte Familie 1“.');
    expect(text).toContain('Familie Bauer');
    expect(text).not.toContain('Familie Gelöschte Familie');
    // the swap's page names the family by its pseudonym, as do the raw events (sealed name opened as the placeholder)
    const tausch = (await get(admin.token, `/api/audit/tausch/${tauschId}`)).body as { angebot: { familie: string } };
    expect(tausch.angebot.familie).toBe('Gelöschte Familie 1');
    const csv = await fetch(`${app.baseUrl}/api/audit/events/export?format=csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    const csvText = await csv.text();
    expect(csvText).toContain('Gelöschte Familie 1');
    expect(csvText).not.toContain('Familie Gelöschte Familie');
    const frueher = (await get(admin.token, `/api/audit/dienstplan/${gruppeId}?asOf=${encodeURIComponent(JETZT.toISOString())}`)).body;
    expect(gefunden(JSON.stringify(frueher))).toEqual([]);
    const bauers = (await get(bauer.token, '/api/wasserdienst/my-assignments')).body as unknown[];
    expect(bauers.length).toBe(3);
  });

  it('the chain still verifies on every stream, and a fresh fold of the log gives the same read models', async () => {
    const stdout = ausgabe();
    const stderr = ausgabe();
    expect(await audit(app.runtime.config, ['verify'], { stdout, stderr } as never), stdout.text + stderr.text).toBe(0);
    const pruefung = { out: ausgabe(), err: ausgabe() };
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text).toBe(0);
    const { rows } = await app.db.pool.query(`SELECT nachname, name_kind FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = $1`, [
      zwetschge.elternId,
    ]);
    expect(rows).toEqual([{ nachname: 'Gelöschte Familie 1', name_kind: null }]);
  });

  it('a family that left is erased by the nightly job once RETENTION_DAYS (default 180) have passed, not a day earlier', async () => {
    const eichhorn = await app.angemeldeteFamilie('Eichhorn', PASSWORT, remember, 'Füchse');
    expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${eichhorn.elternId}`)).status).toBe(200);
    await get(admin.token, '/api/admin/eltern');
    expect(app.runtime.config.RETENTION_DAYS).toBe(180);
    const deps = {
      ...app.runtime,
      redis: app.runtime.redis!,
      queuePrefix: app.workers!.prefix,
      now: () => JETZT,
      retentionDays: app.runtime.config.RETENTION_DAYS,
    };
    const tage = (n: number) => new Date(JETZT.getTime() + n * 24 * 60 * 60 * 1000);
    // the projector has recorded since when the family is gone
    await expect
      .poll(
        async () =>
          (await app.db.pool.query(`SELECT 1 FROM ${READ_MODEL_SCHEMA}.ausgeschieden WHERE eltern_id = $1`, [eichhorn.elternId])).rowCount,
      )
      .toBe(1);
    expect(await loescheNachAufbewahrungsfrist(deps, tage(179))).toEqual([]);
    expect(await loescheNachAufbewahrungsfrist(deps, tage(181))).toEqual([eichhorn.elternId]);
    expect(await loescheNachAufbewahrungsfrist(deps, tage(182))).toEqual([]);
    remember((await app.runtime.store.readStream(`eltern-${eichhorn.elternId}`)).events.at(-1)!.position);
    await get(admin.token, '/api/admin/eltern');
    const { rows } = await app.db.pool.query(`SELECT nachname FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = $1`, [eichhorn.elternId]);
    expect(rows).toEqual([{ nachname: 'Gelöschte Familie 2' }]);
    expect((await login(app.baseUrl, eichhorn.email, PASSWORT)).status).toBe(401);
    // the job is scheduled every night at 03:00 Berlin time
    const plaene = await app.workers!.aufbewahrungQueue.getJobSchedulers();
    expect(plaene.map((p) => [p.pattern, p.tz])).toEqual([['0 3 * * *', 'Europe/Berlin']]);
  });

  it('two erased families are told apart: each keeps its own number, in the trail and in the family filter', async () => {
    type Liste = { gesamt: number; eintraege: { beschreibung: string }[] };
    const eins = (await get(admin.token, `/api/audit/events?familie=${encodeURIComponent('Gelöschte Familie 1')}`)).body as Liste;
    const zwei = (await get(admin.token, `/api/audit/events?familie=${encodeURIComponent('gelöschte  familie 2')}`)).body as Liste;
    const perId = (await get(admin.token, `/api/audit/events?familie=${zwetschge.elternId}`)).body as Liste;
    expect(eins.gesamt).toBeGreaterThan(5);
    expect(eins).toEqual(perId);
    expect(eins.eintraege.map((e) => e.beschreibung).join('\n')).toContain('Gelöschte Familie 1 bietet');
    expect(eins.eintraege.map((e) => e.beschreibung).join('\n')).not.toContain('Gelöschte Familie 2');
    expect(zwei.eintraege.map((e) => e.beschreibung)).toContain('Die gelöschte Familie heißt von jetzt an „Gelöschte Familie 2“.');
    expect(zwei.eintraege.map((e) => e.beschreibung).join('\n')).not.toContain('Gelöschte Familie 1');
    // a number no family bears finds nothing; a name that is not a pseudonym is refused
    expect(((await get(admin.token, `/api/audit/events?familie=${encodeURIComponent('Gelöschte Familie 9')}`)).body as Liste).gesamt).toBe(
      0,
    );
    expect(await get(admin.token, `/api/audit/events?familie=${encodeURIComponent('Gelöschte Familie Fuchs')}`)).toEqual({
      status: 400,
      body: { message: 'Bitte geben Sie die Familie als ihre Kennung (UUID) an.' },
    });
  });

  it('two erasures at the same moment from two processes take two numbers', async () => {
    const namen = ['Igel', 'Specht'];
    const familien = await Promise.all(namen.map((n) => app.angemeldeteFamilie(n, PASSWORT, remember, 'Füchse')));
    for (const f of familien) expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${f.elternId}`)).status).toBe(200);
    const pool = new pg.Pool({ connectionString: app.runtime.config.DATABASE_URL, max: 2 });
    try {
      // a second store object: its commands do not wait for this process's, as another process's would not
      const andere = (app.runtime.store as unknown as { withPool(p: pg.Pool): typeof app.runtime.store }).withPool(pool);
      const deps = { pool: app.db.pool, redis: app.runtime.redis, queuePrefix: app.workers!.prefix, now: () => JETZT };
      const ergebnisse = await Promise.all([
        loeschePersonendaten({ ...deps, store: app.runtime.store }, familien[0]!.elternId, 'antrag', admin.elternId),
        loeschePersonendaten({ ...deps, store: andere }, familien[1]!.elternId, 'antrag', admin.elternId),
      ]);
      expect(ergebnisse.map((e) => e.pseudonym).sort()).toEqual(['Gelöschte Familie 3', 'Gelöschte Familie 4']);
      remember(ergebnisse.map((e) => e.position!).sort((a, b) => b.commit - a.commit)[0]!);
    } finally {
      await pool.end();
    }
    await get(admin.token, '/api/admin/eltern');
    const { rows } = await app.db.pool.query<{ nachname: string }>(
      `SELECT nachname FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = ANY($1::uuid[]) ORDER BY nachname`,
      [familien.map((f) => f.elternId)],
    );
    expect(rows.map((r) => r.nachname)).toEqual(['Gelöschte Familie 3', 'Gelöschte Familie 4']);
    const stdout = ausgabe();
    expect(await audit(app.runtime.config, ['verify'], { stdout, stderr: ausgabe() } as never), stdout.text).toBe(0);
    const pruefung = { out: ausgabe(), err: ausgabe() };
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text).toBe(0);
  });
});
