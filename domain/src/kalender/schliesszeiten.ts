import { pruefeKalenderwoche } from '../abwesenheit/abwesenheit.js';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';
import { type Datum, datumDeutsch, type IsoWoche, isoWocheVon, istDatum, montagDerWoche, plusTage } from './iso-woche.js';

/**
 * The kindergarten's calendar: closing weeks (no water duty planned), closing days and events.
 * Holidays are closing weeks and days too, marked with their `ferienart`: the Admin Center's
 * holiday screen and the closing-times page act on the same entries. One stream for all years:
 * ids in the URLs carry no year, and a few hundred entries a year are folded in well under a
 * millisecond.
 */
export const KALENDER_STREAM = 'kalender';

const JAHR_VON = 2020;
const JAHR_BIS = 2030;
const MAX_BESCHREIBUNG = { schliesswoche: 500, schliesstag: 800, kitaEvent: 500 } as const;

export type Tagesart = 'schliesstag' | 'kitaEvent';
type Tageseintrag = { id: string; datum: Datum; beschreibung: string };

/** Holiday types an admin can choose (docs/produkt.md §5 "Holiday range"). */
export const FERIENARTEN = [
  'Sommerferien',
  'Herbstferien',
  'Weihnachtsferien',
  'Faschingsferien',
  'Osterferien',
  'Brückentag',
  'Fortbildung',
  'Sonstiges',
] as const;
export type Ferienart = (typeof FERIENARTEN)[number];
type Ferienwoche = IsoWoche & { id: string; art: Ferienart };
type Ferientag = { id: string; datum: Datum; art: Ferienart };

/** A closing week; `ferienart` when it was entered as a holiday (its description starts as the type). */
type Schliesswoche = IsoWoche & { id: string; beschreibung: string; ferienart?: Ferienart };
/** A closing day (`ferienart` as for weeks) or an event. */
type Kalendertag = Tageseintrag & { ferienart?: Ferienart };

export type KalenderEvent =
  | { type: 'SchliesswocheAngelegt'; data: IsoWoche & { id: string; beschreibung: string } }
  | { type: 'SchliesswocheGeaendert'; data: { id: string; beschreibung: string } }
  | { type: 'SchliesswocheGeloescht'; data: { id: string } }
  | { type: 'SchliesstagAngelegt'; data: Tageseintrag }
  | { type: 'SchliesstagGeaendert'; data: { id: string; beschreibung: string } }
  | { type: 'SchliesstagGeloescht'; data: { id: string } }
  | { type: 'KitaEventAngelegt'; data: Tageseintrag }
  | { type: 'KitaEventGeaendert'; data: { id: string; beschreibung: string } }
  | { type: 'KitaEventGeloescht'; data: { id: string } }
  | { type: 'FerienwocheAngelegt'; data: Ferienwoche }
  | { type: 'FerientagAngelegt'; data: Ferientag }
  | { type: 'FerienwocheGeloescht'; data: { id: string } }
  | { type: 'FerientagGeloescht'; data: { id: string } }
  | { type: 'FerienBestaetigt'; data: Record<string, never> };

export type SchliesswochenEingabe = {
  jahr: number | null;
  isRange: boolean;
  kalenderwoche: number | null;
  kalenderwocheVon: number | null;
  kalenderwocheBis: number | null;
  beschreibung: string | null;
};

export type KalenderCommand =
  /** `ids`: fresh ids, at least one per week of the range. */
  | { type: 'LegeSchliesswochenAn'; data: SchliesswochenEingabe & { ids: string[] } }
  | { type: 'AendereSchliesswoche'; data: { id: string; beschreibung: string | null; jahr?: number | null; kalenderwoche?: number | null } }
  | { type: 'LoescheSchliesswoche'; data: { id: string } }
  | { type: 'LegeTageseintragAn'; data: { art: Tagesart; id: string; datum: string | null; beschreibung: string | null } }
  | { type: 'AendereTageseintrag'; data: { art: Tagesart; id: string; datum?: string | null; beschreibung: string | null } }
  | { type: 'LoescheTageseintrag'; data: { art: Tagesart; id: string } }
  /** `ids`: fresh ids, at least one per weekday of the range. */
  | { type: 'LegeFerienAn'; data: { art: string | null; von: string | null; bis: string | null; ids: string[] } }
  | { type: 'LoescheFerienwoche'; data: { id: string } }
  | { type: 'LoescheFerientag'; data: { id: string } }
  | { type: 'LoescheFerienart'; data: { art: string; jahr: number } }
  | { type: 'BestaetigeFerien'; data: Record<string, never> };

