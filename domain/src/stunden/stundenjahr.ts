import { z } from 'zod';
import { istStundenwert } from '../dienste/dienstart.js';
import { type Datum, istDatum } from '../kalender/iso-woche.js';
import { assertNever, type Decider, DomainError, type SnapshotCodec } from '../shared/decider.js';
import { runde2, type StundenRegeln } from './rechnen.js';

/**
 * The hours ledger of one kindergarten year ('Stunden', docs/stunden.md), stream
 * `stundenjahr-{jahr}` (jahr: the year the kindergarten year starts in). It holds the rules in
 * force from that year, the families' settings, their own entries with the admins' decisions,
 * the admins' corrections, and the closing and reopening of the year. Every write to a year is
 * decided on this stream with its expected revision, so nothing is added to a year once it is
 * closed. Hours credited for duties and shifts are not events here: they are read from the plans.
 */
export const stundenjahrStream = (jahr: number) => `stundenjahr-${jahr}`;

export const MAX_EIGENE_STUNDEN = 24;
const MAX_KORREKTUR = 500;
const MAX_SOLL = 1000;
const MAX_STUNDENSATZ = 1000;
export const MAX_KINDER = 10;
export const MAX_BESCHREIBUNG = 500;
export const MAX_GRUND = 500;

export const JAHR_ABGESCHLOSSEN = 'Dieses Kita-Jahr ist abgeschlossen. Änderungen sind erst nach einer Wiedereröffnung möglich.';
export const JAHR_SCHON_ABGESCHLOSSEN = 'Dieses Kita-Jahr ist bereits abgeschlossen.';
export const JAHR_NICHT_ABGESCHLOSSEN = 'Dieses Kita-Jahr ist nicht abgeschlossen.';
export const JAHR_NICHT_ZU_ENDE = 'Ein Kita-Jahr lässt sich erst nach seinem letzten Tag abschließen.';
export const EINTRAG_NICHT_GEFUNDEN = 'Eintrag nicht gefunden.';
const SCHON_BESTAETIGT = 'Dieser Eintrag ist bereits bestätigt.';
export const SCHON_ABGELEHNT = 'Dieser Eintrag ist bereits abgelehnt.';
export const FAMILIE_NICHT_GEFUNDEN = 'Familie nicht gefunden.';
export const DATUM_UNGUELTIG = 'Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.';
export const DATUM_IN_ZUKUNFT = 'Stunden lassen sich erst eintragen, wenn die Arbeit getan ist: das Datum liegt in der Zukunft.';
export const DATUM_ZU_ALT = 'Stunden lassen sich nur für das laufende oder das vergangene Kita-Jahr eintragen.';
export const STUNDEN_UNGUELTIG = `Bitte geben Sie die Stunden als Zahl über 0 und höchstens ${MAX_EIGENE_STUNDEN} an, mit höchstens zwei Nachkommastellen.`;
export const KORREKTUR_UNGUELTIG = `Bitte geben Sie die Korrektur in Stunden an: ungleich 0, zwischen −${MAX_KORREKTUR} und ${MAX_KORREKTUR}, mit höchstens zwei Nachkommastellen.`;
export const BESCHREIBUNG_FEHLT = 'Bitte beschreiben Sie kurz, was Sie gemacht haben.';
export const BESCHREIBUNG_ZU_LANG = `Die Beschreibung darf höchstens ${MAX_BESCHREIBUNG} Zeichen lang sein.`;
export const GRUND_FEHLT = 'Bitte geben Sie einen Grund an.';
const GRUND_ZU_LANG = `Der Grund darf höchstens ${MAX_GRUND} Zeichen lang sein.`;
const STATUS_UNGUELTIG = 'Bitte wählen Sie als Status „bestaetigt“ oder „abgelehnt“.';
const SOLL_UNGUELTIG = `Soll-Stunden: bitte eine Zahl von 0 bis ${MAX_SOLL} mit höchstens zwei Nachkommastellen.`;
const STUNDENSATZ_UNGUELTIG = `Stundensatz: bitte ein Betrag in Euro von 0 bis ${MAX_STUNDENSATZ} mit höchstens zwei Nachkommastellen.`;
const MONAT_UNGUELTIG = 'Jahresbeginn: bitte einen Monat von 1 bis 12.';
const KINDER_UNGUELTIG = `Kinder: bitte eine ganze Zahl von 1 bis ${MAX_KINDER}.`;
export const JAHR_UNGUELTIG = 'Bitte geben Sie das Kita-Jahr als Jahreszahl an (z. B. 2026 für 2026/27).';
const BEFREIT_UNGUELTIG = 'Das Feld „befreit“ muss true oder false sein.';

