import { type Sprache, STANDARD_SPRACHE } from '../i18n/sprachen.js';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';
import {
  EMAIL_ZU_LANG,
  MAX_EMAIL,
  MAX_NACHNAME,
  MAX_NAME_KIND,
  NACHNAME_ZU_LANG,
  NAME_KIND_ZU_LANG,
  zeichenzahl,
} from '../shared/eingabe.js';
import { GELOESCHTE_FAMILIE, istGeloeschteFamilie } from './pseudonyme.js';

/** Roles a family account can carry; every check of them happens on the server. */
export const ROLLEN = ['ROLE_ELTERN', 'ROLE_ADMIN', 'ROLE_AUDITOR'] as const;
export type Rolle = (typeof ROLLEN)[number];

export const elternStream = (elternId: string) => `eltern-${elternId}`;

/** What a family account is: its name, the child's first name, login e-mail, group and roles. */
export type Eltern = {
  elternId: string;
  nachname: string;
  nameKind: string | null;
  email: string;
  gruppeId: string | null;
  rollen: Rolle[];
};

/** Why a password was set; 'erstanlage' is the first password (by an operator or through the welcome link). */
export type PasswortGrund = 'erstanlage' | 'aenderung' | 'zuruecksetzung';

/** A link to set a password: in the welcome mail of a new family, or asked for with 'Passwort vergessen?'. */
export type PasswortLink = { linkId: string; zweck: 'willkommen' | 'zuruecksetzen'; gueltigBis: string };

export type ElternEvent =
  | { type: 'ElternRegistriert'; data: Eltern }
  | { type: 'PasswortGesetzt'; data: { elternId: string; grund: PasswortGrund } }
  /**
   * A password link was issued. The link's secret token is not in the event: it is derived from
   * `linkId` with the server's secret (platform/auth/tokens), so the mail reactor can build the
   * link while the log itself never holds anything that opens an account.
   */
  | { type: 'PasswortLinkAusgestellt'; data: { elternId: string } & PasswortLink }
  | { type: 'RollenGeaendert'; data: { elternId: string; rollen: Rolle[] } }
  | { type: 'ElternEntfernt'; data: { elternId: string } }
  /**
   * An admin set the family's share of the water duty (0 = exempt, 1 = the default, more e.g. for
   * two children in the group), with the reason; the rota planner gives duties in proportion to it.
   */
  | { type: 'AnteilGesetzt'; data: { elternId: string; anteil: number; grund: string; dienstartId?: string } }
  /** The yearly import brought the family again: new names and group, same login (also after a removal). */
  | { type: 'ElternAktualisiert'; data: { elternId: string; nachname: string; nameKind: string | null; gruppeId: string | null } }
  /**
   * The family's personal data was erased (docs/datenschutz.md): its key is destroyed with this
   * event, so the sealed names, e-mail and texts of its events read as 'Gelöschte Familie' from now on.
   */
  | { type: 'PersonendatenGeloescht'; data: { elternId: string; grund: LoeschGrund } }
  /** The family chose the language of its screens (docs/i18n.md); until then it is German. */
  | { type: 'SpracheGewaehlt'; data: { elternId: string; sprache: Sprache } };

/** Why personal data was erased: an admin's request, or the retention period after leaving with an import. */
export type LoeschGrund = 'antrag' | 'aufbewahrungsfrist';