export type KalenderState = {
  /** Closing weeks, holiday weeks among them. */
  schliesswochen: ReadonlyMap<string, Schliesswoche>;
  /** Closing days, holiday days among them. */
  schliesstag: ReadonlyMap<string, Kalendertag>;
  kitaEvent: ReadonlyMap<string, Kalendertag>;
  ferienBestaetigt: boolean;
};

export const FELDER_FEHLEN = 'Bitte füllen Sie alle Felder aus';
export const JAHR_BEREICH = `Jahr muss zwischen ${JAHR_VON} und ${JAHR_BIS} liegen`;
export const START_UND_ENDE = 'Bitte geben Sie Start- und Endwoche an';
export const WOCHEN_BEREICH = 'Kalenderwochen müssen zwischen 1 und 53 liegen';
export const START_NACH_ENDE = 'Startwoche muss kleiner oder gleich Endwoche sein';
export const WOCHE_FEHLT = 'Bitte geben Sie eine Kalenderwoche an';
export const BESCHREIBUNG_LEER = 'Beschreibung darf nicht leer sein';
export const BESCHREIBUNG_ZU_LANG = (max: number) => `Die Beschreibung darf höchstens ${max} Zeichen lang sein.`;
export const DATUM_FEST = 'Das Datum kann nicht geändert werden';
export const WOCHE_FEST = 'Kalenderwoche und Jahr können nicht geändert werden';
export const SCHLIESSWOCHE_EXISTIERT = ({ jahr, kalenderwoche }: IsoWoche) =>
  `Für KW ${kalenderwoche}/${jahr} gibt es bereits eine Schließzeit.`;
export const ALLE_WOCHEN_EXISTIEREN = 'Für alle gewählten Kalenderwochen gibt es bereits Schließzeiten.';
export const SCHLIESSTAG_EXISTIERT = (datum: Datum) => `Für den ${datumDeutsch(datum)} gibt es bereits einen Schließtag.`;
export const NICHT_GEFUNDEN = {
  schliesswoche: 'Schließzeit nicht gefunden.',
  schliesstag: 'Schließtag nicht gefunden.',
  kitaEvent: 'Event nicht gefunden.',
};
const DATUM_UNGUELTIG = 'Bitte geben Sie ein gültiges Datum an.';
export const FERIEN_FELDER = 'Bitte Ferienart und einen gültigen Datumsbereich auswählen';
export const FERIEN_START_NACH_ENDE = 'Das Startdatum darf nicht nach dem Enddatum liegen.';
const FERIEN_ZU_LANG = 'Ein Ferienzeitraum darf höchstens ein Jahr lang sein.';
export const FERIEN_SCHON_EINGETRAGEN = 'Alle Tage dieses Zeitraums sind bereits als Ferien eingetragen.';
export const FERIEN_SCHON_GESCHLOSSEN = 'Alle Tage dieses Zeitraums sind bereits als Ferien oder Schließzeit eingetragen.';
export const FERIENWOCHE_NICHT_GEFUNDEN = 'Ferienwoche nicht gefunden.';
export const FERIENTAG_NICHT_GEFUNDEN = 'Ferientag nicht gefunden.';
const KEINE_FERIEN_DIESER_ART = (art: string, jahr: number) => `Für ${jahr} sind keine ${art} eingetragen.`;

/**
 * A holiday range as the kindergarten sees it: every ISO week whose five opening days (Monday to
 * Friday) all lie inside the range is a holiday week; the other weekdays inside it are holiday days.
 * Weekends are never holiday days (the kindergarten is closed anyway).
 */
const ferienZerlegung = (von: Datum, bis: Datum): { wochen: IsoWoche[]; tage: Datum[] } => {
  const wochen: IsoWoche[] = [];
  const tage: Datum[] = [];
  let montag = montagDerWoche(isoWocheVon(von));
  while (montag <= bis) {
    const werktage = [0, 1, 2, 3, 4].map((i) => plusTage(montag, i));
    const drin = werktage.filter((tag) => tag >= von && tag <= bis);
    if (drin.length === 5) wochen.push(isoWocheVon(montag));
    else tage.push(...drin);
    montag = plusTage(montag, 7);
  }
  return { wochen, tage };
};

