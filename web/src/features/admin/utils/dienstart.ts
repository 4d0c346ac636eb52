import { type Dienstart, type DienstartAngaben, dienstartSchema } from '@waldkita/domain/dienste/dienstart';
import { wochentagKurz, wochentagName, zahl as zahlIn } from '@waldkita/domain/i18n/datum';
import { GEBIETSSCHEMA, type Sprache } from '@waldkita/domain/i18n/sprachen';
import type { TFunction } from 'i18next';

/** 'Mo', 'Di' … by ISO weekday 1–7. */
export const WOCHENTAGE = [
  { nummer: 1, kurz: 'Mo', name: 'Montag' },
  { nummer: 2, kurz: 'Di', name: 'Dienstag' },
  { nummer: 3, kurz: 'Mi', name: 'Mittwoch' },
  { nummer: 4, kurz: 'Do', name: 'Donnerstag' },
  { nummer: 5, kurz: 'Fr', name: 'Freitag' },
  { nummer: 6, kurz: 'Sa', name: 'Samstag' },
  { nummer: 7, kurz: 'So', name: 'Sonntag' },
] as const;

export const MONATE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** A day of the ISO weekday (1 = Monday): 1–7 January 2024. */
const tagDesWochentags = (nummer: number) => `2024-01-0${nummer}`;

/** 'Mo' in German as before, 'Mon', 'Pzt', 'пн', … in the others. */
export const tagKurz = (nummer: number, sprache: Sprache): string =>
  sprache === 'de' ? (WOCHENTAGE[nummer - 1]?.kurz ?? String(nummer)) : wochentagKurz(tagDesWochentags(nummer), sprache);

/** 'Montag', 'Monday', 'Pazartesi', … */
export const tagName = (nummer: number, sprache: Sprache): string =>
  sprache === 'de' ? (WOCHENTAGE[nummer - 1]?.name ?? String(nummer)) : wochentagName(tagDesWochentags(nummer), sprache);

/** 'Januar', 'January', 'Ocak', 'січень', 'يناير', 'styczeń' (month 1–12). */
export const monatName = (monat: number, sprache: Sprache): string =>
  sprache === 'de'
    ? (MONATE[monat - 1] ?? String(monat))
    : new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], { month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, monat - 1, 15, 12)),
      );

/** 'wöchentlich (Mo–Fr)', 'am Wochenende (Sa–So)', 'an Wochentagen: Mo, Mi'. */
export function rhythmusText(art: Pick<Dienstart, 'rhythmus' | 'wochentage'>, t: TFunction, sprache: Sprache): string {
  if (art.rhythmus === 'woche') return t('admin.dienstarten.rhythmus.woche');
  if (art.rhythmus === 'wochenende') return t('admin.dienstarten.rhythmus.wochenende');
  const tage = (art.wochentage ?? []).map((nummer) => tagKurz(nummer, sprache));
  return t('admin.dienstarten.rhythmus.anTagen', { tage: tage.join(', ') });
}

/** 'November bis März', or 'ganzjährig'. */
export function zeitraumText(art: Pick<Dienstart, 'aktivVonMonat' | 'aktivBisMonat'>, t: TFunction, sprache: Sprache): string {
  if (art.aktivVonMonat == null || art.aktivBisMonat == null) return t('admin.dienstarten.ganzjaehrig');
  return t('admin.dienstarten.zeitraum', { von: monatName(art.aktivVonMonat, sprache), bis: monatName(art.aktivBisMonat, sprache) });
}

/** '1 Familie, 2 Stunden pro Termin'. */
export function terminUmfang(art: Pick<Dienstart, 'familienProTermin' | 'stunden'>, t: TFunction, sprache: Sprache): string {
  return t('admin.dienstarten.umfang', {
    familien: art.familienProTermin,
    stunden: art.stunden,
    stundenText: sprache === 'de' ? zahl.format(art.stunden) : zahlIn(art.stunden, sprache, { maximumFractionDigits: 2 }),
  });
}

export const bereichText = (bereich: Dienstart['bereich'], t: TFunction) =>
  bereich === 'kita' ? t('admin.dienstarten.bereich.kita') : t('admin.dienstarten.bereich.gruppe');

/** What the form holds: the fields as typed. */
export type DienstartEingabe = {
  name: string;
  beschreibung: string;
  rhythmus: Dienstart['rhythmus'];
  wochentage: number[];
  mitZeitraum: boolean;
  aktivVonMonat: string;
  aktivBisMonat: string;
  bereich: Dienstart['bereich'];
  familienProTermin: string;
  stunden: string;
  pausiertBeiSchliessung: boolean;
};

export const NEUE_DIENSTART: DienstartEingabe = {
  name: '',
  beschreibung: '',
  rhythmus: 'woche',
  wochentage: [],
  mitZeitraum: false,
  aktivVonMonat: '11',
  aktivBisMonat: '3',
  bereich: 'gruppe',
  familienProTermin: '1',
  stunden: '1',
  pausiertBeiSchliessung: true,
};

export const eingabeVon = (art: Dienstart): DienstartEingabe => ({
  name: art.name,
  beschreibung: art.beschreibung,
  rhythmus: art.rhythmus,
  wochentage: art.wochentage ?? [],
  mitZeitraum: art.aktivVonMonat != null,
  aktivVonMonat: String(art.aktivVonMonat ?? 11),
  aktivBisMonat: String(art.aktivBisMonat ?? 3),
  bereich: art.bereich,
  familienProTermin: String(art.familienProTermin),
  stunden: zahl.format(art.stunden).replace(/\./g, ''),
  pausiertBeiSchliessung: art.pausiertBeiSchliessung,
});

/** A number as typed in German ('1,5') or not; NaN for anything else, so the server's message applies. */
const alsZahl = (text: string) => {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

export type DienstartFehler = { feld: keyof DienstartEingabe; text: string };

/** Checks the form with the server's own schema and messages (domain/src/dienste/dienstart.ts). */
export function pruefeDienstart(eingabe: DienstartEingabe, t: TFunction): DienstartAngaben | DienstartFehler {
  const roh = {
    name: eingabe.name,
    beschreibung: eingabe.beschreibung,
    rhythmus: eingabe.rhythmus,
    ...(eingabe.rhythmus === 'wochentage' ? { wochentage: eingabe.wochentage } : {}),
    ...(eingabe.mitZeitraum ? { aktivVonMonat: Number(eingabe.aktivVonMonat), aktivBisMonat: Number(eingabe.aktivBisMonat) } : {}),
    bereich: eingabe.bereich,
    familienProTermin: alsZahl(eingabe.familienProTermin),
    stunden: alsZahl(eingabe.stunden),
    pausiertBeiSchliessung: eingabe.pausiertBeiSchliessung,
  };
  const ergebnis = dienstartSchema.safeParse(roh);
  if (ergebnis.success) return ergebnis.data;
  const fehler = ergebnis.error.issues[0];
  const pfad = String(fehler?.path[0] ?? 'name');
  const feld: keyof DienstartEingabe =
    pfad === 'aktivVonMonat' || pfad === 'aktivBisMonat' ? 'aktivVonMonat' : pfad in eingabe ? (pfad as keyof DienstartEingabe) : 'name';
  return { feld, text: fehler?.message ?? t('admin.dienstarten.pruefen') };
}

/** The question before archiving a kind. */
export const archivierenFrage = (name: string, t: TFunction) => t('admin.dienstarten.archivierenFrage', { name });
