import type { KalenderAboAdresse, KalenderAboBeendet } from '@waldkita/domain/kalender-abo/antworten';
import { kalenderAboDecider, kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { handleCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { feedAdressen, feedDigest, neuerFeedToken } from '@waldkita/platform/kalender-abo/feed-token';
import type { FastifyInstance } from 'fastify';
import { aufrufer } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

const KALENDER_ABO_ERSTELLT = 'Ihr Kalender-Abo ist eingerichtet.';
const KALENDER_ABO_BEENDET = 'Ihr Kalender-Abo ist beendet.';

/**
 * The family's calendar feed (docs/kalender-abo.md): POST creates it or replaces its address
 * (the old one answers 404 from then on) and answers the new address — the only time the token is
 * ever sent; DELETE switches it off. Every signed-in family manages its own feed, auditors
 * included: it writes nothing of the kindergarten and shows nothing they could not read anyway.
 */
export function kalenderAboRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = authenticate(deps.tokens);

  // The answer is the feed's secret address: a repeat gets it from memory only (http/idempotenz.ts).
  app.post('/api/kalender/abo', { preHandler, config: { geheimeAntwort: true } }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const token = neuerFeedToken();
    const { position } = await handleCommand(
      deps.store,
      kalenderAboStream(elternId),
      kalenderAboDecider,
      { type: 'ErneuereKalenderAbo', data: { elternId, tokenDigest: feedDigest(token) } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { ...feedAdressen(deps.config.APP_URL, token), message: KALENDER_ABO_ERSTELLT } satisfies KalenderAboAdresse;
  });

  app.delete('/api/kalender/abo', { preHandler }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const { position } = await handleCommand(
      deps.store,
      kalenderAboStream(elternId),
      kalenderAboDecider,
      { type: 'BeendeKalenderAbo', data: { elternId } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { message: KALENDER_ABO_BEENDET } satisfies KalenderAboBeendet;
  });
}
