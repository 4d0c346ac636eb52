import { FELDER_FEHLEN, ZU_VIELE_VERSUCHE } from '@waldkita/domain/auth/login';
import {
  ALTES_PASSWORT_FALSCH,
  changePasswordSchema,
  forgotPasswordSchema,
  LINK_UNGUELTIG,
  PASSWORT_GEAENDERT,
  PASSWORT_ZURUECKGESETZT,
  RESET_LINK_GESENDET,
  resetPasswordSchema,
  sitzungsVersion,
} from '@waldkita/domain/auth/passwort';
import { elternDecider, elternStream, normalisiereEmail, type PasswortGrund } from '@waldkita/domain/eltern/eltern';
import { fold } from '@waldkita/domain/shared/decider';
import {
  hashPassword,
  PasswortHashingAusgelastet,
  verifyPassword,
  ZU_VIELE_ANMELDUNGEN_RETRY_AFTER_S,
} from '@waldkita/platform/auth/passwords';
import { handleCommand } from '@waldkita/platform/command-handler';
import { queuePrefix } from '@waldkita/platform/config';
import { WrongExpectedRevisionError } from '@waldkita/platform/event-store/event-store';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { CommandDeps } from '../deps.js';
import { speicherePasswort } from '../eltern/zugaenge.js';
import { aufrufer } from './aufrufer.js';
import { clientWeg } from './login.js';
import { beginneVersuch, versuchAbgebrochen, versuchGelungen } from './login-attempts.js';
import { linkGueltig, loeseLinkEin, offenerLink, planePasswortLinks, schreibePasswortLinks } from './passwort-links.js';

/** At most this many reset links per account and hour; further requests get the same answer and no mail. */
const MAX_RESET_LINKS_PRO_STUNDE = 3;

const text = (reply: FastifyReply, status: number, message: string) => reply.status(status).type('text/plain; charset=utf-8').send(message);

/**
 * docs/produkt.md §7: forgot, reset and change password answer in plain text, also on errors (the web
 * client shows a failed answer's text as the message).
 */
const alsText =
  (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<string>) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return text(reply, 200, await handler(request, reply));
    } catch (error) {
      if (error instanceof HttpError) return text(reply, error.statusCode, error.message);
      if (error instanceof PasswortHashingAusgelastet)
        return text(reply.header('retry-after', String(ZU_VIELE_ANMELDUNGEN_RETRY_AFTER_S)), 503, error.message);
      throw error;
    }
  };

const eingabe = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? FELDER_FEHLEN);
  return result.data;
};

/**
 * Sets the password: the hash in credentials and `PasswortGesetzt` in the family's stream, in one
 * transaction (Postgres store), together with `vorher` (e.g. redeeming the link that allowed it).
 * Answers the new session version.
 */
async function setzePasswort(
  deps: CommandDeps,
  elternId: string,
  hash: string,
  grund: PasswortGrund,
  actorId: string | null,
  vorher?: (db: pg.ClientBase) => Promise<void>,
) {
  const now = deps.now();
  const { position } = await handleCommand(
    deps.store,
    elternStream(elternId),
    elternDecider,
    { type: 'SetzePasswort', data: { elternId, grund } },
    { actorId, now },
    {
      side: {
        claim: async (db) => {
          await vorher?.(db);
          await speicherePasswort(db, elternId, hash, now);
        },
      },
    },
  );
  deps.zugangGeaendert?.(elternId);
  return { position, version: sitzungsVersion((await deps.store.readStream(elternStream(elternId))).events) };
}

/**
 * Issues a reset link for an active account unless it asked too often; runs after the answer
 * has been sent, so the time of the answer never tells whether the address has an account.
 */
async function stelleResetLinkAus(deps: CommandDeps, email: string) {
  const { rows } = await deps.pool.query<{ eltern_id: string }>('SELECT eltern_id FROM credentials WHERE email = $1', [email]);
  const elternId = rows[0]?.eltern_id;
  if (!elternId) return;
  // Under the installation's prefix: two installations on one Redis keep their own counts.
  const key = `${queuePrefix(deps.config)}:reset-links:${elternId}`;
  const [[, count]] = (await deps.redis
    .multi()
    .incr(key)
    .expire(key, 60 * 60, 'NX')
    .exec()) as [[null, number]];
  if (count > MAX_RESET_LINKS_PRO_STUNDE) return;
  const state = fold(elternDecider, (await deps.store.readStream(elternStream(elternId))).events as never);
  if (state.status !== 'aktiv') return;
  const now = deps.now();
  const links = planePasswortLinks([elternId], 'zuruecksetzen', now);
  const command = { type: 'StellePasswortLinkAus', data: { elternId, ...links.get(elternId)! } } as const;
  const side = { claim: (db: pg.ClientBase) => schreibePasswortLinks(db, deps.tokens, links) };
  // Requests of the same family may arrive together; each link is its own fact, so conflicts retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await handleCommand(deps.store, elternStream(elternId), elternDecider, command, { actorId: null, now }, { side });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5) throw error;
    }
  }
}

