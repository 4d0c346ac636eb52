import { randomUUID } from 'node:crypto';
import type { FerienAngelegt, FerienartGeloescht, FerienBestaetigt, Geloescht } from '@waldkita/domain/admin/antworten';
import { montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { KalenderCommand } from '@waldkita/domain/kalender/schliesszeiten';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { textOderNull, zahlOderNull } from '../http-input.js';
import { kalenderBefehl } from '../kalender/kalender-befehl.js';

const zeitraumSchema = z.object({ holidayType: textOderNull, startDate: textOderNull, endDate: textOderNull });
const wochenSchema = z.object({ holidayType: textOderNull, jahr: zahlOderNull, startKW: zahlOderNull, endKW: zahlOderNull.optional() });

/**
 * Holidays in the Admin Center: closing weeks and days of the `kalender` stream that carry a
 * holiday type, so /schliesszeiten shows and changes the same entries. New holiday weeks free the
 * duties planned in them (kalenderBefehl).
 */
export function ferienAdminRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];
  const ausfuehren = async (request: FastifyRequest, command: KalenderCommand) => {
    const admin = await adminAufrufer(deps, request);
    return kalenderBefehl(deps, command, { actorId: admin.elternId, now: deps.now() });
  };
  const ids = () => Array.from({ length: 400 }, () => randomUUID());
  const zaehle = (events: { type: string }[]) => ({
    wochen: events.filter((e) => e.type === 'FerienwocheAngelegt').length,
    tage: events.filter((e) => e.type === 'FerientagAngelegt').length,
  });

  app.post('/api/admin/holidays-by-date-range', { preHandler }, async (request, reply) => {
    const body = parseOr400(zeitraumSchema, request.body);
    const { events, position } = await ausfuehren(request, {
      type: 'LegeFerienAn',
      data: { art: body.holidayType, von: body.startDate, bis: body.endDate, ids: ids() },
    });
    withEventPosition(reply, position).status(201);
    return { ...zaehle(events), message: 'Ferienzeitraum erfolgreich erstellt' } satisfies FerienAngelegt;
  });

  /** Whole holiday weeks by number: `{ holidayType, jahr, startKW, endKW? }`. */
  app.post('/api/admin/holiday-weeks', { preHandler }, async (request, reply) => {
    const body = parseOr400(wochenSchema, request.body);
    const endKW = body.endKW ?? body.startKW;
    if (body.jahr === null || body.startKW === null || endKW === null)
      throw new HttpError(400, 'Bitte Ferienart, Jahr und Kalenderwochen angeben.');
    let von: string;
    let bis: string;
    try {
      von = montagDerWoche({ jahr: body.jahr, kalenderwoche: body.startKW });
      bis = plusTage(montagDerWoche({ jahr: body.jahr, kalenderwoche: endKW }), 4);
    } catch {
      throw new HttpError(400, 'Diese Kalenderwoche gibt es in diesem Jahr nicht.');
    }
    const { events, position } = await ausfuehren(request, { type: 'LegeFerienAn', data: { art: body.holidayType, von, bis, ids: ids() } });
    withEventPosition(reply, position).status(201);
    return { ...zaehle(events), message: 'Ferienwochen erfolgreich erstellt' } satisfies FerienAngelegt;
  });

  app.post('/api/admin/confirm-holidays', { preHandler }, async (request, reply) => {
    const { position } = await ausfuehren(request, { type: 'BestaetigeFerien', data: {} });
    withEventPosition(reply, position);
    return { confirmed: true, message: 'Ferientermine bestätigt! CSV-Import ist jetzt möglich.' } satisfies FerienBestaetigt;
  });

  app.delete<{ Querystring: { holidayType?: string; year?: string } }>(
    '/api/admin/holiday-type',
    { preHandler },
    async (request, reply) => {
      const art = typeof request.query.holidayType === 'string' ? request.query.holidayType.trim() : '';
      const jahr = Number(request.query.year);
      if (!art || !Number.isInteger(jahr)) throw new HttpError(400, 'Bitte Ferienart und Jahr angeben.');
      const { events, position } = await ausfuehren(request, { type: 'LoescheFerienart', data: { art, jahr } });
      withEventPosition(reply, position);
      return { geloescht: events.length, message: `${art} Wochen gelöscht` } satisfies FerienartGeloescht;
    },
  );

  app.delete<{ Params: { id: string } }>('/api/admin/holiday-day/:id', { preHandler }, async (request, reply) => {
    const { position } = await ausfuehren(request, { type: 'LoescheFerientag', data: { id: request.params.id } });
    withEventPosition(reply, position);
    return { id: request.params.id, message: 'Ferientag gelöscht' } satisfies Geloescht;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/holiday-week/:id', { preHandler }, async (request, reply) => {
    const { position } = await ausfuehren(request, { type: 'LoescheFerienwoche', data: { id: request.params.id } });
    withEventPosition(reply, position);
    return { id: request.params.id, message: 'Ferienwoche gelöscht' } satisfies Geloescht;
  });
}
