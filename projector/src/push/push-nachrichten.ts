import type { Termin } from '@waldkita/domain/dienste/termine';
import { datumKurz } from '@waldkita/domain/i18n/datum';
import { type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { texte } from '@waldkita/platform/i18n/texte';
import { EINSAETZE_PFAD, freitagMitTag, kw, MEINE_DIENSTE_PFAD, terminTextIn } from '../mail/mail-templates.js';

/**
 * What the service worker shows (web/src/features/push/sw-push.ts): a title and line in the family's
 * language (German by default), the
 * page a tap opens, and a tag (a later message with the same tag replaces the earlier one). Kept
 * small: push services carry at most about 4 KB, and a notification shows two lines.
 */
export type PushNachricht = { title: string; body: string; url: string; tag: string };

const kurz = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);

export type PushAnlass =
  | { art: 'dienst-erinnerung'; woche: IsoWoche }
  | { art: 'angebot-angenommen'; tauschId: string; annehmer: string; abgegeben: IsoWoche; uebernommen: IsoWoche }
  /** `abgeben`: a duty given away ('Dienst abgeben'), to be taken over without one in return. */
  | { art: 'neues-angebot'; tauschId: string; anbieter: string; woche: IsoWoche; abgeben?: boolean }
  /** A duty the family gave away was taken over by another family (issue 17). */
  | { art: 'dienst-uebernommen'; tauschId: string; uebernehmer: string; woche: IsoWoche }
  /** For issue 17: a week of the family's group that has no family on duty. */
  | { art: 'woche-ohne-familie'; gruppeId: string; gruppe: string; woche: IsoWoche }
  /** The other duty kinds (docs/api-dienste.md): the same notices, with the kind's name and date. */
  | { art: 'neues-dienst-angebot'; tauschId: string; dienstart: string; anbieter: string; termin: Termin; abgeben?: boolean }
  | { art: 'dienst-angebot-angenommen'; tauschId: string; dienstart: string; annehmer: string; abgegeben: Termin; uebernommen: Termin }
  | { art: 'dienst-abgabe-uebernommen'; tauschId: string; dienstart: string; uebernehmer: string; termin: Termin }
  /** The evening before a date of another kind starts. */
  | { art: 'termin-erinnerung'; dienstartId: string; dienstart: string; termin: Termin }
  /** Work days (docs/api-einsaetze.md): a shift changed or removed, the day cancelled, a place from the waiting list, the evening before. */
  | { art: 'einsatz-geaendert'; einsatzId: string; titel: string; datum: string }
  | { art: 'einsatz-abgesagt'; einsatzId: string; titel: string; datum: string }
  | { art: 'einsatz-nachgerueckt'; einsatzId: string; titel: string; schicht: string }
  | { art: 'einsatz-erinnerung'; einsatzId: string; titel: string; schichten: string[] };

/**
 * The notice for one occasion in one language (`push.nachricht.…` in the catalogues; docs/i18n.md).
 * Names of families, groups, duty kinds, work days and shifts stay as written, shortened to fit.
 */
