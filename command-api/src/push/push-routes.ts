import { randomUUID } from 'node:crypto';
import type { PushGeraetAngemeldet, PushGeraetEntfernt, WahlGespeichert } from '@waldkita/domain/push/antworten';
import {
  type BenachrichtigungsWahl,
  benachrichtigungDecider,
  benachrichtigungenStream,
  STANDARD_WAHL,
  wahlSchema,
} from '@waldkita/domain/push/benachrichtigungen';
import { geraetBezeichnung } from '@waldkita/domain/push/geraet-bezeichnung';
import { type PushAbo, PushAboSiegel, resolveVapidKeys } from '@waldkita/platform/auth/vapid-keys';
import { handleCommand } from '@waldkita/platform/command-handler';
import { pushEndpunktErlaubt } from '@waldkita/platform/config';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { aufrufer } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

/** Longest endpoint taken: real ones are 150–500 characters. */
const MAX_ENDPUNKT = 2048;

const ABO_UNGUELTIG = 'Die Anmeldung für Push-Benachrichtigungen ist ungültig. Bitte versuchen Sie es erneut.';
const DIENST_NICHT_ERLAUBT =
  'Dieser Push-Dienst wird nicht unterstützt. Bitte verwenden Sie einen aktuellen Browser (Chrome, Edge, Firefox oder Safari).';

const base64url = (bytes: number, pruefe: (b: Buffer) => boolean = () => true) =>
  z
    .string({ error: ABO_UNGUELTIG })
    .max(200, ABO_UNGUELTIG)
    .refine((v) => /^[A-Za-z0-9_-]+=*$/.test(v), ABO_UNGUELTIG)
    .refine((v) => {
      const b = Buffer.from(v, 'base64url');
      return b.length === bytes && pruefe(b);
    }, ABO_UNGUELTIG);

const endpunkt = z.string({ error: ABO_UNGUELTIG }).min(1, ABO_UNGUELTIG).max(MAX_ENDPUNKT, ABO_UNGUELTIG);

/** A PushSubscription as `JSON.stringify(subscription)` gives it: the endpoint, the client's P-256 key (65 bytes) and its 16-byte auth secret. */
const aboSchema = z.object(
  {
    endpoint: endpunkt,
    expirationTime: z.number({ error: ABO_UNGUELTIG }).nullable().optional(),
    keys: z.object({ p256dh: base64url(65, (b) => b[0] === 4), auth: base64url(16) }, { error: ABO_UNGUELTIG }),
  },
  { error: ABO_UNGUELTIG },
);

const abmeldungSchema = z.object({ endpoint: endpunkt }, { error: ABO_UNGUELTIG });

/** The key that seals subscriptions, derived once per app from the VAPID key pair (generated on first use outside production). */
const siegelVon = new WeakMap<CommandDeps, Promise<PushAboSiegel>>();
const siegel = (deps: CommandDeps) => {
  let s = siegelVon.get(deps);
  if (!s) {
    s = resolveVapidKeys(deps.config, deps.pool).then((k) => new PushAboSiegel(k.privateKey));
    s.catch(() => siegelVon.delete(deps));
    siegelVon.set(deps, s);
  }
  return s;
};

/**
 * Devices for push messages and the family's choice of push or mail per notice (docs/push.md).
 * A subscription's endpoint must lie under PUSH_ENDPOINT_ALLOWLIST, or it is refused before
 * anything is stored and the server never calls it. The subscription is sealed before it enters
 * the event (platform/auth/vapid-keys).
 */
export function pushRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = authenticate(deps.tokens);
  const stream = benachrichtigungenStream;

  app.post('/api/push/abos', { preHandler }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const body = parseOr400(aboSchema, request.body);
    if (!pushEndpunktErlaubt(deps.config.PUSH_ENDPOINT_ALLOWLIST, body.endpoint)) throw new HttpError(400, DIENST_NICHT_ERLAUBT);
    const abo: PushAbo = { endpoint: body.endpoint, expirationTime: body.expirationTime ?? null, keys: body.keys };
    const s = await siegel(deps);
    const endpunktKennung = s.kennung(abo.endpoint);
    const { position, events, state } = await handleCommand(
      deps.store,
      stream(elternId),
      benachrichtigungDecider,
      {
        type: 'MeldePushGeraetAn',
        data: {
          elternId,
          neueGeraetId: randomUUID(),
          endpunktKennung,
          fingerabdruck: s.fingerabdruck(abo),
          abo: s.versiegle(abo, elternId),
          bezeichnung: geraetBezeichnung(request.headers['user-agent']),
        },
      },
      { actorId: elternId, now: deps.now() },
    );
    const id = [...state.geraete].find(([, g]) => g.endpunktKennung === endpunktKennung)![0];
    withEventPosition(reply, position).status(events.length > 0 ? 201 : 200);
    return { id, message: 'Dieses Gerät erhält jetzt Benachrichtigungen.' } satisfies PushGeraetAngemeldet;
  });

  /** The browser unsubscribing itself: by its endpoint. */
  app.delete('/api/push/abos', { preHandler }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const { endpoint } = parseOr400(abmeldungSchema, request.body);
    const { position } = await handleCommand(
      deps.store,
      stream(elternId),
      benachrichtigungDecider,
      { type: 'EntfernePushGeraet', data: { elternId, endpunktKennung: (await siegel(deps)).kennung(endpoint), grund: 'abgemeldet' } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { message: 'Gerät entfernt.' } satisfies PushGeraetEntfernt;
  });

  /** 'Entfernen' in the device list: by id. */
  app.delete<{ Params: { id: string } }>('/api/push/abos/:id', { preHandler }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const { position } = await handleCommand(
      deps.store,
      stream(elternId),
      benachrichtigungDecider,
      { type: 'EntfernePushGeraet', data: { elternId, geraetId: request.params.id, grund: 'abgemeldet' } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { message: 'Gerät entfernt.' } satisfies PushGeraetEntfernt;
  });

  app.put('/api/push/einstellungen', { preHandler }, async (request, reply) => {
    const { elternId } = await aufrufer(deps, request, { eigenesKonto: true });
    const wahl = parseOr400(wahlSchema, request.body) as BenachrichtigungsWahl;
    const { position, state } = await handleCommand(
      deps.store,
      stream(elternId),
      benachrichtigungDecider,
      { type: 'WaehleBenachrichtigungen', data: { elternId, wahl } },
      { actorId: elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { wahl: state.wahl ?? STANDARD_WAHL, message: 'Ihre Auswahl ist gespeichert.' } satisfies WahlGespeichert;
  });
}
