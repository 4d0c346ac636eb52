import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { istDatum, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { FERIENARTEN } from '@waldkita/domain/kalender/schliesszeiten';
import type { FerienEintraege, FerienUebersicht } from '../api/types';

export type FerienJahr = { jahr: number; arten: { art: string; eintraege: FerienEintraege }[] };

const artRang = (art: string) => {
  const i = (FERIENARTEN as readonly string[]).indexOf(art);
  return i < 0 ? FERIENARTEN.length : i;
};

/** The overview by year (newest first), then by holiday type (in the order of the type list); weeks and days ascending. */
export function ferienNachJahr(uebersicht: FerienUebersicht | undefined): FerienJahr[] {
  const overview = uebersicht?.overview ?? {};
  return Object.entries(overview)
    .map(([jahr, arten]) => ({
      jahr: Number(jahr),
      arten: Object.entries(arten)
        .map(([art, eintraege]) => ({
          art,
          eintraege: {
            weeks: [...(eintraege.weeks ?? [])].sort((a, b) => a.kalenderwoche - b.kalenderwoche),
            days: [...(eintraege.days ?? [])].sort((a, b) => a.datum.localeCompare(b.datum)),
          },
        }))
        .filter(({ eintraege }) => eintraege.weeks.length + eintraege.days.length > 0)
        .sort((a, b) => artRang(a.art) - artRang(b.art) || a.art.localeCompare(b.art, 'de')),
    }))
    .filter(({ jahr, arten }) => Number.isInteger(jahr) && arten.length > 0)
    .sort((a, b) => b.jahr - a.jahr);
}

/**
 * '29.06.2026 – 05.07.2026': a closing week from Monday to Sunday, written as the parents'
 * 'Schließzeiten & Events' writes it (issue 24: one week, one way); null for a week the year does
 * not have.
 */
export function wochenSpanne(jahr: number, kalenderwoche: number, sprache: Sprache = 'de'): string | null {
  try {
    const montag = montagDerWoche({ jahr, kalenderwoche });
    return `${datumKurz(montag, sprache)} – ${datumKurz(plusTage(montag, 6), sprache)}`;
  } catch {
    return null;
  }
}

/** 'dd.MM.yyyy' (in the admin's language), or the text as it came when it is no date. */
export const datumText = (datum: string, sprache: Sprache = 'de') => (istDatum(datum) ? datumKurz(datum, sprache) : datum);

/** docs/produkt.md §5 Holiday range: type, start and end required; start not after end. */
export function pruefeFerienzeitraum(input: { art: string; von: string; bis: string }): 'fehlt' | 'umgekehrt' | null {
  if (!input.art || !istDatum(input.von) || !istDatum(input.bis)) return 'fehlt';
  if (input.von > input.bis) return 'umgekehrt';
  return null;
}
