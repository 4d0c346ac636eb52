import { describe, expect, it } from 'vitest';
import { InvalidTokenError, TokenService } from './tokens.js';

const SECRET = 'a-secret-for-the-token-tests-0123456789abcdef';
const FAMILIE = { sub: 'eltern-1', email: 'igel@example.org', gruppeId: 'gruppe-1', roles: ['ROLE_ELTERN'], sv: 2 };

/** A clock the test moves by hand. */
const uhr = (start: string) => {
  let jetzt = new Date(start);
  return { now: () => jetzt, weiter: (sekunden: number) => (jetzt = new Date(jetzt.getTime() + sekunden * 1000)) };
};

const abgelehnt = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return (error as InvalidTokenError).reason;
};

describe('session tokens', () => {
  it('gives back the claims it signed, on the first check and on every later one', async () => {
    const tokens = new TokenService(SECRET, 3600);
    const token = await tokens.sign(FAMILIE);
    for (let i = 0; i < 3; i++) expect(await tokens.verify(token)).toMatchObject(FAMILIE);
  });

  it('refuses a token once it has expired, also one it has checked before', async () => {
    const clock = uhr('2026-03-02T08:00:00Z');
    const tokens = new TokenService(SECRET, 60, clock.now);
    const token = await tokens.sign(FAMILIE);
    expect((await tokens.verify(token)).sub).toBe('eltern-1');
    clock.weiter(59);
    expect((await tokens.verify(token)).sub).toBe('eltern-1');
    clock.weiter(1);
    expect(await abgelehnt(tokens.verify(token))).toBe('expired');
    expect(await abgelehnt(tokens.verify(token))).toBe('expired');
  });

  it('refuses a token signed with another secret, and one whose claims were altered after a valid one was checked', async () => {
    const tokens = new TokenService(SECRET, 3600);
    const fremd = await new TokenService('another-secret-of-enough-length-0123456789', 3600).sign(FAMILIE);
    expect(await abgelehnt(tokens.verify(fremd))).toBe('invalid');

    const echt = await tokens.sign(FAMILIE);
    await tokens.verify(echt);
    const [kopf, , signatur] = echt.split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...FAMILIE, roles: ['ROLE_ADMIN'], iss: 'waldkita-elternportal', iat: 1, exp: 4_000_000_000 }),
    );
    expect(await abgelehnt(tokens.verify(`${kopf}.${admin.toString('base64url')}.${signatur}`))).toBe('invalid');
  });
});