type EintragStatus = 'ausstehend' | 'bestaetigt' | 'abgelehnt';

export type StundenjahrEvent =
  | { type: 'StundenRegelnGesetzt'; data: StundenRegeln & { jahr: number } }
  | { type: 'StundenFamilieGesetzt'; data: { jahr: number; elternId: string; kinder: number; befreit: boolean; grund: string } }
  | {
      type: 'StundenEingetragen';
      data: { jahr: number; eintragId: string; elternId: string; datum: Datum; stunden: number; beschreibung: string };
    }
  | { type: 'StundenBestaetigt'; data: { jahr: number; eintragId: string; elternId: string; stunden: number } }
  | { type: 'StundenAbgelehnt'; data: { jahr: number; eintragId: string; elternId: string; stunden: number; grund: string } }
  | {
      type: 'StundenKorrigiert';
      data: { jahr: number; korrekturId: string; elternId: string; datum: Datum; stunden: number; grund: string };
    }
  | { type: 'StundenjahrAbgeschlossen'; data: { jahr: number } }
  | { type: 'StundenjahrWiedereroeffnet'; data: { jahr: number; grund: string } };

export type StundenjahrCommand =
  | { type: 'SetzeStundenRegeln'; data: StundenRegeln & { jahr: number } }
  | { type: 'SetzeStundenFamilie'; data: { jahr: number; elternId: string; kinder: number; befreit: boolean; grund: string } }
  | {
      type: 'TrageStundenEin';
      data: { jahr: number; eintragId: string; elternId: string; datum: Datum; stunden: number; beschreibung: string; heute: Datum };
    }
  | { type: 'BestaetigeStunden'; data: { jahr: number; eintragId: string } }
  | { type: 'LehneStundenAb'; data: { jahr: number; eintragId: string; grund: string } }
  | {
      type: 'KorrigiereStunden';
      data: { jahr: number; korrekturId: string; elternId: string; datum: Datum; stunden: number; grund: string };
    }
  /** `ende`: the year's last day; `heute`: today in Berlin. */
  | { type: 'SchliesseStundenjahrAb'; data: { jahr: number; ende: Datum; heute: Datum } }
  | { type: 'OeffneStundenjahrWieder'; data: { jahr: number; grund: string } };

type EigenerEintrag = { eintragId: string; elternId: string; datum: Datum; stunden: number; status: EintragStatus };

export type StundenjahrState = {
  /** The rules set in this year's stream (the latest), or null: those of an earlier year hold. */
  regeln: StundenRegeln | null;
  abgeschlossen: boolean;
  eintraege: ReadonlyMap<string, EigenerEintrag>;
  familien: ReadonlyMap<string, { kinder: number; befreit: boolean }>;
};

const offenesJahr = (state: StundenjahrState) => {
  if (state.abgeschlossen) throw new DomainError('konflikt', JAHR_ABGESCHLOSSEN);
};

const eintragVon = (state: StundenjahrState, id: string) => {
  const eintrag = state.eintraege.get(id);
  if (!eintrag) throw new DomainError('nicht_gefunden', EINTRAG_NICHT_GEFUNDEN);
  return eintrag;
};

const gleicheRegeln = (a: StundenRegeln, b: StundenRegeln) =>
  a.sollProFamilie === b.sollProFamilie &&
  a.sollProKind === b.sollProKind &&
  a.stundensatz === b.stundensatz &&
  a.jahresbeginnMonat === b.jahresbeginnMonat;

