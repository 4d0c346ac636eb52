import { type Datum, isoWocheVon } from '@waldkita/domain/kalender/iso-woche';
import type { Schliesszeit, TagEintrag } from '../api/types';

/** What colours a day: event before closing day before closing week (docs/produkt.md §2). */
type Markierung = 'event' | 'schliesstag' | 'woche';

export type TagInfo = {
  markierung: Markierung;
  /** 'Event: …', 'Schließtag: …', 'Schließzeit KW n: …', in that order of precedence. */
  texte: string[];
};

const nachSchluessel = <T>(eintraege: readonly T[], schluessel: (eintrag: T) => string) => {
  const map = new Map<string, T[]>();
  for (const eintrag of eintraege) {
    const key = schluessel(eintrag);
    map.set(key, [...(map.get(key) ?? []), eintrag]);
  }
  return map;
};

const wochenSchluessel = (jahr: number, kalenderwoche: number) => `${jahr}-${kalenderwoche}`;

/** Looks up, for any date, what the calendar shows on it; null for an ordinary day. */
export type MarkierungsTexte = { event: string; schliesstag: string; woche: (kalenderwoche: number) => string };
const DEUTSCH: MarkierungsTexte = { event: 'Event', schliesstag: 'Schließtag', woche: (kw) => `Schließzeit KW ${kw}` };

export function tagInfoFinder(
  schliesszeiten: readonly Schliesszeit[],
  schliesstage: readonly TagEintrag[],
  events: readonly TagEintrag[],
  /** The prefixes in the screen's language; German without. */
  praefix: MarkierungsTexte = DEUTSCH,
) {
  const wochen = nachSchluessel(schliesszeiten, (w) => wochenSchluessel(w.jahr, w.kalenderwoche));
  const tage = nachSchluessel(schliesstage, (t) => t.datum);
  const feste = nachSchluessel(events, (e) => e.datum);
  return (datum: Datum): TagInfo | null => {
    const { jahr, kalenderwoche } = isoWocheVon(datum);
    const eventTexte = (feste.get(datum) ?? []).map((e) => `${praefix.event}: ${e.beschreibung}`);
    const tagTexte = (tage.get(datum) ?? []).map((t) => `${praefix.schliesstag}: ${t.beschreibung}`);
    const wochenTexte = (wochen.get(wochenSchluessel(jahr, kalenderwoche)) ?? []).map(
      (w) => `${praefix.woche(w.kalenderwoche)}: ${w.beschreibung}`,
    );
    const texte = [...eventTexte, ...tagTexte, ...wochenTexte];
    if (texte.length === 0) return null;
    const markierung: Markierung = eventTexte.length ? 'event' : tagTexte.length ? 'schliesstag' : 'woche';
    return { markierung, texte };
  };
}
