import { randomUUID } from 'node:crypto';
import { ANDERE_ART, DIENST_NICHT_GEFUNDEN, DIENST_WAEHLEN, type DiensteCommand, diensteDecider } from '@waldkita/domain/dienste/dienste';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { dienstplanDecider, dienstplanStream, WASSERDIENST_WAEHLEN } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import { keptFold } from '@waldkita/platform/kept-fold';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { aufruferMitGruppe } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { type AndererPlan, planMit } from './andere-dienste.js';
import { ANGEBOT_ANGENOMMEN, ANGEBOT_ZURUECKGEZOGEN, mussAufruferSein, optionalId, tauschBefehle } from './tausch-befehle.js';

const ANGEBOT_ERSTELLT = 'Tausch-Anfrage erfolgreich erstellt!';
const DIENST_ABGEGEBEN = 'Dienst abgegeben. Die Familien Ihrer Gruppe können ihn jetzt übernehmen.';
const DIENST_UEBERNOMMEN = 'Dienst übernommen!';

const angebotSchema = z.object({
  elternId: optionalId,
  /** A date of any kind; `wasserdienstId` (older clients) names a water-duty week. */
  dienstId: optionalId,
  wasserdienstId: optionalId,
  abgeben: z.boolean({ error: 'Das Feld „abgeben“ muss true oder false sein.' }).optional(),
});
/** Without `resolveWasserdienstId` an offer given away is taken over ('Übernehmen'); a swap offer asks for one. */
const annahmeSchema = z.object({ resolveElternId: optionalId, resolveWasserdienstId: optionalId, resolveDienstId: optionalId });

/**
 * The swap exchange (docs/produkt.md §7 "Water duty and swaps"; its older trade-request paths are in
 * tausch-anfragen-routes.ts). Every command works on the caller's own group's plan: an id from
 * another group is simply not found there. The caller's group comes from the event log, never from
 * the request.
 */
/** A group's water-duty plan, kept per process and read on with the events after it (see keptFold). */
const wasserplanVon = keptFold(dienstplanDecider.initialState, (s, e) => dienstplanDecider.evolve(s, e as never));

export function tauschRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = authenticate(deps.tokens);
  const { bieteAn, nimmAn, zieheZurueck } = tauschBefehle(deps);

  /** A date of another kind: its plan's command, on its own stream (docs/api-dienste.md). */
  const andereArt = async (request: FastifyRequest, plan: AndererPlan, build: (elternId: string) => DiensteCommand) => {
    const wer = await aufruferMitGruppe(deps, request);
    return handleCommand(deps.store, plan.stream, diensteDecider, build(wer.elternId), { actorId: wer.elternId, now: deps.now() });
  };
  const kopf = (plan: AndererPlan) => ({ dienstartId: plan.art.id, bereichId: plan.bereichId });
  /**
   * Where `id` lives: the caller's water-duty plan ('wasser'), the plan of another kind, or nowhere
   * the caller takes part in (null).
   */
  const planVon = async (request: FastifyRequest, id: string, was: 'dienst' | 'tausch'): Promise<'wasser' | AndererPlan | null> => {
    const wer = await aufruferMitGruppe(deps, request);
    const state = await wasserplanVon(deps.store, dienstplanStream(wer.gruppeId));
    if (was === 'dienst' ? state.dienste.has(id) : state.tausche.has(id)) return 'wasser';
    return planMit(deps, wer.gruppeId, id, was);
  };
  const planAndererArt = async (request: FastifyRequest, id: string, was: 'dienst' | 'tausch') => {
    const plan = await planVon(request, id, was);
    return plan === 'wasser' ? null : plan;
  };

  app.post('/api/tausch', { preHandler }, async (request, reply) => {
    const body = parseOr400(angebotSchema, request.body);
    const { sub } = request.claims!;
    mussAufruferSein(body.elternId, sub);
    const dienstId = body.dienstId || body.wasserdienstId;
    if (!dienstId) throw new HttpError(400, body.dienstId === undefined ? WASSERDIENST_WAEHLEN : DIENST_WAEHLEN);
    const ort = body.dienstId ? await planVon(request, dienstId, 'dienst') : 'wasser';
    if (ort === null) throw new HttpError(404, DIENST_NICHT_GEFUNDEN);
    const plan = ort === 'wasser' ? null : ort;
    if (plan) {
      const tauschId = randomUUID();
      const { position } = await andereArt(request, plan, (elternId) => ({
        type: 'BieteDienstTauschAn',
        data: { ...kopf(plan), tauschId, dienstId, elternId, heute: heuteInBerlin(deps.now()), abgeben: body.abgeben === true },
      }));
      withEventPosition(reply, position).header('X-Tausch-Id', tauschId).status(201).type('text/plain; charset=utf-8');
      return body.abgeben ? DIENST_ABGEGEBEN : ANGEBOT_ERSTELLT;
    }
    const { position, tauschId } = await bieteAn(request, dienstId, null, body.abgeben === true);
    withEventPosition(reply, position).header('X-Tausch-Id', tauschId).status(201).type('text/plain; charset=utf-8');
    return body.abgeben ? DIENST_ABGEGEBEN : ANGEBOT_ERSTELLT;
  });

  app.put<{ Params: { id: string } }>('/api/tausch/:id/accept', { preHandler }, async (request, reply) => {
    const body = parseOr400(annahmeSchema, request.body);
    mussAufruferSein(body.resolveElternId, request.claims!.sub);
    const gegen = body.resolveDienstId || body.resolveWasserdienstId || null;
    const plan = await planAndererArt(request, request.params.id, 'tausch');
    if (plan) {
      const { position, events } = await andereArt(request, plan, (elternId) => ({
        type: 'NimmDienstTauschAn',
        data: { ...kopf(plan), tauschId: request.params.id, elternId, gegenDienstId: gegen, heute: heuteInBerlin(deps.now()) },
      }));
      withEventPosition(reply, position);
      const uebernommen = events[0]?.type === 'DienstAbgabeUebernommen';
      return { id: request.params.id, bestaetigt: true, message: uebernommen ? DIENST_UEBERNOMMEN : ANGEBOT_ANGENOMMEN };
    }
    // A water-duty offer swaps only against a water-duty week.
    const gegenOrt = gegen && body.resolveDienstId ? await planVon(request, gegen, 'dienst') : null;
    if (gegenOrt !== null && gegenOrt !== 'wasser') throw new HttpError(400, ANDERE_ART);
    const { position, events } = await nimmAn(request, request.params.id, gegen);
    withEventPosition(reply, position);
    const uebernommen = events[0]?.type === 'DienstUebernommen';
    return { id: request.params.id, bestaetigt: true, message: uebernommen ? DIENST_UEBERNOMMEN : ANGEBOT_ANGENOMMEN };
  });

  app.delete<{ Params: { id: string } }>('/api/tausch/:id', { preHandler }, async (request, reply) => {
    const plan = await planAndererArt(request, request.params.id, 'tausch');
    const { position } = plan
      ? await andereArt(request, plan, (elternId) => ({
          type: 'ZieheDienstTauschZurueck',
          data: { ...kopf(plan), tauschId: request.params.id, elternId },
        }))
      : await zieheZurueck(request, request.params.id);
    withEventPosition(reply, position);
    return { id: request.params.id, message: ANGEBOT_ZURUECKGEZOGEN };
  });
}
