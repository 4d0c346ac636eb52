import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/built-app.js';
import { demoKita } from './support/demo-kita.js';

describe('operator commands of the built CLI', () => {
  // an empty kindergarten: the tests below create the first admin and seed the demo themselves
  const kita = demoKita({ seed: false, browser: false });

  const countEvents = async () => {
    const client = new pg.Client({ connectionString: kita.app.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM events');
    await client.end();
    return Number(rows[0]!.n);
  };

  it('creates the first admin, and a second run for the same e-mail says so and changes nothing', async () => {
    const args = ['admin', 'create-admin', '--email', 'Leitung@Example.org', '--password', 'sehr-geheim', '--nachname', 'Leitung'];
    // without APP_URL the address to sign in at is derived from PORT
    const first = await runCli(args, { ...kita.app.env, APP_URL: '' });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Admin leitung@example\.org created/i);
    expect(first.stdout).toContain(`Sign in at http://localhost:${kita.app.env.PORT}/login`);
    const events = await countEvents();
    expect(events).toBe(2); // ElternRegistriert, PasswortGesetzt

    const again = await kita.app.cli([...args.slice(0, 3), 'leitung@example.org', ...args.slice(4)]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('exists already');
    expect(await countEvents()).toBe(events);

    const login = await fetch(`${kita.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=leitung%40example.org&kennwort=sehr-geheim',
    });
    expect(login.status).toBe(200);
  });

  it('refuses create-admin with missing or bad arguments and explains the usage', async () => {
    const result = await kita.app.cli(['admin', 'create-admin', '--email', 'keine-adresse', '--password', 'x', '--nachname', 'N']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--email must be an e-mail address');
    expect(result.stderr).toContain('usage: npm run admin -- create-admin');
  });

  const login = (email: string, kennwort: string) =>
    fetch(`${kita.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, kennwort }),
    }).then((response) => response.status);

  it('adds the demo kindergarten after the first admin, in the README’s order; a second run changes nothing', async () => {
    const seeded = await kita.app.cli(['seed-demo']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('Demo kindergarten created: 2 groups, 24 families, 1 admin');
    expect(seeded.stdout).toContain('familie.fuchs@demo.waldkita.example');
    expect(await login('leitung@demo.waldkita.example', 'waldkita-demo')).toBe(200);
    expect(await login('familie.fuchs@demo.waldkita.example', 'waldkita-demo')).toBe(200);
    expect(await login('leitung@example.org', 'sehr-geheim')).toBe(200);

    const events = await countEvents();
    const again = await kita.app.cli(['seed-demo']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('holds more than admin accounts');
    expect(again.stderr).toContain('Nothing was changed.');
    expect(await countEvents()).toBe(events);
  }, 180_000); // seed-demo hashes two dozen passwords: slow on a busy machine

  it('rebuilds the read models with replay and reports events per second', async () => {
    const result = await kita.app.cli(['replay']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Replayed \d+ events in [\d.]+ s \(\d+ events\/s\)/);
  });

  it('stops start-up with one clear line when PostgreSQL is unreachable', async () => {
    const result = await runCli(['start'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/waldkita', PORT: '0' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PostgreSQL at 127\.0\.0\.1:1 is not reachable .*Start it, e\.g\. with: pg_ctlcluster/);
  });

  it('stops start-up with one clear line when Redis is unreachable', async () => {
    const result = await runCli(['start'], { DATABASE_URL: kita.app.databaseUrl, REDIS_URL: 'redis://127.0.0.1:1', PORT: '0' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Redis at 127\.0\.0\.1:1 is not reachable .*redis-server .*--port 1 /);
  });

  it('stops with one clear line on a wrong setting, and in production without JWT_SECRET', async () => {
    const port = await runCli(['start'], { PORT: 'neunzig' });
    expect(port.code).toBe(1);
    expect(port.stderr.trim()).toMatch(/^Configuration error: PORT: /);
    const prod = await runCli(['start'], { NODE_ENV: 'production', JWT_SECRET: '' });
    expect(prod.code).toBe(1);
    expect(prod.stderr.trim()).toMatch(/JWT_SECRET/);
  });
});
