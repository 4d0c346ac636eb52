import { randomUUID } from 'node:crypto';
import type { MitteilungGeloescht, MitteilungVeroeffentlicht } from '@waldkita/domain/mitteilung/antworten';
import { MITTEILUNGEN_STREAM, type MitteilungCommand, mitteilungDecider } from '@waldkita/domain/mitteilung/mitteilung';
import { handleCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { textOderNull } from '../http-input.js';

/** The toasts of docs/produkt.md §8 ("Local message toasts"), also sent as the answers' messages. */
const NACHRICHT_GESPEICHERT = 'Nachricht erfolgreich gespeichert!';
const NACHRICHT_GELOESCHT = 'Nachricht gelöscht!';

const nachrichtSchema = z.object({ text: textOderNull });

/**
 * Announcements on the dashboard: only admins publish and delete them (checked against the
 * caller's current roles); everyone signed in reads them through query-api.
 */
export function mitteilungRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  const ausfuehren = async (request: FastifyRequest, command: MitteilungCommand) => {
    const { elternId } = await adminAufrufer(deps, request);
    return handleCommand(deps.store, MITTEILUNGEN_STREAM, mitteilungDecider, command, { actorId: elternId, now: deps.now() });
  };

  app.post('/api/admin/mitteilungen', { preHandler }, async (request, reply) => {
    const body = parseOr400(nachrichtSchema, request.body);
    const mitteilungId = randomUUID();
    const { position, events } = await ausfuehren(request, { type: 'VeroeffentlicheMitteilung', data: { mitteilungId, text: body.text } });
    withEventPosition(reply, position).status(201);
    return {
      id: mitteilungId,
      text: (events[0]!.data as { text: string }).text,
      message: NACHRICHT_GESPEICHERT,
    } satisfies MitteilungVeroeffentlicht;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/mitteilungen/:id', { preHandler }, async (request, reply) => {
    const { position } = await ausfuehren(request, { type: 'LoescheMitteilung', data: { mitteilungId: request.params.id } });
    withEventPosition(reply, position);
    return { id: request.params.id, message: NACHRICHT_GELOESCHT } satisfies MitteilungGeloescht;
  });
}
