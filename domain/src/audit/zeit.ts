import { berlinTeile, berlinZuInstant } from '../kalender/berlin-zeit.js';

/**
 * Instants for the audit trail: every time an auditor reads or types is wall-clock time in
 * Europe/Berlin, whatever the server's or the browser's zone. Pure (Intl only), shared by the
 * server and the web client.
 */

/** 'dd.MM.yyyy HH:mm:ss' in Europe/Berlin; the text itself when it is no instant. */
export const zeitDeutsch = (zeitpunkt: string | Date): string => {
  const instant = typeof zeitpunkt === 'string' ? new Date(zeitpunkt) : zeitpunkt;
  if (Number.isNaN(instant.getTime())) return String(zeitpunkt);
  const t = berlinTeile(instant);
  return `${t.tag}.${t.monat}.${t.jahr} ${t.stunde}:${t.minute}:${t.sekunde}`;
};

/** 'yyyy-MM-ddTHH:mm' in Europe/Berlin: the value a datetime-local field shows for the instant. */
export const berlinLokal = (instant: Date): string => {
  const t = berlinTeile(instant);
  return `${t.jahr}-${t.monat}-${t.tag}T${t.stunde}:${t.minute}`;
};

/** The same to the second ('2026-11-20T10:42:07'): an as-of moment that tells apart events seconds apart. */
export const berlinLokalSekunde = (instant: Date): string => {
  const t = berlinTeile(instant);
  return `${t.jahr}-${t.monat}-${t.tag}T${t.stunde}:${t.minute}:${t.sekunde}`;
};

const NUR_DATUM = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOKAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const MIT_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const gueltigesDatum = (jahr: number, monat: number, tag: number) => {
  const d = new Date(Date.UTC(jahr, monat - 1, tag));
  return d.getUTCFullYear() === jahr && d.getUTCMonth() === monat - 1 && d.getUTCDate() === tag;
};

/**
 * Reads a moment an auditor gives, as the span of time it names: a date 'yyyy-MM-dd' (the whole
 * day in Berlin), a wall-clock time 'yyyy-MM-ddTHH:mm' (that minute) or with seconds (that second),
 * or an ISO date-time with offset or Z (that instant). `von` is the first instant, `bis` the first
 * instant after the span, so "up to 10:02" includes everything that happened during 10:02.
 * Null when the text is none of these.
 */
export const leseZeitpunkt = (text: string): { von: Date; bis: Date; nurDatum: boolean } | null => {
  const wert = text.trim();
  const datum = NUR_DATUM.exec(wert);
  if (datum) {
    const [jahr, monat, tag] = [Number(datum[1]), Number(datum[2]), Number(datum[3])];
    if (!gueltigesDatum(jahr, monat, tag)) return null;
    const folgetag = new Date(Date.UTC(jahr, monat - 1, tag + 1));
    return {
      von: berlinZuInstant(jahr, monat, tag),
      bis: berlinZuInstant(folgetag.getUTCFullYear(), folgetag.getUTCMonth() + 1, folgetag.getUTCDate()),
      nurDatum: true,
    };
  }
  const lokal = LOKAL.exec(wert);
  if (lokal) {
    const [jahr, monat, tag, stunde, minute] = lokal.slice(1, 6).map(Number) as [number, number, number, number, number];
    const sekunde = lokal[6] === undefined ? null : Number(lokal[6]);
    if (!gueltigesDatum(jahr, monat, tag) || stunde > 23 || minute > 59 || (sekunde ?? 0) > 59) return null;
    const von = berlinZuInstant(jahr, monat, tag, stunde, minute, sekunde ?? 0);
    return { von, bis: new Date(von.getTime() + (sekunde === null ? 60_000 : 1000)), nurDatum: false };
  }
  if (MIT_ZONE.test(wert)) {
    const von = new Date(wert);
    return Number.isNaN(von.getTime()) ? null : { von, bis: new Date(von.getTime() + 1), nurDatum: false };
  }
  return null;
};
