import { DomainError } from '@waldkita/domain/shared/decider';
import type { FastifyError, FastifyInstance } from 'fastify';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';

/** An error with the HTTP status and the German text the client shows. */
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
};

/** One error format for every route: `{ message }` in German with the matching status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    if (error instanceof DomainError) return reply.status(STATUS_OF_KIND[error.kind]).send({ message: error.message });
    if (error instanceof WrongExpectedRevisionError) return reply.status(409).send({ message: VERALTET });
    const fastifyError = error as FastifyError;
    if (fastifyError.code && fastifyError.statusCode && fastifyError.statusCode < 500) {
      const message =
        FASTIFY_MESSAGES[fastifyError.code] ??
        (error instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : 'Ungültige Anfrage.');
      return reply.status(fastifyError.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Interner Fehler. Bitte versuchen Sie es später erneut.' });
  });
}
