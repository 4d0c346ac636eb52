import { randomUUID } from 'node:crypto';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { AbwesenheitGeloescht, AbwesenheitGemeldet } from '@waldkita/domain/abwesenheit/antworten';
import { aktuelleWoche, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import { handleCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import { keptFold } from '@waldkita/platform/kept-fold';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, aufrufer } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { textOderNull, zahlOderNull } from '../http-input.js';

const ABWESENHEIT_ERSTELLT = 'Abwesenheit erfolgreich erstellt';
const ABWESENHEIT_GELOESCHT = 'Abwesenheit erfolgreich gelöscht';

const meldungSchema = z.object({ kalenderwoche: zahlOderNull, jahr: zahlOderNull });
const fristSchema = z.object({ deadline: textOderNull });

/**
 * The deadline in force: the latest one set in the season stream (by the import or an admin),
 * else the configured `ABWESENHEIT_FRIST`, else none. Query-api answers creation-info the same way.
 */
async function wirksameFrist(deps: CommandDeps) {
  const saison = await saisonVon(deps.store, SAISON_STREAM);
  return saison.frist ?? deps.config.ABWESENHEIT_FRIST ?? null;
}

/** The season's state, kept per process and read on with the events after it (see keptFold). */
const saisonVon = keptFold(saisonDecider.initialState, (s, e) => saisonDecider.evolve(s, e as never));

/** Absences (docs/produkt.md §7 "Absences and closing times", and the older /api/wasserdienst/absences paths): a family's own weeks. */
export function abwesenheitRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = authenticate(deps.tokens);

  for (const pfad of ['/api/abwesenheit', '/api/wasserdienst/absences']) {
    app.post(pfad, { preHandler }, async (request, reply) => {
      const body = parseOr400(meldungSchema, request.body);
      const { elternId } = await aufrufer(deps, request);
      const abwesenheitId = randomUUID();
      const { position, events } = await handleCommand(
        deps.store,
        abwesenheitenStream(elternId),
        abwesenheitDecider,
        {
          type: 'MeldeAbwesenheit',
          data: {
            abwesenheitId,
            elternId,
            jahr: body.jahr ?? Number.NaN,
            kalenderwoche: body.kalenderwoche ?? Number.NaN,
            heute: heuteInBerlin(deps.now()),
            aktuelleWoche: aktuelleWoche(deps.now()),
            frist: await wirksameFrist(deps),
          },
        },
        { actorId: elternId, now: deps.now() },
      );
      const { jahr, kalenderwoche } = events[0]!.data as { jahr: number; kalenderwoche: number };
      withEventPosition(reply, position).status(201);
      return {
        abwesenheitID: abwesenheitId,
        id: abwesenheitId,
        kalenderwoche,
        jahr,
        elternId,
        message: ABWESENHEIT_ERSTELLT,
      } satisfies AbwesenheitGemeldet;
    });

    app.delete<{ Params: { id: string } }>(`${pfad}/:id`, { preHandler }, async (request, reply) => {
      const { elternId } = await aufrufer(deps, request);
      const { position } = await handleCommand(
        deps.store,
        abwesenheitenStream(elternId),
        abwesenheitDecider,
        { type: 'LoescheAbwesenheit', data: { abwesenheitId: request.params.id, elternId } },
        { actorId: elternId, now: deps.now() },
      );
      withEventPosition(reply, position);
      return { id: request.params.id, message: ABWESENHEIT_GELOESCHT } satisfies AbwesenheitGeloescht;
    });
  }

  app.put('/api/admin/abwesenheit-frist', { preHandler }, async (request, reply) => {
    const { elternId } = await adminAufrufer(deps, request);
    const body = parseOr400(fristSchema, request.body);
    const { position } = await handleCommand(
      deps.store,
      SAISON_STREAM,
      saisonDecider,
      { type: 'SetzeAbwesenheitsfrist', data: { frist: body.deadline?.trim() ?? '', quelle: 'admin', heute: heuteInBerlin(deps.now()) } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { deadline: body.deadline?.trim(), message: 'Frist für Abwesenheiten gespeichert.' };
  });
}
