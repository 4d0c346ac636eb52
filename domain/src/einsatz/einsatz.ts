import { z } from 'zod';
import { type Datum, datumDeutsch, istDatum } from '../kalender/iso-woche.js';
import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * Work days and fêtes ('Arbeitseinsätze'): an admin sets a day with its shifts ('Schichten'), any
 * family of the kindergarten signs up for a shift until the deadline, or joins the shift's waiting
 * list when it is full. One stream per day, `einsatz-{einsatzId}`: its expected revision makes the
 * last place of a shift go to exactly one family. After the day the admin marks who came; the
 * hours of a shift count for the families that came (the hours ledger reads the read models).
 */
export const einsatzStream = (einsatzId: string) => `einsatz-${einsatzId}`;

const MAX_TITEL = 100;
const MAX_ORT = 200;
const MAX_BESCHREIBUNG = 2000;
const MAX_AUFGABE = 100;
export const MAX_SCHICHTEN = 30;
const MAX_PLAETZE = 100;
const MAX_STUNDEN = 24;

const TITEL_FEHLT = 'Bitte geben Sie einen Titel für den Arbeitseinsatz an.';
const TITEL_ZU_LANG = `Der Titel darf höchstens ${MAX_TITEL} Zeichen lang sein.`;
const ORT_ZU_LANG = `Der Ort darf höchstens ${MAX_ORT} Zeichen lang sein.`;
const BESCHREIBUNG_ZU_LANG = `Die Beschreibung darf höchstens ${MAX_BESCHREIBUNG} Zeichen lang sein.`;
const DATUM_UNGUELTIG = 'Bitte geben Sie das Datum des Einsatzes im Format JJJJ-MM-TT an.';
const ANMELDESCHLUSS_UNGUELTIG = 'Bitte geben Sie den Anmeldeschluss im Format JJJJ-MM-TT an.';
export const ANMELDESCHLUSS_NACH_DATUM = 'Der Anmeldeschluss darf nicht nach dem Tag des Einsatzes liegen.';
const SCHICHTEN_FEHLEN = 'Bitte legen Sie mindestens eine Schicht an.';
const ZU_VIELE_SCHICHTEN = `Ein Arbeitseinsatz hat höchstens ${MAX_SCHICHTEN} Schichten.`;
const AUFGABE_FEHLT = 'Bitte geben Sie für jede Schicht eine Aufgabe an.';
const AUFGABE_ZU_LANG = `Die Aufgabe einer Schicht darf höchstens ${MAX_AUFGABE} Zeichen lang sein.`;
const ZEIT_UNGUELTIG = 'Bitte geben Sie Beginn und Ende jeder Schicht im Format HH:MM an (z. B. 09:30).';
export const ENDE_VOR_BEGINN = 'Das Ende einer Schicht muss nach ihrem Beginn liegen.';
const PLAETZE_UNGUELTIG = `Plätze: bitte eine ganze Zahl von 1 bis ${MAX_PLAETZE}.`;
export const STUNDEN_UNGUELTIG = `Stunden einer Schicht: bitte eine Zahl größer als 0 und höchstens ${MAX_STUNDEN}, mit höchstens zwei Nachkommastellen.`;
const SCHICHT_ID_DOPPELT = 'Jede Schicht darf nur einmal vorkommen.';

export const EINSATZ_NICHT_GEFUNDEN = 'Arbeitseinsatz nicht gefunden.';
export const SCHICHT_NICHT_GEFUNDEN = 'Schicht nicht gefunden.';
export const EINSATZ_ABGESAGT = 'Dieser Arbeitseinsatz wurde abgesagt.';
export const FRIST_ABGELAUFEN = (anmeldeschluss: Datum) => `Die Anmeldefrist bis ${datumDeutsch(anmeldeschluss)} ist abgelaufen.`;
export const SCHICHT_VOLL =
  'Diese Schicht ist leider schon voll belegt. Sie können sich auf die Warteliste setzen lassen; wird ein Platz frei, rücken Sie nach.';
export const SCHON_EINGETRAGEN = 'Sie sind für diese Schicht bereits eingetragen.';
export const SCHON_AUF_WARTELISTE = 'Sie stehen für diese Schicht bereits auf der Warteliste.';
export const NICHT_EINGETRAGEN = 'Sie sind für diese Schicht nicht eingetragen.';
export const ANWESENHEIT_ZU_FRUEH = (datum: Datum) =>
  `Die Anwesenheit kann erst ab dem Tag des Einsatzes (${datumDeutsch(datum)}) erfasst werden.`;
