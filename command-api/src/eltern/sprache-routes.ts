import type { SpracheGewaehlt } from '@waldkita/domain/auth/antworten';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { spracheSchema } from '@waldkita/domain/i18n/sprache-schema';
import { handleCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance } from 'fastify';
import { aufrufer } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

/**
 * PUT /api/eltern/ich/sprache {sprache}: the signed-in family chooses the language of its screens
 * (docs/i18n.md). Only for itself; auditors too, as it touches only their own account.
 */
export function spracheRoutes(app: FastifyInstance, deps: CommandDeps) {
  app.put('/api/eltern/ich/sprache', { preHandler: authenticate(deps.tokens) }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const { sprache } = parseOr400(spracheSchema, request.body);
    const { position } = await handleCommand(
      deps.store,
      elternStream(elternId),
      elternDecider,
      { type: 'WaehleSprache', data: { elternId, sprache } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { sprache, message: 'Ihre Sprache ist gespeichert.' } satisfies SpracheGewaehlt;
  });
}
