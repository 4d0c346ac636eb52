import { type Datum, isoWocheVon, montagDerWoche, plusTage, tageZwischen, wochenSchluessel } from '../kalender/iso-woche.js';
import type { DienstartAngaben } from './dienstart.js';

/**
 * The dates ('Termine') of a duty kind: one per ISO week (Monday–Friday), one per weekend
 * (Saturday–Sunday), or one per chosen weekday. A date is keyed by its first day.
 */
export type Termin = { von: Datum; bis: Datum };

/** What the kindergarten has closed: whole ISO weeks (as `wochenSchluessel`) and single days. */
export type Geschlossen = { wochen: readonly string[]; tage: readonly Datum[] };

/** Monday = 1 … Sunday = 7. */
export const isoWochentag = (datum: Datum): number => {
  const montag = montagDerWoche(isoWocheVon(datum));
  return tageZwischen(montag, datum) + 1;
};

const TAG_MS = 86_400_000;
/** 'YYYY-MM-DD' of a UTC midnight (as plusTage writes it). */
const alsDatum = (ms: number): Datum => new Date(ms).toISOString().slice(0, 10);

const monatVon = (datum: Datum) => Number(datum.slice(5, 7));

/** Whether a month lies in the active window [von, bis], which may wrap the year end (11 → 3). */
export const imAktivenZeitraum = (art: Pick<DienstartAngaben, 'aktivVonMonat' | 'aktivBisMonat'>, datum: Datum): boolean => {
  const { aktivVonMonat: von, aktivBisMonat: bis } = art;
  if (von == null || bis == null) return true;
  const m = monatVon(datum);
  return von <= bis ? m >= von && m <= bis : m >= von || m <= bis;
};

/** Why a date has no duty: 'Ferien' (a holiday or closing week), 'Schließtag', or none. */
export const istGeschlossen = (termin: Termin, geschlossen: { wochen: ReadonlySet<string>; tage: ReadonlySet<Datum> }): boolean => {
  for (let tag = termin.von; tag <= termin.bis; tag = plusTage(tag, 1)) {
    if (geschlossen.tage.has(tag)) return true;
  }
  return geschlossen.wochen.has(wochenSchluessel(isoWocheVon(termin.von)));
};

/**
 * The dates of a kind whose first day lies in von…bis (inclusive), in order: inside the kind's
 * active window, and — unless the kind keeps going while the kindergarten is closed — none in a
 * closed week or on a closed day. A weekly date is Monday–Friday of its ISO week and counts when
 * its Monday lies in the range; a weekend date counts with its Saturday.
 */
export function termineImZeitraum(
  art: Pick<DienstartAngaben, 'rhythmus' | 'wochentage' | 'aktivVonMonat' | 'aktivBisMonat' | 'pausiertBeiSchliessung'>,
  von: Datum,
  bis: Datum,
  geschlossen: Geschlossen = { wochen: [], tage: [] },
): Termin[] {
  const zu = { wochen: new Set(geschlossen.wochen), tage: new Set(geschlossen.tage) };
  const termine: Termin[] = [];
  const tage = tageZwischen(von, bis);
  if (tage < 0) return termine;
  // Day by day on UTC midnights, the weekday counted on: a date is written out only for the days
  // the rhythm starts a date on (a year is ~365 days, but ≤ 261 dates).
  const erster = Date.UTC(Number(von.slice(0, 4)), Number(von.slice(5, 7)) - 1, Number(von.slice(8, 10)));
  const ersterWochentag = isoWochentag(von);
  // The weekdays a date starts on, and how many days after its first it ends.
  const an = new Set(
    art.rhythmus === 'woche' ? [1] : art.rhythmus === 'wochenende' ? [6] : art.rhythmus === 'wochentage' ? (art.wochentage ?? []) : [],
  );
  const laenge = art.rhythmus === 'woche' ? 4 : art.rhythmus === 'wochenende' ? 1 : 0;
  for (let i = 0; i <= tage; i++) {
    if (!an.has(((ersterWochentag - 1 + i) % 7) + 1)) continue;
    const ms = erster + i * TAG_MS;
    const tag = alsDatum(ms);
    if (!imAktivenZeitraum(art, tag)) continue;
    const termin = { von: tag, bis: laenge === 0 ? tag : alsDatum(ms + laenge * TAG_MS) };
    if (art.pausiertBeiSchliessung && istGeschlossen(termin, zu)) continue;
    termine.push(termin);
  }
  return termine;
}

/** 'Sa 05.12.–So 06.12.2026', 'Mo 30.11.2026' or 'Mo 30.11.–Fr 04.12.2026': how a date is written for families. */
export function terminText(termin: Termin): string {
  const tag = (d: Datum) => ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'][isoWochentag(d) - 1]!;
  const [j1, m1, t1] = termin.von.split('-');
  const [j2, m2, t2] = termin.bis.split('-');
  if (termin.von === termin.bis) return `${tag(termin.von)} ${t1}.${m1}.${j1}`;
  const erster = j1 === j2 ? `${t1}.${m1}.` : `${t1}.${m1}.${j1}`;
  return `${tag(termin.von)} ${erster}–${tag(termin.bis)} ${t2}.${m2}.${j2}`;
}
