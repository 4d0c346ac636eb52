import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { type Datum, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { fold } from '@waldkita/domain/shared/decider';
import type {
  EingetragenAntwort,
  EntscheidungAntwort,
  FamilieAntwort,
  KorrekturAntwort,
  RegelnAntwort,
  StundenjahrAntwort,
} from '@waldkita/domain/stunden/antworten';
import { kitajahrVon, kitajahrZeitraum, STANDARD_REGELN, type StundenRegeln } from '@waldkita/domain/stunden/rechnen';
import {
  DATUM_IN_ZUKUNFT,
  DATUM_ZU_ALT,
  EINTRAG_NICHT_GEFUNDEN,
  eigeneStundenSchema,
  entscheidungSchema,
  FAMILIE_NICHT_GEFUNDEN,
  familieSchema,
  JAHR_UNGUELTIG,
  jahrSchema,
  korrekturSchema,
  regelnSchema,
  type StundenjahrCommand,
  type StundenjahrState,
  stundenjahrDecider,
  stundenjahrStream,
  wiedereroeffnenSchema,
} from '@waldkita/domain/stunden/stundenjahr';
import { handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import type { StreamRead } from '@waldkita/platform/event-store/event-store';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminAufrufer, aufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

/** How many kindergarten years back rules and entries are looked for (rules carry forward from the latest year that set them). */
const JAHRE_ZURUECK = 6;

type Lage = {
  heute: Datum;
  /** The start month in force (from the latest rules up to the current calendar year). */
  beginnMonat: number;
  /** The current kindergarten year. */
  aktuell: number;
  streams: Map<string, StreamRead>;
  jahre: Map<number, StundenjahrState>;
};

/**
 * The ledger's years around today, read in one go: each year's stream folded, the start month of
 * the kindergarten year in force, and the current year. Commands are then decided on the stream of
 * their year with the revision read here (handleCommands re-reads on a conflict).
 */
async function lage(deps: CommandDeps): Promise<Lage> {
  const heute = heuteInBerlin(deps.now());
  const kalenderjahr = Number(heute.slice(0, 4));
  const liste: number[] = [];
  for (let j = kalenderjahr - JAHRE_ZURUECK; j <= kalenderjahr + 1; j++) liste.push(j);
  const streams = await deps.store.readStreams(liste.map(stundenjahrStream));
  const jahre = new Map<number, StundenjahrState>();
  for (const j of liste) jahre.set(j, fold(stundenjahrDecider, (streams.get(stundenjahrStream(j))?.events ?? []) as never));
  let beginnMonat = STANDARD_REGELN.jahresbeginnMonat;
  for (let j = kalenderjahr; j >= kalenderjahr - JAHRE_ZURUECK; j--) {
    const regeln: StundenRegeln | null = jahre.get(j)?.regeln ?? null;
    if (regeln) {
      beginnMonat = regeln.jahresbeginnMonat;
      break;
    }
  }
  return { heute, beginnMonat, aktuell: kitajahrVon(heute, beginnMonat), streams, jahre };
}

/**
 * The hours ledger's writes (docs/stunden.md): a family records its own work; admins set the
 * rules and the families' settings, confirm or refuse entries, correct, close and reopen a year.
 * Every write is decided on the stream `stundenjahr-{jahr}` of the year it belongs to.
 */
export function stundenRoutes(app: FastifyInstance, deps: CommandDeps) {
  const angemeldet = authenticate(deps.tokens);
  const preHandler = [angemeldet, nurAdmins(deps)];

  const ausfuehren = async (l: Lage, jahr: number, command: StundenjahrCommand, actorId: string) => {
    const name = stundenjahrStream(jahr);
    const read = l.streams.has(name) ? new Map([[name, l.streams.get(name)!]]) : undefined;
    const { position, results } = await handleCommands(
      deps.store,
      [streamCommand(name, stundenjahrDecider, command)],
      { actorId, now: deps.now() },
      { read },
    );
    return { position, events: results[0]!.events };
  };

  /** A family the log knows (also one that left: its ledger can still be corrected); 404 otherwise. */
  const familieBekannt = async (elternId: string) => {
    const state = fold(elternDecider, (await deps.store.readStream(elternStream(elternId))).events as never);
    if (state.status === 'unbekannt' || state.status === 'geloescht') throw new HttpError(404, FAMILIE_NICHT_GEFUNDEN);
  };

  const jahrAusPfad = (request: FastifyRequest<{ Params: { jahr: string } }>) => {
    const geparst = jahrSchema.safeParse(request.params.jahr);
    if (!geparst.success || !/^\d{4}$/.test(request.params.jahr)) throw new HttpError(400, JAHR_UNGUELTIG);
    return geparst.data;
  };

  app.post('/api/stunden', { preHandler: angemeldet }, async (request, reply) => {
    const wer = await aufrufer(deps, request);
    const body = parseOr400(eigeneStundenSchema, request.body);
    const l = await lage(deps);
    if (body.datum > l.heute) throw new HttpError(400, DATUM_IN_ZUKUNFT);
    const jahr = kitajahrVon(body.datum, l.beginnMonat);
    if (jahr < l.aktuell - 1) throw new HttpError(400, DATUM_ZU_ALT);
    const eintragId = randomUUID();
    const { position } = await ausfuehren(
      l,
      jahr,
      { type: 'TrageStundenEin', data: { jahr, eintragId, elternId: wer.elternId, ...body, heute: l.heute } },
      wer.elternId,
    );
    withEventPosition(reply, position).status(201);
    return {
      id: eintragId,
      jahr,
      datum: body.datum,
      stunden: body.stunden,
      quelle: 'eigen',
      beschreibung: body.beschreibung,
      status: 'ausstehend',
      message: 'Ihre Stunden sind eingetragen. Sie zählen, sobald die Kita-Leitung sie bestätigt hat.',
    } satisfies EingetragenAntwort;
  });

  app.put('/api/admin/stunden/regeln', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { jahr: gewuenscht, ...regeln } = parseOr400(regelnSchema, request.body);
    const l = await lage(deps);
    const jahr = gewuenscht ?? l.aktuell;
    const { position } = await ausfuehren(
      l,
      jahr,
      { type: 'SetzeStundenRegeln', data: { jahr, ...regeln, sollProKind: regeln.sollProKind ?? null } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return {
      jahr,
      ...regeln,
      sollProKind: regeln.sollProKind ?? null,
      message: 'Die Regeln für die Elternstunden sind gespeichert.',
    } satisfies RegelnAntwort;
  });

  app.post('/api/admin/stunden/korrektur', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const body = parseOr400(korrekturSchema, request.body);
    await familieBekannt(body.elternId);
    const l = await lage(deps);
    const jahr = kitajahrVon(body.datum, l.beginnMonat);
    const korrekturId = randomUUID();
    const { position } = await ausfuehren(l, jahr, { type: 'KorrigiereStunden', data: { jahr, korrekturId, ...body } }, admin.elternId);
    withEventPosition(reply, position).status(201);
    return {
      id: korrekturId,
      jahr,
      ...body,
      quelle: 'korrektur',
      status: 'bestaetigt',
      message: 'Die Korrektur ist gespeichert.',
    } satisfies KorrekturAntwort;
  });

  app.put<{ Params: { elternId: string } }>('/api/admin/stunden/familien/:elternId', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { jahr: gewuenscht, ...body } = parseOr400(familieSchema, request.body);
    await familieBekannt(request.params.elternId);
    const l = await lage(deps);
    const jahr = gewuenscht ?? l.aktuell;
    const { position } = await ausfuehren(
      l,
      jahr,
      { type: 'SetzeStundenFamilie', data: { jahr, elternId: request.params.elternId, ...body } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return {
      jahr,
      elternId: request.params.elternId,
      ...body,
      message: 'Die Angaben der Familie sind gespeichert.',
    } satisfies FamilieAntwort;
  });

  app.post<{ Params: { jahr: string } }>('/api/admin/stunden/jahr/:jahr/abschliessen', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const jahr = jahrAusPfad(request);
    const l = await lage(deps);
    const { bis } = kitajahrZeitraum(jahr, l.beginnMonat);
    const { position } = await ausfuehren(
      l,
      jahr,
      { type: 'SchliesseStundenjahrAb', data: { jahr, ende: bis, heute: l.heute } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return {
      jahr,
      abgeschlossen: true,
      message: 'Das Kita-Jahr ist abgeschlossen. Die Abrechnung steht fest.',
    } satisfies StundenjahrAntwort;
  });

  app.post<{ Params: { jahr: string } }>('/api/admin/stunden/jahr/:jahr/wiedereroeffnen', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const jahr = jahrAusPfad(request);
    const { grund } = parseOr400(wiedereroeffnenSchema, request.body);
    const l = await lage(deps);
    const { position } = await ausfuehren(l, jahr, { type: 'OeffneStundenjahrWieder', data: { jahr, grund } }, admin.elternId);
    withEventPosition(reply, position);
    return { jahr, abgeschlossen: false, message: 'Das Kita-Jahr ist wieder eröffnet.' } satisfies StundenjahrAntwort;
  });

  app.put<{ Params: { id: string } }>('/api/admin/stunden/:id', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { status, grund } = parseOr400(entscheidungSchema, request.body);
    const l = await lage(deps);
    const jahr = [...l.jahre].find(([, state]) => state.eintraege.has(request.params.id))?.[0];
    if (jahr === undefined) throw new HttpError(404, EINTRAG_NICHT_GEFUNDEN);
    const eintragId = request.params.id;
    const { position } = await ausfuehren(
      l,
      jahr,
      status === 'bestaetigt'
        ? { type: 'BestaetigeStunden', data: { jahr, eintragId } }
        : { type: 'LehneStundenAb', data: { jahr, eintragId, grund: grund ?? '' } },
      admin.elternId,
    );
    withEventPosition(reply, position);
    return {
      id: eintragId,
      status,
      ...(status === 'abgelehnt' ? { grund } : {}),
      message: status === 'bestaetigt' ? 'Die Stunden sind bestätigt.' : 'Die Stunden sind abgelehnt.',
    } satisfies EntscheidungAntwort;
  });
}
