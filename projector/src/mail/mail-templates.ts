import type { TerminAenderung } from '@waldkita/domain/dienste/anpassung';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { type Termin, terminText } from '@waldkita/domain/dienste/termine';
import { datumKurz, wochentagKurz, wochentagMitDatum, zahl } from '@waldkita/domain/i18n/datum';
import { GEBIETSSCHEMA, richtung, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { berlinTeile } from '@waldkita/domain/kalender/berlin-zeit';
import {
  type Datum,
  freitagDerWoche,
  type IsoWoche,
  isoWocheVon,
  montagDerWoche,
  sonntagDerWoche,
} from '@waldkita/domain/kalender/iso-woche';
import { runde2, stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { texte } from '@waldkita/platform/i18n/texte';
import type { TFunction } from 'i18next';
import { wasserdienstEntfaellt } from './ferien-mails.js';
import type { DiensteAuftrag, EinsatzAuftrag, MailAuftrag } from './mail-queue.js';

/** A rendered mail in the recipient's language: subject, plain text and simple HTML with the same content. */
export type MailInhalt = {
  subject: string;
  text: string;
  html: string;
  /** Files sent along (the anchor's JSON). */
  attachments?: { filename: string; content: string; contentType: string }[];
};

export type VorlagenKontext = {
  /** Where the portal is reached (config.APP_URL), without a trailing slash needed. */
  appUrl: string;
  /** The secret token of a password link (TokenService.passwortLinkToken). */
  linkToken: (linkId: string) => string;
};

/** A paragraph is text with links in it; a `knopf` is a link on a line of its own; a `liste` one item per line. */
type Teil = string | { href: string; text: string };
type Block = { absatz: Teil[] } | { knopf: { href: string; text: string } } | { zitat: string } | { liste: string[] };

/** What every part of a mail needs: the language, its texts, and links into the portal. */
type Rahmen = { sprache: Sprache; t: TFunction; link: (pfad: string) => string };

const absatz = (...teile: Teil[]): Block => ({ absatz: teile });
const knopf = (href: string, text: string): Block => ({ knopf: { href, text } });

/** Escapes every value that goes into the HTML part (text, attributes, URLs). */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** 'KW 12/2026' ('week 12/2026', 'тиждень 12/2026' …); years and week numbers are passed as text, so no language groups their digits. */
export const kw = (w: IsoWoche, sprache: Sprache = STANDARD_SPRACHE) =>
  texte(sprache)('mail.kw', { kw: String(w.kalenderwoche), jahr: String(w.jahr) });
/** The duty's date as docs/produkt.md §9 shows it: the Friday of the week, dd.MM.yyyy in German. */
export const freitag = (w: IsoWoche, sprache: Sprache = STANDARD_SPRACHE) => datumKurz(freitagDerWoche(w), sprache);
/** 'Freitag, 22.01.2027' ('Friday, 22/01/2027' …): the Friday of a week with its weekday's name. */
export const freitagMitTag = (w: IsoWoche, sprache: Sprache = STANDARD_SPRACHE) => wochentagMitDatum(freitagDerWoche(w), sprache);

/** 'KW 3/2027 – Freitag, 22.01.2027': a week and its duty's day, as the rota mail lists them. */
export const kwMitFreitag = (w: IsoWoche, sprache: Sprache = STANDARD_SPRACHE) => `${kw(w, sprache)} – ${freitagMitTag(w, sprache)}`;

/** The years of some weeks, ascending: '2027', or '2026/2027' for weeks across the year end. */
const jahreVon = (wochen: readonly IsoWoche[]) => [...new Set(wochen.map((w) => w.jahr))].sort((a, b) => a - b).join('/');

/** The years the dates start in, ascending: '2027', or '2026/2027'. */
const jahreDerTermine = (termine: readonly Termin[]) =>
  [...new Set(termine.map((t) => Number(t.von.slice(0, 4))))].sort((a, b) => a - b).join('/');

/**
 * A date of a duty kind as families read it: in German 'Sa 05.12.–So 06.12.2026' (terminText, as
 * before); in the other languages each day with its short weekday and full date, 'Sat 05/12/2026–Sun 06/12/2026'.
 */
export function terminTextIn(termin: Termin, sprache: Sprache = STANDARD_SPRACHE): string {
  if (sprache === 'de') return terminText(termin);
  const tag = (d: Datum) => `${wochentagKurz(d, sprache)} ${datumKurz(d, sprache)}`;
  return termin.von === termin.bis ? tag(termin.von) : `${tag(termin.von)}–${tag(termin.bis)}`;
}

/** Items of a list in one line: ', ' (Arabic '، '). */
const aufzaehlung = (eintraege: readonly string[], sprache: Sprache) => eintraege.join(sprache === 'ar' ? '، ' : ', ');

/** Where a family sees its duties of every kind (docs/api-dienste.md, `GET /api/dienste/meine`). */
export const MEINE_DIENSTE_PFAD = '/dienste';

/**
 * A date of some kind as a list entry: 'Bauwagen putzen: Sa 05.12.–So 06.12.2026'; a water duty
 * as every water-duty mail writes it, 'Wasserdienst: KW 52/2026 (Freitag, 25.12.2026)'. The kind's
 * name is written by people and stays as it is.
 */
const aenderungText = (t: TerminAenderung, sprache: Sprache = STANDARD_SPRACHE) =>
  t.dienstartId === WASSERDIENST_ID
    ? `${t.dienstart}: ${kw(isoWocheVon(t.von), sprache)} (${freitagMitTag(isoWocheVon(t.von), sprache)})`
    : `${t.dienstart}: ${terminTextIn(t, sprache)}`;

/** An instant's day ('YYYY-MM-DD') and clock time ('HH:mm') in Europe/Berlin. */
function inBerlin(iso: string): { tag: Datum; uhrzeit: string } {
  const t = berlinTeile(new Date(iso));
  return { tag: `${t.jahr}-${t.monat}-${t.tag}`, uhrzeit: `${t.stunde}:${t.minute}` };
}

/** An instant as 'dd.MM.yyyy HH:mm' in Europe/Berlin. */
export function zeitpunktDeutsch(iso: string): string {
  const { tag, uhrzeit } = inBerlin(iso);
  return `${datumKurz(tag, 'de')} ${uhrzeit}`;
}

/** An instant's date and time in Europe/Berlin, in the language's form: { datum: '20.11.2026', uhrzeit: '10:15' }. */
const zeitpunktTeile = (iso: string, sprache: Sprache) => {
  const { tag, uhrzeit } = inBerlin(iso);
  return { datum: datumKurz(tag, sprache), uhrzeit };
};

const url = (appUrl: string, pfad: string) => `${appUrl.replace(/\/+$/, '')}${pfad}`;

function textVon(r: Rahmen, anrede: string, bloecke: Block[]): string {
  const absaetze = bloecke.map((b) => {
    if ('zitat' in b)
      return b.zitat
        .split('\n')
        .map((zeile) => `> ${zeile}`)
        .join('\n');
    if ('knopf' in b) return b.knopf.href;
    if ('liste' in b) return b.liste.map((eintrag) => `- ${eintrag}`).join('\n');
    return b.absatz.map((t) => (typeof t === 'string' ? t : `${t.text} (${t.href})`)).join('');
  });
  return `${[anrede, ...absaetze, signatur(r).join('\n')].join('\n\n')}\n`;
}

const signatur = ({ t }: Rahmen) => [t('mail.gruss'), t('mail.team')];

function htmlVon(r: Rahmen, subject: string, anrede: string, bloecke: Block[]): string {
  const rtl = richtung(r.sprache) === 'rtl';
  // The quote's bar stands where a line starts: on the right in Arabic.
  const seite = rtl ? 'right' : 'left';
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#2f6b3a">${escapeHtml(text)}</a>`;
  const absaetze = bloecke.map((b) => {
    if ('zitat' in b)
      return `<blockquote style="margin:0 0 1em;padding-${seite}:1em;border-${seite}:3px solid #9bbf8a">${escapeHtml(b.zitat).replace(/\n/g, '<br>')}</blockquote>`;
    if ('liste' in b) return `<ul>${b.liste.map((eintrag) => `<li>${escapeHtml(eintrag)}</li>`).join('')}</ul>`;
    if ('knopf' in b)
      return `<p><a href="${escapeHtml(b.knopf.href)}" style="display:inline-block;padding:.6em 1.2em;background:#2f6b3a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(b.knopf.text)}</a><br><span style="font-size:.85em;color:#555">${escapeHtml(b.knopf.href)}</span></p>`;
    return `<p>${b.absatz.map((t) => (typeof t === 'string' ? escapeHtml(t) : link(t.href, t.text))).join('')}</p>`;
  });
  return [
    '<!doctype html>',
    `<html lang="${r.sprache}"${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2d1f;max-width:36em">',
    `<p>${escapeHtml(anrede)}</p>`,
    ...absaetze,
    `<p>${signatur(r).map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}

const mailIn =
  (r: Rahmen) =>
  (subject: string, anrede: string, bloecke: Block[]): MailInhalt => ({
    subject,
    text: textVon(r, anrede, bloecke),
    html: htmlVon(r, subject, anrede, bloecke),
  });

/**
 * Renders one mail in the recipient's language (docs/i18n.md, 'Mails and pushes'): every fixed
 * text from the catalogues (`mail.…`), dates via domain/src/i18n/datum.ts; what people wrote
 * (messages, names of duties, groups and work days) stays as written. German is the default and
 * reads word for word as before. Pure apart from deriving a link token; every value in the HTML is escaped.
 */
export function renderMail(auftrag: MailAuftrag, kontext: VorlagenKontext, sprache: Sprache = STANDARD_SPRACHE): MailInhalt {
  const t = texte(sprache);
  const link = (pfad: string) => url(kontext.appUrl, pfad);
  const r: Rahmen = { sprache, t, link };
  const mail = mailIn(r);
  const anrede = t('mail.anrede', { nachname: auftrag.an.nachname });
  const woche = (w: IsoWoche) => kw(w, sprache);
  const tag = (w: IsoWoche) => freitagMitTag(w, sprache);
  const datum = (d: Datum) => datumKurz(d, sprache);
  const tauschBoerse = () => knopf(link('/tauschboerse'), t('mail.knopf.tauschboerse'));
  const meineWasserdienste = () => knopf(link('/wasserdienst'), t('mail.knopf.meineWasserdienste'));
  const imPortal = () => absatz(`${t('mail.wasserdiensteImPortal')} `, { href: link('/wasserdienst'), text: t('mail.link.wasserdienst') });
  const notiz = (familie: string, nachricht: string | null): Block[] =>
    nachricht ? [absatz(t('mail.nachrichtVon', { familie })), { zitat: nachricht }] : [];
  switch (auftrag.art) {
    case 'anker': {
      const { anker } = auftrag;
      const werte = { zeitpunkt: t('mail.zeitpunkt', zeitpunktTeile(anker.zeitpunkt, sprache)), position: anker.position };
      return {
        ...mail(t('mail.anker.betreff', { datum: datum(inBerlin(anker.zeitpunkt).tag) }), anrede, [
          absatz(t('mail.anker.text', werte)),
          absatz(t('mail.anker.aufbewahren')),
          absatz(t('mail.anker.fingerabdruck', { fingerabdruck: anker.fingerabdruck })),
          absatz(t('mail.anker.pruefen', { dateiname: anker.dateiname })),
        ]),
        attachments: [{ filename: anker.dateiname, content: anker.datei, contentType: 'application/json' }],
      };
    }
    case 'passwort-zuruecksetzen': {
      const href = link(`/password-reset?token=${encodeURIComponent(kontext.linkToken(auftrag.linkId))}`);
      return mail(t('mail.passwortZuruecksetzen.betreff'), anrede, [
        absatz(t('mail.passwortZuruecksetzen.text')),
        knopf(href, t('mail.passwortZuruecksetzen.knopf')),
        absatz(t('mail.passwortZuruecksetzen.gueltig', { zeitpunkt: t('mail.zeitpunkt', zeitpunktTeile(auftrag.gueltigBis, sprache)) })),
        absatz(t('mail.passwortZuruecksetzen.ignorieren')),
      ]);
    }
    case 'willkommen': {
      const href = link(`/password-reset?token=${encodeURIComponent(kontext.linkToken(auftrag.linkId))}`);
      const gruppe = auftrag.gruppe ? ` ${t('mail.willkommen.gruppe', { gruppe: auftrag.gruppe })}` : '';
      // 'Mila, Jonas' (siblings, as the import joins them) → 'Mila und Jonas' ('Mila and Jonas' …)
      const kinder = auftrag.nameKind
        ? sprache === 'de'
          ? auftrag.nameKind.replace(/, ([^,]*)$/, ' und $1')
          : new Intl.ListFormat(GEBIETSSCHEMA[sprache], { type: 'conjunction' }).format(auftrag.nameKind.split(', '))
        : null;
      const kind = kinder ? ` ${t('mail.willkommen.kind', { kinder })}` : '';
      return mail(t('mail.willkommen.betreff'), anrede, [
        absatz(`${t('mail.willkommen.begruessung')}${gruppe}${kind}`),
        absatz(t('mail.willkommen.portal')),
        knopf(href, t('mail.willkommen.knopf')),
        absatz(t('mail.willkommen.gueltig', { zeitpunkt: t('mail.zeitpunkt', zeitpunktTeile(auftrag.gueltigBis, sprache)) })),
        absatz(t('mail.willkommen.adresse', { email: auftrag.an.email })),
      ]);
    }
    case 'passwort-geaendert': {
      const grund = auftrag.grund;
      return mail(t('mail.passwortGeaendert.betreff', { grund }), anrede, [
        absatz(t('mail.passwortGeaendert.text', { grund, ...zeitpunktTeile(auftrag.am, sprache) })),
        absatz(t('mail.passwortGeaendert.selbst')),
        absatz(
          `${t('mail.passwortGeaendert.fallsNicht')} `,
          { href: link('/forgot-password'), text: t('mail.passwortGeaendert.link') },
          ` ${t('mail.passwortGeaendert.leitung')}`,
        ),
      ]);
    }
    case 'tausch-angeboten': {
      const werte = { anbieter: auftrag.anbieter, woche: woche(auftrag.woche), tag: tag(auftrag.woche) };
      if (auftrag.abgeben)
        return mail(t('mail.tauschAngeboten.abgebenBetreff', werte), anrede, [
          absatz(t('mail.tauschAngeboten.abgebenText', werte)),
          ...notiz(auftrag.anbieter, auftrag.nachricht),
          absatz(t('mail.uebernehmenOhneTausch')),
          tauschBoerse(),
        ]);
      return mail(t('mail.tauschAngeboten.betreff', werte), anrede, [
        absatz(t('mail.tauschAngeboten.text', werte)),
        ...notiz(auftrag.anbieter, auftrag.nachricht),
        absatz(t('mail.tauschAngeboten.annehmen')),
        tauschBoerse(),
      ]);
    }
    case 'tausch-angenommen': {
      const { abgegeben, uebernommen, andere } = auftrag;
      return mail(t('mail.tauschAngenommen.betreff', { abgegeben: woche(abgegeben), uebernommen: woche(uebernommen) }), anrede, [
        absatz(
          auftrag.rolle === 'anbieter' ? t('mail.tauschAngenommen.anbieter', { andere }) : t('mail.tauschAngenommen.annehmer', { andere }),
        ),
        absatz(t('mail.tauschAngenommen.abgegeben', { woche: woche(abgegeben), tag: tag(abgegeben), andere })),
        absatz(t('mail.tauschAngenommen.uebernommen', { woche: woche(uebernommen), tag: tag(uebernommen) })),
        imPortal(),
      ]);
    }
    case 'dienst-uebernommen': {
      const { andere } = auftrag;
      const werte = { andere, tag: `${woche(auftrag.woche)} (${tag(auftrag.woche)})` };
      return mail(t('mail.dienstUebernommen.betreff', { woche: woche(auftrag.woche) }), anrede, [
        absatz(auftrag.rolle === 'abgeber' ? t('mail.dienstUebernommen.abgeber', werte) : t('mail.dienstUebernommen.uebernehmer', werte)),
        imPortal(),
      ]);
    }
    case 'woche-ohne-familie': {
      const { gruppe, abgegebenVon } = auftrag;
      return mail(t('mail.wocheOhneFamilie.betreff', { woche: woche(auftrag.woche), gruppe }), anrede, [
        absatz(t('mail.wocheOhneFamilie.text', { gruppe, woche: woche(auftrag.woche), tag: tag(auftrag.woche) })),
        ...(abgegebenVon
          ? [absatz(t('mail.wocheOhneFamilie.abgegeben', { familie: abgegebenVon })), tauschBoerse()]
          : [absatz(t('mail.wocheOhneFamilie.leitung'))]),
        absatz(t('mail.wocheOhneFamilie.taeglich')),
      ]);
    }
    case 'wasserdienst-erinnerung': {
      const w = auftrag.woche;
      return mail(t('mail.wasserdienstErinnerung.betreff', { woche: woche(w) }), anrede, [
        absatz(
          t('mail.wasserdienstErinnerung.text', {
            woche: woche(w),
            tag: tag(w),
            von: datum(montagDerWoche(w)),
            bis: datum(sonntagDerWoche(w)),
          }),
        ),
        absatz(t('mail.wasserdienstErinnerung.verhindert')),
        tauschBoerse(),
      ]);
    }
    case 'wasserdienste-geplant': {
      const { wochen, trotzAbwesenheit, von, bis } = auftrag;
      return mail(t('mail.wasserdiensteGeplant.betreff', { jahre: jahreVon(wochen) }), anrede, [
        absatz(
          t('mail.wasserdiensteGeplant.text', {
            von: woche(von),
            bis: woche(bis),
            anzahl: wochen.length,
            n: zahl(wochen.length, sprache),
          }),
        ),
        { liste: wochen.map((w) => kwMitFreitag(w, sprache)) },
        ...(trotzAbwesenheit.length > 0
          ? [
              absatz(
                t('mail.wasserdiensteGeplant.trotzAbwesenheit', {
                  wochen: aufzaehlung(trotzAbwesenheit.map(woche), sprache),
                  anzahl: trotzAbwesenheit.length,
                }),
              ),
            ]
          : []),
        absatz(t('mail.rechtzeitigAnbieten')),
        meineWasserdienste(),
      ]);
    }
    case 'tausch-zurueckgezogen':
      return mail(t('mail.tauschZurueckgezogen.betreff', { woche: woche(auftrag.woche) }), anrede, [
        absatz(t('mail.tauschZurueckgezogen.text', { anbieter: auftrag.anbieter, woche: woche(auftrag.woche), tag: tag(auftrag.woche) })),
        absatz(`${t('mail.angeboteInBoerse')} `, { href: link('/tauschboerse'), text: t('mail.link.tauschboerse') }),
      ]);
    case 'wasserdienst-entfaellt': {
      const { betreff, absaetze } = wasserdienstEntfaellt(auftrag, sprache);
      return mail(betreff, anrede, [...absaetze.map((a) => absatz(a)), meineWasserdienste()]);
    }
    case 'stunden-entschieden': {
      const { entscheidung, stunden, beschreibung, grund } = auftrag;
      const menge = t('mail.stunden.menge', {
        anzahl: stunden,
        menge:
          sprache === 'de' ? stundenDeutsch(stunden) : zahl(runde2(stunden), sprache, { maximumFractionDigits: 2, useGrouping: false }),
      });
      const am = datum(auftrag.datum);
      const was = beschreibung
        ? t('mail.stunden.wasMitBeschreibung', { menge, datum: am, beschreibung })
        : t('mail.stunden.was', { menge, datum: am });
      const meineStunden = knopf(link('/stunden'), t('mail.knopf.meineStunden'));
      if (entscheidung === 'bestaetigt')
        return mail(t('mail.stunden.bestaetigtBetreff', { menge, datum: am }), anrede, [
          absatz(t('mail.stunden.bestaetigtText', { was })),
          absatz(t('mail.stunden.danke')),
          meineStunden,
        ]);
      return mail(t('mail.stunden.abgelehntBetreff', { menge, datum: am }), anrede, [
        absatz(t('mail.stunden.abgelehntText', { was })),
        ...(grund ? [absatz(t('mail.stunden.begruendung')), { zitat: grund }] : []),
        absatz(t('mail.stunden.fragen')),
        meineStunden,
      ]);
    }
    case 'dienste-geplant':
    case 'dienst-tausch-angeboten':
    case 'dienst-tausch-angenommen':
    case 'dienst-abgabe-uebernommen':
    case 'dienst-tausch-zurueckgezogen':
    case 'dienste-angepasst':
    case 'dienst-erinnerung':
      return diensteMail(auftrag, anrede, r);
    case 'einsatz-geaendert':
    case 'einsatz-abgesagt':
    case 'einsatz-nachgerueckt':
    case 'einsatz-erinnerung':
      return einsatzMail(auftrag, anrede, r);
    default: {
      const unbekannt: never = auftrag;
      throw new Error(`unknown mail: ${JSON.stringify(unbekannt)}`);
    }
  }
}

/** The mails of the other duty kinds (and the summary after a closing, which spans every kind). */
function diensteMail(auftrag: DiensteAuftrag, anrede: string, r: Rahmen): MailInhalt {
  const { sprache, t, link } = r;
  const mail = mailIn(r);
  const termin = (x: Termin) => terminTextIn(x, sprache);
  const datum = (d: Datum) => datumKurz(d, sprache);
  const meineDienste = knopf(link(MEINE_DIENSTE_PFAD), t('mail.knopf.meineDienste'));
  const tauschBoerse = knopf(link('/tauschboerse'), t('mail.knopf.tauschboerse'));
  const imPortal = absatz(`${t('mail.diensteImPortal')} `, { href: link(MEINE_DIENSTE_PFAD), text: t('mail.knopf.meineDienste') });
  switch (auftrag.art) {
    case 'dienste-geplant': {
      const { dienstart, bereich, termine, trotzAbwesenheit, von, bis } = auftrag;
      const wo = bereich === null ? t('mail.diensteGeplant.ganzeKita') : t('mail.diensteGeplant.gruppe', { bereich });
      return mail(t('mail.diensteGeplant.betreff', { dienstart, jahre: jahreDerTermine(termine) }), anrede, [
        absatz(
          t('mail.diensteGeplant.text', {
            dienstart,
            wo,
            von: datum(von),
            bis: datum(bis),
            anzahl: termine.length,
            n: zahl(termine.length, sprache),
          }),
        ),
        { liste: termine.map(termin) },
        ...(trotzAbwesenheit.length > 0
          ? [
              absatz(
                t('mail.diensteGeplant.trotzAbwesenheit', {
                  termine: aufzaehlung(trotzAbwesenheit.map(termin), sprache),
                  anzahl: trotzAbwesenheit.length,
                }),
              ),
            ]
          : []),
        absatz(t('mail.rechtzeitigAnbieten')),
        meineDienste,
      ]);
    }
    case 'dienst-tausch-angeboten': {
      const { dienstart, anbieter, nachricht } = auftrag;
      const werte = { dienstart, anbieter, termin: termin(auftrag.termin) };
      const notiz: Block[] = nachricht ? [absatz(t('mail.nachrichtVon', { familie: anbieter })), { zitat: nachricht }] : [];
      if (auftrag.abgeben)
        return mail(t('mail.dienstTauschAngeboten.abgebenBetreff', werte), anrede, [
          absatz(t('mail.dienstTauschAngeboten.abgebenText', werte)),
          ...notiz,
          absatz(t('mail.uebernehmenOhneTausch')),
          tauschBoerse,
        ]);
      return mail(t('mail.dienstTauschAngeboten.betreff', werte), anrede, [
        absatz(t('mail.dienstTauschAngeboten.text', werte)),
        ...notiz,
        absatz(t('mail.dienstTauschAngeboten.annehmen', { dienstart })),
        tauschBoerse,
      ]);
    }
    case 'dienst-tausch-angenommen': {
      const { dienstart, abgegeben, uebernommen, andere } = auftrag;
      return mail(
        t('mail.dienstTauschAngenommen.betreff', { dienstart, abgegeben: termin(abgegeben), uebernommen: termin(uebernommen) }),
        anrede,
        [
          absatz(
            auftrag.rolle === 'anbieter'
              ? t('mail.dienstTauschAngenommen.anbieter', { andere, dienstart })
              : t('mail.dienstTauschAngenommen.annehmer', { andere, dienstart }),
          ),
          absatz(t('mail.dienstTauschAngenommen.abgegeben', { termin: termin(abgegeben), andere })),
          absatz(t('mail.dienstTauschAngenommen.uebernommen', { termin: termin(uebernommen) })),
          imPortal,
        ],
      );
    }
    case 'dienst-abgabe-uebernommen': {
      const { dienstart, andere } = auftrag;
      const werte = { dienstart, andere, termin: termin(auftrag.termin) };
      return mail(t('mail.dienstAbgabeUebernommen.betreff', werte), anrede, [
        absatz(
          auftrag.rolle === 'abgeber'
            ? t('mail.dienstAbgabeUebernommen.abgeber', werte)
            : t('mail.dienstAbgabeUebernommen.uebernehmer', werte),
        ),
        imPortal,
      ]);
    }
    case 'dienst-tausch-zurueckgezogen': {
      const werte = { dienstart: auftrag.dienstart, anbieter: auftrag.anbieter, termin: termin(auftrag.termin) };
      return mail(t('mail.dienstTauschZurueckgezogen.betreff', werte), anrede, [
        absatz(t('mail.dienstTauschZurueckgezogen.text', werte)),
        absatz(`${t('mail.angeboteInBoerse')} `, { href: link('/tauschboerse'), text: t('mail.link.tauschboerse') }),
      ]);
    }
    case 'dienste-angepasst': {
      const { entfallen, neu, abgegeben } = auftrag;
      // A holiday type or 'Schließzeit' is translated; any other reason is shown as written.
      const anlass = t('mail.anlass', { art: auftrag.anlass });
      const abschnitt = (ueberschrift: string, termine: TerminAenderung[]): Block[] =>
        termine.length === 0 ? [] : [absatz(ueberschrift), { liste: termine.map((x) => aenderungText(x, sprache)) }];
      const umverteilt = neu.length > 0 || abgegeben.length > 0;
      return mail(t('mail.diensteAngepasst.betreff', { anlass }), anrede, [
        absatz(umverteilt ? t('mail.diensteAngepasst.textUmverteilt', { anlass }) : t('mail.diensteAngepasst.text', { anlass })),
        ...abschnitt(t('mail.diensteAngepasst.entfallen'), entfallen),
        ...abschnitt(t('mail.diensteAngepasst.neu'), neu),
        ...abschnitt(t('mail.diensteAngepasst.abgegeben'), abgegeben),
        ...(neu.length > 0 ? [absatz(t('mail.diensteAngepasst.verhindert'))] : []),
        meineDienste,
      ]);
    }
    case 'dienst-erinnerung': {
      const { termine } = auftrag;
      const erster = termine[0]!;
      const betreff =
        termine.length === 1
          ? t('mail.dienstErinnerung.betreffEiner', { dienstart: erster.dienstart, termin: termin(erster) })
          : t('mail.dienstErinnerung.betreffMehrere', { datum: datum(erster.von) });
      return mail(betreff, anrede, [
        absatz(termine.length === 1 ? t('mail.dienstErinnerung.einer') : t('mail.dienstErinnerung.mehrere')),
        { liste: termine.map((x) => `${x.dienstart}: ${termin(x)}`) },
        absatz(t('mail.dienstErinnerung.verhindert')),
        tauschBoerse,
      ]);
    }
  }
}

/** Where families see the work days and sign up (web/src/features/einsaetze). */
export const EINSAETZE_PFAD = '/arbeitseinsaetze';

/** The mails of the work days (docs/api-einsaetze.md). The shifts come as the reactor wrote them. */
function einsatzMail(auftrag: EinsatzAuftrag, anrede: string, r: Rahmen): MailInhalt {
  const { sprache, t, link } = r;
  const mail = mailIn(r);
  const zuDenEinsaetzen = knopf(link(EINSAETZE_PFAD), t('mail.knopf.einsaetze'));
  const { titel, datum: tag, ort } = auftrag.einsatz;
  const kopf = { titel, datum: datumKurz(tag, sprache) };
  // '„Frühjahrsputz“ am Samstag, 20.03.2027 (Bauwagen am Waldrand)'
  const einsatz = ort
    ? t('mail.einsatz.bezeichnungOrt', { titel, tag: wochentagMitDatum(tag, sprache), ort })
    : t('mail.einsatz.bezeichnung', { titel, tag: wochentagMitDatum(tag, sprache) });
  switch (auftrag.art) {
    case 'einsatz-geaendert': {
      const { geaendert, entfernt } = auftrag;
      return mail(t('mail.einsatz.geaendertBetreff', kopf), anrede, [
        absatz(t('mail.einsatz.geaendertText', { einsatz })),
        ...(geaendert.length > 0 ? [absatz(t('mail.einsatz.schichtGilt', { anzahl: geaendert.length })), { liste: geaendert }] : []),
        ...(entfernt.length > 0
          ? [
              absatz(t('mail.einsatz.schichtEntfaellt', { anzahl: entfernt.length })),
              { liste: entfernt },
              absatz(t('mail.einsatz.andereSchicht')),
            ]
          : []),
        zuDenEinsaetzen,
      ]);
    }
    case 'einsatz-abgesagt':
      return mail(t('mail.einsatz.abgesagtBetreff', kopf), anrede, [
        absatz(t('mail.einsatz.abgesagtText', { einsatz })),
        { liste: auftrag.schichten },
        absatz(t('mail.einsatz.abgesagtDanke')),
        zuDenEinsaetzen,
      ]);
    case 'einsatz-nachgerueckt':
      return mail(t('mail.einsatz.nachgeruecktBetreff', kopf), anrede, [
        absatz(t('mail.einsatz.nachgeruecktText', { einsatz })),
        { liste: [auftrag.schicht] },
        absatz(t('mail.einsatz.nachgeruecktAustragen')),
        zuDenEinsaetzen,
      ]);
    case 'einsatz-erinnerung':
      return mail(t('mail.einsatz.erinnerungBetreff', kopf), anrede, [
        absatz(t('mail.einsatz.erinnerungText', { einsatz })),
        { liste: auftrag.schichten },
        absatz(t('mail.einsatz.erinnerungDanke')),
        zuDenEinsaetzen,
      ]);
  }
}