export type ElternCommand =
  | {
      type: 'RegistriereEltern';
      /**
       * mitPasswort: the account starts with a password (set by an operator); otherwise a
       * willkommensLink lets the family set one (admin-created and imported families).
       */
      data: Eltern & { mitPasswort: boolean; willkommensLink?: Omit<PasswortLink, 'zweck'> };
    }
  | { type: 'SetzePasswort'; data: { elternId: string; grund: PasswortGrund } }
  | { type: 'StellePasswortLinkAus'; data: { elternId: string } & PasswortLink }
  | { type: 'AendereRollen'; data: { elternId: string; rollen: Rolle[] } }
  | { type: 'EntferneEltern'; data: { elternId: string } }
  /** Without `dienstartId` (or with 'wasserdienst'): the share of the water duty. */
  | { type: 'SetzeAnteil'; data: { elternId: string; anteil: number; grund: string; dienstartId?: string } }
  | { type: 'AktualisiereEltern'; data: { elternId: string; nachname: string; nameKind: string | null; gruppeId: string | null } }
  | { type: 'LoeschePersonendaten'; data: { elternId: string; grund: LoeschGrund } }
  | { type: 'WaehleSprache'; data: { elternId: string; sprache: Sprache } };

/**
 * `anteil`: the family's share of the water duty; `anteile`: its shares of the other duty kinds,
 * by kind id. Absent means the default, 1.
 */
type Anteile = { anteil?: number; anteile?: Readonly<Record<string, number>>; sprache?: Sprache };
export type ElternState =
  | { status: 'unbekannt' }
  | ({ status: 'aktiv'; eltern: Eltern } & Anteile)
  | ({ status: 'entfernt'; eltern: Eltern } & Anteile)
  /** Removed, and its personal data erased: `eltern` holds the placeholders. */
  | ({ status: 'geloescht'; eltern: Eltern } & Anteile);

/** The water duty's kind id (dienste/dienstart.ts); an AnteilGesetzt without a kind is for it. */
const WASSERDIENST = 'wasserdienst';

/** What an erased family's name starts with; its pseudonym ('Gelöschte Familie 2') is in pseudonyme.ts. */
export { GELOESCHTE_FAMILIE };

/** The login of an erased family: unique, not deliverable (RFC 2606 `.invalid`), no personal data. */
export const geloeschteEmail = (elternId: string) => `geloescht-${elternId}@loeschung.invalid`;

export const NOCH_IM_KINDERGARTEN = 'Die Familie ist noch im Kindergarten. Entfernen Sie sie zuerst.';

/** Shares of the water duty: whole numbers from 0 (exempt) to 5; every family starts with 1. */
export const MIN_ANTEIL = 0;
export const MAX_ANTEIL = 5;
export const STANDARD_ANTEIL = 1;
/** Longest reason for a share, in code points. */
export const MAX_ANTEIL_GRUND = 300;
export const ANTEIL_UNGUELTIG = `Der Anteil muss eine ganze Zahl von ${MIN_ANTEIL} bis ${MAX_ANTEIL} sein.`;
export const ANTEIL_GRUND_FEHLT = 'Bitte geben Sie einen Grund für den Anteil an.';
export const ANTEIL_GRUND_ZU_LANG = `Der Grund darf höchstens ${MAX_ANTEIL_GRUND} Zeichen lang sein.`;

export const NICHT_GEFUNDEN = 'Elternteil nicht gefunden.';
export const ADMIN_NICHT_LOESCHBAR = 'Admin-Accounts können nicht gelöscht werden.';
export const BEREITS_REGISTRIERT = 'Dieses Elternteil ist bereits registriert.';

export const istAdmin = (rollen: readonly string[]) => rollen.includes('ROLE_ADMIN') || rollen.includes('ADMIN');

/** E-mail addresses identify a family's login; they compare without case and surrounding spaces. */
export const normalisiereEmail = (email: string) => email.trim().toLowerCase();

/** Refuses a family's names or e-mail address over their limits (shared/eingabe.ts); call it before claiming the e-mail. */
export const pruefeElternAngaben = (angaben: { nachname: string; nameKind: string | null; email?: string }) => {
  if (zeichenzahl(angaben.nachname.trim()) > MAX_NACHNAME) throw new DomainError('ungueltig', NACHNAME_ZU_LANG);
  if (angaben.nameKind && zeichenzahl(angaben.nameKind.trim()) > MAX_NAME_KIND) throw new DomainError('ungueltig', NAME_KIND_ZU_LANG);
  if (angaben.email !== undefined && zeichenzahl(normalisiereEmail(angaben.email)) > MAX_EMAIL)
    throw new DomainError('ungueltig', EMAIL_ZU_LANG);
};

