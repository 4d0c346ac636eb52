import type { Geloescht } from '@waldkita/domain/admin/antworten';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { fold } from '@waldkita/domain/shared/decider';
import { queuePrefix } from '@waldkita/platform/config';
import { loeschePersonendaten, mailOrdnerVon } from '@waldkita/platform/datenschutz/loesche-personendaten';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import type { FastifyInstance } from 'fastify';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { entferneFamilie } from './eltern-admin-routes.js';

/** The answer names the family's pseudonym ('Gelöschte Familie 2', domain/eltern/pseudonyme.ts). */
const personendatenGeloescht = (pseudonym: string) => `Die Personendaten wurden gelöscht. Die Familie erscheint jetzt als „${pseudonym}“.`;
const BEREITS_GELOESCHT = 'Die Personendaten dieser Familie sind bereits gelöscht.';

/**
 * DELETE /api/admin/eltern/{id}/personendaten: 'Personendaten löschen' (Art. 17 DSGVO,
 * docs/datenschutz.md). A family still in the kindergarten is removed first (as 'Löschen' does:
 * its duties are freed, its offers withdrawn). Cannot be undone; erasing again answers 200 with
 * BEREITS_GELOESCHT.
 */
export function personendatenRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  app.delete<{ Params: { id: string } }>('/api/admin/eltern/:id/personendaten', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const elternId = request.params.id;
    const state = fold(elternDecider, (await deps.store.readStream(elternStream(elternId))).events as never);
    if (state.status === 'aktiv') await entferneFamilie(deps, elternId, admin.elternId);
    const { geloescht, position, pseudonym } = await loeschePersonendaten(
      { ...deps, queuePrefix: queuePrefix(deps.config), mailOrdner: mailOrdnerVon(deps.config) },
      elternId,
      'antrag',
      admin.elternId,
    );
    withEventPosition(reply, position);
    return { id: elternId, message: geloescht && pseudonym ? personendatenGeloescht(pseudonym) : BEREITS_GELOESCHT } satisfies Geloescht;
  });
}
