import { type Datum, datumDeutsch, istDatum } from '../kalender/iso-woche.js';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * The season's settings that several features read: for now the deadline for reporting absences.
 * The yearly CSV import sets it; until then an admin can. One stream for the whole kindergarten.
 */
export const SAISON_STREAM = 'saison';

export type SaisonEvent = { type: 'AbwesenheitsfristGesetzt'; data: { frist: Datum; quelle: 'admin' | 'import' } };
/** `heute`: the date in Europe/Berlin when the deadline is set (the caller's clock, never read here). */
export type SaisonCommand = { type: 'SetzeAbwesenheitsfrist'; data: { frist: string; quelle: 'admin' | 'import'; heute: Datum } };
export type SaisonState = { frist: Datum | null };

export const FRIST_UNGUELTIG = 'Bitte geben Sie eine gültige Frist im Format JJJJ-MM-TT an.';
export const FRIST_VERGANGEN = (frist: Datum) =>
  `Die Frist ${datumDeutsch(frist)} liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.`;

/**
 * A deadline must not lie before today: families need the days up to it to report absences, and
 * the season's rota is planned right after it. Today itself is allowed (the deadline day is open).
 * Answers the German refusal, or null. Shared by the decider, the import route and the web form.
 */
export const pruefeFrist = (frist: string, heute: Datum): string | null => {
  if (!istDatum(frist)) return FRIST_UNGUELTIG;
  return frist < heute ? FRIST_VERGANGEN(frist) : null;
};

const decide = (command: SaisonCommand, state: SaisonState): SaisonEvent[] => {
  switch (command.type) {
    case 'SetzeAbwesenheitsfrist': {
      const { frist, quelle, heute } = command.data;
      const fehler = pruefeFrist(frist, heute);
      if (fehler) throw new DomainError('ungueltig', fehler);
      if (state.frist === frist) return [];
      return [{ type: 'AbwesenheitsfristGesetzt', data: { frist, quelle } }];
    }
    default:
      return assertNever(command.type);
  }
};

const evolve = (_state: SaisonState, event: SaisonEvent): SaisonState => {
  switch (event.type) {
    case 'AbwesenheitsfristGesetzt':
      return { frist: event.data.frist };
    default:
      return assertNever(event.type);
  }
};

export const saisonDecider: Decider<SaisonCommand, SaisonEvent, SaisonState> = {
  decide,
  evolve,
  initialState: () => ({ frist: null }),
};
