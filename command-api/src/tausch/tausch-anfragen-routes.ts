import { TAUSCHDIENST_WAEHLEN, WASSERDIENST_WAEHLEN } from '@waldkita/domain/wasserdienst/dienstplan';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandDeps } from '../deps.js';
import { ANGEBOT_ANGENOMMEN, ANGEBOT_ZURUECKGEZOGEN, id, mussAufruferSein, optionalId, tauschBefehle } from './tausch-befehle.js';

const nachricht = z.string({ error: 'Die Nachricht muss ein Text sein.' }).optional().nullable();
const anfrageSchema = z.object({ wasserdienstId: id(WASSERDIENST_WAEHLEN), requesterElternId: optionalId, message: nachricht });
const notifyAllSchema = z.object({ wasserdienstId: id(WASSERDIENST_WAEHLEN), message: nachricht });
const aeltereAnnahmeSchema = z.object({ resolveWasserdienstId: id(TAUSCHDIENST_WAEHLEN) });

/**
 * The older trade-request paths of docs/produkt.md §7 "Water duty and swaps" (`/api/wasserdienst/tausch/…`): the
 * same commands on the same stream as the swap exchange (tausch-routes.ts), answered in the older
 * shape.
 */
export function tauschAnfragenRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = authenticate(deps.tokens);
  const { bieteAn, nimmAn, zieheZurueck } = tauschBefehle(deps);

  const aeltereAnfrage = (
    tauschId: string,
    data: { wasserdienstId: string; jahr: number; kalenderwoche: number },
    wer: { elternId: string },
    message: string | null,
  ) => ({
    id: tauschId,
    wasserdienstId: data.wasserdienstId,
    kalenderwoche: data.kalenderwoche,
    jahr: data.jahr,
    requesterElternId: wer.elternId,
    originalElternId: null,
    status: 'PENDING' as const,
    message,
    createdAt: deps.now().toISOString(),
  });

  const anfrageRoute = async (request: FastifyRequest, wasserdienstId: string, message: string | null | undefined) => {
    const { position, tauschId, events, wer } = await bieteAn(request, wasserdienstId, message ?? null);
    const angebot = events[0]!.data as { wasserdienstId: string; jahr: number; kalenderwoche: number; nachricht: string | null };
    return { position, body: aeltereAnfrage(tauschId, angebot, wer, angebot.nachricht) };
  };

  app.post('/api/wasserdienst/tausch/request', { preHandler }, async (request, reply) => {
    const body = parseOr400(anfrageSchema, request.body);
    mussAufruferSein(body.requesterElternId, request.claims!.sub);
    const { position, body: answer } = await anfrageRoute(request, body.wasserdienstId, body.message);
    withEventPosition(reply, position).status(201);
    return answer;
  });

  app.post('/api/wasserdienst/tausch/notify-all', { preHandler }, async (request, reply) => {
    const body = parseOr400(notifyAllSchema, request.body);
    const { position, body: answer } = await anfrageRoute(request, body.wasserdienstId, body.message);
    withEventPosition(reply, position).status(201);
    return answer;
  });

  app.post<{ Params: { id: string } }>('/api/wasserdienst/tausch/:id/accept', { preHandler }, async (request, reply) => {
    const body = parseOr400(aeltereAnnahmeSchema, request.body);
    const { position } = await nimmAn(request, request.params.id, body.resolveWasserdienstId);
    withEventPosition(reply, position);
    return { id: request.params.id, status: 'ACCEPTED', message: ANGEBOT_ANGENOMMEN };
  });

  app.post<{ Params: { id: string } }>('/api/wasserdienst/tausch/:id/decline', { preHandler }, async (request, reply) => {
    const { position } = await zieheZurueck(request, request.params.id);
    withEventPosition(reply, position);
    return { id: request.params.id, status: 'WITHDRAWN', message: ANGEBOT_ZURUECKGEZOGEN };
  });
}
