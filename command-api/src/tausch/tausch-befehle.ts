import { randomUUID } from 'node:crypto';
import { aktuelleWoche } from '@waldkita/domain/kalender/iso-woche';
import { type DienstplanCommand, dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
import { HttpError } from '@waldkita/platform/http/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { aufruferMitGruppe } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

/**
 * What the swap exchange's routes (tausch-routes.ts) and the older trade-request paths
 * (tausch-anfragen-routes.ts) share: their German answers, the id fields of their bodies, and the
 * three commands on the caller's own group's water-duty plan.
 */

const NUR_FUER_SICH_SELBST = 'Sie können nur für sich selbst tauschen.';
export const ANGEBOT_ANGENOMMEN = 'Tausch-Anfrage erfolgreich angenommen!';
export const ANGEBOT_ZURUECKGEZOGEN = 'Tausch-Anfrage erfolgreich zurückgezogen';

export const id = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: message }).trim().min(1, message));
export const optionalId = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().optional().nullable());

/** `elternId` fields in a body are only a claim: they must name the signed-in family itself. */
export const mussAufruferSein = (claimed: string | null | undefined, elternId: string) => {
  if (claimed && claimed !== elternId) throw new HttpError(403, NUR_FUER_SICH_SELBST);
};

/**
 * Offer, accept and withdraw on the caller's own group's plan: an id from another group is simply
 * not found there. The caller's group comes from the event log, never from the request.
 */
export function tauschBefehle(deps: CommandDeps) {
  const ausfuehren = async (request: FastifyRequest, build: (wer: { elternId: string; gruppeId: string }) => DienstplanCommand) => {
    const wer = await aufruferMitGruppe(deps, request);
    const result = await handleCommand(deps.store, dienstplanStream(wer.gruppeId), dienstplanDecider, build(wer), {
      actorId: wer.elternId,
      now: deps.now(),
    });
    return { ...result, wer };
  };

  const bieteAn = (request: FastifyRequest, wasserdienstId: string, nachrichtText: string | null, abgeben = false) => {
    const tauschId = randomUUID();
    return ausfuehren(request, ({ elternId, gruppeId }) => ({
      type: 'BieteTauschAn',
      data: { gruppeId, tauschId, wasserdienstId, elternId, nachricht: nachrichtText, heute: aktuelleWoche(deps.now()), abgeben },
    })).then((result) => ({ ...result, tauschId }));
  };

  const nimmAn = (request: FastifyRequest, tauschId: string, gegenWasserdienstId: string | null) =>
    ausfuehren(request, ({ elternId, gruppeId }) => ({
      type: 'NimmTauschAn',
      data: { gruppeId, tauschId, elternId, gegenWasserdienstId, heute: aktuelleWoche(deps.now()) },
    }));

  const zieheZurueck = (request: FastifyRequest, tauschId: string) =>
    ausfuehren(request, ({ elternId, gruppeId }) => ({ type: 'ZieheTauschZurueck', data: { gruppeId, tauschId, elternId } }));

  return { bieteAn, nimmAn, zieheZurueck };
}