const EVENT_TYP = {
  schliesstag: { angelegt: 'SchliesstagAngelegt', geaendert: 'SchliesstagGeaendert', geloescht: 'SchliesstagGeloescht' },
  kitaEvent: { angelegt: 'KitaEventAngelegt', geaendert: 'KitaEventGeaendert', geloescht: 'KitaEventGeloescht' },
} as const;

const beschreibung = (text: string | null | undefined, max: number, leer = FELDER_FEHLEN) => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') throw new DomainError('ungueltig', leer);
  if (trimmed.length > max) throw new DomainError('ungueltig', BESCHREIBUNG_ZU_LANG(max));
  return trimmed;
};

/** The weeks a create command asks for, validated in the order of docs/produkt.md §5. */
const gewaehlteWochen = (eingabe: SchliesswochenEingabe): IsoWoche[] => {
  const { jahr } = eingabe;
  if (jahr === null || !eingabe.beschreibung?.trim()) throw new DomainError('ungueltig', FELDER_FEHLEN);
  if (!Number.isInteger(jahr) || jahr < JAHR_VON || jahr > JAHR_BIS) throw new DomainError('ungueltig', JAHR_BEREICH);
  if (!eingabe.isRange) {
    if (eingabe.kalenderwoche === null) throw new DomainError('ungueltig', WOCHE_FEHLT);
    pruefeKalenderwoche({ jahr, kalenderwoche: eingabe.kalenderwoche });
    return [{ jahr, kalenderwoche: eingabe.kalenderwoche }];
  }
  const { kalenderwocheVon: von, kalenderwocheBis: bis } = eingabe;
  if (von === null || bis === null) throw new DomainError('ungueltig', START_UND_ENDE);
  for (const kw of [von, bis]) pruefeKalenderwoche({ jahr, kalenderwoche: kw }, WOCHEN_BEREICH);
  if (von > bis) throw new DomainError('ungueltig', START_NACH_ENDE);
  return Array.from({ length: bis - von + 1 }, (_, i) => ({ jahr, kalenderwoche: von + i }));
};

const gefunden = <T>(map: ReadonlyMap<string, T>, id: string, meldung: string): T => {
  const eintrag = map.get(id);
  if (!eintrag) throw new DomainError('nicht_gefunden', meldung);
  return eintrag;
};

const istFerien = <T extends { ferienart?: Ferienart }>(eintrag: T | undefined): eintrag is T & { ferienart: Ferienart } =>
  eintrag?.ferienart !== undefined;

/** Why a week is closed, as the families concerned are told: the holiday type, or the closing week's description. */
export type Schliessung = { ferienart: Ferienart | null; beschreibung: string };

/** The weeks that the given calendar events close: new closing weeks and new holiday weeks. */
export const neuGeschlosseneWochen = (events: readonly KalenderEvent[]): (IsoWoche & Schliessung)[] =>
  events.flatMap((e): (IsoWoche & Schliessung)[] => {
    if (e.type === 'SchliesswocheAngelegt')
      return [{ jahr: e.data.jahr, kalenderwoche: e.data.kalenderwoche, ferienart: null, beschreibung: e.data.beschreibung }];
    if (e.type === 'FerienwocheAngelegt')
      return [{ jahr: e.data.jahr, kalenderwoche: e.data.kalenderwoche, ferienart: e.data.art, beschreibung: e.data.art }];
    return [];
  });

