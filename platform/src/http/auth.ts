import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Claims, InvalidTokenError, type TokenService } from '../auth/tokens.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    claims?: Claims;
  }
}

export const NICHT_ANGEMELDET = 'Bitte melden Sie sich an.';
const SITZUNG_ABGELAUFEN = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';
export const KEINE_BERECHTIGUNG = 'Sie haben keine Berechtigung für diese Aktion.';

/** Reads and checks the bearer token; any problem is a 401 with a German message. */
export const authenticate = (tokens: TokenService) => async (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new HttpError(401, NICHT_ANGEMELDET);
  try {
    request.claims = await tokens.verify(match[1]!);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, error.reason === 'expired' ? SITZUNG_ABGELAUFEN : NICHT_ANGEMELDET);
    throw error;
  }
};

/** The claims of an authenticated request (after `authenticate` ran as a preHandler). */
export const claimsOf = (request: FastifyRequest): Claims => {
  if (!request.claims) throw new HttpError(401, NICHT_ANGEMELDET);
  return request.claims;
};

export const requireRole =
  (...roles: string[]) =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = claimsOf(request);
    if (!roles.some((role) => claims.roles.includes(role))) throw new HttpError(403, KEINE_BERECHTIGUNG);
  };