const aktiv = (state: ElternState): Eltern => {
  if (state.status !== 'aktiv') throw new DomainError('nicht_gefunden', NICHT_GEFUNDEN);
  return state.eltern;
};

/** The family's current share of a duty kind (default: the water duty). */
export const anteilVon = (state: ElternState, dienstartId: string = WASSERDIENST): number => {
  if (state.status === 'unbekannt') return STANDARD_ANTEIL;
  if (dienstartId === WASSERDIENST) return state.anteil ?? STANDARD_ANTEIL;
  return state.anteile?.[dienstartId] ?? STANDARD_ANTEIL;
};

/** The family's language: its choice, or German. */
export const spracheVon = (state: ElternState): Sprache =>
  state.status === 'unbekannt' ? STANDARD_SPRACHE : (state.sprache ?? STANDARD_SPRACHE);

const gleicheRollen = (a: readonly Rolle[], b: readonly Rolle[]) => a.length === b.length && a.every((r) => b.includes(r));

const decide = (command: ElternCommand, state: ElternState): ElternEvent[] => {
  switch (command.type) {
    case 'RegistriereEltern': {
      pruefeElternAngaben(command.data);
      if (state.status !== 'unbekannt') throw new DomainError('konflikt', BEREITS_REGISTRIERT);
      const { mitPasswort, willkommensLink, ...eltern } = command.data;
      const registriert: ElternEvent = {
        type: 'ElternRegistriert',
        data: { ...eltern, nachname: eltern.nachname.trim(), email: normalisiereEmail(eltern.email), rollen: [...new Set(eltern.rollen)] },
      };
      if (mitPasswort) return [registriert, { type: 'PasswortGesetzt', data: { elternId: eltern.elternId, grund: 'erstanlage' } }];
      return willkommensLink
        ? [registriert, { type: 'PasswortLinkAusgestellt', data: { elternId: eltern.elternId, zweck: 'willkommen', ...willkommensLink } }]
        : [registriert];
    }
    case 'SetzePasswort':
      aktiv(state);
      return [{ type: 'PasswortGesetzt', data: command.data }];
    case 'StellePasswortLinkAus':
      aktiv(state);
      return [{ type: 'PasswortLinkAusgestellt', data: command.data }];
    case 'AendereRollen': {
      const eltern = aktiv(state);
      const rollen = [...new Set(command.data.rollen)];
      return gleicheRollen(eltern.rollen, rollen) ? [] : [{ type: 'RollenGeaendert', data: { elternId: eltern.elternId, rollen } }];
    }
    case 'EntferneEltern': {
      const eltern = aktiv(state);
      if (istAdmin(eltern.rollen)) throw new DomainError('konflikt', ADMIN_NICHT_LOESCHBAR);
      return [{ type: 'ElternEntfernt', data: { elternId: eltern.elternId } }];
    }
    case 'SetzeAnteil': {
      const { anteil } = command.data;
      if (!Number.isInteger(anteil) || anteil < MIN_ANTEIL || anteil > MAX_ANTEIL) throw new DomainError('ungueltig', ANTEIL_UNGUELTIG);
      const grund = command.data.grund.trim();
      if (!grund) throw new DomainError('ungueltig', ANTEIL_GRUND_FEHLT);
      if (zeichenzahl(grund) > MAX_ANTEIL_GRUND) throw new DomainError('ungueltig', ANTEIL_GRUND_ZU_LANG);
      const eltern = aktiv(state);
      const dienstartId = command.data.dienstartId ?? WASSERDIENST;
      if (anteilVon(state, dienstartId) === anteil) return [];
      return [
        {
          type: 'AnteilGesetzt',
          data: { elternId: eltern.elternId, anteil, grund, ...(dienstartId === WASSERDIENST ? {} : { dienstartId }) },
        },
      ];
    }
    case 'AktualisiereEltern': {
      pruefeElternAngaben(command.data);
      if (state.status === 'unbekannt') throw new DomainError('nicht_gefunden', NICHT_GEFUNDEN);
      const { eltern } = state;
      const neu = { ...command.data, nachname: command.data.nachname.trim() };
      const gleich =
        state.status === 'aktiv' &&
        eltern.nachname === neu.nachname &&
        eltern.nameKind === neu.nameKind &&
        eltern.gruppeId === neu.gruppeId;
      return gleich ? [] : [{ type: 'ElternAktualisiert', data: neu }];
    }
    case 'LoeschePersonendaten':
      if (state.status === 'unbekannt') throw new DomainError('nicht_gefunden', NICHT_GEFUNDEN);
      if (state.status === 'aktiv') throw new DomainError('konflikt', NOCH_IM_KINDERGARTEN);
      return state.status === 'geloescht' ? [] : [{ type: 'PersonendatenGeloescht', data: command.data }];
    case 'WaehleSprache': {
      const eltern = aktiv(state);
      if (spracheVon(state) === command.data.sprache) return [];
      return [{ type: 'SpracheGewaehlt', data: { elternId: eltern.elternId, sprache: command.data.sprache } }];
    }
    default:
      return assertNever(command);
  }
};

