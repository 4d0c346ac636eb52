import { berlinTeile } from '../kalender/berlin-zeit.js';
import type { Datum } from '../kalender/iso-woche.js';
import { datumDeutsch } from '../kalender/iso-woche.js';
import { GEBIETSSCHEMA, type Sprache } from './sprachen.js';

/**
 * Dates in each language's form (docs/i18n.md), the same on the screens and in mails and pushes.
 * A `Datum` is a calendar day ('YYYY-MM-DD') with no time zone: it is formatted as that day in UTC,
 * so no zone can move it. German keeps dd.MM.yyyy exactly as before; the others use Intl with the
 * language's locale (GEBIETSSCHEMA: Arabic with Western digits). ISO week numbers are not dates and
 * stay as they are.
 */

const formate = new Map<string, Intl.DateTimeFormat>();
function format(sprache: Sprache, optionen: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const schluessel = `${sprache}|${JSON.stringify(optionen)}`;
  let f = formate.get(schluessel);
  if (!f) {
    f = new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], { ...optionen, timeZone: 'UTC' });
    formate.set(schluessel, f);
  }
  return f;
}

const alsZeitpunkt = (datum: Datum) => new Date(`${datum}T12:00:00Z`);

/** '25.12.2026' in German, '25/12/2026' in English, '25.12.2026' in Polish …: day, month, year as digits. */
export const datumKurz = (datum: Datum, sprache: Sprache): string =>
  sprache === 'de'
    ? datumDeutsch(datum)
    : format(sprache, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(alsZeitpunkt(datum));

/** The weekday's full name: 'Freitag', 'Friday', 'Cuma', 'пʼятниця', 'الجمعة', 'piątek'. */
export const wochentagName = (datum: Datum, sprache: Sprache): string => format(sprache, { weekday: 'long' }).format(alsZeitpunkt(datum));

/** The weekday's short name: 'Fr', 'Fri', 'Cum', 'пт', … */
export const wochentagKurz = (datum: Datum, sprache: Sprache): string =>
  sprache === 'de'
    ? format(sprache, { weekday: 'short' }).format(alsZeitpunkt(datum)).replace('.', '')
    : format(sprache, { weekday: 'short' }).format(alsZeitpunkt(datum));

/** 'Freitag, 25.12.2026' / 'Friday, 25/12/2026': a weekday and its date, as mails and lists write a duty's day. */
export const wochentagMitDatum = (datum: Datum, sprache: Sprache): string =>
  `${wochentagName(datum, sprache)}, ${datumKurz(datum, sprache)}`;

/** The month and year as a calendar's title: 'Dezember 2026', 'December 2026', 'Aralık 2026', 'грудень 2026 р.', … */
export const monatUndJahr = (datum: Datum, sprache: Sprache): string =>
  format(sprache, { month: 'long', year: 'numeric' }).format(alsZeitpunkt(datum));

/** An instant as date and clock time in Europe/Berlin: '20.11.2026, 10:15' in German, '20/11/2026, 10:15' in English. */
export function zeitpunktIn(iso: string | Date, sprache: Sprache): string {
  const t = berlinTeile(typeof iso === 'string' ? new Date(iso) : iso);
  return `${datumKurz(`${t.jahr}-${t.monat}-${t.tag}`, sprache)}, ${t.stunde}:${t.minute}`;
}

/** A number in the language's form: '3,5' in German and Polish, '3.5' in English. */
export const zahl = (wert: number, sprache: Sprache, optionen: Intl.NumberFormatOptions = {}): string =>
  new Intl.NumberFormat(GEBIETSSCHEMA[sprache], optionen).format(wert);
