import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie of sign-in (OWASP, 'Slow brute force' / device cookies): a browser that has
 * signed in to an account gets a cookie naming that account, signed with the server's secret.
 * Its sign-ins to that account are not refused by the address-wide limit (login-attempts.ts), so
 * a guesser sharing the family's address (the kindergarten's Wi-Fi, a carrier's NAT) cannot lock
 * it out; the limit per account and address still holds. The cookie proves nothing else: it is
 * no session, it is bound to one account, and it is sent only to /api/auth.
 *
 * Value: `v1.<familyId>.<issued, unix s>.<nonce>.<HMAC-SHA256>`; HttpOnly, SameSite=Lax, Secure
 * when the app is reached over https; valid for GUELTIG_TAGE.
 */
const GERAET_COOKIE = 'waldkita_geraet';
const GERAET_GUELTIG_TAGE = 180;
const ZWECK = 'anmelde-geraet';
const PFAD = '/api/auth';

const cookieWert = (request: FastifyRequest): string | null => {
  const kopf = request.headers.cookie;
  if (!kopf) return null;
  for (const teil of kopf.split(';')) {
    const [name, ...rest] = teil.trim().split('=');
    if (name === GERAET_COOKIE) return rest.join('=');
  }
  return null;
};

const gleich = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The family a request's device cookie was issued to, if it carries a valid, unexpired one; else null. */
export function geraetVon(request: FastifyRequest, tokens: TokenService, jetzt: Date): string | null {
  const wert = cookieWert(request);
  const teile = wert?.split('.');
  if (teile?.length !== 5 || teile[0] !== 'v1') return null;
  const [version, elternId, ausgestellt, nonce, signatur] = teile as [string, string, string, string, string];
  if (!gleich(signatur, tokens.signatur(ZWECK, `${version}.${elternId}.${ausgestellt}.${nonce}`))) return null;
  const alterS = jetzt.getTime() / 1000 - Number(ausgestellt);
  if (!Number.isFinite(alterS) || alterS < -300 || alterS > GERAET_GUELTIG_TAGE * 24 * 3600) return null;
  return elternId;
}

/** Issues (or renews) the device cookie for `elternId` on a successful sign-in's answer. */
export function setzeGeraet(reply: FastifyReply, tokens: TokenService, elternId: string, jetzt: Date, https: boolean) {
  const inhalt = `v1.${elternId}.${Math.floor(jetzt.getTime() / 1000)}.${randomBytes(9).toString('base64url')}`;
  const wert = `${inhalt}.${tokens.signatur(ZWECK, inhalt)}`;
  const attribute = [
    `Path=${PFAD}`,
    `Max-Age=${GERAET_GUELTIG_TAGE * 24 * 3600}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(https ? ['Secure'] : []),
  ];
  reply.header('set-cookie', `${GERAET_COOKIE}=${wert}; ${attribute.join('; ')}`);
}
