import { z } from 'zod';
import { assertNever, type Decider, DomainError, type SnapshotCodec } from '../shared/decider.js';

/**
 * Duty kinds ('Dienstarten'): every duty the families of a kindergarten share — water, cleaning
 * the Bauwagen at the weekend, towels, tea in winter, cooking on weekdays. Wasserdienst is the
 * first kind and built in: it exists without an event, its rhythm and scope are fixed, and only
 * its description and hours can be changed. All kinds live in one stream, so names stay unique.
 */
export const DIENSTARTEN_STREAM = 'dienstarten';
export const WASSERDIENST_ID = 'wasserdienst';

const RHYTHMEN = ['woche', 'wochenende', 'wochentage'] as const;
type Rhythmus = (typeof RHYTHMEN)[number];
const BEREICHE = ['gruppe', 'kita'] as const;
export type Bereich = (typeof BEREICHE)[number];

/** What an admin sets for a kind (`POST /api/admin/dienstarten`, `PUT …/{id}`). */
export type DienstartAngaben = {
  name: string;
  beschreibung: string;
  rhythmus: Rhythmus;
  /** ISO weekdays 1 (Monday) … 7 (Sunday), only for `wochentage`. */
  wochentage?: number[];
  /** Active window by month, both or neither; may wrap the year end (11 → 3: November to March). */
  aktivVonMonat?: number;
  aktivBisMonat?: number;
  bereich: Bereich;
  familienProTermin: number;
  /** Hours a date counts for the family that does it (the hours ledger). */
  stunden: number;
  /** No date while the kindergarten is closed (holidays, closing weeks and days). */
  pausiertBeiSchliessung: boolean;
};

export type Dienstart = DienstartAngaben & { id: string; archiviert: boolean; eingebaut: boolean };

const MAX_NAME = 60;
const MAX_BESCHREIBUNG = 1000;
export const MAX_FAMILIEN_PRO_TERMIN = 10;
export const MAX_STUNDEN = 24;

const NAME_FEHLT = 'Bitte geben Sie einen Namen für die Dienstart an.';
const NAME_ZU_LANG = `Der Name darf höchstens ${MAX_NAME} Zeichen lang sein.`;
export const NAME_VERGEBEN = 'Eine Dienstart mit diesem Namen gibt es bereits.';
const BESCHREIBUNG_ZU_LANG = `Die Beschreibung darf höchstens ${MAX_BESCHREIBUNG} Zeichen lang sein.`;
const RHYTHMUS_FEHLT = 'Bitte wählen Sie einen Rhythmus: wöchentlich, am Wochenende oder an bestimmten Wochentagen.';
export const WOCHENTAGE_FEHLEN = 'Bitte wählen Sie mindestens einen Wochentag (1 = Montag … 7 = Sonntag).';
export const MONATE_UNGUELTIG = 'Bitte geben Sie Beginn und Ende des aktiven Zeitraums als Monat von 1 bis 12 an (oder keinen von beiden).';
const BEREICH_FEHLT = 'Bitte wählen Sie, ob der Dienst je Gruppe oder für die ganze Kita gilt.';
const FAMILIEN_UNGUELTIG = `Familien pro Termin: bitte eine ganze Zahl von 1 bis ${MAX_FAMILIEN_PRO_TERMIN}.`;
export const STUNDEN_UNGUELTIG = `Stunden pro Termin: bitte eine Zahl von 0 bis ${MAX_STUNDEN} mit höchstens zwei Nachkommastellen.`;
export const DIENSTART_NICHT_GEFUNDEN = 'Dienstart nicht gefunden.';
export const DIENSTART_ARCHIVIERT = 'Diese Dienstart ist archiviert.';
export const WASSERDIENST_FEST =
  'Der Wasserdienst ist fest eingebaut: Name, Rhythmus, Bereich und Familien pro Termin bleiben, wie sie sind. Beschreibung und Stunden lassen sich ändern.';
export const WASSERDIENST_NICHT_ARCHIVIERBAR = 'Der Wasserdienst ist fest eingebaut und kann nicht archiviert werden.';
export const RHYTHMUS_FEST =
  'Rhythmus und Bereich einer Dienstart lassen sich nach dem Anlegen nicht ändern. Legen Sie eine neue Dienstart an und archivieren Sie diese.';

/** Hours with at most two decimal places (checked on hundredths, so 0.1 + 0.2 style floats pass). */
export const istStundenwert = (n: number, min: number, max: number) =>
  Number.isFinite(n) && n >= min && n <= max && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const monat = z.number({ error: MONATE_UNGUELTIG }).int(MONATE_UNGUELTIG).min(1, MONATE_UNGUELTIG).max(12, MONATE_UNGUELTIG);

