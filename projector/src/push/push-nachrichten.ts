import { type Termin, terminText } from '@waldkita/domain/dienste/termine';
import { datumDeutsch, type IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { EINSAETZE_PFAD, freitag, kw, MEINE_DIENSTE_PFAD } from '../mail/mail-templates.js';

/**
 * What the service worker shows (web/src/features/push/sw-push.ts): a German title and line, the
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

export function pushNachricht(anlass: PushAnlass): PushNachricht {
  switch (anlass.art) {
    case 'dienst-erinnerung':
      return {
        title: 'Wasserdienst nächste Woche',
        body: `Sie haben in ${kw(anlass.woche)} Wasserdienst (Freitag, ${freitag(anlass.woche)}).`,
        url: '/wasserdienst',
        tag: `erinnerung-${anlass.woche.jahr}-${anlass.woche.kalenderwoche}`,
      };
    case 'angebot-angenommen':
      return {
        title: 'Ihr Angebot wurde angenommen',
        body: `Familie ${kurz(anlass.annehmer, 60)} übernimmt Ihren Wasserdienst in ${kw(anlass.abgegeben)}. Sie haben dafür ${kw(anlass.uebernommen)} (Freitag, ${freitag(anlass.uebernommen)}).`,
        url: '/wasserdienst',
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'neues-angebot':
      if (anlass.abgeben)
        return {
          title: 'Wasserdienst abzugeben',
          body: `Familie ${kurz(anlass.anbieter, 60)} gibt den Wasserdienst in ${kw(anlass.woche)} (Freitag, ${freitag(anlass.woche)}) ab. Können Sie ihn übernehmen?`,
          url: '/tauschboerse',
          tag: `angebot-${anlass.tauschId}`,
        };
      return {
        title: 'Neues Tausch-Angebot',
        body: `Familie ${kurz(anlass.anbieter, 60)} bietet den Wasserdienst in ${kw(anlass.woche)} (Freitag, ${freitag(anlass.woche)}) zum Tausch an.`,
        url: '/tauschboerse',
        tag: `angebot-${anlass.tauschId}`,
      };
    case 'dienst-uebernommen':
      return {
        title: 'Ihr Dienst wurde übernommen',
        body: `Familie ${kurz(anlass.uebernehmer, 60)} hat Ihren Wasserdienst in ${kw(anlass.woche)} (Freitag, ${freitag(anlass.woche)}) übernommen. Sie müssen an diesem Termin nichts mehr tun.`,
        url: '/wasserdienst',
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'woche-ohne-familie':
      return {
        title: 'Wasserdienst ohne Familie',
        body: `In ${kw(anlass.woche)} (Freitag, ${freitag(anlass.woche)}) hat die Gruppe „${kurz(anlass.gruppe, 60)}“ noch keine Familie für den Wasserdienst.`,
        url: '/wasserdienst',
        tag: `ohne-familie-${anlass.gruppeId}-${anlass.woche.jahr}-${anlass.woche.kalenderwoche}`,
      };
    case 'neues-dienst-angebot': {
      const dienst = `„${kurz(anlass.dienstart, 40)}“ am ${terminText(anlass.termin)}`;
      if (anlass.abgeben)
        return {
          title: `${kurz(anlass.dienstart, 40)} abzugeben`,
          body: `Familie ${kurz(anlass.anbieter, 60)} gibt den Dienst ${dienst} ab. Können Sie ihn übernehmen?`,
          url: '/tauschboerse',
          tag: `angebot-${anlass.tauschId}`,
        };
      return {
        title: 'Neues Tausch-Angebot',
        body: `Familie ${kurz(anlass.anbieter, 60)} bietet den Dienst ${dienst} zum Tausch an.`,
        url: '/tauschboerse',
        tag: `angebot-${anlass.tauschId}`,
      };
    }
    case 'dienst-angebot-angenommen':
      return {
        title: 'Ihr Angebot wurde angenommen',
        body: `Familie ${kurz(anlass.annehmer, 60)} übernimmt Ihren Dienst „${kurz(anlass.dienstart, 40)}“ am ${terminText(anlass.abgegeben)}. Sie haben dafür ${terminText(anlass.uebernommen)}.`,
        url: MEINE_DIENSTE_PFAD,
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'dienst-abgabe-uebernommen':
      return {
        title: 'Ihr Dienst wurde übernommen',
        body: `Familie ${kurz(anlass.uebernehmer, 60)} hat Ihren Dienst „${kurz(anlass.dienstart, 40)}“ am ${terminText(anlass.termin)} übernommen. Sie müssen an diesem Termin nichts mehr tun.`,
        url: MEINE_DIENSTE_PFAD,
        tag: `tausch-${anlass.tauschId}`,
      };
    case 'termin-erinnerung':
      return {
        title: `${kurz(anlass.dienstart, 40)} ab morgen`,
        body: `Morgen beginnt Ihr Dienst „${kurz(anlass.dienstart, 40)}“: ${terminText(anlass.termin)}.`,
        url: MEINE_DIENSTE_PFAD,
        tag: `erinnerung-${anlass.dienstartId}-${anlass.termin.von}`,
      };
    case 'einsatz-geaendert':
      return {
        title: 'Arbeitseinsatz geändert',
        body: `Beim Arbeitseinsatz „${kurz(anlass.titel, 60)}“ am ${datumDeutsch(anlass.datum)} hat sich Ihre Schicht geändert.`,
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-abgesagt':
      return {
        title: 'Arbeitseinsatz abgesagt',
        body: `Der Arbeitseinsatz „${kurz(anlass.titel, 60)}“ am ${datumDeutsch(anlass.datum)} ist abgesagt.`,
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-nachgerueckt':
      return {
        title: 'Von der Warteliste nachgerückt',
        body: `Sie sind beim Arbeitseinsatz „${kurz(anlass.titel, 60)}“ eingetragen: ${kurz(anlass.schicht, 80)}.`,
        url: EINSAETZE_PFAD,
        tag: `einsatz-${anlass.einsatzId}`,
      };
    case 'einsatz-erinnerung':
      return {
        title: `${kurz(anlass.titel, 40)} ist morgen`,
        body: `Morgen sind Sie eingetragen: ${kurz(anlass.schichten.join('; '), 120)}.`,
        url: EINSAETZE_PFAD,
        tag: `einsatz-erinnerung-${anlass.einsatzId}`,
      };
  }
}
