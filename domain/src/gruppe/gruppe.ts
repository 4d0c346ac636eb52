import { assertNever, type Decider, DomainError } from '../shared/decider.js';
import { GRUPPENNAME_ZU_LANG, MAX_GRUPPENNAME, zeichenzahl } from '../shared/eingabe.js';

export const gruppeStream = (gruppeId: string) => `gruppe-${gruppeId}`;

export type GruppeEvent =
  | { type: 'GruppeAngelegt'; data: { gruppeId: string; name: string } }
  | { type: 'GruppeEntfernt'; data: { gruppeId: string } };

export type GruppeCommand =
  | { type: 'LegeGruppeAn'; data: { gruppeId: string; name: string } }
  | { type: 'EntferneGruppe'; data: { gruppeId: string } };

export type GruppeState = { status: 'unbekannt' } | { status: 'aktiv'; gruppeId: string; name: string } | { status: 'entfernt' };

export const GRUPPE_NICHT_GEFUNDEN = 'Gruppe nicht gefunden.';
export const GRUPPENNAME_FEHLT = 'Bitte geben Sie einen Gruppennamen an.';

/** The name as it is stored: trimmed, not blank, at most MAX_GRUPPENNAME characters. */
export const pruefeGruppenname = (name: string) => {
  const trimmed = name.trim();
  if (trimmed === '') throw new DomainError('ungueltig', GRUPPENNAME_FEHLT);
  if (zeichenzahl(trimmed) > MAX_GRUPPENNAME) throw new DomainError('ungueltig', GRUPPENNAME_ZU_LANG);
  return trimmed;
};

const decide = (command: GruppeCommand, state: GruppeState): GruppeEvent[] => {
  switch (command.type) {
    case 'LegeGruppeAn': {
      const name = pruefeGruppenname(command.data.name);
      if (state.status !== 'unbekannt') throw new DomainError('konflikt', 'Diese Gruppe existiert bereits.');
      return [{ type: 'GruppeAngelegt', data: { gruppeId: command.data.gruppeId, name } }];
    }
    case 'EntferneGruppe':
      if (state.status !== 'aktiv') throw new DomainError('nicht_gefunden', GRUPPE_NICHT_GEFUNDEN);
      return [{ type: 'GruppeEntfernt', data: { gruppeId: state.gruppeId } }];
    default:
      return assertNever(command);
  }
};

const evolve = (_state: GruppeState, event: GruppeEvent): GruppeState => {
  switch (event.type) {
    case 'GruppeAngelegt':
      return { status: 'aktiv', gruppeId: event.data.gruppeId, name: event.data.name };
    case 'GruppeEntfernt':
      return { status: 'entfernt' };
    default:
      return assertNever(event);
  }
};

export const gruppeDecider: Decider<GruppeCommand, GruppeEvent, GruppeState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'unbekannt' }),
};