/** The body of `POST /api/admin/dienstarten` and `PUT /api/admin/dienstarten/{id}`, with the German refusals. */
export const dienstartSchema = z
  .object({
    name: z.string({ error: NAME_FEHLT }).trim().min(1, NAME_FEHLT).max(MAX_NAME, NAME_ZU_LANG),
    beschreibung: z.string({ error: BESCHREIBUNG_ZU_LANG }).trim().max(MAX_BESCHREIBUNG, BESCHREIBUNG_ZU_LANG).optional().default(''),
    rhythmus: z.enum(RHYTHMEN, { error: RHYTHMUS_FEHLT }),
    wochentage: z
      .array(z.number().int().min(1).max(7), { error: WOCHENTAGE_FEHLEN })
      .optional()
      .nullable()
      .refine((t) => !t || t.every((x) => Number.isInteger(x) && x >= 1 && x <= 7), WOCHENTAGE_FEHLEN),
    aktivVonMonat: monat.optional().nullable(),
    aktivBisMonat: monat.optional().nullable(),
    bereich: z.enum(BEREICHE, { error: BEREICH_FEHLT }),
    familienProTermin: z
      .number({ error: FAMILIEN_UNGUELTIG })
      .int(FAMILIEN_UNGUELTIG)
      .min(1, FAMILIEN_UNGUELTIG)
      .max(MAX_FAMILIEN_PRO_TERMIN, FAMILIEN_UNGUELTIG)
      .optional()
      .default(1),
    stunden: z
      .number({ error: STUNDEN_UNGUELTIG })
      .refine((n) => istStundenwert(n, 0, MAX_STUNDEN), STUNDEN_UNGUELTIG)
      .optional()
      .default(1),
    pausiertBeiSchliessung: z.boolean({ error: 'Das Feld „pausiertBeiSchliessung“ muss true oder false sein.' }).optional().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.rhythmus === 'wochentage' && (!v.wochentage || v.wochentage.length === 0))
      ctx.addIssue({ code: 'custom', message: WOCHENTAGE_FEHLEN, path: ['wochentage'] });
    if ((v.aktivVonMonat == null) !== (v.aktivBisMonat == null))
      ctx.addIssue({ code: 'custom', message: MONATE_UNGUELTIG, path: ['aktivBisMonat'] });
  })
  .transform(
    (v): DienstartAngaben => ({
      name: v.name,
      beschreibung: v.beschreibung,
      rhythmus: v.rhythmus,
      ...(v.rhythmus === 'wochentage' ? { wochentage: [...new Set(v.wochentage ?? [])].sort((a, b) => a - b) } : {}),
      ...(v.aktivVonMonat != null && v.aktivBisMonat != null ? { aktivVonMonat: v.aktivVonMonat, aktivBisMonat: v.aktivBisMonat } : {}),
      bereich: v.bereich,
      familienProTermin: v.familienProTermin,
      stunden: Math.round(v.stunden * 100) / 100,
      pausiertBeiSchliessung: v.pausiertBeiSchliessung,
    }),
  );

/** Wasserdienst as the built-in kind: one family per group and ISO week, paused while closed. */
export const WASSERDIENST: Dienstart = {
  id: WASSERDIENST_ID,
  name: 'Wasserdienst',
  beschreibung: 'Eine Familie der Gruppe bringt in ihrer Woche das Trink- und Waschwasser mit.',
  rhythmus: 'woche',
  bereich: 'gruppe',
  familienProTermin: 1,
  stunden: 1,
  pausiertBeiSchliessung: true,
  archiviert: false,
  eingebaut: true,
};

export type DienstartEvent =
  | { type: 'DienstartAngelegt'; data: DienstartAngaben & { dienstartId: string } }
  | { type: 'DienstartGeaendert'; data: DienstartAngaben & { dienstartId: string } }
  | { type: 'DienstartArchiviert'; data: { dienstartId: string; name: string } };

export type DienstartCommand =
  | { type: 'LegeDienstartAn'; data: DienstartAngaben & { dienstartId: string } }
  | { type: 'AendereDienstart'; data: DienstartAngaben & { dienstartId: string } }
  | { type: 'ArchiviereDienstart'; data: { dienstartId: string } };

export type DienstartenState = { arten: ReadonlyMap<string, Dienstart> };

const namensSchluessel = (name: string) => name.trim().toLocaleLowerCase('de-DE');

const pruefeName = (state: DienstartenState, name: string, ausser: string | null) => {
  const schluessel = namensSchluessel(name);
  for (const art of state.arten.values())
    if (!art.archiviert && art.id !== ausser && namensSchluessel(art.name) === schluessel) throw new DomainError('konflikt', NAME_VERGEBEN);
};

/** A kind by id, Wasserdienst included; refused when unknown. */
export const dienstartVon = (state: DienstartenState, id: string): Dienstart => {
  const art = state.arten.get(id);
  if (!art) throw new DomainError('nicht_gefunden', DIENSTART_NICHT_GEFUNDEN);
  return art;
};

