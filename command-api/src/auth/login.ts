import type { LoginAntwort } from '@waldkita/domain/auth/antworten';
import { elternDto, LOGIN_FEHLGESCHLAGEN, loginSchema, ZU_VIELE_VERSUCHE } from '@waldkita/domain/auth/login';
import { sitzungsVersion } from '@waldkita/domain/auth/passwort';
import { elternDecider, elternStream, normalisiereEmail, spracheVon } from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { fold } from '@waldkita/domain/shared/decider';
import { dummyHash, PasswortHashingAusgelastet, PasswortPruefungAbgebrochen, verifyPassword } from '@waldkita/platform/auth/passwords';
import { HttpError } from '@waldkita/platform/http/errors';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CommandDeps } from '../deps.js';
import { beginneVersuch, versuchAbgebrochen, versuchGelungen } from './login-attempts.js';
import { geraetVon, setzeGeraet } from './login-geraet.js';

/**
 * An AbortSignal that fires when the request's client has gone before its answer was sent (the
 * connection closed): a password hash still waiting for its turn is then dropped, never computed.
 */
export function clientWeg(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const raw = reply.raw;
  const zu = () => {
    if (!raw.writableFinished) controller.abort();
  };
  raw.once('close', zu);
  return controller.signal;
}

/**
 * POST /api/auth/login (form: email, kennwort) → { eltern, jwt, message }.
 * An unknown e-mail, a wrong password and a removed account answer alike, after the same scrypt work.
 * Failures are limited per account and client address and per address (login-attempts.ts): 429;
 * a browser with this account's device cookie (login-geraet.ts, issued here on success) is exempt
 * from the address-wide limit. Past the wait the queue of password hashes allows, or when the
 * client has gone before its hash began (passwords.ts): 503, not counted as an attempt.
 */
export function loginRoute(app: FastifyInstance, deps: CommandDeps) {
  app.post('/api/auth/login', async (request, reply) => {
    const signal = clientWeg(reply);
    const input = parseOr400(loginSchema, request.body);
    const email = normalisiereEmail(input.email);
    const { rows } = await deps.pool.query<{ eltern_id: string; password_hash: string | null }>(
      'SELECT eltern_id, password_hash FROM credentials WHERE email = $1',
      [email],
    );
    const credentials = rows[0];
    const jetzt = deps.now();
    const bekanntesGeraet = credentials !== undefined && geraetVon(request, deps.tokens, jetzt) === credentials.eltern_id;
    const versuch = { email, adresse: request.ip, bekanntesGeraet };
    if (!(await beginneVersuch(deps, versuch))) throw new HttpError(429, ZU_VIELE_VERSUCHE);

    const passwordOk = await verifyPassword(input.kennwort, credentials?.password_hash ?? dummyHash(), { signal }).catch(
      async (error: unknown) => {
        // Too many sign-ins at once, or the client left (503): nothing was checked, so the attempt does not count.
        if (error instanceof PasswortHashingAusgelastet) await versuchAbgebrochen(deps, versuch);
        if (error instanceof PasswortPruefungAbgebrochen) request.log.debug('sign-in: the client left before its hash began; not computed');
        throw error;
      },
    );
    const { events } = credentials && passwordOk ? await deps.store.readStream(elternStream(credentials.eltern_id)) : { events: [] };
    const state = events.length > 0 ? fold(elternDecider, events as never) : null;
    if (state?.status !== 'aktiv') throw new HttpError(401, LOGIN_FEHLGESCHLAGEN); // counted as a failure
    await versuchGelungen(deps, versuch);

    const { eltern } = state;
    let gruppe: { gruppeId: string; name: string } | null = null;
    if (eltern.gruppeId) {
      const g = fold(gruppeDecider, (await deps.store.readStream(gruppeStream(eltern.gruppeId))).events as never);
      if (g.status === 'aktiv') gruppe = { gruppeId: g.gruppeId, name: g.name };
    }
    const jwt = await deps.tokens.sign({
      sub: eltern.elternId,
      email: eltern.email,
      gruppeId: gruppe?.gruppeId ?? null,
      roles: eltern.rollen,
      sv: sitzungsVersion(events),
    });
    setzeGeraet(reply, deps.tokens, eltern.elternId, jetzt, request.protocol === 'https' || deps.config.APP_URL.startsWith('https:'));
    return { eltern: elternDto(eltern, gruppe, spracheVon(state)), jwt, message: 'Anmeldung erfolgreich.' } satisfies LoginAntwort;
  });
}