export const ZU_WENIGE_PLAETZE = (aufgabe: string, belegt: number) =>
  `Für die Schicht „${aufgabe}“ sind schon ${belegt} Familien eingetragen; sie braucht mindestens so viele Plätze.`;

const ZEIT = /^([01]\d|2[0-3]):[0-5]\d$/;
const istUhrzeit = (v: unknown): v is string => typeof v === 'string' && ZEIT.test(v);

/** Hours with at most two decimal places (checked on hundredths, so 0.1 + 0.2 style floats pass). */
const istSchichtStunden = (n: number) => Number.isFinite(n) && n > 0 && n <= MAX_STUNDEN && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

type SchichtAngaben = { aufgabe: string; beginn: string; ende: string; plaetze: number; stunden: number };
export type Schicht = SchichtAngaben & { schichtId: string };

type EinsatzAngaben = {
  titel: string;
  datum: Datum;
  ort: string | null;
  beschreibung: string | null;
  anmeldeschluss: Datum;
};

/** The settings of a day as the events carry them (whole settings every time). */
export type EinsatzDaten = EinsatzAngaben & { einsatzId: string; schichten: Schicht[] };

const optionalerText = (max: number, meldung: string) =>
  z
    .string({ error: meldung })
    .trim()
    .max(max, meldung)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const schichtSchema = z
  .object({
    id: z.string({ error: SCHICHT_NICHT_GEFUNDEN }).trim().min(1, SCHICHT_NICHT_GEFUNDEN).max(100, SCHICHT_NICHT_GEFUNDEN).optional(),
    aufgabe: z.string({ error: AUFGABE_FEHLT }).trim().min(1, AUFGABE_FEHLT).max(MAX_AUFGABE, AUFGABE_ZU_LANG),
    beginn: z.string({ error: ZEIT_UNGUELTIG }).refine(istUhrzeit, ZEIT_UNGUELTIG),
    ende: z.string({ error: ZEIT_UNGUELTIG }).refine(istUhrzeit, ZEIT_UNGUELTIG),
    plaetze: z.number({ error: PLAETZE_UNGUELTIG }).int(PLAETZE_UNGUELTIG).min(1, PLAETZE_UNGUELTIG).max(MAX_PLAETZE, PLAETZE_UNGUELTIG),
    stunden: z.number({ error: STUNDEN_UNGUELTIG }).refine(istSchichtStunden, STUNDEN_UNGUELTIG),
  })
  .superRefine((s, ctx) => {
    if (s.ende <= s.beginn) ctx.addIssue({ code: 'custom', message: ENDE_VOR_BEGINN, path: ['ende'] });
  })
  .transform((s) => ({ ...s, stunden: Math.round(s.stunden * 100) / 100 }));

/** The body of `POST /api/admin/einsaetze` and `PUT /api/admin/einsaetze/{id}`, with the German refusals. */
export const einsatzSchema = z
  .object({
    titel: z.string({ error: TITEL_FEHLT }).trim().min(1, TITEL_FEHLT).max(MAX_TITEL, TITEL_ZU_LANG),
    datum: z.string({ error: DATUM_UNGUELTIG }).refine(istDatum, DATUM_UNGUELTIG),
    ort: optionalerText(MAX_ORT, ORT_ZU_LANG),
    beschreibung: optionalerText(MAX_BESCHREIBUNG, BESCHREIBUNG_ZU_LANG),
    anmeldeschluss: z.string({ error: ANMELDESCHLUSS_UNGUELTIG }).refine(istDatum, ANMELDESCHLUSS_UNGUELTIG),
    schichten: z.array(schichtSchema, { error: SCHICHTEN_FEHLEN }).min(1, SCHICHTEN_FEHLEN).max(MAX_SCHICHTEN, ZU_VIELE_SCHICHTEN),
  })
  .superRefine((v, ctx) => {
    if (v.anmeldeschluss > v.datum) ctx.addIssue({ code: 'custom', message: ANMELDESCHLUSS_NACH_DATUM, path: ['anmeldeschluss'] });
    const ids = v.schichten.map((s) => s.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: SCHICHT_ID_DOPPELT, path: ['schichten'] });
  });

export type EinsatzEingabe = z.infer<typeof einsatzSchema>;

export const anmeldungSchema = z
  .object({ warteliste: z.boolean({ error: 'Das Feld „warteliste“ muss true oder false sein.' }).optional().default(false) })
  .nullable()
  .optional()
  .transform((v) => ({ warteliste: v?.warteliste ?? false }));

