import { type Datum, istDatum } from '../kalender/iso-woche.js';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * The season's settings that several features read: for now the deadline for reporting absences.
 * The yearly CSV import sets it; until then an admin can. One stream for the whole kindergarten.
 */
export const SAISON_STREAM = 'saison';

export type SaisonEvent = { type: 'AbwesenheitsfristGesetzt'; data: { frist: Datum; quelle: 'admin' | 'import' } };
export type SaisonCommand = { type: 'SetzeAbwesenheitsfrist'; data: { frist: string; quelle: 'admin' | 'import' } };
export type SaisonState = { frist: Datum | null };

export const FRIST_UNGUELTIG = 'Bitte geben Sie eine gültige Frist im Format JJJJ-MM-TT an.';

export const decide = (command: SaisonCommand, state: SaisonState): SaisonEvent[] => {
  switch (command.type) {
    case 'SetzeAbwesenheitsfrist':
      if (!istDatum(command.data.frist)) throw new DomainError('ungueltig', FRIST_UNGUELTIG);
      if (state.frist === command.data.frist) return [];
      return [{ type: 'AbwesenheitsfristGesetzt', data: { frist: command.data.frist, quelle: command.data.quelle } }];
    default:
      return assertNever(command.type);
  }
};

export const evolve = (_state: SaisonState, event: SaisonEvent): SaisonState => {
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
