import { type Datum, type IsoWoche, vergleicheWochen, wochenImJahr } from '../kalender/iso-woche.js';
import { assertNever, type Decider, DomainError, type SnapshotCodec } from '../shared/decider.js';

/**
 * The weeks in which a family cannot do water duty. Reported before the season's deadline, so the
 * rota can be planned around them. One stream per family: a family only ever sees its own.
 */
export const abwesenheitenStream = (elternId: string) => `abwesenheiten-${elternId}`;

const MINDESTJAHR = 2024;
/** Selectable years: the current one and the next two. */
const JAHRE_VORAUS = 2;

export type Abwesenheit = IsoWoche & { abwesenheitId: string };

export type AbwesenheitEvent =
  | { type: 'AbwesenheitGemeldet'; data: Abwesenheit & { elternId: string } }
  | { type: 'AbwesenheitGeloescht'; data: Abwesenheit & { elternId: string } }
  /** The yearly import retired the family's absences of the old season (history stays in the log). */
  | { type: 'AbwesenheitenZurueckgesetzt'; data: { elternId: string; importId: string } };

export type AbwesenheitCommand =
  | {
      type: 'MeldeAbwesenheit';
      /** `heute` and `aktuelleWoche`: the date and ISO week in Europe/Berlin, from the caller's clock. */
      data: Abwesenheit & { elternId: string; heute: Datum; aktuelleWoche: IsoWoche; frist: Datum | null };
    }
  | { type: 'LoescheAbwesenheit'; data: { abwesenheitId: string; elternId: string } }
  | { type: 'SetzeAbwesenheitenZurueck'; data: { elternId: string; importId: string } };

export type AbwesenheitState = ReadonlyMap<string, Abwesenheit>;

export const KW_BEREICH = 'Kalenderwoche muss zwischen 1 und 53 liegen';
export const JAHR_MINDESTENS = `Jahr muss mindestens ${MINDESTJAHR} sein`;
export const JAHR_HOECHSTENS = (jahr: number) => `Jahr darf höchstens ${jahr} sein`;
export const KW_GIBT_ES_NICHT = ({ jahr, kalenderwoche }: IsoWoche) =>
  `KW ${kalenderwoche}/${jahr} gibt es nicht: ${jahr} hat nur ${wochenImJahr(jahr)} Kalenderwochen.`;
export const BEREITS_ABWESEND = ({ jahr, kalenderwoche }: IsoWoche) =>
  `Für KW ${kalenderwoche}/${jahr} ist bereits eine Abwesenheit eingetragen.`;
export const FRIST_ABGELAUFEN = 'Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.';
export const ABWESENHEIT_NICHT_GEFUNDEN = 'Abwesenheit nicht gefunden.';
export const WOCHE_VORBEI = ({ jahr, kalenderwoche }: IsoWoche) =>
  `KW ${kalenderwoche}/${jahr} ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.`;

/** A week that has ended before the current one; the current week itself may still be reported. */
export const istVorbei = (woche: IsoWoche, aktuelleWoche: IsoWoche) => vergleicheWochen(woche, aktuelleWoche) < 0;

/** Until and including the deadline day (Europe/Berlin) absences can be created; no deadline: always. */
export const kannErstellen = (heute: Datum, frist: Datum | null) => frist === null || heute <= frist;

/** Checks a week as the absence form and the closing-week form do: range first, then that it exists in its year. */
export const pruefeKalenderwoche = (woche: IsoWoche, bereichsMeldung = KW_BEREICH) => {
  if (!Number.isInteger(woche.kalenderwoche) || woche.kalenderwoche < 1 || woche.kalenderwoche > 53)
    throw new DomainError('ungueltig', bereichsMeldung);
  if (woche.kalenderwoche > wochenImJahr(woche.jahr)) throw new DomainError('ungueltig', KW_GIBT_ES_NICHT(woche));
};

const decide = (command: AbwesenheitCommand, state: AbwesenheitState): AbwesenheitEvent[] => {
  switch (command.type) {
    case 'MeldeAbwesenheit': {
      const { abwesenheitId, elternId, jahr, kalenderwoche, heute, aktuelleWoche, frist } = command.data;
      if (!Number.isInteger(jahr) || jahr < MINDESTJAHR) throw new DomainError('ungueltig', JAHR_MINDESTENS);
      const hoechstens = Number(heute.slice(0, 4)) + JAHRE_VORAUS;
      if (jahr > hoechstens) throw new DomainError('ungueltig', JAHR_HOECHSTENS(hoechstens));
      pruefeKalenderwoche({ jahr, kalenderwoche });
      if (!kannErstellen(heute, frist)) throw new DomainError('verboten', FRIST_ABGELAUFEN);
      if (istVorbei({ jahr, kalenderwoche }, aktuelleWoche)) throw new DomainError('ungueltig', WOCHE_VORBEI({ jahr, kalenderwoche }));
      for (const a of state.values())
        if (a.jahr === jahr && a.kalenderwoche === kalenderwoche) throw new DomainError('konflikt', BEREITS_ABWESEND(a));
      return [{ type: 'AbwesenheitGemeldet', data: { abwesenheitId, elternId, jahr, kalenderwoche } }];
    }
    case 'LoescheAbwesenheit': {
      const abwesenheit = state.get(command.data.abwesenheitId);
      if (!abwesenheit) throw new DomainError('nicht_gefunden', ABWESENHEIT_NICHT_GEFUNDEN);
      return [{ type: 'AbwesenheitGeloescht', data: { ...abwesenheit, elternId: command.data.elternId } }];
    }
    case 'SetzeAbwesenheitenZurueck':
      return state.size === 0 ? [] : [{ type: 'AbwesenheitenZurueckgesetzt', data: command.data }];
    default:
      return assertNever(command);
  }
};

const evolve = (state: AbwesenheitState, event: AbwesenheitEvent): AbwesenheitState => {
  const next = new Map(state);
  switch (event.type) {
    case 'AbwesenheitGemeldet': {
      const { abwesenheitId, jahr, kalenderwoche } = event.data;
      return next.set(abwesenheitId, { abwesenheitId, jahr, kalenderwoche });
    }
    case 'AbwesenheitGeloescht':
      next.delete(event.data.abwesenheitId);
      return next;
    case 'AbwesenheitenZurueckgesetzt':
      return new Map();
    default:
      return assertNever(event);
  }
};

/** A family's absences as a snapshot: the map's entries, in their order. */
const abwesenheitSnapshot: SnapshotCodec<AbwesenheitState> = {
  name: 'abwesenheiten',
  version: 1,
  toJson: (state): [string, Abwesenheit][] => [...state],
  fromJson: (json) => new Map(json as [string, Abwesenheit][]),
};

export const abwesenheitDecider: Decider<AbwesenheitCommand, AbwesenheitEvent, AbwesenheitState> = {
  decide,
  evolve,
  initialState: () => new Map(),
  snapshot: abwesenheitSnapshot,
};