const decide = (command: StundenjahrCommand, state: StundenjahrState): StundenjahrEvent[] => {
  switch (command.type) {
    case 'SetzeStundenRegeln': {
      offenesJahr(state);
      const { jahr, ...regeln } = command.data;
      if (state.regeln && gleicheRegeln(state.regeln, regeln)) return [];
      return [{ type: 'StundenRegelnGesetzt', data: { jahr, ...regeln } }];
    }
    case 'SetzeStundenFamilie': {
      offenesJahr(state);
      return [{ type: 'StundenFamilieGesetzt', data: { ...command.data } }];
    }
    case 'TrageStundenEin': {
      offenesJahr(state);
      const { heute, ...data } = command.data;
      if (data.datum > heute) throw new DomainError('ungueltig', DATUM_IN_ZUKUNFT);
      if (state.eintraege.has(data.eintragId)) return [];
      return [{ type: 'StundenEingetragen', data: { ...data, stunden: runde2(data.stunden) } }];
    }
    case 'BestaetigeStunden': {
      const eintrag = eintragVon(state, command.data.eintragId);
      offenesJahr(state);
      if (eintrag.status === 'bestaetigt') return [];
      if (eintrag.status === 'abgelehnt') throw new DomainError('konflikt', SCHON_ABGELEHNT);
      return [
        {
          type: 'StundenBestaetigt',
          data: { jahr: command.data.jahr, eintragId: eintrag.eintragId, elternId: eintrag.elternId, stunden: eintrag.stunden },
        },
      ];
    }
    case 'LehneStundenAb': {
      const eintrag = eintragVon(state, command.data.eintragId);
      offenesJahr(state);
      if (eintrag.status === 'abgelehnt') return [];
      if (eintrag.status === 'bestaetigt') throw new DomainError('konflikt', SCHON_BESTAETIGT);
      return [
        {
          type: 'StundenAbgelehnt',
          data: {
            jahr: command.data.jahr,
            eintragId: eintrag.eintragId,
            elternId: eintrag.elternId,
            stunden: eintrag.stunden,
            grund: command.data.grund,
          },
        },
      ];
    }
    case 'KorrigiereStunden': {
      offenesJahr(state);
      return [{ type: 'StundenKorrigiert', data: { ...command.data, stunden: runde2(command.data.stunden) } }];
    }
    case 'SchliesseStundenjahrAb': {
      if (state.abgeschlossen) throw new DomainError('konflikt', JAHR_SCHON_ABGESCHLOSSEN);
      if (command.data.heute <= command.data.ende) throw new DomainError('konflikt', JAHR_NICHT_ZU_ENDE);
      return [{ type: 'StundenjahrAbgeschlossen', data: { jahr: command.data.jahr } }];
    }
    case 'OeffneStundenjahrWieder': {
      if (!state.abgeschlossen) throw new DomainError('konflikt', JAHR_NICHT_ABGESCHLOSSEN);
      return [{ type: 'StundenjahrWiedereroeffnet', data: { ...command.data } }];
    }
    default:
      return assertNever(command);
  }
};

const evolve = (state: StundenjahrState, event: StundenjahrEvent): StundenjahrState => {
  switch (event.type) {
    case 'StundenRegelnGesetzt': {
      const { jahr: _, ...regeln } = event.data;
      return { ...state, regeln };
    }
    case 'StundenFamilieGesetzt': {
      const familien = new Map(state.familien);
      familien.set(event.data.elternId, { kinder: event.data.kinder, befreit: event.data.befreit });
      return { ...state, familien };
    }
    case 'StundenEingetragen': {
      const { eintragId, elternId, datum, stunden } = event.data;
      const eintraege = new Map(state.eintraege);
      eintraege.set(eintragId, { eintragId, elternId, datum, stunden, status: 'ausstehend' });
      return { ...state, eintraege };
    }
    case 'StundenBestaetigt':
    case 'StundenAbgelehnt': {
      const bisher = state.eintraege.get(event.data.eintragId);
      if (!bisher) return state;
      const eintraege = new Map(state.eintraege);
      eintraege.set(bisher.eintragId, { ...bisher, status: event.type === 'StundenBestaetigt' ? 'bestaetigt' : 'abgelehnt' });
      return { ...state, eintraege };
    }
    case 'StundenKorrigiert':
      return state;
    case 'StundenjahrAbgeschlossen':
      return { ...state, abgeschlossen: true };
    case 'StundenjahrWiedereroeffnet':
      return { ...state, abgeschlossen: false };
    default:
      return assertNever(event);
  }
};

export const stundenjahrSnapshot: SnapshotCodec<StundenjahrState> = {
  name: 'stundenjahr',
  version: 1,
  toJson: (state) => ({ ...state, eintraege: [...state.eintraege], familien: [...state.familien] }),
  fromJson: (json) => {
    const j = json as {
      regeln: StundenRegeln | null;
      abgeschlossen: boolean;
      eintraege: [string, EigenerEintrag][];
      familien: [string, { kinder: number; befreit: boolean }][];
    };
    return { regeln: j.regeln, abgeschlossen: j.abgeschlossen, eintraege: new Map(j.eintraege), familien: new Map(j.familien) };
  },
};

export const stundenjahrDecider: Decider<StundenjahrCommand, StundenjahrEvent, StundenjahrState> = {
  decide,
  evolve,
  initialState: () => ({ regeln: null, abgeschlossen: false, eintraege: new Map(), familien: new Map() }),
  snapshot: stundenjahrSnapshot,
};

