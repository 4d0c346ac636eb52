import { ZEITZONE } from './iso-woche.js';

/**
 * Wall-clock time in Europe/Berlin, whatever the server's or the browser's zone: an instant's
 * parts as the clocks there show them, and the instant of a time they show. Pure (Intl only).
 */

/**
 * Made on first use, not when the module loads: a formatter with a time zone costs the browser
 * ICU's zone data (about 15 ms on a phone), and most screens that import this never call it.
 */
let teileFormat: Intl.DateTimeFormat | null = null;

/** An instant's wall-clock time in Europe/Berlin, each part as the clock shows it ('2026', '03', '09', '00', …). */
export type Teile = { jahr: string; monat: string; tag: string; stunde: string; minute: string; sekunde: string };

export const berlinTeile = (instant: Date): Teile => {
  const t: Record<string, string> = {};
  teileFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ZEITZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const teil of teileFormat.formatToParts(instant)) t[teil.type] = teil.value;
  return { jahr: t.year!, monat: t.month!, tag: t.day!, stunde: t.hour!, minute: t.minute!, sekunde: t.second! };
};

/** Minutes Europe/Berlin is ahead of UTC at `ms` (60 in winter, 120 in summer). */
const versatzMinuten = (ms: number): number => {
  const t = berlinTeile(new Date(Math.floor(ms / 1000) * 1000));
  const alsUtc = Date.UTC(Number(t.jahr), Number(t.monat) - 1, Number(t.tag), Number(t.stunde), Number(t.minute), Number(t.sekunde));
  return Math.round((alsUtc - Math.floor(ms / 1000) * 1000) / 60_000);
};

/**
 * The instant at which the clocks in Berlin show the given wall-clock time. In the hour skipped
 * in spring the time is read with the winter offset (02:30 → 03:30 summer time); in the doubled
 * hour in autumn the first (summer-time) occurrence is taken.
 */
export const berlinZuInstant = (jahr: number, monat: number, tag: number, stunde = 0, minute = 0, sekunde = 0): Date => {
  const wand = Date.UTC(jahr, monat - 1, tag, stunde, minute, sekunde);
  // Berlin is one (winter) or two (summer) hours ahead of UTC; the earlier fitting instant wins.
  const passend = [120, 60].map((v) => wand - v * 60_000).find((ms) => ms + versatzMinuten(ms) * 60_000 === wand);
  return new Date(passend ?? wand - 60 * 60_000);
};
