import { z } from 'zod';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * How a family is told about what concerns it: its devices for push messages ('Erinnerungen aufs
 * Handy') and, for each of four notices, whether it goes by push and/or by mail. One stream per
 * family beside `eltern-{id}`, so the account's own stream (folded at every sign-in) stays as it is.
 */
export const benachrichtigungenStream = (elternId: string) => `benachrichtigungen-${elternId}`;

/** The four notices a family chooses the way of. */
export const BENACHRICHTIGUNGS_ARTEN = ['dienstErinnerung', 'angebotAngenommen', 'neuesAngebot', 'wocheOhneFamilie'] as const;
export type BenachrichtigungsArt = (typeof BENACHRICHTIGUNGS_ARTEN)[number];

type Weg = { push: boolean; mail: boolean };
export type BenachrichtigungsWahl = Record<BenachrichtigungsArt, Weg>;

/** Until a family chooses: every notice by push (to the devices it added) and by mail, as before push existed. */
export const STANDARD_WAHL: BenachrichtigungsWahl = {
  dienstErinnerung: { push: true, mail: true },
  angebotAngenommen: { push: true, mail: true },
  neuesAngebot: { push: true, mail: true },
  wocheOhneFamilie: { push: true, mail: true },
};

const WAHL_UNGUELTIG = 'Bitte wählen Sie für jede Benachrichtigung Push und E-Mail.';

const wegSchema = z.object(
  { push: z.boolean({ error: WAHL_UNGUELTIG }), mail: z.boolean({ error: WAHL_UNGUELTIG }) },
  { error: WAHL_UNGUELTIG },
);

/** The body of `PUT /api/push/einstellungen`: all four notices, each with push and mail. */
export const wahlSchema = z.object(
  {
    dienstErinnerung: wegSchema,
    angebotAngenommen: wegSchema,
    neuesAngebot: wegSchema,
    wocheOhneFamilie: wegSchema,
  },
  { error: WAHL_UNGUELTIG },
);

/** A family keeps at most this many devices (phones, tablets, browsers). */
export const MAX_GERAETE = 20;
/** Longest device label, in characters. */
const MAX_BEZEICHNUNG = 80;

export const ZU_VIELE_GERAETE = `Es können höchstens ${MAX_GERAETE} Geräte angemeldet sein. Bitte entfernen Sie zuerst ein Gerät, das Sie nicht mehr nutzen.`;
export const GERAET_NICHT_GEFUNDEN = 'Dieses Gerät ist nicht (mehr) angemeldet.';

/**
 * Why a device was removed: the family removed it ('abgemeldet'), or its push service no longer
 * knows it (404/410, 'abgelaufen'), or its subscription can no longer be opened because the
 * server's VAPID key changed ('schluessel'; the subscription was bound to the old key anyway).
 */
export type EntfernGrund = 'abgemeldet' | 'abgelaufen' | 'schluessel';

/**
 * A device as the log keeps it. `abo` is the browser's PushSubscription sealed with a key the
 * server derives from its VAPID private key (platform/auth/vapid-keys), never in clear text;
 * `endpunktKennung` is a keyed hash of its endpoint (the same device subscribing again is
 * recognised), `fingerabdruck` one of endpoint and keys (an unchanged subscription adds nothing).
 */
type PushGeraet = {
  elternId: string;
  geraetId: string;
  endpunktKennung: string;
  fingerabdruck: string;
  abo: string;
  bezeichnung: string;
};

export type BenachrichtigungEvent =
  | { type: 'PushGeraetAngemeldet'; data: PushGeraet }
  | { type: 'PushGeraetEntfernt'; data: { elternId: string; geraetId: string; grund: EntfernGrund } }
  | { type: 'BenachrichtigungenGewaehlt'; data: { elternId: string; wahl: BenachrichtigungsWahl } };

export type BenachrichtigungCommand =
  /** `neueGeraetId`: the id a device gets when its endpoint is not known yet (chosen by the caller). */
  | { type: 'MeldePushGeraetAn'; data: Omit<PushGeraet, 'geraetId'> & { neueGeraetId: string } }
  /** By id (the device list) or by endpoint (the browser unsubscribing itself). */
  | {
      type: 'EntfernePushGeraet';
      data: { elternId: string; grund: EntfernGrund } & ({ geraetId: string } | { endpunktKennung: string });
    }
  | { type: 'WaehleBenachrichtigungen'; data: { elternId: string; wahl: BenachrichtigungsWahl } };

export type BenachrichtigungState = {
  geraete: ReadonlyMap<string, { endpunktKennung: string; fingerabdruck: string }>;
  wahl: BenachrichtigungsWahl | null;
};

const gleicheWahl = (a: BenachrichtigungsWahl, b: BenachrichtigungsWahl) =>
  BENACHRICHTIGUNGS_ARTEN.every((art) => a[art].push === b[art].push && a[art].mail === b[art].mail);

/** Only the four notices with their two booleans, in a fixed order (whatever else a body carried). */
const nurWahl = (wahl: BenachrichtigungsWahl): BenachrichtigungsWahl =>
  Object.fromEntries(BENACHRICHTIGUNGS_ARTEN.map((art) => [art, { push: wahl[art].push, mail: wahl[art].mail }])) as BenachrichtigungsWahl;

const geraetMitKennung = (state: BenachrichtigungState, endpunktKennung: string) =>
  [...state.geraete].find(([, g]) => g.endpunktKennung === endpunktKennung)?.[0] ?? null;

const decide = (command: BenachrichtigungCommand, state: BenachrichtigungState): BenachrichtigungEvent[] => {
  switch (command.type) {
    case 'MeldePushGeraetAn': {
      const { neueGeraetId, ...geraet } = command.data;
      const bekannt = geraetMitKennung(state, geraet.endpunktKennung);
      // The same subscription again (the card opened on the same device): nothing to record.
      if (bekannt && state.geraete.get(bekannt)!.fingerabdruck === geraet.fingerabdruck) return [];
      if (!bekannt && state.geraete.size >= MAX_GERAETE) throw new DomainError('konflikt', ZU_VIELE_GERAETE);
      const bezeichnung = [...geraet.bezeichnung.trim()].slice(0, MAX_BEZEICHNUNG).join('') || 'Unbekanntes Gerät';
      return [{ type: 'PushGeraetAngemeldet', data: { ...geraet, bezeichnung, geraetId: bekannt ?? neueGeraetId } }];
    }
    case 'EntfernePushGeraet': {
      const { elternId, grund } = command.data;
      const geraetId =
        'geraetId' in command.data
          ? state.geraete.has(command.data.geraetId)
            ? command.data.geraetId
            : null
          : geraetMitKennung(state, command.data.endpunktKennung);
      if (geraetId) return [{ type: 'PushGeraetEntfernt', data: { elternId, geraetId, grund } }];
      // The worker may learn twice that a device is gone; only the family is told it was not there.
      if (grund === 'abgemeldet') throw new DomainError('nicht_gefunden', GERAET_NICHT_GEFUNDEN);
      return [];
    }
    case 'WaehleBenachrichtigungen': {
      const wahl = nurWahl(command.data.wahl);
      if (gleicheWahl(state.wahl ?? STANDARD_WAHL, wahl)) return [];
      return [{ type: 'BenachrichtigungenGewaehlt', data: { elternId: command.data.elternId, wahl } }];
    }
    default:
      return assertNever(command);
  }
};

const evolve = (state: BenachrichtigungState, event: BenachrichtigungEvent): BenachrichtigungState => {
  switch (event.type) {
    case 'PushGeraetAngemeldet': {
      const { geraetId, endpunktKennung, fingerabdruck } = event.data;
      return { ...state, geraete: new Map(state.geraete).set(geraetId, { endpunktKennung, fingerabdruck }) };
    }
    case 'PushGeraetEntfernt': {
      const geraete = new Map(state.geraete);
      geraete.delete(event.data.geraetId);
      return { ...state, geraete };
    }
    case 'BenachrichtigungenGewaehlt':
      return { ...state, wahl: event.data.wahl };
    default:
      return assertNever(event);
  }
};

export const benachrichtigungDecider: Decider<BenachrichtigungCommand, BenachrichtigungEvent, BenachrichtigungState> = {
  decide,
  evolve,
  initialState: () => ({ geraete: new Map(), wahl: null }),
};