/** A kind that may be planned or swapped: known and not archived. */
export const aktiveDienstart = (state: DienstartenState, id: string): Dienstart => {
  const art = dienstartVon(state, id);
  if (art.archiviert) throw new DomainError('konflikt', DIENSTART_ARCHIVIERT);
  return art;
};

/** The kinds families see: Wasserdienst first, then the others by name. */
export const aktiveDienstarten = (state: DienstartenState): Dienstart[] =>
  [...state.arten.values()]
    .filter((a) => !a.archiviert)
    .sort((a, b) => Number(b.eingebaut) - Number(a.eingebaut) || a.name.localeCompare(b.name, 'de'));

const angaben = (data: DienstartAngaben & { dienstartId: string }): DienstartAngaben => {
  const { dienstartId: _, ...rest } = data;
  return rest;
};

const gleich = (a: DienstartAngaben, b: DienstartAngaben) => JSON.stringify(ordne(a)) === JSON.stringify(ordne(b));
const ordne = (a: DienstartAngaben) => Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));

const decide = (command: DienstartCommand, state: DienstartenState): DienstartEvent[] => {
  switch (command.type) {
    case 'LegeDienstartAn': {
      const { dienstartId } = command.data;
      if (state.arten.has(dienstartId)) throw new DomainError('konflikt', NAME_VERGEBEN);
      pruefeName(state, command.data.name, null);
      return [{ type: 'DienstartAngelegt', data: { ...command.data } }];
    }
    case 'AendereDienstart': {
      const art = aktiveDienstart(state, command.data.dienstartId);
      const neu = angaben(command.data);
      if (art.eingebaut) {
        const fest: (keyof DienstartAngaben)[] = ['name', 'rhythmus', 'bereich', 'familienProTermin', 'pausiertBeiSchliessung'];
        if (fest.some((k) => JSON.stringify(neu[k]) !== JSON.stringify(art[k])) || neu.wochentage || neu.aktivVonMonat)
          throw new DomainError('ungueltig', WASSERDIENST_FEST);
      }
      if (neu.rhythmus !== art.rhythmus || neu.bereich !== art.bereich) throw new DomainError('ungueltig', RHYTHMUS_FEST);
      pruefeName(state, neu.name, art.id);
      const { id: _, archiviert: __, eingebaut: ___, ...bisher } = art;
      if (gleich(bisher, neu)) return [];
      return [{ type: 'DienstartGeaendert', data: { ...command.data } }];
    }
    case 'ArchiviereDienstart': {
      const art = dienstartVon(state, command.data.dienstartId);
      if (art.eingebaut) throw new DomainError('ungueltig', WASSERDIENST_NICHT_ARCHIVIERBAR);
      if (art.archiviert) return [];
      return [{ type: 'DienstartArchiviert', data: { dienstartId: art.id, name: art.name } }];
    }
    default:
      return assertNever(command);
  }
};

const evolve = (state: DienstartenState, event: DienstartEvent): DienstartenState => {
  const arten = new Map(state.arten);
  switch (event.type) {
    case 'DienstartAngelegt':
      arten.set(event.data.dienstartId, { ...angaben(event.data), id: event.data.dienstartId, archiviert: false, eingebaut: false });
      return { arten };
    case 'DienstartGeaendert': {
      const bisher = arten.get(event.data.dienstartId)!;
      arten.set(event.data.dienstartId, { ...angaben(event.data), id: bisher.id, archiviert: false, eingebaut: bisher.eingebaut });
      return { arten };
    }
    case 'DienstartArchiviert': {
      const bisher = arten.get(event.data.dienstartId);
      if (bisher) arten.set(bisher.id, { ...bisher, archiviert: true });
      return { arten };
    }
    default:
      return assertNever(event);
  }
};

const dienstartenSnapshot: SnapshotCodec<DienstartenState> = {
  name: 'dienstarten',
  version: 1,
  toJson: (state) => [...state.arten],
  fromJson: (json) => ({ arten: new Map(json as [string, Dienstart][]) }),
};

export const dienstartenDecider: Decider<DienstartCommand, DienstartEvent, DienstartenState> = {
  decide,
  evolve,
  initialState: () => ({ arten: new Map([[WASSERDIENST_ID, WASSERDIENST]]) }),
  snapshot: dienstartenSnapshot,
};

/** The kind as the API shows it (`GET /api/dienstarten`). */
export const dienstartAntwort = (art: Dienstart) => ({
  id: art.id,
  name: art.name,
  beschreibung: art.beschreibung,
  rhythmus: art.rhythmus,
  ...(art.wochentage ? { wochentage: art.wochentage } : {}),
  ...(art.aktivVonMonat ? { aktivVonMonat: art.aktivVonMonat, aktivBisMonat: art.aktivBisMonat } : {}),
  bereich: art.bereich,
  familienProTermin: art.familienProTermin,
  stunden: art.stunden,
  pausiertBeiSchliessung: art.pausiertBeiSchliessung,
  eingebaut: art.eingebaut,
  archiviert: art.archiviert,
});