const evolve = (state: ElternState, event: ElternEvent): ElternState => {
  switch (event.type) {
    case 'ElternRegistriert':
      return { status: 'aktiv', eltern: { ...event.data } };
    case 'PasswortGesetzt':
    case 'PasswortLinkAusgestellt':
      return state;
    case 'RollenGeaendert':
      return state.status === 'aktiv' ? { ...state, eltern: { ...state.eltern, rollen: event.data.rollen } } : state;
    case 'ElternEntfernt':
      return state.status === 'aktiv' ? { ...state, status: 'entfernt' } : state;
    case 'AnteilGesetzt': {
      if (state.status === 'unbekannt') return state;
      const { dienstartId, anteil } = event.data;
      if (!dienstartId || dienstartId === WASSERDIENST) return { ...state, anteil };
      return { ...state, anteile: { ...state.anteile, [dienstartId]: anteil } };
    }
    case 'ElternAktualisiert':
      return state.status === 'unbekannt' || state.status === 'geloescht'
        ? state
        : {
            ...state,
            status: 'aktiv',
            eltern: { ...state.eltern, nachname: event.data.nachname, nameKind: event.data.nameKind, gruppeId: event.data.gruppeId },
          };
    case 'PersonendatenGeloescht':
      return state.status === 'unbekannt'
        ? state
        : {
            ...state,
            status: 'geloescht',
            eltern: {
              ...state.eltern,
              // read with its key destroyed, the family's name is its pseudonym already (pseudonyme.ts)
              nachname: istGeloeschteFamilie(state.eltern.nachname) ? state.eltern.nachname : GELOESCHTE_FAMILIE,
              email: geloeschteEmail(state.eltern.elternId),
              nameKind: null,
            },
          };
    case 'SpracheGewaehlt':
      return state.status === 'unbekannt' ? state : { ...state, sprache: event.data.sprache };
    default:
      return assertNever(event);
  }
};

/**
 * A family's name and roles as its events tell them (erased: the placeholders), or null when it
 * never registered. For readers that name families from the log (the audit trail), without
 * running the decider themselves.
 */
export function kontoAusEvents(events: readonly ElternEvent[]): { nachname: string; rollen: Rolle[] } | null {
  const state = events.reduce(evolve, { status: 'unbekannt' } as ElternState);
  return state.status === 'unbekannt' ? null : { nachname: state.eltern.nachname, rollen: state.eltern.rollen };
}

export const elternDecider: Decider<ElternCommand, ElternEvent, ElternState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'unbekannt' }),
};
