import { randomUUID } from 'node:crypto';
import { InvalidTokenError } from '@waldkita/platform/auth/tokens';
import { HttpError } from '@waldkita/platform/http/errors';
import { ANFRAGE_LAEUFT, type IdempotenzAnfrage, idempotenzKontext } from '@waldkita/platform/http/idempotenz';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommandDeps } from '../deps.js';

const SCHLUESSEL_UNGUELTIG = 'Der Idempotency-Key muss 1 bis 255 sichtbare Zeichen lang sein.';
const SCHLUESSEL_ANDERE_ANFRAGE = 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.';
const BEREITS_AUSGEFUEHRT = 'Diese Anfrage wurde bereits ausgeführt.';

const SCHREIBEND = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM = /^[\x21-\x7e]{1,255}$/;
/** A repeat waits this long for an answer that another process is still working on. */
const WARTEN_MS = 5000;
/** Answers kept in memory for repeats in this process (also those that carry a secret). */
const IM_SPEICHER_MS = 60_000;
/** Rows older than this are removed (a retry comes within minutes, not days). */
const AUFBEWAHREN_H = 24;

type Antwort = {
  status: number;
  contentType: string | null;
  body: string;
  position: string | null;
  /** Only in memory: a fresh session token handed out in a header (change of password). */
  token?: string;
};
type Laufend = { methode: string; pfad: string; fertig: Promise<Antwort | null> };

declare module 'fastify' {
  interface FastifyRequest {
    idempotenz?: IdempotenzAnfrage & { methode: string; pfad: string; abschliessen: (a: Antwort | null) => void };
  }
  interface FastifyContextConfig {
    /** The answer hands out a secret (a session token, a feed address): it is never stored, only kept in memory. */
    geheimeAntwort?: boolean;
  }
}

