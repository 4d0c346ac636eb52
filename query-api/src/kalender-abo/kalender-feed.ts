import { createHash } from 'node:crypto';
import { type Termin, terminText } from '@waldkita/domain/dienste/termine';
import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import { type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { berlinZuInstant } from '@waldkita/domain/kalender/berlin-zeit';
import { freitagDerWoche, type IsoWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { texte } from '@waldkita/platform/i18n/texte';
import ical, { ICalEventTransparency } from 'ical-generator';

/**
 * One all-day entry of a family's calendar feed: `start` the first day, `ende` the day after the
 * last (iCalendar's exclusive DTEND), both 'YYYY-MM-DD'.
 */
export type FeedEintrag = {
  uid: string;
  start: string;
  ende: string;
  titel: string;
  beschreibung: string;
  url: string | null;
  /** A timed entry (a shift of a work day): from `beginn` to `ende` ('HH:mm', Europe/Berlin) on `start`. */
  zeit?: { beginn: string; ende: string };
  ort?: string | null;
};
/** A shift of a work day the family is signed up for (docs/api-einsaetze.md). */
type SchichtZeile = {
  schicht_id: string;
  titel: string;
  datum: string;
  ort: string | null;
  aufgabe: string;
  beginn: string;
  ende: string;
};

type DienstZeile = { wasserdienst_id: string; jahr: number; kalenderwoche: number; gruppe_name: string | null };
/** A date of a duty kind other than Wasserdienst: `von`…`bis` as 'YYYY-MM-DD'; no group for a kind of the whole kindergarten. */
type TerminZeile = { dienst_id: string; dienstart: string; von: string; bis: string; gruppe_name: string | null };
type WochenZeile = { id: string; jahr: number; kalenderwoche: number; beschreibung: string; ferienart: string | null };
type TagesZeile = { id: string; datum: string; beschreibung: string };

export type FeedInhalt = {
  dienste: DienstZeile[];
  /** The family's dates of every other duty kind (absent: none). */
  termine?: TerminZeile[];
  /** The shifts of work days the family is signed up for (absent: none). */
  schichten?: SchichtZeile[];
  schliesswochen: WochenZeile[];
  schliesstage: TagesZeile[];
  events: TagesZeile[];
};

/** Bump when the feed's wording or shape changes, so every ETag changes with it. */
const FEED_VERSION = 1;

/** A date of another duty kind for families: German as ever ('Sa 05.12.–So 06.12.2026'), else weekday and date in the language. */
const terminIn = (termin: Termin, sprache: Sprache) => {
  if (sprache === 'de') return terminText(termin);
  const tag = (d: string) => `${wochentagKurz(d, sprache)} ${datumKurz(d, sprache)}`;
  return termin.von === termin.bis ? tag(termin.von) : `${tag(termin.von)} – ${tag(termin.bis)}`;
};

/**
 * The entries of a feed, in a fixed order, from the read-model rows: the family's water duties
 * (the whole ISO week, Monday to Sunday, named by week and group, the Friday in the description),
 * its dates of every other duty kind (all-day from the first to the last day, named by the kind),
 * then the kindergarten's closing weeks, closing days and events. UIDs are derived from the ids
 * of the read models (`wasserdienst-<id>@<host>` …), so every fetch names an entry the same way
 * and a swapped-away duty disappears while the new one appears.
 */
export function feedEintraege(inhalt: FeedInhalt, appUrl: string, sprache: Sprache = STANDARD_SPRACHE): FeedEintrag[] {
  // The texts in the feed owner's language (rm.eltern.sprache, docs/i18n.md): a calendar app sends
  // no Accept-Language worth following. Numbers go in as text, so a year stays '2026'.
  const t = texte(sprache);
  const datum = (d: string) => datumKurz(d, sprache);
  const kw = ({ jahr, kalenderwoche }: IsoWoche) => t('feed.woche', { kalenderwoche: String(kalenderwoche), jahr: String(jahr) });
  const wochenSpanne = (woche: IsoWoche) => {
    const montag = montagDerWoche(woche);
    return { start: montag, ende: plusTage(montag, 7), text: `${datum(montag)} – ${datum(plusTage(montag, 6))}` };
  };
  const basis = appUrl.replace(/\/+$/, '');
  const host = new URL(basis).hostname;
  const eintraege: FeedEintrag[] = [];
  for (const d of inhalt.dienste) {
    const woche = { jahr: d.jahr, kalenderwoche: d.kalenderwoche };
    const spanne = wochenSpanne(woche);
    const gruppe = d.gruppe_name ?? t('feed.ohneGruppe');
    eintraege.push({
      uid: `wasserdienst-${d.wasserdienst_id}@${host}`,
      start: spanne.start,
      ende: spanne.ende,
      titel: t('feed.wasserdienst.titel', { woche: kw(woche), gruppe }),
      beschreibung: t('feed.wasserdienst.beschreibung', {
        woche: kw(woche),
        spanne: spanne.text,
        gruppe,
        freitag: datum(freitagDerWoche(woche)),
      }),
      url: `${basis}/wasserdienst`,
    });
  }
  for (const d of inhalt.termine ?? []) {
    const bereich = d.gruppe_name ? t('feed.termin.gruppe', { gruppe: d.gruppe_name }) : t('feed.termin.ganzeKita');
    eintraege.push({
      uid: `dienst-${d.dienst_id}@${host}`,
      start: d.von,
      ende: plusTage(d.bis, 1),
      titel: d.dienstart,
      beschreibung: t('feed.termin.beschreibung', { dienstart: d.dienstart, termin: terminIn(d, sprache), bereich }),
      url: `${basis}/dienste`,
    });
  }
  for (const x of inhalt.schichten ?? [])
    eintraege.push({
      uid: `einsatz-schicht-${x.schicht_id}@${host}`,
      start: x.datum,
      ende: plusTage(x.datum, 1),
      zeit: { beginn: x.beginn, ende: x.ende },
      ort: x.ort,
      titel: t('feed.schicht.titel', { titel: x.titel, aufgabe: x.aufgabe }),
      beschreibung:
        t('feed.schicht.beschreibung', { titel: x.titel, datum: datum(x.datum), aufgabe: x.aufgabe, beginn: x.beginn, ende: x.ende }) +
        (x.ort ? `\n${t('feed.schicht.ort', { ort: x.ort })}` : ''),
      url: `${basis}/arbeitseinsaetze`,
    });
  for (const w of inhalt.schliesswochen) {
    const woche = { jahr: w.jahr, kalenderwoche: w.kalenderwoche };
    const spanne = wochenSpanne(woche);
    eintraege.push({
      uid: `schliesszeit-${w.id}@${host}`,
      start: spanne.start,
      ende: spanne.ende,
      titel: t('feed.schliesszeit.titel', { woche: kw(woche), beschreibung: w.beschreibung }),
      beschreibung:
        t('feed.schliesszeit.beschreibung', { woche: kw(woche), spanne: spanne.text }) +
        (w.ferienart ? `\n${t('feed.schliesszeit.ferien', { ferienart: w.ferienart })}` : ''),
      url: `${basis}/schliesszeiten`,
    });
  }
  for (const [art, liste] of [
    ['schliesstag', inhalt.schliesstage],
    ['event', inhalt.events],
  ] as const) {
    for (const tag of liste)
      eintraege.push({
        uid: `${art}-${tag.id}@${host}`,
        start: tag.datum,
        ende: plusTage(tag.datum, 1),
        titel:
          art === 'event'
            ? t('feed.event.titel', { beschreibung: tag.beschreibung })
            : t('feed.schliesstag.titel', { beschreibung: tag.beschreibung }),
        beschreibung: `${art === 'event' ? t('feed.event.beschreibung', { datum: datum(tag.datum) }) : t('feed.schliesstag.beschreibung', { datum: datum(tag.datum) })}\n${tag.beschreibung}`,
        url: `${basis}/schliesszeiten`,
      });
  }
  return eintraege;
}

/**
 * A weak ETag over everything the feed says except DTSTAMP (the time it was written out): equal
 * for every fetch until an entry changes, so an unchanged feed answers 304.
 */
export const feedEtag = (eintraege: FeedEintrag[], sprache: Sprache = STANDARD_SPRACHE) =>
  `W/"${createHash('sha256')
    // The language too (the calendar's name is in it), German as before.
    .update(JSON.stringify(sprache === STANDARD_SPRACHE ? [FEED_VERSION, eintraege] : [FEED_VERSION, sprache, eintraege]))
    .digest('base64url')
    .slice(0, 32)}"`;

/** A wall-clock time in Europe/Berlin ('YYYY-MM-DD', 'HH:mm') as the instant it names (summer and winter time alike). */
function berlinerZeit(datum: string, zeit: string): Date {
  const [jahr, monat, tag] = datum.split('-').map(Number);
  const [stunde, minute] = zeit.split(':').map(Number);
  return berlinZuInstant(jahr!, monat!, tag!, stunde, minute);
}

/** 'YYYY-MM-DD' as the UTC midnight that ical-generator writes as a DATE value. */
const alsTag = (datum: string) => new Date(`${datum}T00:00:00Z`);

/**
 * The feed as RFC 5545 text (ical-generator does the escaping and line folding): all-day events
 * (`DTSTART;VALUE=DATE`, exclusive `DTEND`), `REFRESH-INTERVAL` and `X-PUBLISHED-TTL` of an hour.
 */
export function feedText(eintraege: FeedEintrag[], jetzt: Date, sprache: Sprache = STANDARD_SPRACHE): string {
  const t = texte(sprache);
  const kalender = ical({
    name: t('feed.name'),
    description: t('feed.beschreibung'),
    prodId: { company: 'Waldkita', product: 'Elternportal', language: sprache.toUpperCase() },
    ttl: 60 * 60,
  });
  const stamp = new Date(Math.floor(jetzt.getTime() / 1000) * 1000);
  for (const e of eintraege)
    kalender.createEvent({
      id: e.uid,
      ...(e.zeit
        ? { start: berlinerZeit(e.start, e.zeit.beginn), end: berlinerZeit(e.start, e.zeit.ende) }
        : { allDay: true, start: alsTag(e.start), end: alsTag(e.ende) }),
      ...(e.ort ? { location: e.ort } : {}),
      stamp,
      summary: e.titel,
      description: e.beschreibung,
      url: e.url,
      // An entry of the plan, not an appointment that blocks the day.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  // RFC 5545 §3.1: every content line ends with CRLF, the last one (END:VCALENDAR) too;
  // ical-generator leaves it off.
  const text = kalender.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
