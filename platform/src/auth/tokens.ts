import { createHash, createHmac, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';
const ISSUER = 'waldkita-elternportal';

/**
 * `sv`: the family's session version when the token was issued (the number of passwords set so
 * far). A password change or reset raises it; the APIs refuse tokens of an older version.
 */
export type Claims = { sub: string; email: string; gruppeId: string | null; roles: string[]; sv: number; iat: number; exp: number };

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  gruppeId: z.string().nullable(),
  roles: z.array(z.string()),
  sv: z.number().int().min(0).default(0),
  iat: z.number(),
  exp: z.number(),
});

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token abgelaufen' : 'Token ungültig');
  }
}

/** How many verified tokens are remembered (about 1 KB each); the oldest go first. */
const GEPRUEFTE_TOKENS = 10_000;

/**
 * Signs and checks session tokens: HS256 only, issuer fixed, `exp` always set.
 *
 * The HMAC key is imported into WebCrypto once, not on every check; a token whose signature and
 * claims were checked once is remembered (bounded), so a repeated read checks only its expiry.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly cryptoKey: Promise<webcrypto.CryptoKey>;
  private readonly geprueft = new Map<string, Claims>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
    this.cryptoKey = webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.cryptoKey.catch(() => undefined); // a key WebCrypto refuses fails at its first use, not as an unhandled rejection
  }

  async sign(claims: { sub: string; email: string; gruppeId: string | null; roles: string[]; sv?: number }): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ email: claims.email, gruppeId: claims.gruppeId, roles: claims.roles, sv: claims.sv ?? 0 })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.cryptoKey);
  }

  /**
   * The secret token of a password link (welcome or reset): an HMAC of the link id under the
   * server secret, so it is never stored and never in the event log; only its hash is kept.
   */
  passwortLinkToken(linkId: string): string {
    return createHmac('sha256', this.key).update(`passwort-link:${linkId}`).digest('base64url');
  }

  /**
   * An HMAC under the server secret for another purpose (`zweck` keeps the purposes apart), e.g.
   * the device cookie of sign-in (command-api/src/auth/login-geraet.ts).
   */
  signatur(zweck: string, text: string): string {
    return createHmac('sha256', this.key).update(`${zweck}:${text}`).digest('base64url');
  }

  async verify(token: string): Promise<Claims> {
    const bekannt = this.geprueft.get(token);
    if (bekannt) {
      // The same check jose makes: expired once `exp` is not after now.
      if (bekannt.exp <= Math.floor(this.now().getTime() / 1000)) {
        this.geprueft.delete(token);
        throw new InvalidTokenError('expired');
      }
      return bekannt;
    }
    const claims = await this.pruefe(token);
    if (this.geprueft.size >= GEPRUEFTE_TOKENS) this.geprueft.delete(this.geprueft.keys().next().value!);
    this.geprueft.set(token, claims);
    return claims;
  }

  private async pruefe(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        currentDate: this.now(),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const parsed = claimsSchema.safeParse(payload);
      if (!parsed.success) throw new InvalidTokenError('invalid');
      return parsed.data;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
  }
}

/** What is stored of a link token: its SHA-256, so a copy of the table opens no account. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