export const anwesenheitSchema = z.object({
  schichtId: z
    .string({ error: 'Bitte geben Sie die Schicht an.' })
    .trim()
    .min(1, 'Bitte geben Sie die Schicht an.')
    .max(100, SCHICHT_NICHT_GEFUNDEN),
  elternId: z
    .string({ error: 'Bitte geben Sie die Familie an.' })
    .trim()
    .min(1, 'Bitte geben Sie die Familie an.')
    .max(100, 'Familie nicht gefunden.'),
  anwesend: z.boolean({ error: 'Das Feld „anwesend“ muss true oder false sein.' }),
});

export type EinsatzEvent =
  | { type: 'EinsatzAngelegt'; data: EinsatzDaten }
  | { type: 'EinsatzGeaendert'; data: EinsatzDaten }
  | { type: 'EinsatzAbgesagt'; data: { einsatzId: string } }
  | { type: 'SchichtEingetragen'; data: { einsatzId: string; schichtId: string; elternId: string } }
  | { type: 'AufWartelisteGesetzt'; data: { einsatzId: string; schichtId: string; elternId: string } }
  | { type: 'SchichtAusgetragen'; data: { einsatzId: string; schichtId: string; elternId: string; vonWarteliste: boolean } }
  | { type: 'VonWartelisteNachgerueckt'; data: { einsatzId: string; schichtId: string; elternId: string } }
  | { type: 'AnwesenheitErfasst'; data: { einsatzId: string; schichtId: string; elternId: string; anwesend: boolean } };

/** A shift of the command `AendereEinsatz`: `bekannt` when the body named its id (it must exist). */
type SchichtAenderung = Schicht & { bekannt: boolean };

export type EinsatzCommand =
  | { type: 'LegeEinsatzAn'; data: EinsatzDaten }
  | { type: 'AendereEinsatz'; data: EinsatzAngaben & { einsatzId: string; schichten: SchichtAenderung[] } }
  | { type: 'SageEinsatzAb'; data: { einsatzId: string } }
  | { type: 'TrageEin'; data: { einsatzId: string; schichtId: string; elternId: string; warteliste: boolean; heute: Datum } }
  | { type: 'TrageAus'; data: { einsatzId: string; schichtId: string; elternId: string; heute: Datum } }
  | { type: 'ErfasseAnwesenheit'; data: { einsatzId: string; schichtId: string; elternId: string; anwesend: boolean; heute: Datum } }
  /** A family leaves the kindergarten: its places and waiting-list entries on a day not yet over are freed (no deadline). */
  | { type: 'GebeSchichtenFrei'; data: { einsatzId: string; elternId: string; heute: Datum } };

/** Who holds a shift (in sign-up order) and who waits (first come first). */
export type Belegung = { eingetragen: string[]; warteliste: string[] };

export type EinsatzState = {
  einsatz: (EinsatzDaten & { abgesagt: boolean }) | null;
  /** Every shift the day ever had, removed ones too (`entfernt`). */
  schichten: Record<string, Schicht & { entfernt: boolean }>;
  belegung: Record<string, Belegung>;
  /** Attendance marked by an admin, by `${schichtId}/${elternId}`. */
  anwesenheit: Record<string, boolean>;
};

const initialState = (): EinsatzState => ({ einsatz: null, schichten: {}, belegung: {}, anwesenheit: {} });

const belegungVon = (state: EinsatzState, schichtId: string): Belegung => state.belegung[schichtId] ?? { eingetragen: [], warteliste: [] };

const vorhanden = (state: EinsatzState) => {
  if (!state.einsatz) throw new DomainError('nicht_gefunden', EINSATZ_NICHT_GEFUNDEN);
  return state.einsatz;
};
const offen = (state: EinsatzState) => {
  const einsatz = vorhanden(state);
  if (einsatz.abgesagt) throw new DomainError('konflikt', EINSATZ_ABGESAGT);
  return einsatz;
};
const schichtVon = (state: EinsatzState, schichtId: string) => {
  const schicht = state.schichten[schichtId];
  if (!schicht || schicht.entfernt) throw new DomainError('nicht_gefunden', SCHICHT_NICHT_GEFUNDEN);
  return schicht;
};

const gleicheSchicht = (a: Schicht, b: Schicht) =>
  a.aufgabe === b.aufgabe && a.beginn === b.beginn && a.ende === b.ende && a.plaetze === b.plaetze && a.stunden === b.stunden;

/** The shifts of the day that are not removed, in the order the admin gave them. */
const aktuelleSchichten = (state: EinsatzState): Schicht[] => state.einsatz?.schichten ?? [];

