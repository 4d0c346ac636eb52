import { randomUUID } from 'node:crypto';
import { FELDER_FEHLEN, LOGIN_FEHLGESCHLAGEN, ZU_VIELE_VERSUCHE } from '@waldkita/domain/auth/login';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anmeldung, commandApiRouteTest, existingStream, expectError, expectResponse, familie, gruppe } from '../testing/route-test.js';

const PASSWORT = 'geheim123';

/**
 * Sign-in (POST /api/auth/login). That the token it answers reads the family's own record on the
 * query side: query-api/src/auth/current-user-routes.test.ts; the limits on wrong passwords:
 * anmeldeschutz-routes.test.ts.
 */
describe('sign-in (POST /api/auth/login)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);

  beforeAll(async () => {
    t = await commandApiRouteTest();
    await t.appendEvents(fuechse.stream, fuchs.stream);
    await t.zugang(fuchs, PASSWORT);
  });
  afterAll(() => t?.close());

  /** A family of its own with a password, signed in from nowhere yet. */
  const neueFamilie = async (nachname: string, gruppeId: string | null = null) => {
    const f = familie(nachname, gruppeId);
    await t.appendEvents(f.stream);
    await t.zugang(f, PASSWORT);
    return f;
  };

  it('signs a family in with form-encoded e-mail and kennwort and answers eltern, jwt and message', async () => {
    const response = await t.when(anmeldung(`  ${fuchs.email.toUpperCase()} `, PASSWORT, { remoteAddress: '127.0.1.1' })).then(
      expectResponse(200, {
        eltern: {
          id: fuchs.elternId,
          nachname: 'Fuchs',
          nameKind: 'Kind Fuchs',
          email: fuchs.email,
          gruppe: { gruppenID: fuechse.gruppeId, gruppenName: 'Füchse' },
          authorities: [{ authority: 'ROLE_ELTERN' }],
          sprache: 'de',
        },
        jwt: expect.any(String),
        message: 'Anmeldung erfolgreich.',
      }),
    );
    const claims = await t.tokens.verify(response.json().jwt);
    expect(claims).toMatchObject({ sub: fuchs.elternId, email: fuchs.email, gruppeId: fuechse.gruppeId, roles: ['ROLE_ELTERN'] });
    expect(claims.exp - claims.iat).toBe(8 * 60 * 60);
  });

  it('answers in the language the family chose (docs/i18n.md)', async () => {
    const yilmaz = await neueFamilie('Yilmaz', fuechse.gruppeId);
    await t
      .given(
        existingStream(elternStream(yilmaz.elternId), [{ type: 'SpracheGewaehlt', data: { elternId: yilmaz.elternId, sprache: 'tr' } }]),
      )
      .when(anmeldung(yilmaz.email, PASSWORT, { remoteAddress: '127.0.1.2' }))
      .then(expectResponse(200, expect.objectContaining({ eltern: expect.objectContaining({ nachname: 'Yilmaz', sprache: 'tr' }) })));
  });

  it('answers a wrong password and an unknown e-mail alike, with the German text, in about the same time', async () => {
    const timings = { falsch: [] as number[], unbekannt: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const [kind, mail] of [
        ['falsch', fuchs.email],
        ['unbekannt', `niemand-${randomUUID().slice(0, 8)}@example.org`],
      ] as const) {
        const started = performance.now();
        const response = await t.send(anmeldung(mail, `falsch-${i}`, { remoteAddress: '127.0.1.3' }));
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(401);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: LOGIN_FEHLGESCHLAGEN })]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(timings.unbekannt) / median(timings.falsch);
    // Without the dummy scrypt an unknown e-mail answers ~100× faster (ratio < 0.05). The bounds
    // leave room for the other test files running on the same two cores at the same time.
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
    // the wrong passwords above must not lock the account: a correct one still works
    await t.when(anmeldung(fuchs.email, PASSWORT, { remoteAddress: '127.0.1.3' })).then(expectResponse(200));
  });

  it('refuses missing fields with 400 and the German message', async () => {
    for (const felder of [{ email: fuchs.email, kennwort: '' }, { email: '  ', kennwort: 'x' }, {}])
      await t
        .when({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(felder as Record<string, string>).toString(),
        })
        .then(expectError(400, FELDER_FEHLEN));
    await t
      .when({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
      .then(expectResponse(400, { message: expect.stringMatching(/JSON/) }));
    // A JSON body of the wrong shape is a missing field, too.
    await t
      .when({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '[1]' })
      .then(expectError(400, FELDER_FEHLEN));
  });

  it('refuses NUL and lone surrogates before sign-in too: the login form answers 400, not 500', async () => {
    await t
      .when({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%00%40example.org&kennwort=x',
      })
      .then(expectError(400, UNGUELTIGE_ZEICHEN));
    await t
      .when({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"a@example.org","kennwort":"\\ud800"}',
      })
      .then(expectError(400, UNGUELTIGE_ZEICHEN));
  });

  it('refuses sign-ins to an account from an address after 10 failures there, even the right password, with a German message', async () => {
    const amsel = await neueFamilie('Amsel');
    const von = { remoteAddress: '127.0.1.4' };
    for (let i = 0; i < 10; i++) await t.when(anmeldung(amsel.email, 'falsch', von)).then(expectError(401, LOGIN_FEHLGESCHLAGEN));
    await t.when(anmeldung(amsel.email, PASSWORT, von)).then(expectError(429, ZU_VIELE_VERSUCHE));
    // another family is not affected
    await t.when(anmeldung(fuchs.email, PASSWORT, von)).then(expectResponse(200));
  });
});
