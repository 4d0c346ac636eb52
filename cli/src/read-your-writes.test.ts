// Whole app: X-Min-Position across command, projector and query on the running server (a position the log does not hold).
import { randomUUID } from 'node:crypto';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;
const BEYOND_THE_LOG = '9999999999999999/9999999999999999';
/**
 * Less than a read that waited for a position would take (MAX_WAIT_MS, 2 s): 'at once' without a
 * bound a busy machine could break (an answer took 514 ms while the suite shared two cores).
 */
const OHNE_WARTEN_MS = 1500;

/** A GET with its duration in milliseconds. */
async function timedGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

describe('read-your-writes with a position the event log does not hold', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    const email = uniqueEmail('dachs');
    await app.familie({ email, passwort: 'dachs1234', nachname: 'Dachs' });
    token = (await json(await login(app.baseUrl, email, 'dachs1234'))).jwt as string;
  });
  afterAll(() => app.close());

  it('answers an unauthenticated read at once and says the answer is not known to be that fresh', async () => {
    const { response, ms } = await timedGet(`${app.baseUrl}/api/auth/current-user`, { 'x-min-position': BEYOND_THE_LOG });
    expect(ms).toBeLessThan(OHNE_WARTEN_MS);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-read-model-stale')).toBe('true');
  });

  it('answers an authenticated read at once, with the data as it is', async () => {
    const { response, body, ms } = await timedGet(`${app.baseUrl}/api/auth/current-user`, {
      authorization: `Bearer ${token}`,
      'x-min-position': BEYOND_THE_LOG,
    });
    expect(ms).toBeLessThan(OHNE_WARTEN_MS);
    expect(response.status).toBe(200);
    expect(JSON.parse(body).eltern.nachname).toBe('Dachs');
    expect(response.headers.get('x-read-model-stale')).toBe('true');
  });

  it('still waits for a position the caller has just written, after made-up ones were answered at once', async () => {
    await app.stopProjector();
    // The newest position known is learned before the write below.
    await timedGet(`${app.baseUrl}/api/auth/current-user`, { 'x-min-position': BEYOND_THE_LOG });
    const email = uniqueEmail('marder');
    const created = await app.familie({ email, passwort: 'marder123', nachname: 'Marder' });
    const fresh = (await json(await login(app.baseUrl, email, 'marder123'))).jwt as string;

    const pending = timedGet(`${app.baseUrl}/api/auth/current-user`, {
      authorization: `Bearer ${fresh}`,
      'x-min-position': formatPosition(created.position!),
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    app.startProjector();
    const { response, body, ms } = await pending;
    expect(ms).toBeGreaterThan(550);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-read-model-stale')).toBeNull();
    expect(JSON.parse(body).eltern.nachname).toBe('Marder');
  });
});