const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every write route accepts an `Idempotency-Key` header (IETF draft "The Idempotency-Key HTTP
 * Header Field"). The first request with a key runs; a repeat by the same caller — a double tap
 * or a retry — gets the first one's answer (status, body, X-Event-Position) with
 * `Idempotent-Replayed: true` and causes nothing, also when both arrive at once: in this process
 * the repeat waits for the first; in another process the key's row, claimed in the transaction of
 * the first one's events (platform/src/http/idempotenz.ts), refuses the repeat's append and it
 * waits for the stored answer. A key used for another method or path is refused with 422.
 * Requests without a session (sign-in, forgotten password) are not keyed: they have no caller.
 */
export function idempotenzPlugin(app: FastifyInstance, deps: CommandDeps) {
  const laufend = new Map<string, Laufend>();

  const gespeichert = async (scope: string, schluessel: string) => {
    const { rows } = await deps.pool.query<{
      methode: string | null;
      pfad: string | null;
      status: number | null;
      content_type: string | null;
      antwort: string | null;
      position: string | null;
    }>('SELECT methode, pfad, status, content_type, antwort, position FROM idempotenz WHERE scope = $1 AND schluessel = $2', [
      scope,
      schluessel,
    ]);
    return rows[0] ?? null;
  };

  const sende = (reply: FastifyReply, antwort: Antwort) => {
    reply.code(antwort.status).header('idempotent-replayed', 'true');
    if (antwort.position) reply.header('x-event-position', antwort.position);
    if (antwort.contentType) reply.type(antwort.contentType);
    if (antwort.token) reply.header('x-auth-token', antwort.token);
    return reply.send(antwort.body);
  };

  const aufrufer = async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return null;
    try {
      return (await deps.tokens.verify(match[1]!)).sub;
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!SCHREIBEND.has(request.method)) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const schluessel = Array.isArray(header) ? header[0]! : header;
    if (Array.isArray(header) || !FORM.test(schluessel)) throw new HttpError(400, SCHLUESSEL_UNGUELTIG);
    const scope = await aufrufer(request);
    if (!scope) return; // no session: the route itself answers 401 (or has no caller)
    const pfad = request.routeOptions.url ?? request.url;
    const id = `${scope}\u0000${schluessel}`;

    // A repeat while the first is still running in this process: its answer, once it has one.
    // Looked up and taken without an await in between, so of two taps arriving together one runs.
    const vorher = laufend.get(id);
    if (vorher) {
      if (vorher.methode !== request.method || vorher.pfad !== pfad) throw new HttpError(422, SCHLUESSEL_ANDERE_ANFRAGE);
      const antwort = await vorher.fertig;
      if (antwort) return sende(reply, antwort);
    }
    let abschliessen: (a: Antwort | null) => void = () => undefined;
    const fertig = new Promise<Antwort | null>((resolve) => {
      abschliessen = resolve;
    });
    laufend.set(id, { methode: request.method, pfad, fertig });
    const anfrage = { scope, schluessel, anfrageId: randomUUID(), methode: request.method, pfad, abschliessen };
    request.idempotenz = anfrage;

    const zeile = await gespeichert(scope, schluessel);
    if (zeile?.status != null) {
      if (zeile.methode !== request.method || zeile.pfad !== pfad) throw new HttpError(422, SCHLUESSEL_ANDERE_ANFRAGE);
      if (zeile.antwort === null) throw new HttpError(409, BEREITS_AUSGEFUEHRT);
      return sende(reply, { status: zeile.status, contentType: zeile.content_type, body: zeile.antwort, position: zeile.position });
    }
    if (zeile) throw new HttpError(409, ANFRAGE_LAEUFT); // claimed by another process, answer not there yet
  });

  // The handler runs with the key in its async context, so handleCommands finds it.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.idempotenz) return done();
    const { scope, schluessel, anfrageId } = request.idempotenz;
    idempotenzKontext.run({ scope, schluessel, anfrageId }, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const anfrage = request.idempotenz;
    if (!anfrage) return payload;
    const id = `${anfrage.scope}\u0000${anfrage.schluessel}`;
    // An answer given from the store or from the first request: nothing new to keep.
    if (reply.getHeader('idempotent-replayed') === 'true') {
      laufend.delete(id);
      anfrage.abschliessen(null);
      return payload;
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = (reply.getHeader('content-type') as string | undefined) ?? null;
    const position = (reply.getHeader('x-event-position') as string | undefined) ?? null;

    // Another request (in another process) claimed the key first — this one was refused by the
    // claim, or by a check that the first one's effect already fails (e-mail taken, offer taken):
    // wait for the first one's answer and give that one.
    const fremd = async () => {
      const { rows } = await deps.pool.query<{ anfrage_id: string }>(
        'SELECT anfrage_id FROM idempotenz WHERE scope = $1 AND schluessel = $2',
        [anfrage.scope, anfrage.schluessel],
      );
      return rows[0] !== undefined && rows[0].anfrage_id !== anfrage.anfrageId;
    };
    if (reply.statusCode >= 400 && (body?.includes(ANFRAGE_LAEUFT) || (await fremd()))) {
      laufend.delete(id);
      anfrage.abschliessen(null);
      for (const ende = Date.now() + WARTEN_MS; Date.now() < ende; await warte(50)) {
        const zeile = await gespeichert(anfrage.scope, anfrage.schluessel);
        if (zeile?.status != null && zeile.antwort !== null) {
          reply.code(zeile.status).header('idempotent-replayed', 'true');
          if (zeile.position) reply.header('x-event-position', zeile.position);
          if (zeile.content_type) reply.header('content-type', zeile.content_type);
          return zeile.antwort;
        }
      }
      return payload;
    }
    // A server error is not an answer to repeat: the key stays free for a retry (unless events were written).
    if (reply.statusCode >= 500 || body === null) {
      laufend.delete(id);
      anfrage.abschliessen(null);
      return payload;
    }
    const token = reply.getHeader('x-auth-token') as string | undefined;
    const antwort: Antwort = { status: reply.statusCode, contentType, body, position, ...(token ? { token } : {}) };
    const geheim = request.routeOptions.config?.geheimeAntwort === true || token !== undefined;
    await deps.pool.query(
      `INSERT INTO idempotenz (scope, schluessel, anfrage_id, methode, pfad, status, content_type, antwort, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (scope, schluessel) DO UPDATE SET methode = EXCLUDED.methode, pfad = EXCLUDED.pfad, status = EXCLUDED.status,
         content_type = EXCLUDED.content_type, antwort = EXCLUDED.antwort, position = EXCLUDED.position
       WHERE idempotenz.anfrage_id = EXCLUDED.anfrage_id`,
      [
        anfrage.scope,
        anfrage.schluessel,
        anfrage.anfrageId,
        anfrage.methode,
        anfrage.pfad,
        antwort.status,
        contentType,
        geheim ? null : body,
        position,
      ],
    );
    anfrage.abschliessen(antwort);
    setTimeout(() => laufend.delete(id), IM_SPEICHER_MS).unref();
    return payload;
  });

  const aufraeumen = setInterval(() => {
    deps.pool.query(`DELETE FROM idempotenz WHERE angelegt_am < now() - interval '${AUFBEWAHREN_H} hours'`).catch(() => undefined);
  }, 60 * 60_000);
  aufraeumen.unref();
  app.addHook('onClose', async () => clearInterval(aufraeumen));
}
