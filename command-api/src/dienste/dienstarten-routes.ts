import { randomUUID } from 'node:crypto';
import type { DienstartArchiviert, DienstartPlanungsErgebnis } from '@waldkita/domain/admin/antworten';
import {
  aktiveDienstart,
  DIENSTARTEN_STREAM,
  dienstartAntwort,
  dienstartenDecider,
  dienstartSchema,
  WASSERDIENST_ID,
} from '@waldkita/domain/dienste/dienstart';
import { KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { isoWocheVon, istDatum, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { handleCommand } from '@waldkita/platform/command-handler';
import { bereicheVon, dienstarten, planeDienstart } from '@waldkita/platform/dienste/plane-dienstart';
import { comparePositions, type Position } from '@waldkita/platform/event-store/event-store';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { projektorAmKopfOder503 } from '../projektor-aktuell.js';

const DATUM_FEHLT = 'Bitte geben Sie Start- und Enddatum im Format JJJJ-MM-TT an.';
const ARCHIVIERT = 'Dienstart archiviert. Ihre bisherigen Termine bleiben in der Historie.';

const planSchema = z.object({
  von: z.string({ error: DATUM_FEHLT }).refine(istDatum, DATUM_FEHLT),
  bis: z.string({ error: DATUM_FEHLT }).refine(istDatum, DATUM_FEHLT),
  gruppeId: z.string({ error: 'Die Gruppe muss als Kennung (Text) angegeben werden.' }).trim().max(100).optional().nullable(),
});

type Params = { Params: { id: string } };

/**
 * The Admin Center's duty kinds (docs/api-dienste.md): define, change, archive and plan them.
 * Every route is for admins only (403 before the body is looked at).
 */
export function dienstartenRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  const ausfuehren = async (request: Parameters<typeof adminAufrufer>[1], command: Parameters<typeof dienstartenDecider.decide>[0]) => {
    const admin = await adminAufrufer(deps, request);
    return handleCommand(deps.store, DIENSTARTEN_STREAM, dienstartenDecider, command, { actorId: admin.elternId, now: deps.now() });
  };

  app.post('/api/admin/dienstarten', { preHandler }, async (request, reply) => {
    const angaben = parseOr400(dienstartSchema, request.body);
    const dienstartId = randomUUID();
    const { position, state } = await ausfuehren(request, { type: 'LegeDienstartAn', data: { ...angaben, dienstartId } });
    withEventPosition(reply, position).status(201);
    return dienstartAntwort(state.arten.get(dienstartId)!);
  });

  app.put<Params>('/api/admin/dienstarten/:id', { preHandler }, async (request, reply) => {
    const angaben = parseOr400(dienstartSchema, request.body);
    const { position, state } = await ausfuehren(request, {
      type: 'AendereDienstart',
      data: { ...angaben, dienstartId: request.params.id },
    });
    withEventPosition(reply, position);
    return dienstartAntwort(state.arten.get(request.params.id)!);
  });

  app.delete<Params>('/api/admin/dienstarten/:id', { preHandler }, async (request, reply) => {
    const { position } = await ausfuehren(request, { type: 'ArchiviereDienstart', data: { dienstartId: request.params.id } });
    withEventPosition(reply, position);
    return { id: request.params.id, archiviert: true, message: ARCHIVIERT } satisfies DienstartArchiviert;
  });

  app.post<Params>('/api/admin/dienstarten/:id/planen', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { von, bis, gruppeId } = parseOr400(planSchema, request.body);
    if (bis < von) throw new HttpError(400, 'Der Zeitraum ist leer: das Enddatum liegt vor dem Startdatum.');
    if (plusTage(von, 366) < bis) throw new HttpError(400, 'Geplant wird höchstens ein Jahr auf einmal.');
    const art = aktiveDienstart(await dienstarten(deps.store), request.params.id);
    await projektorAmKopfOder503(deps);
    const bereiche = await bereicheVon(deps.pool, art.id === WASSERDIENST_ID ? { ...art, bereich: 'gruppe' } : art, gruppeId || null);
    if (gruppeId && art.bereich === 'gruppe' && bereiche.length === 0) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    // Each scope's plan is decided on a stream of its own from its own families' dates, so the
    // groups are planned side by side; the answer waits for all of them, also when one fails.
    const ergebnisse = await Promise.allSettled(
      bereiche.map((bereichId) =>
        art.id === WASSERDIENST_ID
          ? planeWasserdienst(bereichId, von, bis, admin.elternId)
          : planeDienstart(deps, art, bereichId, von, bis, admin.elternId),
      ),
    );
    const fehler = ergebnisse.find((e) => e.status === 'rejected');
    if (fehler) throw fehler.reason;
    const plaene = [];
    let letzte: Position | null = null;
    for (const [i, bereichId] of bereiche.entries()) {
      const e = (ergebnisse[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof planeDienstart>>>).value;
      if (e.position && (!letzte || comparePositions(e.position, letzte) > 0)) letzte = e.position;
      plaene.push({
        gruppeId: bereichId === KITA_BEREICH ? null : bereichId,
        zugewiesen: e.zugewiesen,
        nichtBesetzt: e.nichtBesetzt,
        trotzAbwesenheit: e.trotzAbwesenheit,
        anteile: e.anteile,
        saldo: e.saldo,
      });
    }
    withEventPosition(reply, letzte);
    const summe = plaene.reduce((n, p) => n + p.zugewiesen, 0);
    const offen = plaene.reduce((n, p) => n + p.nichtBesetzt.length, 0);
    return {
      dienstartId: art.id,
      von,
      bis,
      plaene,
      message: `${art.name}: ${summe} ${summe === 1 ? 'Termin' : 'Termine'} vergeben${offen ? `, ${offen} ${offen === 1 ? 'Termin' : 'Termine'} nicht besetzt` : ''}.`,
    } satisfies DienstartPlanungsErgebnis;
  });

  /** Wasserdienst keeps its own planner over whole ISO weeks; its answer in the shape of the other kinds'. */
  const planeWasserdienst = async (gruppeId: string, von: string, bis: string, actorId: string) => {
    const e = await deps.planeGruppe(gruppeId, isoWocheVon(von), isoWocheVon(bis), actorId);
    const woche = (w: { jahr: number; kalenderwoche: number }) => {
      const montag = montagDerWoche(w);
      return { von: montag, bis: plusTage(montag, 4) };
    };
    return {
      position: e.position,
      zugewiesen: e.zugewiesen,
      nichtBesetzt: e.nichtBesetzt.map((n) => woche(n.woche)),
      trotzAbwesenheit: e.trotzAbwesenheit.map((t) => ({ ...woche(t), elternId: t.elternId })),
      anteile: e.anteile,
      saldo: e.saldo,
    };
  };
}
