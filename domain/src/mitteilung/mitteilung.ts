import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * Announcements ('Mitteilungen') on the dashboard: admins publish and delete them, every family
 * reads the newest one. One stream for all of them; a kindergarten writes a few dozen a year.
 */
export const MITTEILUNGEN_STREAM = 'mitteilungen';

/** Longest announcement, in characters (after trimming). */
export const MAX_TEXT = 2000;

type Mitteilung = { mitteilungId: string; text: string };

export type MitteilungEvent =
  | { type: 'MitteilungVeroeffentlicht'; data: Mitteilung }
  | { type: 'MitteilungGeloescht'; data: { mitteilungId: string } };

export type MitteilungCommand =
  /** `mitteilungId`: a fresh id chosen by the caller; `text` as typed (trimmed here). */
  | { type: 'VeroeffentlicheMitteilung'; data: { mitteilungId: string; text: string | null } }
  | { type: 'LoescheMitteilung'; data: { mitteilungId: string } };

/** The announcements that are published and not deleted, by id. */
export type MitteilungState = { aktiv: ReadonlyMap<string, Mitteilung>; bekannt: ReadonlySet<string> };

export const TEXT_LEER = 'Bitte geben Sie eine Nachricht ein.';
export const TEXT_ZU_LANG = `Eine Nachricht darf höchstens ${MAX_TEXT} Zeichen lang sein.`;
export const MITTEILUNG_NICHT_GEFUNDEN = 'Nachricht nicht gefunden.';
export const MITTEILUNG_EXISTIERT = 'Diese Nachricht gibt es bereits.';

/** The text as it is stored: trimmed, not blank, at most MAX_TEXT characters. */
const pruefeText = (text: string | null | undefined): string => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') throw new DomainError('ungueltig', TEXT_LEER);
  // Counted in code points, as a user counts characters (an emoji is one).
  if ([...trimmed].length > MAX_TEXT) throw new DomainError('ungueltig', TEXT_ZU_LANG);
  return trimmed;
};

const decide = (command: MitteilungCommand, state: MitteilungState): MitteilungEvent[] => {
  switch (command.type) {
    case 'VeroeffentlicheMitteilung': {
      const text = pruefeText(command.data.text);
      if (state.bekannt.has(command.data.mitteilungId)) throw new DomainError('konflikt', MITTEILUNG_EXISTIERT);
      return [{ type: 'MitteilungVeroeffentlicht', data: { mitteilungId: command.data.mitteilungId, text } }];
    }
    case 'LoescheMitteilung':
      if (!state.aktiv.has(command.data.mitteilungId)) throw new DomainError('nicht_gefunden', MITTEILUNG_NICHT_GEFUNDEN);
      return [{ type: 'MitteilungGeloescht', data: { mitteilungId: command.data.mitteilungId } }];
    default:
      return assertNever(command);
  }
};

const evolve = (state: MitteilungState, event: MitteilungEvent): MitteilungState => {
  switch (event.type) {
    case 'MitteilungVeroeffentlicht':
      return {
        aktiv: new Map(state.aktiv).set(event.data.mitteilungId, event.data),
        bekannt: new Set(state.bekannt).add(event.data.mitteilungId),
      };
    case 'MitteilungGeloescht': {
      const aktiv = new Map(state.aktiv);
      aktiv.delete(event.data.mitteilungId);
      return { ...state, aktiv };
    }
    default:
      return assertNever(event);
  }
};

export const mitteilungDecider: Decider<MitteilungCommand, MitteilungEvent, MitteilungState> = {
  decide,
  evolve,
  initialState: () => ({ aktiv: new Map(), bekannt: new Set() }),
};