const decide = (command: KalenderCommand, state: KalenderState): KalenderEvent[] => {
  switch (command.type) {
    case 'LegeSchliesswochenAn': {
      const wochen = gewaehlteWochen(command.data);
      const text = beschreibung(command.data.beschreibung, MAX_BESCHREIBUNG.schliesswoche);
      const vorhanden = new Set([...state.schliesswochen.values()].map((w) => `${w.jahr}/${w.kalenderwoche}`));
      const neu = wochen.filter((w) => !vorhanden.has(`${w.jahr}/${w.kalenderwoche}`));
      if (neu.length === 0)
        throw new DomainError('konflikt', command.data.isRange ? ALLE_WOCHEN_EXISTIEREN : SCHLIESSWOCHE_EXISTIERT(wochen[0]!));
      return neu.map((w, i) => ({ type: 'SchliesswocheAngelegt', data: { id: command.data.ids[i]!, ...w, beschreibung: text } }));
    }
    case 'AendereSchliesswoche': {
      const woche = gefunden(state.schliesswochen, command.data.id, NICHT_GEFUNDEN.schliesswoche);
      const { jahr, kalenderwoche } = command.data;
      if ((jahr != null && jahr !== woche.jahr) || (kalenderwoche != null && kalenderwoche !== woche.kalenderwoche))
        throw new DomainError('ungueltig', WOCHE_FEST);
      const text = beschreibung(command.data.beschreibung, MAX_BESCHREIBUNG.schliesswoche, BESCHREIBUNG_LEER);
      return [{ type: 'SchliesswocheGeaendert', data: { id: woche.id, beschreibung: text } }];
    }
    case 'LoescheSchliesswoche': {
      const woche = gefunden(state.schliesswochen, command.data.id, NICHT_GEFUNDEN.schliesswoche);
      return [{ type: 'SchliesswocheGeloescht', data: { id: woche.id } }];
    }
    case 'LegeTageseintragAn': {
      const { art, id, datum } = command.data;
      if (!datum || !command.data.beschreibung?.trim()) throw new DomainError('ungueltig', FELDER_FEHLEN);
      if (!istDatum(datum)) throw new DomainError('ungueltig', DATUM_UNGUELTIG);
      const text = beschreibung(command.data.beschreibung, MAX_BESCHREIBUNG[art]);
      if (art === 'schliesstag' && [...state.schliesstag.values()].some((t) => t.datum === datum))
        throw new DomainError('konflikt', SCHLIESSTAG_EXISTIERT(datum));
      return [{ type: EVENT_TYP[art].angelegt, data: { id, datum, beschreibung: text } }];
    }
    case 'AendereTageseintrag': {
      const { art } = command.data;
      const eintrag = gefunden(state[art], command.data.id, NICHT_GEFUNDEN[art]);
      if (command.data.datum != null && command.data.datum !== eintrag.datum) throw new DomainError('ungueltig', DATUM_FEST);
      const text = beschreibung(command.data.beschreibung, MAX_BESCHREIBUNG[art], BESCHREIBUNG_LEER);
      return [{ type: EVENT_TYP[art].geaendert, data: { id: eintrag.id, beschreibung: text } }];
    }
    case 'LoescheTageseintrag': {
      const { art } = command.data;
      const eintrag = gefunden(state[art], command.data.id, NICHT_GEFUNDEN[art]);
      return [{ type: EVENT_TYP[art].geloescht, data: { id: eintrag.id } }];
    }
    case 'LegeFerienAn': {
      const { von, bis, ids } = command.data;
      const art = FERIENARTEN.find((a) => a === command.data.art);
      if (!art || !istDatum(von) || !istDatum(bis)) throw new DomainError('ungueltig', FERIEN_FELDER);
      if (von > bis) throw new DomainError('ungueltig', FERIEN_START_NACH_ENDE);
      if (plusTage(von, 366) < bis) throw new DomainError('ungueltig', FERIEN_ZU_LANG);
      const { wochen, tage } = ferienZerlegung(von, bis);
      // A week or day that is closed already (as a holiday or not) keeps its entry.
      const vorhandeneWochen = new Set([...state.schliesswochen.values()].map((w) => `${w.jahr}/${w.kalenderwoche}`));
      const vorhandeneTage = new Set([...state.schliesstag.values()].map((t) => t.datum));
      let i = 0;
      const events: KalenderEvent[] = [
        ...wochen
          .filter((w) => !vorhandeneWochen.has(`${w.jahr}/${w.kalenderwoche}`))
          .map((w): KalenderEvent => ({ type: 'FerienwocheAngelegt', data: { id: ids[i++]!, ...w, art } })),
        ...tage
          .filter((t) => !vorhandeneTage.has(t))
          .map((datum): KalenderEvent => ({ type: 'FerientagAngelegt', data: { id: ids[i++]!, datum, art } })),
      ];
      if (events.length === 0) {
        const nurFerien = [
          ...[...state.schliesswochen.values()].filter((w) => wochen.some((n) => n.jahr === w.jahr && n.kalenderwoche === w.kalenderwoche)),
          ...[...state.schliesstag.values()].filter((t) => tage.includes(t.datum)),
        ].every((e) => istFerien(e));
        throw new DomainError('konflikt', nurFerien ? FERIEN_SCHON_EINGETRAGEN : FERIEN_SCHON_GESCHLOSSEN);
      }
      return events;
    }
    case 'LoescheFerienwoche':
      if (!istFerien(state.schliesswochen.get(command.data.id))) throw new DomainError('nicht_gefunden', FERIENWOCHE_NICHT_GEFUNDEN);
      return [{ type: 'FerienwocheGeloescht', data: { id: command.data.id } }];
    case 'LoescheFerientag':
      if (!istFerien(state.schliesstag.get(command.data.id))) throw new DomainError('nicht_gefunden', FERIENTAG_NICHT_GEFUNDEN);
      return [{ type: 'FerientagGeloescht', data: { id: command.data.id } }];
    case 'LoescheFerienart': {
      const { art, jahr } = command.data;
      const events: KalenderEvent[] = [
        ...[...state.schliesswochen.values()]
          .filter((w) => w.ferienart === art && w.jahr === jahr)
          .map((w): KalenderEvent => ({ type: 'FerienwocheGeloescht', data: { id: w.id } })),
        ...[...state.schliesstag.values()]
          .filter((t) => t.ferienart === art && t.datum.startsWith(`${jahr}-`))
          .map((t): KalenderEvent => ({ type: 'FerientagGeloescht', data: { id: t.id } })),
      ];
      if (events.length === 0) throw new DomainError('nicht_gefunden', KEINE_FERIEN_DIESER_ART(art, jahr));
      return events;
    }
    case 'BestaetigeFerien':
      return state.ferienBestaetigt ? [] : [{ type: 'FerienBestaetigt', data: {} }];
    default:
      return assertNever(command);
  }
};

