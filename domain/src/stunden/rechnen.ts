import type { Datum } from '../kalender/iso-woche.js';

/**
 * The arithmetic of the hours ledger (docs/stunden.md): the kindergarten year a date falls in,
 * what a family owes, what is open, what that costs. Hours and euros are kept in hundredths, so
 * sums of decimals never drift (0.1 + 0.2 stays 0.3).
 */

/** The start month of the kindergarten year until an admin sets another (1 September). */
const STANDARD_JAHRESBEGINN = 9;

/** Rounded to two decimals (hours or euros), half away from zero, free of float noise. */
export const runde2 = (n: number): number => {
  const hundertstel = Math.round(Math.abs(n) * 100 + 1e-9);
  return (Math.sign(n) * hundertstel) / 100 || 0;
};

/** The sum of hours, computed in hundredths. */
export const summe = (werte: readonly number[]): number => runde2(werte.reduce((s, w) => s + Math.round(w * 100), 0) / 100);

/** The kindergarten year of a date: the calendar year in which that year starts (2026 = 2026/27). */
export const kitajahrVon = (datum: Datum, beginnMonat: number = STANDARD_JAHRESBEGINN): number => {
  const jahr = Number(datum.slice(0, 4));
  const monat = Number(datum.slice(5, 7));
  return monat >= beginnMonat ? jahr : jahr - 1;
};

const zweistellig = (n: number) => String(n).padStart(2, '0');

/** First and last day of a kindergarten year. */
export const kitajahrZeitraum = (jahr: number, beginnMonat: number = STANDARD_JAHRESBEGINN): { von: Datum; bis: Datum } => {
  const von = `${jahr}-${zweistellig(beginnMonat)}-01`;
  const endeJahr = beginnMonat === 1 ? jahr : jahr + 1;
  const endeMonat = beginnMonat === 1 ? 12 : beginnMonat - 1;
  const letzterTag = new Date(Date.UTC(endeJahr, endeMonat, 0)).getUTCDate();
  return { von, bis: `${endeJahr}-${zweistellig(endeMonat)}-${zweistellig(letzterTag)}` };
};

/** How a year is named to people: '2026/27' (or '2026' when it starts in January). */
export const kitajahrName = (jahr: number, beginnMonat: number = STANDARD_JAHRESBEGINN): string =>
  beginnMonat === 1 ? String(jahr) : `${jahr}/${String((jahr + 1) % 100).padStart(2, '0')}`;

export type StundenRegeln = {
  sollProFamilie: number;
  /** Hours per child on top of the family's; null: the same for every family. */
  sollProKind: number | null;
  /** Euros per hour not done. */
  stundensatz: number;
  /** Month (1–12) in which the kindergarten year starts. */
  jahresbeginnMonat: number;
};

/** What holds until an admin sets rules: 20 hours per family, nothing per child, no euros, from September. */
export const STANDARD_REGELN: StundenRegeln = {
  sollProFamilie: 20,
  sollProKind: null,
  stundensatz: 0,
  jahresbeginnMonat: STANDARD_JAHRESBEGINN,
};

export type FamilienEinstellung = { kinder: number; befreit: boolean };
export const STANDARD_FAMILIE: FamilienEinstellung = { kinder: 1, befreit: false };

/** Hours due: 0 for an exempt family, else the family's hours plus those per child. */
export const soll = (regeln: Pick<StundenRegeln, 'sollProFamilie' | 'sollProKind'>, familie: FamilienEinstellung): number =>
  familie.befreit ? 0 : runde2(regeln.sollProFamilie + (regeln.sollProKind ?? 0) * familie.kinder);

/** Hours still open: never below zero (more hours done are not paid out). */
export const offen = (sollStunden: number, istStunden: number): number => Math.max(0, runde2(sollStunden - istStunden));

/** What the open hours cost, in euros with two decimals. */
export const betrag = (offeneStunden: number, stundensatz: number): number => runde2(offeneStunden * stundensatz);

/** '12,5' — hours as Germans write them (no trailing zeros, at most two decimals). */
export const stundenDeutsch = (n: number): string => runde2(n).toLocaleString('de-DE', { maximumFractionDigits: 2, useGrouping: false });

/** '37,50' — euros with two decimals, without the sign (CSV cells). */
export const euroZahl = (n: number): string =>
  runde2(n).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** '37,50 €' */
export const euroDeutsch = (n: number): string => `${euroZahl(n)} €`;
