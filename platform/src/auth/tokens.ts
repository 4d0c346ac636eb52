import { createHash, createHmac } from 'node:crypto';
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

/** Signs and checks session tokens: HS256 only, issuer fixed, `exp` always set. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: { sub: string; email: string; gruppeId: string | null; roles: string[]; sv?: number }): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ email: claims.email, gruppeId: claims.gruppeId, roles: claims.roles, sv: claims.sv ?? 0 })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The secret token of a password link (welcome or reset): an HMAC of the link id under the
   * server secret, so it is never stored and never in the event log; only its hash is kept.
   */
  passwortLinkToken(linkId: string): string {
    return createHmac('sha256', this.key).update(`passwort-link:${linkId}`).digest('base64url');
  }

  async verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
