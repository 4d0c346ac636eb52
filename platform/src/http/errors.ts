import type { Socket } from 'node:net';
import { ausAcceptLanguage } from '@waldkita/domain/i18n/sprachen';
import { DomainError } from '@waldkita/domain/shared/decider';
import { UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PasswortHashingAusgelastet, ZU_VIELE_ANMELDUNGEN_RETRY_AFTER_S } from '../auth/passwords.js';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import { erkenneMeldung, uebersetzeMeldung } from '../i18n/server-meldungen.js';
import { enthaeltUngueltigeZeichen } from './eingabe-zeichen.js';
import { ANFRAGE_LAEUFT, IdempotenzVergeben } from './idempotenz.js';

/** An error with the HTTP status and the German text the client shows (translated at the edge, see `meldungInSprache`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const STATUS_OF_KIND: Record<DomainError['kind'], number> = {
  ungueltig: 400,
  verboten: 403,
  nicht_gefunden: 404,
  konflikt: 409,
};

export const VERALTET = 'Die Daten wurden inzwischen geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.';
export const NICHT_GEFUNDEN = 'Die angeforderte Adresse gibt es nicht.';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Dieses Datenformat wird nicht unterstützt.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Die gesendeten Daten sind zu groß.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Die Anfrage enthält keine Daten.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Die gesendeten Daten sind kein gültiges JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Die angegebene Länge der Anfrage stimmt nicht mit den gesendeten Daten überein.',
  FST_ERR_BAD_URL: 'Die Adresse enthält ungültige Zeichen.',
  FST_ERR_MAX_PARAM_LENGTH: 'Die Adresse ist zu lang.',
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: 'Die Datei ist zu groß.',
  FST_FILES_LIMIT: 'Bitte senden Sie nur eine Datei.',
  FST_FIELDS_LIMIT: 'Das Formular enthält zu viele Felder.',
  FST_PARTS_LIMIT: 'Das Formular enthält zu viele Teile.',
  FST_PROTO_VIOLATION: 'Das Formular enthält einen unzulässigen Feldnamen.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Die Anfrage ist kein Datei-Upload (multipart/form-data).',
  FST_INVALID_JSON_FIELD_ERROR: 'Ein Formularfeld enthält kein gültiges JSON.',
};

const UNGUELTIGE_ANFRAGE = 'Ungültige Anfrage.';

/**
 * Errors Fastify meets before a route is found (a path that is not valid percent-encoding, a
 * path parameter over 100 characters): the same German `{ message }`. A server option, since
 * these happen outside every route: `Fastify({ ...FEHLER_VOR_DEM_ROUTING })`.
 */
export const FEHLER_VOR_DEM_ROUTING = {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const message = FASTIFY_MESSAGES[error.code] ?? UNGUELTIGE_ANFRAGE;
    reply.status(error.statusCode ?? 400).header('vary', 'Accept-Language');
    nenneSchluessel(reply, message);
    reply.send({ message: uebersetzeMeldung(message, ausAcceptLanguage(request.headers['accept-language'])) });
  },
  /**
   * Broken HTTP (header over 16 KiB, unparsable request line): German JSON, then the connection
   * closes. Always German: the headers, Accept-Language among them, could not be read.
   */
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Die Anfrage hat zu lange gedauert.']
          : [400, 'Bad Request', UNGUELTIGE_ANFRAGE];
    const body = JSON.stringify({ message });
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    socket.destroy(error);
  },
};

/** Adds Accept-Language to the answer's Vary header (once). */
function variiertNachSprache(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const liste = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(liste)) return;
  reply.header('vary', liste ? `${liste}, Accept-Language` : 'Accept-Language');
}

/** Names a German server message's key in `X-Meldung`; false for a text without one. */
function nenneSchluessel(reply: FastifyReply, deutsch: string): boolean {
  const erkannt = erkenneMeldung(deutsch);
  if (erkannt) reply.header('x-meldung', erkannt.schluessel);
  return erkannt !== null;
}

/**
 * The answer's `message` in the language the request asks for (`Accept-Language`, docs/i18n.md):
 * the domain and the routes speak German, this hook translates every JSON answer whose `message`
 * is a string — refusals from the error handler, the 404 of unknown routes and success messages
 * alike — and every plain-text answer that is one of the server's messages (some routes answer a
 * success as text: 'Tausch-Anfrage erfolgreich erstellt!'). Without the header, or with German asked
 * for, the body stays as it is. Answers with a message vary by the header, and name the message's
 * catalogue key in `X-Meldung` (`server.passwort.link-ungueltig`): what a client compares instead of
 * the text, which is now in the caller's language.
 */
function meldungInSprache(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const message = (payload as { message?: unknown }).message;
    if (typeof message !== 'string') return payload;
    variiertNachSprache(reply);
    nenneSchluessel(reply, message);
    const sprache = ausAcceptLanguage(request.headers['accept-language']);
    if (sprache === 'de') return payload;
    const uebersetzt: Record<string, unknown> = { ...payload, message: uebersetzeMeldung(message, sprache) };
    // The lines of a refused file ({ message, errors: ['Zeile 3: …'] }, the CSV import) too.
    for (const feld of ['errors', 'fehler']) {
      const liste = uebersetzt[feld];
      if (Array.isArray(liste)) uebersetzt[feld] = liste.map((e) => (typeof e === 'string' ? uebersetzeMeldung(e, sprache) : e));
    }
    return uebersetzt;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/plain')) return payload;
    if (!nenneSchluessel(reply, payload)) return payload;
    variiertNachSprache(reply);
    return uebersetzeMeldung(payload, ausAcceptLanguage(request.headers['accept-language']));
  });
}

/**
 * One error format for every route: `{ message }` in German with the matching status — in the
 * caller's language when it asks for another (`meldungInSprache`). Also refuses,
 * for every route and before any sign-in check, path parameters, query or parsed body holding a
 * NUL character or a lone surrogate (PostgreSQL can store neither) with 400. Multipart uploads are
 * read by their route and checked there.
 */
export function registerErrorHandling(app: FastifyInstance) {
  meldungInSprache(app);
  app.addHook('preValidation', async (request) => {
    if (enthaeltUngueltigeZeichen([request.params, request.query, request.body])) throw new HttpError(400, UNGUELTIGE_ZEICHEN);
  });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    if (error instanceof DomainError) return reply.status(STATUS_OF_KIND[error.kind]).send({ message: error.message });
    if (error instanceof WrongExpectedRevisionError) return reply.status(409).send({ message: VERALTET });
    if (error instanceof IdempotenzVergeben) return reply.status(409).send({ message: ANFRAGE_LAEUFT });
    if (error instanceof PasswortHashingAusgelastet)
      return reply.status(503).header('retry-after', String(ZU_VIELE_ANMELDUNGEN_RETRY_AFTER_S)).send({ message: error.message });
    const fastifyError = error as FastifyError;
    if (fastifyError.code && fastifyError.statusCode && fastifyError.statusCode < 500) {
      const message =
        FASTIFY_MESSAGES[fastifyError.code] ??
        (error instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : UNGUELTIGE_ANFRAGE);
      return reply.status(fastifyError.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Interner Fehler. Bitte versuchen Sie es später erneut.' });
  });
}