/** POST /api/auth/forgot-password, /reset-password, /reset-password/check and /change-password (docs/produkt.md §2, §5, §7, §8). */
export function passwortRoutes(app: FastifyInstance, deps: CommandDeps) {
  app.post(
    '/api/auth/forgot-password',
    alsText(async (request) => {
      const { email } = eingabe(forgotPasswordSchema, request.body);
      // Not awaited: an existing and a missing account answer after the same work.
      stelleResetLinkAus(deps, normalisiereEmail(email)).catch((error: unknown) =>
        request.log.error({ err: error }, 'forgot-password: issuing the reset link failed'),
      );
      return RESET_LINK_GESENDET;
    }),
  );

  app.post(
    '/api/auth/reset-password/check',
    alsText(async (request) => {
      const token = String((request.body as { token?: unknown } | undefined)?.token ?? '').trim();
      if (!token || token.length > 200 || !(await linkGueltig(deps.pool, token, deps.now()))) throw new HttpError(400, LINK_UNGUELTIG);
      return 'Der Link ist gültig.';
    }),
  );

  app.post(
    '/api/auth/reset-password',
    alsText(async (request, reply) => {
      const { token, newPassword } = eingabe(resetPasswordSchema, request.body);
      const offen = await offenerLink(deps.pool, token, deps.now());
      if (!offen) throw new HttpError(400, LINK_UNGUELTIG);
      const hash = await hashPassword(newPassword, undefined, { signal: clientWeg(reply) });
      const grund: PasswortGrund = offen.hatPasswort ? 'zuruecksetzung' : 'erstanlage';
      // The link is used up in the same transaction as the new password; a parallel request that
      // used it first makes this one invalid.
      const { position } = await setzePasswort(deps, offen.elternId, hash, grund, offen.elternId, async (db) => {
        const link = await loeseLinkEin(db, token, deps.now());
        if (link?.elternId !== offen.elternId) throw new HttpError(400, LINK_UNGUELTIG);
      });
      withEventPosition(reply, position);
      return PASSWORT_ZURUECKGESETZT;
    }),
  );

  app.post(
    '/api/auth/change-password',
    alsText(async (request, reply) => {
      await authenticate(deps.tokens)(request);
      const wer = await aufrufer(deps, request);
      const { oldPassword, newPassword } = eingabe(changePasswordSchema, request.body);
      const { rows } = await deps.pool.query<{ email: string; password_hash: string | null }>(
        'SELECT email, password_hash FROM credentials WHERE eltern_id = $1',
        [wer.elternId],
      );
      const credentials = rows[0];
      if (!credentials?.password_hash) throw new HttpError(400, ALTES_PASSWORT_FALSCH);
      // A signed-in session is as good as a device cookie: only the limit per account and address applies.
      const versuch = { email: credentials.email, adresse: request.ip, bekanntesGeraet: true };
      if (!(await beginneVersuch(deps, versuch))) throw new HttpError(429, ZU_VIELE_VERSUCHE);
      const altesRichtig = await verifyPassword(oldPassword, credentials.password_hash, { signal: clientWeg(reply) }).catch(
        async (error: unknown) => {
          // Too busy to check (503): the attempt does not count.
          if (error instanceof PasswortHashingAusgelastet) await versuchAbgebrochen(deps, versuch);
          throw error;
        },
      );
      if (!altesRichtig) throw new HttpError(400, ALTES_PASSWORT_FALSCH);
      await versuchGelungen(deps, versuch);
      const { position, version } = await setzePasswort(deps, wer.elternId, await hashPassword(newPassword), 'aenderung', wer.elternId);
      // This session goes on with a fresh token; every other session of the family ends.
      const jwt = await deps.tokens.sign({
        sub: wer.elternId,
        email: credentials.email,
        gruppeId: wer.gruppeId,
        roles: wer.rollen,
        sv: version,
      });
      withEventPosition(reply, position).header('x-auth-token', jwt);
      return PASSWORT_GEAENDERT;
    }),
  );
}