export function pushNachricht(anlass: PushAnlass, sprache: Sprache = STANDARD_SPRACHE): PushNachricht {
  const t = texte(sprache);
  const woche = (w: IsoWoche) => kw(w, sprache);
  const tag = (w: IsoWoche) => freitagMitTag(w, sprache);
  const termin = (x: Termin) => terminTextIn(x, sprache);
  switch (anlass.art) {
    case 'dienst-erinnerung':
      return {
        title: t('push.nachricht.dienstErinnerung.titel'),
        body: t('push.nachricht.dienstErinnerung.text', { woche: woche(anlass.woche), tag: tag(anlass.woche) }),
        url: '/wasserdienst',
        tag: `erinnerung-${anlass.woche.jahr}-${anlass.woche.kalenderwoche}`,
      };
    case 'angebot-angenommen':
      return {
        title: t('push.nachricht.angebotAngenommen.titel'),
        body: t('push.nachricht.angebotAngenommen.text', {
          familie: kurz(anlass.annehmer, 60),
          abgegeben: woche(anlass.abgegeben),
          uebernommen: woche(anlass.uebernommen),
          tag: tag(anlass.uebernommen),
        }),
        url: '/wasserdienst',
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'neues-angebot': {
      const werte = { familie: kurz(anlass.anbieter, 60), woche: woche(anlass.woche), tag: tag(anlass.woche) };
      if (anlass.abgeben)
        return {
          title: t('push.nachricht.abzugeben.titel'),
          body: t('push.nachricht.abzugeben.text', werte),
          url: '/tauschboerse',
          tag: `angebot-${anlass.tauschId}`,
        };
      return {
        title: t('push.nachricht.neuesAngebot.titel'),
        body: t('push.nachricht.neuesAngebot.text', werte),
        url: '/tauschboerse',
        tag: `angebot-${anlass.tauschId}`,
      };
    }
    case 'dienst-uebernommen':
      return {
        title: t('push.nachricht.uebernommen.titel'),
        body: t('push.nachricht.uebernommen.text', {
          familie: kurz(anlass.uebernehmer, 60),
          woche: woche(anlass.woche),
          tag: tag(anlass.woche),
        }),
        url: '/wasserdienst',
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'woche-ohne-familie':
      return {
        title: t('push.nachricht.ohneFamilie.titel'),
        body: t('push.nachricht.ohneFamilie.text', { woche: woche(anlass.woche), tag: tag(anlass.woche), gruppe: kurz(anlass.gruppe, 60) }),
        url: '/wasserdienst',
        tag: `ohne-familie-${anlass.gruppeId}-${anlass.woche.jahr}-${anlass.woche.kalenderwoche}`,
      };
    case 'neues-dienst-angebot': {
      const werte = { familie: kurz(anlass.anbieter, 60), dienstart: kurz(anlass.dienstart, 40), termin: termin(anlass.termin) };
      if (anlass.abgeben)
        return {
          title: t('push.nachricht.dienstAbzugeben.titel', werte),
          body: t('push.nachricht.dienstAbzugeben.text', werte),
          url: '/tauschboerse',
          tag: `angebot-${anlass.tauschId}`,
        };
      return {
        title: t('push.nachricht.neuesAngebot.titel'),
        body: t('push.nachricht.dienstAngebot.text', werte),
        url: '/tauschboerse',
        tag: `angebot-${anlass.tauschId}`,
      };
    }
    case 'dienst-angebot-angenommen':
      return {
        title: t('push.nachricht.angebotAngenommen.titel'),
        body: t('push.nachricht.dienstAngenommen.text', {
          familie: kurz(anlass.annehmer, 60),
          dienstart: kurz(anlass.dienstart, 40),
          abgegeben: termin(anlass.abgegeben),
          uebernommen: termin(anlass.uebernommen),
        }),
        url: MEINE_DIENSTE_PFAD,
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'dienst-abgabe-uebernommen':
      return {
        title: t('push.nachricht.uebernommen.titel'),
        body: t('push.nachricht.dienstUebernommen.text', {
          familie: kurz(anlass.uebernehmer, 60),
          dienstart: kurz(anlass.dienstart, 40),
          termin: termin(anlass.termin),
        }),
        url: MEINE_DIENSTE_PFAD,
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'termin-erinnerung': {
      const werte = { dienstart: kurz(anlass.dienstart, 40), termin: termin(anlass.termin) };
      return {
        title: t('push.nachricht.terminErinnerung.titel', werte),
        body: t('push.nachricht.terminErinnerung.text', werte),
        url: MEINE_DIENSTE_PFAD,
        tag: `erinnerung-${anlass.dienstartId}-${anlass.termin.von}`,
      };
    }
    case 'einsatz-geaendert':
      return {
        title: t('push.nachricht.einsatzGeaendert.titel'),
        body: t('push.nachricht.einsatzGeaendert.text', { titel: kurz(anlass.titel, 60), datum: datumKurz(anlass.datum, sprache) }),
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-abgesagt':
      return {
        title: t('push.nachricht.einsatzAbgesagt.titel'),
        body: t('push.nachricht.einsatzAbgesagt.text', { titel: kurz(anlass.titel, 60), datum: datumKurz(anlass.datum, sprache) }),
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-nachgerueckt':
      return {
        title: t('push.nachricht.nachgerueckt.titel'),
        body: t('push.nachricht.nachgerueckt.text', { titel: kurz(anlass.titel, 60), schicht: kurz(anlass.schicht, 80) }),
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-erinnerung':
      return {
        title: t('push.nachricht.einsatzErinnerung.titel', { titel: kurz(anlass.titel, 40) }),
        body: t('push.nachricht.einsatzErinnerung.text', { schichten: kurz(anlass.schichten.join('; '), 120) }),
        url: EINSAETZE_PFAD,
        tag: `einsatz-erinnerung-${anlass.einsatzId}`,
      };
  }
}