const decide = (command: EinsatzCommand, state: EinsatzState): EinsatzEvent[] => {
  switch (command.type) {
    case 'LegeEinsatzAn': {
      if (state.einsatz) throw new DomainError('konflikt', 'Diesen Arbeitseinsatz gibt es bereits.');
      return [{ type: 'EinsatzAngelegt', data: command.data }];
    }
    case 'AendereEinsatz': {
      const einsatz = offen(state);
      const { schichten: geaendert, ...angaben } = command.data;
      for (const s of geaendert) if (s.bekannt) schichtVon(state, s.schichtId);
      const schichten: Schicht[] = geaendert.map(({ bekannt: _, ...s }) => s);
      const events: EinsatzEvent[] = [];
      const nachruecken: EinsatzEvent[] = [];
      for (const s of schichten) {
        const belegung = belegungVon(state, s.schichtId);
        if (belegung.eingetragen.length > s.plaetze)
          throw new DomainError('konflikt', ZU_WENIGE_PLAETZE(s.aufgabe, belegung.eingetragen.length));
        const frei = s.plaetze - belegung.eingetragen.length;
        for (const elternId of belegung.warteliste.slice(0, frei))
          nachruecken.push({ type: 'VonWartelisteNachgerueckt', data: { einsatzId: einsatz.einsatzId, schichtId: s.schichtId, elternId } });
      }
      const daten: EinsatzDaten = { ...angaben, einsatzId: einsatz.einsatzId, schichten };
      const bisher = einsatz.schichten;
      const unveraendert =
        einsatz.titel === daten.titel &&
        einsatz.datum === daten.datum &&
        einsatz.ort === daten.ort &&
        einsatz.beschreibung === daten.beschreibung &&
        einsatz.anmeldeschluss === daten.anmeldeschluss &&
        bisher.length === schichten.length &&
        bisher.every((s, i) => s.schichtId === schichten[i]!.schichtId && gleicheSchicht(s, schichten[i]!));
      if (unveraendert) return [];
      events.push({ type: 'EinsatzGeaendert', data: daten }, ...nachruecken);
      return events;
    }
    case 'SageEinsatzAb': {
      const einsatz = vorhanden(state);
      if (einsatz.abgesagt) return [];
      return [{ type: 'EinsatzAbgesagt', data: { einsatzId: einsatz.einsatzId } }];
    }
    case 'TrageEin': {
      const { schichtId, elternId, warteliste, heute } = command.data;
      const einsatz = offen(state);
      const schicht = schichtVon(state, schichtId);
      if (heute > einsatz.anmeldeschluss) throw new DomainError('konflikt', FRIST_ABGELAUFEN(einsatz.anmeldeschluss));
      const belegung = belegungVon(state, schichtId);
      if (belegung.eingetragen.includes(elternId)) throw new DomainError('konflikt', SCHON_EINGETRAGEN);
      if (belegung.warteliste.includes(elternId)) throw new DomainError('konflikt', SCHON_AUF_WARTELISTE);
      const data = { einsatzId: einsatz.einsatzId, schichtId, elternId };
      // A free place is taken even when the family asked for the waiting list (nobody waits for nothing).
      if (belegung.eingetragen.length < schicht.plaetze && belegung.warteliste.length === 0) return [{ type: 'SchichtEingetragen', data }];
      if (!warteliste) throw new DomainError('konflikt', SCHICHT_VOLL);
      return [{ type: 'AufWartelisteGesetzt', data }];
    }
    case 'TrageAus': {
      const { schichtId, elternId, heute } = command.data;
      const einsatz = offen(state);
      schichtVon(state, schichtId);
      if (heute > einsatz.anmeldeschluss) throw new DomainError('konflikt', FRIST_ABGELAUFEN(einsatz.anmeldeschluss));
      const events = austragen(state, einsatz.einsatzId, schichtId, elternId);
      if (events.length === 0) throw new DomainError('konflikt', NICHT_EINGETRAGEN);
      return events;
    }
    case 'GebeSchichtenFrei': {
      const { elternId, heute } = command.data;
      const einsatz = state.einsatz;
      // A cancelled day has no places to pass on; a past day is history (its shifts count for the hours).
      if (!einsatz || einsatz.abgesagt || einsatz.datum < heute) return [];
      return aktuelleSchichten(state).flatMap((s) => austragen(state, einsatz.einsatzId, s.schichtId, elternId));
    }
    case 'ErfasseAnwesenheit': {
      const { schichtId, elternId, anwesend, heute } = command.data;
      const einsatz = offen(state);
      schichtVon(state, schichtId);
      if (heute < einsatz.datum) throw new DomainError('konflikt', ANWESENHEIT_ZU_FRUEH(einsatz.datum));
      const bisher = anwesenheitVon(state, schichtId, elternId);
      if (bisher === anwesend) return [];
      return [{ type: 'AnwesenheitErfasst', data: { einsatzId: einsatz.einsatzId, schichtId, elternId, anwesend } }];
    }
    default:
      return assertNever(command);
  }
};

