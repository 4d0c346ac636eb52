import { randomUUID } from 'node:crypto';
import type { Eltern } from '@waldkita/domain/eltern/eltern';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

const SITZUNG_BEENDET = 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.';
const NICHT_ANGEMELDET = 'Bitte melden Sie sich an.';
const KEINE_BERECHTIGUNG = 'Sie haben keine Berechtigung für diese Aktion.';

/**
 * The caller check behind every read (leser.ts, leser-cache.ts): from memory while nothing changed,
 * and a session ended or a role, group or removal shown on the next read. That a password change
 * ends the other sessions on reads at once, in one process with the command side:
 * cli/src/sitzungsende.test.ts and cli/src/leser-cache.test.ts.
 */
describe('the caller check of reads (query-api/src/auth/leser.ts)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  beforeAll(async () => {
    t = await queryApiRouteTest();
    await t.appendEvents(fuechse.stream, eulen.stream);
  });
  afterAll(() => t?.close());

  const lesen = (token: string, url = '/api/auth/current-user') => ({
    method: 'GET' as const,
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  const ich = (als: Eltern, url = '/api/auth/current-user') => ({ method: 'GET' as const, url, als });
  const ereignisse = (f: { elternId: string }, ...events: { type: string; data: unknown }[]) =>
    existingStream(elternStream(f.elternId), events);
  const passwortGesetzt = (f: { elternId: string }, grund = 'aenderung') => ({
    type: 'PasswortGesetzt',
    data: { elternId: f.elternId, grund },
  });

  /**
   * How many caller checks `f` sent to Postgres: the pool is wrapped for the time, and every query
   * joining `credentials` is counted (no read but the caller check does).
   */
  const aufruferAbfragen = async <T>(f: () => Promise<T>) => {
    const pool = t.db.pool as unknown as { query: (...args: unknown[]) => unknown };
    const original = pool.query;
    let abfragen = 0;
    pool.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.includes('JOIN credentials')) abfragen++;
      return original.apply(this, args);
    };
    try {
      const ergebnis = await f();
      return { ergebnis, abfragen };
    } finally {
      delete (pool as { query?: unknown }).query;
    }
  };

  /**
   * A read sent while the projector stands still: `app.inject` without letting the projections
   * catch up first (as `when` and `send` do).
   */
  const lesenOhneProjektor = async (token: string) => {
    const response = await t.app.inject(lesen(token));
    return { status: response.statusCode, body: response.json() };
  };

  /** The family's credentials row, as registration writes it beside its events. */
  const zugang = (f: { elternId: string; email: string }) =>
    t.db.pool.query('INSERT INTO credentials (eltern_id, email) VALUES ($1, $2)', [f.elternId, f.email]);

  /** A new password written as another process writes it: the row and `PasswortGesetzt` in one transaction. */
  const passwortAnderswo = (f: { elternId: string }) =>
    t.store.appendToStreams(
      [
        {
          streamName: elternStream(f.elternId),
          events: [
            {
              id: randomUUID(),
              ...passwortGesetzt(f),
              metadata: { actorId: f.elternId, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
            },
          ],
          expectedRevision: 'any',
        },
      ],
      {
        claim: async (db) => {
          await db.query('UPDATE credentials SET password_hash = $2, password_changed_at = now() WHERE eltern_id = $1', [
            f.elternId,
            'anderswo',
          ]);
        },
      },
    );

  it('asks Postgres nothing for a second read of an unchanged caller, and asks again once the read models moved', async () => {
    const igel = familie('Igel', fuechse.gruppeId);
    const erste = await t.given(igel.stream).when(ich(igel)).then(expectResponse(200));
    // A notice of the watermark may still follow the position the read waited for; then the caller is read once more.
    await expect.poll(async () => (await aufruferAbfragen(() => t.send(ich(igel)))).abfragen, { timeout: 5000 }).toBe(0);
    for (let i = 0; i < 10; i++) {
      const { ergebnis, abfragen } = await aufruferAbfragen(() => t.send(ich(igel)));
      expect([ergebnis.statusCode, ergebnis.json()]).toEqual([200, erste.json()]);
      expect(abfragen).toBe(0);
    }
    // Another family's registration moves the read models on: the caller is read again, once.
    await t.appendEvents(familie('Dachs', null).stream);
    const nachher = await aufruferAbfragen(() => t.send(ich(igel)));
    expect([nachher.ergebnis.statusCode, nachher.ergebnis.json()]).toEqual([200, erste.json()]);
    expect(nachher.abfragen).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await aufruferAbfragen(() => t.send(ich(igel)))).abfragen, { timeout: 5000 }).toBe(0);
  });

  it('refuses a token from before a password change or reset on every read once it is projected; the new session reads', async () => {
    const biber = familie('Biber', fuechse.gruppeId);
    const vorher = await t.token(biber, 0);
    await t.given(biber.stream).when(lesen(vorher)).then(expectResponse(200));
    // PasswortGesetzt at revision 1: the session version is 2.
    const nachAenderung = await t.token(biber, 2);
    await t
      .given(ereignisse(biber, passwortGesetzt(biber)))
      .when(lesen(vorher))
      .then(expectError(401, SITZUNG_BEENDET));
    await t.when(lesen(vorher, '/api/mitteilungen')).then(expectError(401, SITZUNG_BEENDET));
    await t.when(lesen(nachAenderung)).then(expectResponse(200));

    // An admin's reset ends every session of the family, the one from the change too.
    await t
      .given(ereignisse(biber, passwortGesetzt(biber, 'zuruecksetzung')))
      .when(lesen(nachAenderung))
      .then(expectError(401, SITZUNG_BEENDET));
    await t.when(lesen(await t.token(biber, 3))).then(expectResponse(200));
  });

  it('ends a session on the next reads when another process changes the password, before the projector has seen it', async () => {
    const otter = familie('Otter', fuechse.gruppeId);
    await zugang(otter);
    const token = await t.token(otter, 0);
    await t.given(otter.stream).when(lesen(token)).then(expectResponse(200));
    expect((await lesenOhneProjektor(token)).status).toBe(200);

    await passwortAnderswo(otter);
    // Only the notice of the credentials row can tell the query side: the read models stand still.
    await expect.poll(async () => (await lesenOhneProjektor(token)).status, { timeout: 2000, interval: 20 }).toBe(401);
    expect(await lesenOhneProjektor(token)).toEqual({ status: 401, body: { message: SITZUNG_BEENDET } });
    expect((await lesenOhneProjektor(await t.token(otter, 2))).status).toBe(200);
  });

  it('keeps no caller across a lost LISTEN connection, and answers from memory again once it is back', async () => {
    const marder = familie('Marder', fuechse.gruppeId);
    await zugang(marder);
    const token = await t.token(marder, 0);
    await t.given(marder.stream).when(lesen(token)).then(expectResponse(200));
    const hoerer = async () =>
      (
        await t.db.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN waldkita_credentials%'`,
        )
      ).rows.map((r) => r.pid);
    const vorher = await hoerer();
    expect(vorher).toHaveLength(1);

    // From here on the projector stands still: reads go through lesenOhneProjektor.
    await t.db.pool.query('SELECT pg_terminate_backend($1)', [vorher[0]]);
    await passwortAnderswo(marder);
    await expect.poll(async () => (await lesenOhneProjektor(token)).status, { timeout: 2000, interval: 20 }).toBe(401);

    // The watermark listens again within about a second; then a caller is kept again …
    await expect.poll(async () => (await hoerer()).filter((pid) => pid !== vorher[0]).length, { timeout: 5000 }).toBe(1);
    const neu = await t.token(marder, 2);
    expect((await lesenOhneProjektor(neu)).status).toBe(200);
    await expect.poll(async () => (await aufruferAbfragen(() => lesenOhneProjektor(neu))).abfragen, { timeout: 5000 }).toBe(0);
    // … and a change made elsewhere reaches it through the new connection.
    await passwortAnderswo(marder);
    await expect.poll(async () => (await lesenOhneProjektor(neu)).status, { timeout: 2000, interval: 20 }).toBe(401);
  }, 30_000);

  it('shows a role change, a move to another group and a removal on the next read', async () => {
    const dachs = familie('Dachs', fuechse.gruppeId);
    const eule = familie('Eule', eulen.gruppeId);
    const eulenDienste = `/api/wasserdienst/events?gruppe=${eulen.gruppeId}`;
    await t
      .given(dachs.stream, eule.stream)
      .when(ich(dachs))
      .then(expectResponse(200, { eltern: expect.objectContaining({ gruppe: { gruppenID: fuechse.gruppeId, gruppenName: 'Füchse' } }) }));
    await t.when(ich(dachs, eulenDienste)).then(expectError(403, KEINE_BERECHTIGUNG));
    await t.when(ich(dachs, '/api/admin/eltern')).then(expectError(403, KEINE_BERECHTIGUNG));
    await t.when(ich(dachs, '/api/admin/eltern')).then(expectError(403, KEINE_BERECHTIGUNG));

    const rollen = (r: string[]) => ereignisse(dachs, { type: 'RollenGeaendert', data: { elternId: dachs.elternId, rollen: r } });
    await t
      .given(rollen(['ROLE_ELTERN', 'ROLE_ADMIN']))
      .when(ich(dachs, '/api/admin/eltern'))
      .then(expectResponse(200));
    await t
      .given(rollen(['ROLE_ELTERN']))
      .when(ich(dachs, '/api/admin/eltern'))
      .then(expectError(403, KEINE_BERECHTIGUNG));

    const umzug = { elternId: dachs.elternId, nachname: 'Dachs', nameKind: null, gruppeId: eulen.gruppeId };
    await t
      .given(ereignisse(dachs, { type: 'ElternAktualisiert', data: umzug }))
      .when(ich(dachs))
      .then(expectResponse(200, { eltern: expect.objectContaining({ gruppe: { gruppenID: eulen.gruppeId, gruppenName: 'Eulen' } }) }));
    await t.when(ich(dachs, eulenDienste)).then(expectResponse(200, []));

    await t
      .given(ereignisse(dachs, { type: 'ElternEntfernt', data: { elternId: dachs.elternId } }))
      .when(ich(dachs))
      .then(expectError(401, NICHT_ANGEMELDET));
  });
});