// ——— Request bodies, shared with web ———

const stundenZahl = (min: number, max: number, meldung: string, ohneNull = false) =>
  z.number({ error: meldung }).refine((n) => istStundenwert(n, min, max) && (!ohneNull || n !== 0), meldung);

const text = (fehlt: string, zuLang: string, max: number) => z.string({ error: fehlt }).trim().min(1, fehlt).max(max, zuLang);

const datum = z.string({ error: DATUM_UNGUELTIG }).refine(istDatum, DATUM_UNGUELTIG);

/** `POST /api/stunden`: a family's own work. */
export const eigeneStundenSchema = z.object({
  datum,
  stunden: stundenZahl(0, MAX_EIGENE_STUNDEN, STUNDEN_UNGUELTIG, true),
  beschreibung: text(BESCHREIBUNG_FEHLT, BESCHREIBUNG_ZU_LANG, MAX_BESCHREIBUNG),
});

/** `PUT /api/admin/stunden/{id}`: confirm, or refuse with a reason. */
export const entscheidungSchema = z
  .object({
    status: z.enum(['bestaetigt', 'abgelehnt'], { error: STATUS_UNGUELTIG }),
    grund: z.string({ error: GRUND_FEHLT }).trim().max(MAX_GRUND, GRUND_ZU_LANG).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'abgelehnt' && !v.grund) ctx.addIssue({ code: 'custom', message: GRUND_FEHLT, path: ['grund'] });
  });

/** `PUT /api/admin/stunden/regeln`. */
export const regelnSchema = z.object({
  sollProFamilie: stundenZahl(0, MAX_SOLL, SOLL_UNGUELTIG),
  sollProKind: stundenZahl(0, MAX_SOLL, SOLL_UNGUELTIG).optional().nullable(),
  stundensatz: stundenZahl(0, MAX_STUNDENSATZ, STUNDENSATZ_UNGUELTIG),
  jahresbeginnMonat: z.number({ error: MONAT_UNGUELTIG }).int(MONAT_UNGUELTIG).min(1, MONAT_UNGUELTIG).max(12, MONAT_UNGUELTIG),
  jahr: z.number({ error: JAHR_UNGUELTIG }).int(JAHR_UNGUELTIG).min(2000, JAHR_UNGUELTIG).max(2100, JAHR_UNGUELTIG).optional(),
});

/** `POST /api/admin/stunden/korrektur`. */
export const korrekturSchema = z.object({
  elternId: z.string({ error: FAMILIE_NICHT_GEFUNDEN }).trim().min(1, FAMILIE_NICHT_GEFUNDEN).max(100, FAMILIE_NICHT_GEFUNDEN),
  datum,
  stunden: stundenZahl(-MAX_KORREKTUR, MAX_KORREKTUR, KORREKTUR_UNGUELTIG, true),
  grund: text(GRUND_FEHLT, GRUND_ZU_LANG, MAX_GRUND),
});

/** `PUT /api/admin/stunden/familien/{elternId}`. */
export const familieSchema = z
  .object({
    kinder: z
      .number({ error: KINDER_UNGUELTIG })
      .int(KINDER_UNGUELTIG)
      .min(1, KINDER_UNGUELTIG)
      .max(MAX_KINDER, KINDER_UNGUELTIG)
      .optional()
      .default(1),
    befreit: z.boolean({ error: BEFREIT_UNGUELTIG }).optional().default(false),
    grund: z.string({ error: GRUND_FEHLT }).trim().max(MAX_GRUND, GRUND_ZU_LANG).optional().default(''),
    jahr: z.number({ error: JAHR_UNGUELTIG }).int(JAHR_UNGUELTIG).min(2000, JAHR_UNGUELTIG).max(2100, JAHR_UNGUELTIG).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.befreit && !v.grund) ctx.addIssue({ code: 'custom', message: GRUND_FEHLT, path: ['grund'] });
  });

/** `POST /api/admin/stunden/jahr/{jahr}/wiedereroeffnen`. */
export const wiedereroeffnenSchema = z.object({ grund: text(GRUND_FEHLT, GRUND_ZU_LANG, MAX_GRUND) });

/** A year in a path or query (`?jahr=2026`). */
export const jahrSchema = z.coerce
  .number({ error: JAHR_UNGUELTIG })
  .int(JAHR_UNGUELTIG)
  .min(2000, JAHR_UNGUELTIG)
  .max(2100, JAHR_UNGUELTIG);
