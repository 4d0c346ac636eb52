import { randomUUID } from 'node:crypto';
import type { SchliesszeitErstellt } from '@waldkita/domain/kalender/antworten';
import type { KalenderCommand, Tagesart } from '@waldkita/domain/kalender/schliesszeiten';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { textOderNull, wahrheitswert, zahlOderNull } from '../http-input.js';
import { kalenderBefehl } from './kalender-befehl.js';

/** docs/produkt.md §7 lists these under the doubled prefix; they are served under both. */
const SCHLIESSZEITEN_PFADE = ['/api/api/schliesszeiten', '/api/schliesszeiten'] as const;

const schliesswocheSchema = z.object({
  kalenderwoche: zahlOderNull.optional().default(null),
  kalenderwocheVon: zahlOderNull.optional().default(null),
  kalenderwocheBis: zahlOderNull.optional().default(null),
  jahr: zahlOderNull.optional().default(null),
  beschreibung: textOderNull,
  isRange: wahrheitswert.optional().default(false),
});
const tagesSchema = z.object({ datum: textOderNull, beschreibung: textOderNull });

const ART_NAME: Record<Tagesart, string> = { schliesstag: 'Schließtag', kitaEvent: 'Event' };

/**
 * Closing weeks, closing days and events: everyone reads them (query-api); only admins write, and
 * that is checked here against the caller's current roles. Holidays entered in the Admin Center
 * are closing weeks and days too and are changed here like any other. A new closing week frees
 * the duties planned in it (kalenderBefehl).
 */
export function kalenderRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  const ausfuehren = async (request: FastifyRequest, command: KalenderCommand) => {
    const { elternId } = await adminAufrufer(deps, request);
    return kalenderBefehl(deps, command, { actorId: elternId, now: deps.now() });
  };

  for (const basis of SCHLIESSZEITEN_PFADE) {
    app.post(basis, { preHandler }, async (request, reply) => {
      const body = parseOr400(schliesswocheSchema, request.body);
      const ids = Array.from({ length: 53 }, () => randomUUID());
      const { position, events } = await ausfuehren(request, { type: 'LegeSchliesswochenAn', data: { ...body, ids } });
      const count = events.length;
      const gewuenscht = body.isRange ? (body.kalenderwocheBis ?? 0) - (body.kalenderwocheVon ?? 0) + 1 : 1;
      withEventPosition(reply, position).status(201);
      return {
        count,
        skipped: gewuenscht - count,
        ids: events.map((e) => e.data.id),
        message: count > 1 ? `${count} Schließzeiten erfolgreich erstellt` : 'Schließzeit erfolgreich erstellt',
      } satisfies SchliesszeitErstellt;
    });

    app.put<{ Params: { id: string } }>(`${basis}/:id`, { preHandler }, async (request, reply) => {
      const body = parseOr400(schliesswocheSchema, request.body);
      const { position } = await ausfuehren(request, {
        type: 'AendereSchliesswoche',
        data: { id: request.params.id, beschreibung: body.beschreibung, jahr: body.jahr, kalenderwoche: body.kalenderwoche },
      });
      withEventPosition(reply, position);
      return { id: request.params.id, message: 'Schließzeit erfolgreich aktualisiert' };
    });

    app.delete<{ Params: { id: string } }>(`${basis}/:id`, { preHandler }, async (request, reply) => {
      const { position } = await ausfuehren(request, { type: 'LoescheSchliesswoche', data: { id: request.params.id } });
      withEventPosition(reply, position);
      return { id: request.params.id, message: 'Schließzeit erfolgreich gelöscht' };
    });

    for (const [segment, art] of [
      ['schliesstage', 'schliesstag'],
      ['events', 'kitaEvent'],
    ] as const) {
      const name = ART_NAME[art];
      app.post(`${basis}/${segment}`, { preHandler }, async (request, reply) => {
        const body = parseOr400(tagesSchema, request.body);
        const id = randomUUID();
        const { position, events } = await ausfuehren(request, {
          type: 'LegeTageseintragAn',
          data: { art, id, datum: body.datum?.trim() ?? null, beschreibung: body.beschreibung },
        });
        withEventPosition(reply, position).status(201);
        return { ...events[0]!.data, message: `${name} erfolgreich erstellt` };
      });

      app.put<{ Params: { id: string } }>(`${basis}/${segment}/:id`, { preHandler }, async (request, reply) => {
        const body = parseOr400(tagesSchema, request.body);
        const { position } = await ausfuehren(request, {
          type: 'AendereTageseintrag',
          data: { art, id: request.params.id, datum: body.datum?.trim() || null, beschreibung: body.beschreibung },
        });
        withEventPosition(reply, position);
        return { id: request.params.id, message: `${name} erfolgreich aktualisiert` };
      });

      app.delete<{ Params: { id: string } }>(`${basis}/${segment}/:id`, { preHandler }, async (request, reply) => {
        const { position } = await ausfuehren(request, { type: 'LoescheTageseintrag', data: { art, id: request.params.id } });
        withEventPosition(reply, position);
        return { id: request.params.id, message: `${name} erfolgreich gelöscht` };
      });
    }
  }
}
