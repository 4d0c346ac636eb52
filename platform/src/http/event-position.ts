import type { FastifyReply } from 'fastify';
import { formatPosition, type Position } from '../event-store/event-store.js';

/**
 * Tells the client where its write landed in the global order (`X-Event-Position`); the client
 * sends it back as `X-Min-Position` so its next read already shows the change.
 */
export function withEventPosition(reply: FastifyReply, position: Position | null): FastifyReply {
  if (position) reply.header('X-Event-Position', formatPosition(position));
  return reply;
}