/**
 * A family leaves a shift: off its waiting list, or out of its place, which then goes to the first
 * family waiting. Nothing when the family is neither signed up nor waiting.
 */
const austragen = (state: EinsatzState, einsatzId: string, schichtId: string, elternId: string): EinsatzEvent[] => {
  const belegung = belegungVon(state, schichtId);
  const data = { einsatzId, schichtId, elternId };
  if (belegung.warteliste.includes(elternId)) return [{ type: 'SchichtAusgetragen', data: { ...data, vonWarteliste: true } }];
  if (!belegung.eingetragen.includes(elternId)) return [];
  const erster = belegung.warteliste[0];
  return [
    { type: 'SchichtAusgetragen', data: { ...data, vonWarteliste: false } },
    ...(erster ? [{ type: 'VonWartelisteNachgerueckt' as const, data: { ...data, elternId: erster } }] : []),
  ];
};

/**
 * Whether a family counts as present on a shift: as marked by an admin, else present when signed
 * up (the preset of the attendance screen), else not.
 */
export const anwesenheitVon = (state: EinsatzState, schichtId: string, elternId: string): boolean =>
  state.anwesenheit[`${schichtId}/${elternId}`] ?? belegungVon(state, schichtId).eingetragen.includes(elternId);

const ohne = (liste: string[], id: string) => liste.filter((x) => x !== id);

const evolve = (state: EinsatzState, event: EinsatzEvent): EinsatzState => {
  switch (event.type) {
    case 'EinsatzAngelegt':
    case 'EinsatzGeaendert': {
      const schichten = Object.fromEntries(Object.entries(state.schichten).map(([id, s]) => [id, { ...s, entfernt: true }]));
      for (const s of event.data.schichten) schichten[s.schichtId] = { ...s, entfernt: false };
      return { ...state, einsatz: { ...event.data, abgesagt: false }, schichten };
    }
    case 'EinsatzAbgesagt':
      return state.einsatz ? { ...state, einsatz: { ...state.einsatz, abgesagt: true } } : state;
    case 'SchichtEingetragen':
    case 'AufWartelisteGesetzt': {
      const { schichtId, elternId } = event.data;
      const b = belegungVon(state, schichtId);
      const neu =
        event.type === 'SchichtEingetragen'
          ? { eingetragen: [...ohne(b.eingetragen, elternId), elternId], warteliste: ohne(b.warteliste, elternId) }
          : { eingetragen: b.eingetragen, warteliste: [...ohne(b.warteliste, elternId), elternId] };
      return { ...state, belegung: { ...state.belegung, [schichtId]: neu } };
    }
    case 'SchichtAusgetragen': {
      const { schichtId, elternId } = event.data;
      const b = belegungVon(state, schichtId);
      const anwesenheit = { ...state.anwesenheit };
      delete anwesenheit[`${schichtId}/${elternId}`];
      return {
        ...state,
        belegung: {
          ...state.belegung,
          [schichtId]: { eingetragen: ohne(b.eingetragen, elternId), warteliste: ohne(b.warteliste, elternId) },
        },
        anwesenheit,
      };
    }
    case 'VonWartelisteNachgerueckt': {
      const { schichtId, elternId } = event.data;
      const b = belegungVon(state, schichtId);
      return {
        ...state,
        belegung: {
          ...state.belegung,
          [schichtId]: { eingetragen: [...ohne(b.eingetragen, elternId), elternId], warteliste: ohne(b.warteliste, elternId) },
        },
      };
    }
    case 'AnwesenheitErfasst': {
      const { schichtId, elternId, anwesend } = event.data;
      return { ...state, anwesenheit: { ...state.anwesenheit, [`${schichtId}/${elternId}`]: anwesend } };
    }
    default:
      return assertNever(event);
  }
};

export const einsatzDecider: Decider<EinsatzCommand, EinsatzEvent, EinsatzState> = { decide, evolve, initialState };

/** 'Sa 05.12.2026, 09:00–12:00': a shift's time for mails, pushes and the screens. */
export const schichtZeit = (datum: Datum, s: Pick<Schicht, 'beginn' | 'ende'>) => {
  const tag = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'][new Date(`${datum}T12:00:00Z`).getUTCDay()];
  return `${tag} ${datumDeutsch(datum)}, ${s.beginn}–${s.ende} Uhr`;
};