const ohne = <T>(map: ReadonlyMap<string, T>, id: string) => {
  const next = new Map(map);
  next.delete(id);
  return next;
};
const mitText = <T extends { beschreibung: string }>(map: ReadonlyMap<string, T>, id: string, text: string) => {
  const eintrag = map.get(id);
  return eintrag ? new Map(map).set(id, { ...eintrag, beschreibung: text }) : map;
};

const evolve = (state: KalenderState, event: KalenderEvent): KalenderState => {
  switch (event.type) {
    case 'SchliesswocheAngelegt':
      return { ...state, schliesswochen: new Map(state.schliesswochen).set(event.data.id, event.data) };
    case 'SchliesswocheGeaendert':
      return { ...state, schliesswochen: mitText(state.schliesswochen, event.data.id, event.data.beschreibung) };
    case 'SchliesswocheGeloescht':
      return { ...state, schliesswochen: ohne(state.schliesswochen, event.data.id) };
    case 'SchliesstagAngelegt':
      return { ...state, schliesstag: new Map(state.schliesstag).set(event.data.id, event.data) };
    case 'SchliesstagGeaendert':
      return { ...state, schliesstag: mitText(state.schliesstag, event.data.id, event.data.beschreibung) };
    case 'SchliesstagGeloescht':
      return { ...state, schliesstag: ohne(state.schliesstag, event.data.id) };
    case 'KitaEventAngelegt':
      return { ...state, kitaEvent: new Map(state.kitaEvent).set(event.data.id, event.data) };
    case 'KitaEventGeaendert':
      return { ...state, kitaEvent: mitText(state.kitaEvent, event.data.id, event.data.beschreibung) };
    case 'KitaEventGeloescht':
      return { ...state, kitaEvent: ohne(state.kitaEvent, event.data.id) };
    case 'FerienwocheAngelegt': {
      const { id, jahr, kalenderwoche, art } = event.data;
      const woche: Schliesswoche = { id, jahr, kalenderwoche, beschreibung: art, ferienart: art };
      return { ...state, schliesswochen: new Map(state.schliesswochen).set(id, woche) };
    }
    case 'FerientagAngelegt': {
      const { id, datum, art } = event.data;
      return { ...state, schliesstag: new Map(state.schliesstag).set(id, { id, datum, beschreibung: art, ferienart: art }) };
    }
    case 'FerienwocheGeloescht':
      return { ...state, schliesswochen: ohne(state.schliesswochen, event.data.id) };
    case 'FerientagGeloescht':
      return { ...state, schliesstag: ohne(state.schliesstag, event.data.id) };
    case 'FerienBestaetigt':
      return { ...state, ferienBestaetigt: true };
    default:
      return assertNever(event);
  }
};

export const kalenderDecider: Decider<KalenderCommand, KalenderEvent, KalenderState> = {
  decide,
  evolve,
  initialState: () => ({
    schliesswochen: new Map(),
    schliesstag: new Map(),
    kitaEvent: new Map(),
    ferienBestaetigt: false,
  }),
};
