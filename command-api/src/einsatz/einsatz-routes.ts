import { randomUUID } from 'node:crypto';
import type { AnmeldungAntwort, AnwesenheitErfasst, EinsatzAbgesagt, EinsatzGespeichert } from '@waldkita/domain/einsatz/antworten';
import {
  anmeldungSchema,
  anwesenheitSchema,
  type EinsatzCommand,
  type EinsatzState,
  einsatzDecider,
  einsatzSchema,
  einsatzStream,
} from '@waldkita/domain/einsatz/einsatz';
import { EINSAETZE_STREAM, einsatzVerzeichnisDecider } from '@waldkita/domain/einsatz/einsatz-verzeichnis';
import { elternStream, NICHT_GEFUNDEN } from '@waldkita/domain/eltern/eltern';
import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { handleCommand, handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminAufrufer, aufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

type Params = { Params: { id: string } };
type SchichtParams = { Params: { id: string; schichtId: string } };

const ABGESAGT = 'Der Arbeitseinsatz ist abgesagt. Die eingetragenen Familien werden benachrichtigt; der Verlauf bleibt erhalten.';

/** The day as the command side answers it: settings, and per shift its places taken and waiting. */
const einsatzAntwort = (state: EinsatzState): EinsatzGespeichert => {
  const e = state.einsatz!;
  return {
    id: e.einsatzId,
    titel: e.titel,
    datum: e.datum,
    ort: e.ort,
    beschreibung: e.beschreibung,
    anmeldeschluss: e.anmeldeschluss,
    abgesagt: e.abgesagt,
    schichten: e.schichten.map((s) => {
      const b = state.belegung[s.schichtId] ?? { eingetragen: [], warteliste: [] };
      return {
        id: s.schichtId,
        aufgabe: s.aufgabe,
        beginn: s.beginn,
        ende: s.ende,
        plaetze: s.plaetze,
        stunden: s.stunden,
        belegt: b.eingetragen.length,
        warteliste: b.warteliste.length,
      };
    }),
  };
};

/**
 * Work days with sign-up shifts (docs/api-einsaetze.md). Admins create, change and cancel a day
 * and mark who came; every signed-in family of any group signs up for a shift or its waiting list
 * and withdraws until the deadline. Auditors only read (aufrufer refuses their writes).
 */
export function einsatzRoutes(app: FastifyInstance, deps: CommandDeps) {
  const nurAdmin = [authenticate(deps.tokens), nurAdmins(deps)];
  const angemeldet = [authenticate(deps.tokens)];

  const ausfuehren = (einsatzId: string, command: EinsatzCommand, actorId: string) =>
    handleCommand(deps.store, einsatzStream(einsatzId), einsatzDecider, command, { actorId, now: deps.now() });

  /**
   * Creating or changing a day: the day's command, and in the same append its date in the list of
   * days (stream `einsaetze`, read when a family is removed). The list records a date only when it
   * is new for that day, so a change that keeps the date appends nothing there.
   */
  const mitVerzeichnis = async (command: Extract<EinsatzCommand, { type: 'LegeEinsatzAn' | 'AendereEinsatz' }>, actorId: string) => {
    const { einsatzId, datum } = command.data;
    const { position, results } = await handleCommands(
      deps.store,
      [
        streamCommand(einsatzStream(einsatzId), einsatzDecider, command, { neu: command.type === 'LegeEinsatzAn' }),
        streamCommand(EINSAETZE_STREAM, einsatzVerzeichnisDecider, { type: 'VerzeichneEinsatz', data: { einsatzId, datum } }),
      ],
      { actorId, now: deps.now() },
    );
    return { position, state: results[0]!.state as EinsatzState };
  };

  const heute = () => heuteInBerlin(deps.now());

  app.post('/api/admin/einsaetze', { preHandler: nurAdmin }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { schichten, ...angaben } = parseOr400(einsatzSchema, request.body);
    const einsatzId = randomUUID();
    const { position, state } = await mitVerzeichnis(
      {
        type: 'LegeEinsatzAn',
        data: { ...angaben, einsatzId, schichten: schichten.map(({ id: _, ...s }) => ({ ...s, schichtId: randomUUID() })) },
      },
      admin.elternId,
    );
    withEventPosition(reply, position).status(201);
    return einsatzAntwort(state);
  });

  app.put<Params>('/api/admin/einsaetze/:id', { preHandler: nurAdmin }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { schichten, ...angaben } = parseOr400(einsatzSchema, request.body);
    const einsatzId = request.params.id;
    const { position, state } = await mitVerzeichnis(
      {
        type: 'AendereEinsatz',
        data: {
          ...angaben,
          einsatzId,
          schichten: schichten.map(({ id, ...s }) => ({ ...s, schichtId: id ?? randomUUID(), bekannt: id !== undefined })),
        },
      },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return einsatzAntwort(state);
  });

  app.delete<Params>('/api/admin/einsaetze/:id', { preHandler: nurAdmin }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { position } = await ausfuehren(
      request.params.id,
      { type: 'SageEinsatzAb', data: { einsatzId: request.params.id } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return { id: request.params.id, abgesagt: true, message: ABGESAGT } satisfies EinsatzAbgesagt;
  });

  app.post<SchichtParams>('/api/einsaetze/:id/schichten/:schichtId/anmeldung', { preHandler: angemeldet }, async (request, reply) => {
    const familie = await aufrufer(deps, request);
    const { warteliste } = parseOr400(anmeldungSchema, request.body ?? null);
    const { id: einsatzId, schichtId } = request.params;
    const { position, events, state } = await ausfuehren(
      einsatzId,
      { type: 'TrageEin', data: { einsatzId, schichtId, elternId: familie.elternId, warteliste, heute: heute() } },
      familie.elternId,
    );
    const aufWarteliste = events.some((e) => e.type === 'AufWartelisteGesetzt');
    const schicht = state.schichten[schichtId]!;
    withEventPosition(reply, position).status(201);
    return {
      einsatzId,
      schichtId,
      status: aufWarteliste ? 'warteliste' : 'eingetragen',
      message: aufWarteliste
        ? `Sie stehen auf der Warteliste für „${schicht.aufgabe}“. Wird ein Platz frei, rücken Sie nach und werden benachrichtigt.`
        : `Sie sind für „${schicht.aufgabe}“ am ${datumDeutsch(state.einsatz!.datum)} eingetragen. Vielen Dank!`,
    } satisfies AnmeldungAntwort;
  });

  app.delete<SchichtParams>('/api/einsaetze/:id/schichten/:schichtId/anmeldung', { preHandler: angemeldet }, async (request, reply) => {
    const familie = await aufrufer(deps, request);
    const { id: einsatzId, schichtId } = request.params;
    const { position, events, state } = await ausfuehren(
      einsatzId,
      { type: 'TrageAus', data: { einsatzId, schichtId, elternId: familie.elternId, heute: heute() } },
      familie.elternId,
    );
    const vonWarteliste = events.some((e) => e.type === 'SchichtAusgetragen' && e.data.vonWarteliste);
    const schicht = state.schichten[schichtId]!;
    withEventPosition(reply, position);
    return {
      einsatzId,
      schichtId,
      status: null,
      message: vonWarteliste
        ? `Sie stehen nicht mehr auf der Warteliste für „${schicht.aufgabe}“.`
        : `Sie sind aus „${schicht.aufgabe}“ ausgetragen.`,
    } satisfies AnmeldungAntwort;
  });

  app.put<Params>('/api/admin/einsaetze/:id/anwesenheit', { preHandler: nurAdmin }, async (request: FastifyRequest<Params>, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { schichtId, elternId, anwesend } = parseOr400(anwesenheitSchema, request.body);
    const einsatzId = request.params.id;
    const { events: eltern } = await deps.store.readStream(elternStream(elternId));
    if (eltern.length === 0) throw new HttpError(404, NICHT_GEFUNDEN);
    const { position } = await ausfuehren(
      einsatzId,
      { type: 'ErfasseAnwesenheit', data: { einsatzId, schichtId, elternId, anwesend, heute: heute() } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return {
      einsatzId,
      schichtId,
      elternId,
      anwesend,
      message: anwesend ? 'Als anwesend erfasst.' : 'Als nicht anwesend erfasst.',
    } satisfies AnwesenheitErfasst;
  });
}
