import type { TerminAenderung } from '@waldkita/domain/dienste/anpassung';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { type Termin, terminText } from '@waldkita/domain/dienste/termine';
import {
  datumDeutsch,
  freitagDerWoche,
  type IsoWoche,
  isoWocheVon,
  montagDerWoche,
  sonntagDerWoche,
  ZEITZONE,
} from '@waldkita/domain/kalender/iso-woche';
import { stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { wasserdienstEntfaellt } from './ferien-mails.js';
import type { DiensteAuftrag, EinsatzAuftrag, MailAuftrag } from './mail-queue.js';

/** A rendered mail: German subject, plain text and simple HTML with the same content. */
export type MailInhalt = { subject: string; text: string; html: string };

export type VorlagenKontext = {
  /** Where the portal is reached (config.APP_URL), without a trailing slash needed. */
  appUrl: string;
  /** The secret token of a password link (TokenService.passwortLinkToken). */
  linkToken: (linkId: string) => string;
};

/** A paragraph is text with links in it; a `knopf` is a link on a line of its own; a `liste` one item per line. */
type Teil = string | { href: string; text: string };
type Block = { absatz: Teil[] } | { knopf: { href: string; text: string } } | { zitat: string } | { liste: string[] };

const SIGNATUR = ['Viele Grüße', 'Ihr Waldkindergarten-Team'];

const absatz = (...teile: Teil[]): Block => ({ absatz: teile });
const knopf = (href: string, text: string): Block => ({ knopf: { href, text } });

/** Escapes every value that goes into the HTML part (text, attributes, URLs). */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** 'KW 12/2026' */
export const kw = (w: IsoWoche) => `KW ${w.kalenderwoche}/${w.jahr}`;
/** The duty's date as SPEC.md shows it: the Friday of the week, dd.MM.yyyy. */
export const freitag = (w: IsoWoche) => datumDeutsch(freitagDerWoche(w));

/** 'KW 3/2027 – Freitag, 22.01.2027': a week and its duty's day, as the rota mail lists them. */
export const kwMitFreitag = (w: IsoWoche) => `${kw(w)} – Freitag, ${freitag(w)}`;

/** The years of some weeks, ascending: '2027', or '2026/2027' for weeks across the year end. */
export const jahreVon = (wochen: readonly IsoWoche[]) => [...new Set(wochen.map((w) => w.jahr))].sort((a, b) => a - b).join('/');

/** The years the dates start in, ascending: '2027', or '2026/2027'. */
export const jahreDerTermine = (termine: readonly Termin[]) =>
  [...new Set(termine.map((t) => Number(t.von.slice(0, 4))))].sort((a, b) => a - b).join('/');

/** Where a family sees its duties of every kind (docs/api-dienste.md, `GET /api/dienste/meine`). */
export const MEINE_DIENSTE_PFAD = '/dienste';

/**
 * A date of some kind as a list entry: 'Bauwagen putzen: Sa 05.12.–So 06.12.2026'; a water duty
 * as every water-duty mail writes it, 'Wasserdienst: KW 52/2026 (Freitag, 25.12.2026)'.
 */
export const aenderungText = (t: TerminAenderung) =>
  t.dienstartId === WASSERDIENST_ID
    ? `${t.dienstart}: ${kw(isoWocheVon(t.von))} (Freitag, ${freitag(isoWocheVon(t.von))})`
    : `${t.dienstart}: ${terminText(t)}`;

/** An instant as 'dd.MM.yyyy HH:mm' in Europe/Berlin. */
export function zeitpunktDeutsch(iso: string): string {
  const teile = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', {
      timeZone: ZEITZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((t) => [t.type, t.value]),
  );
  return `${teile.day}.${teile.month}.${teile.year} ${teile.hour}:${teile.minute}`;
}

const url = (appUrl: string, pfad: string) => `${appUrl.replace(/\/+$/, '')}${pfad}`;

function textVon(anrede: string, bloecke: Block[]): string {
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
  return `${[anrede, ...absaetze, SIGNATUR.join('\n')].join('\n\n')}\n`;
}

function htmlVon(subject: string, anrede: string, bloecke: Block[]): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#2f6b3a">${escapeHtml(text)}</a>`;
  const absaetze = bloecke.map((b) => {
    if ('zitat' in b)
      return `<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #9bbf8a">${escapeHtml(b.zitat).replace(/\n/g, '<br>')}</blockquote>`;
    if ('liste' in b) return `<ul>${b.liste.map((eintrag) => `<li>${escapeHtml(eintrag)}</li>`).join('')}</ul>`;
    if ('knopf' in b)
      return `<p><a href="${escapeHtml(b.knopf.href)}" style="display:inline-block;padding:.6em 1.2em;background:#2f6b3a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(b.knopf.text)}</a><br><span style="font-size:.85em;color:#555">${escapeHtml(b.knopf.href)}</span></p>`;
    return `<p>${b.absatz.map((t) => (typeof t === 'string' ? escapeHtml(t) : link(t.href, t.text))).join('')}</p>`;
  });
  return [
    '<!doctype html>',
    '<html lang="de"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2d1f;max-width:36em">',
    `<p>${escapeHtml(anrede)}</p>`,
    ...absaetze,
    `<p>${SIGNATUR.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}

const mail = (subject: string, anrede: string, bloecke: Block[]): MailInhalt => ({
  subject,
  text: textVon(anrede, bloecke),
  html: htmlVon(subject, anrede, bloecke),
});

/** Renders one mail. Pure apart from deriving a link token; every value in the HTML is escaped. */
export function renderMail(auftrag: MailAuftrag, kontext: VorlagenKontext): MailInhalt {
  const anrede = `Liebe Familie ${auftrag.an.nachname},`;
  const link = (pfad: string) => url(kontext.appUrl, pfad);
  switch (auftrag.art) {
    case 'passwort-zuruecksetzen': {
      const href = link(`/password-reset?token=${encodeURIComponent(kontext.linkToken(auftrag.linkId))}`);
      return mail('Passwort zurücksetzen – Waldkita Elternportal', anrede, [
        absatz(
          'Sie haben angefordert, Ihr Passwort für das Elternportal des Waldkindergartens zurückzusetzen. Über diesen Link legen Sie ein neues Passwort fest:',
        ),
        knopf(href, 'Neues Passwort festlegen'),
        absatz(`Der Link ist gültig bis ${zeitpunktDeutsch(auftrag.gueltigBis)} Uhr und kann nur einmal verwendet werden.`),
        absatz(
          'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr bisheriges Passwort bleibt dann unverändert.',
        ),
      ]);
    }
    case 'willkommen': {
      const href = link(`/password-reset?token=${encodeURIComponent(kontext.linkToken(auftrag.linkId))}`);
      const gruppe = auftrag.gruppe ? ` Ihre Familie gehört zur Gruppe „${auftrag.gruppe}“.` : '';
      // 'Mila, Jonas' (siblings, as the import joins them) → 'Mila und Jonas'
      const kind = auftrag.nameKind ? ` Wir freuen uns auf ${auftrag.nameKind.replace(/, ([^,]*)$/, ' und $1')}!` : '';
      return mail('Willkommen im Elternportal des Waldkindergartens', anrede, [
        absatz(`herzlich willkommen im Elternportal des Waldkindergartens!${gruppe}${kind}`),
        absatz(
          'Im Portal sehen Sie Ihre Wasserdienste, tauschen Dienste mit anderen Familien Ihrer Gruppe und melden Abwesenheiten. Bitte legen Sie zuerst über diesen Link Ihr Passwort fest:',
        ),
        knopf(href, 'Passwort festlegen'),
        absatz(
          `Der Link ist gültig bis ${zeitpunktDeutsch(auftrag.gueltigBis)} Uhr. Danach können Sie auf der Anmeldeseite über „Passwort vergessen?“ jederzeit einen neuen Link anfordern.`,
        ),
        absatz(`Sie melden sich mit dieser E-Mail-Adresse an: ${auftrag.an.email}`),
      ]);
    }
    case 'passwort-geaendert': {
      const was = auftrag.grund === 'aenderung' ? 'geändert' : 'zurückgesetzt';
      return mail(`Ihr Passwort wurde ${was}`, anrede, [
        absatz(`das Passwort Ihres Zugangs zum Elternportal wurde am ${zeitpunktDeutsch(auftrag.am).replace(' ', ' um ')} Uhr ${was}.`),
        absatz('Wenn Sie das selbst waren, ist nichts weiter zu tun.'),
        absatz(
          'Falls nicht, fordern Sie bitte sofort einen neuen Link an und vergeben Sie ein neues Passwort: ',
          { href: link('/forgot-password'), text: 'Passwort vergessen?' },
          ' Bitte informieren Sie in diesem Fall auch die Kita-Leitung.',
        ),
      ]);
    }
    case 'tausch-angeboten':
      if (auftrag.abgeben)
        return mail(`Wasserdienst abzugeben: ${kw(auftrag.woche)}`, anrede, [
          absatz(
            `Familie ${auftrag.anbieter} gibt ihren Wasserdienst in ${kw(auftrag.woche)} (Freitag, ${freitag(auftrag.woche)}) ab und sucht eine Familie, die ihn übernimmt.`,
          ),
          ...(auftrag.nachricht ? [absatz(`Nachricht von Familie ${auftrag.anbieter}:`), { zitat: auftrag.nachricht }] : []),
          absatz(
            'Wenn Sie übernehmen können, klicken Sie in der Tausch-Börse auf „Übernehmen“ – ein eigener Dienst ist dafür nicht nötig:',
          ),
          knopf(link('/tauschboerse'), 'Zur Tausch-Börse'),
        ]);
      return mail(`Neues Tausch-Angebot: Wasserdienst ${kw(auftrag.woche)}`, anrede, [
        absatz(
          `Familie ${auftrag.anbieter} bietet ihren Wasserdienst in ${kw(auftrag.woche)} (Freitag, ${freitag(auftrag.woche)}) zum Tausch an.`,
        ),
        ...(auftrag.nachricht ? [absatz(`Nachricht von Familie ${auftrag.anbieter}:`), { zitat: auftrag.nachricht }] : []),
        absatz(
          'Wenn Sie übernehmen können, nehmen Sie das Angebot in der Tausch-Börse an und geben dafür einen Ihrer eigenen Wasserdienste ab:',
        ),
        knopf(link('/tauschboerse'), 'Zur Tausch-Börse'),
      ]);
    case 'tausch-angenommen': {
      const { abgegeben, uebernommen, andere } = auftrag;
      const einleitung =
        auftrag.rolle === 'anbieter'
          ? `Familie ${andere} hat Ihr Tausch-Angebot angenommen.`
          : `Sie haben das Tausch-Angebot von Familie ${andere} angenommen.`;
      return mail(`Tausch bestätigt: ${kw(abgegeben)} gegen ${kw(uebernommen)}`, anrede, [
        absatz(einleitung),
        absatz(`Ihr Wasserdienst in ${kw(abgegeben)} (Freitag, ${freitag(abgegeben)}) übernimmt jetzt Familie ${andere}.`),
        absatz(`Sie übernehmen dafür den Wasserdienst in ${kw(uebernommen)} (Freitag, ${freitag(uebernommen)}).`),
        absatz('Ihre Wasserdienste finden Sie im Portal: ', { href: link('/wasserdienst'), text: 'Wasserdienst' }),
      ]);
    }
    case 'dienst-uebernommen': {
      const { woche, andere } = auftrag;
      const tag = `${kw(woche)} (Freitag, ${freitag(woche)})`;
      return mail(`Dienst übernommen: ${kw(woche)}`, anrede, [
        absatz(
          auftrag.rolle === 'abgeber'
            ? `Familie ${andere} hat Ihren Wasserdienst in ${tag} übernommen. Sie müssen an diesem Termin nichts mehr tun.`
            : `Sie haben den Wasserdienst von Familie ${andere} in ${tag} übernommen. Vielen Dank!`,
        ),
        absatz('Ihre Wasserdienste finden Sie im Portal: ', { href: link('/wasserdienst'), text: 'Wasserdienst' }),
      ]);
    }
    case 'woche-ohne-familie': {
      const { woche, gruppe, abgegebenVon } = auftrag;
      return mail(`Wasserdienst ohne Familie: ${kw(woche)} (Gruppe ${gruppe})`, anrede, [
        absatz(`in der Gruppe „${gruppe}“ hat der Wasserdienst in ${kw(woche)} (Freitag, ${freitag(woche)}) noch keine Familie.`),
        ...(abgegebenVon
          ? [
              absatz(
                `Familie ${abgegebenVon} hat den Dienst abgegeben. Wenn Sie übernehmen können, klicken Sie in der Tausch-Börse auf „Übernehmen“:`,
              ),
              knopf(link('/tauschboerse'), 'Zur Tausch-Börse'),
            ]
          : [absatz('Wenn Sie den Dienst übernehmen können, melden Sie sich bitte bei der Kita-Leitung.')]),
        absatz('Diese Nachricht kommt täglich, bis die Woche vergeben ist.'),
      ]);
    }
    case 'wasserdienst-erinnerung': {
      const { woche } = auftrag;
      return mail(`Erinnerung: Ihr Wasserdienst in ${kw(woche)}`, anrede, [
        absatz(
          `nächste Woche hat Ihre Familie Wasserdienst: ${kw(woche)} (Freitag, ${freitag(woche)}), also vom ${datumDeutsch(montagDerWoche(woche))} bis ${datumDeutsch(sonntagDerWoche(woche))}.`,
        ),
        absatz('Falls Sie verhindert sind, bieten Sie den Dienst bitte rechtzeitig in der Tausch-Börse an:'),
        knopf(link('/tauschboerse'), 'Zur Tausch-Börse'),
      ]);
    }
    case 'wasserdienste-geplant': {
      const { wochen, trotzAbwesenheit, von, bis } = auftrag;
      const einzahl = wochen.length === 1;
      return mail(`Ihre Wasserdienste ${jahreVon(wochen)}`, anrede, [
        absatz(
          `die Wasserdienste Ihrer Gruppe für ${kw(von)} bis ${kw(bis)} sind eingeteilt. Ihre Familie hat ${einzahl ? 'in dieser Woche' : `in diesen ${wochen.length} Wochen`} Wasserdienst:`,
        ),
        { liste: wochen.map(kwMitFreitag) },
        ...(trotzAbwesenheit.length > 0
          ? [
              absatz(
                `Für ${trotzAbwesenheit.map(kw).join(', ')} hatten Sie eine Abwesenheit gemeldet. Weil in ${trotzAbwesenheit.length === 1 ? 'dieser Woche' : 'diesen Wochen'} alle Familien Ihrer Gruppe abwesend sind, musste der Dienst trotzdem vergeben werden.`,
              ),
            ]
          : []),
        absatz('Falls Sie an einem Termin verhindert sind, bieten Sie den Dienst bitte rechtzeitig in der Tausch-Börse an.'),
        knopf(link('/wasserdienst'), 'Meine Wasserdienste'),
      ]);
    }
    case 'tausch-zurueckgezogen': {
      const { woche, anbieter } = auftrag;
      return mail(`Tausch-Angebot zurückgezogen: ${kw(woche)}`, anrede, [
        absatz(
          `das Tausch-Angebot von Familie ${anbieter} für den Wasserdienst in ${kw(woche)} (Freitag, ${freitag(woche)}) wurde zurückgezogen. Es kann nicht mehr angenommen werden; Sie müssen nichts weiter tun.`,
        ),
        absatz('Aktuelle Angebote finden Sie in der Tausch-Börse: ', { href: link('/tauschboerse'), text: 'Tausch-Börse' }),
      ]);
    }
    case 'wasserdienst-entfaellt': {
      const { betreff, absaetze } = wasserdienstEntfaellt(auftrag);
      return mail(betreff, anrede, [...absaetze.map((a) => absatz(a)), knopf(link('/wasserdienst'), 'Meine Wasserdienste')]);
    }
    case 'stunden-entschieden': {
      const { entscheidung, datum, stunden, beschreibung, grund } = auftrag;
      const menge = `${stundenDeutsch(stunden)} ${stunden === 1 ? 'Stunde' : 'Stunden'}`;
      const was = `Ihre ${menge} vom ${datumDeutsch(datum)}${beschreibung ? ` („${beschreibung}“)` : ''}`;
      if (entscheidung === 'bestaetigt')
        return mail(`Stunden bestätigt: ${menge} vom ${datumDeutsch(datum)}`, anrede, [
          absatz(`die Kita-Leitung hat ${was} bestätigt. Sie zählen jetzt für Ihre Elternstunden.`),
          absatz('Vielen Dank für Ihre Mithilfe!'),
          knopf(link('/stunden'), 'Meine Stunden'),
        ]);
      return mail(`Stunden nicht anerkannt: ${menge} vom ${datumDeutsch(datum)}`, anrede, [
        absatz(`die Kita-Leitung hat ${was} leider nicht anerkannt.`),
        ...(grund ? [absatz('Begründung:'), { zitat: grund }] : []),
        absatz('Bei Fragen wenden Sie sich bitte an die Kita-Leitung.'),
        knopf(link('/stunden'), 'Meine Stunden'),
      ]);
    }
    case 'dienste-geplant':
    case 'dienst-tausch-angeboten':
    case 'dienst-tausch-angenommen':
    case 'dienst-abgabe-uebernommen':
    case 'dienst-tausch-zurueckgezogen':
    case 'dienste-angepasst':
    case 'dienst-erinnerung':
      return diensteMail(auftrag, anrede, link);
    case 'einsatz-geaendert':
    case 'einsatz-abgesagt':
    case 'einsatz-nachgerueckt':
    case 'einsatz-erinnerung':
      return einsatzMail(auftrag, anrede, link);
    default: {
      const unbekannt: never = auftrag;
      throw new Error(`unknown mail: ${JSON.stringify(unbekannt)}`);
    }
  }
}

/** The mails of the other duty kinds (and the summary after a closing, which spans every kind). */
function diensteMail(auftrag: DiensteAuftrag, anrede: string, link: (pfad: string) => string): MailInhalt {
  const meineDienste = knopf(link(MEINE_DIENSTE_PFAD), 'Meine Dienste');
  const tauschBoerse = knopf(link('/tauschboerse'), 'Zur Tausch-Börse');
  switch (auftrag.art) {
    case 'dienste-geplant': {
      const { dienstart, bereich, termine, trotzAbwesenheit, von, bis } = auftrag;
      const einzahl = termine.length === 1;
      const wo = bereich === null ? 'in der ganzen Kita' : `in Ihrer Gruppe „${bereich}“`;
      return mail(`Ihre Termine: ${dienstart} ${jahreDerTermine(termine)}`, anrede, [
        absatz(
          `die Termine für „${dienstart}“ ${wo} vom ${datumDeutsch(von)} bis ${datumDeutsch(bis)} sind eingeteilt. Ihre Familie hat ${einzahl ? 'an diesem Termin' : `an diesen ${termine.length} Terminen`} Dienst:`,
        ),
        { liste: termine.map(terminText) },
        ...(trotzAbwesenheit.length > 0
          ? [
              absatz(
                `Für ${trotzAbwesenheit.map(terminText).join(', ')} hatten Sie eine Abwesenheit gemeldet. Weil ${trotzAbwesenheit.length === 1 ? 'an diesem Termin' : 'an diesen Terminen'} nicht genug Familien da sind, musste der Dienst trotzdem vergeben werden.`,
              ),
            ]
          : []),
        absatz('Falls Sie an einem Termin verhindert sind, bieten Sie den Dienst bitte rechtzeitig in der Tausch-Börse an.'),
        meineDienste,
      ]);
    }
    case 'dienst-tausch-angeboten': {
      const { dienstart, anbieter, termin, nachricht } = auftrag;
      const notiz = nachricht ? [absatz(`Nachricht von Familie ${anbieter}:`), { zitat: nachricht }] : [];
      if (auftrag.abgeben)
        return mail(`${dienstart} abzugeben: ${terminText(termin)}`, anrede, [
          absatz(
            `Familie ${anbieter} gibt ihren Dienst „${dienstart}“ am ${terminText(termin)} ab und sucht eine Familie, die ihn übernimmt.`,
          ),
          ...notiz,
          absatz(
            'Wenn Sie übernehmen können, klicken Sie in der Tausch-Börse auf „Übernehmen“ – ein eigener Dienst ist dafür nicht nötig:',
          ),
          tauschBoerse,
        ]);
      return mail(`Neues Tausch-Angebot: ${dienstart} ${terminText(termin)}`, anrede, [
        absatz(`Familie ${anbieter} bietet ihren Dienst „${dienstart}“ am ${terminText(termin)} zum Tausch an.`),
        ...notiz,
        absatz(
          `Wenn Sie übernehmen können, nehmen Sie das Angebot in der Tausch-Börse an und geben dafür einen Ihrer eigenen Termine für „${dienstart}“ ab:`,
        ),
        tauschBoerse,
      ]);
    }
    case 'dienst-tausch-angenommen': {
      const { dienstart, abgegeben, uebernommen, andere } = auftrag;
      return mail(`Tausch bestätigt: ${dienstart} ${terminText(abgegeben)} gegen ${terminText(uebernommen)}`, anrede, [
        absatz(
          auftrag.rolle === 'anbieter'
            ? `Familie ${andere} hat Ihr Tausch-Angebot für „${dienstart}“ angenommen.`
            : `Sie haben das Tausch-Angebot von Familie ${andere} für „${dienstart}“ angenommen.`,
        ),
        absatz(`Ihren Termin am ${terminText(abgegeben)} übernimmt jetzt Familie ${andere}.`),
        absatz(`Sie übernehmen dafür den Termin am ${terminText(uebernommen)}.`),
        absatz('Ihre Dienste finden Sie im Portal: ', { href: link(MEINE_DIENSTE_PFAD), text: 'Meine Dienste' }),
      ]);
    }
    case 'dienst-abgabe-uebernommen': {
      const { dienstart, termin, andere } = auftrag;
      return mail(`Dienst übernommen: ${dienstart} ${terminText(termin)}`, anrede, [
        absatz(
          auftrag.rolle === 'abgeber'
            ? `Familie ${andere} hat Ihren Dienst „${dienstart}“ am ${terminText(termin)} übernommen. Sie müssen an diesem Termin nichts mehr tun.`
            : `Sie haben den Dienst „${dienstart}“ von Familie ${andere} am ${terminText(termin)} übernommen. Vielen Dank!`,
        ),
        absatz('Ihre Dienste finden Sie im Portal: ', { href: link(MEINE_DIENSTE_PFAD), text: 'Meine Dienste' }),
      ]);
    }
    case 'dienst-tausch-zurueckgezogen': {
      const { dienstart, anbieter, termin } = auftrag;
      return mail(`Tausch-Angebot zurückgezogen: ${dienstart} ${terminText(termin)}`, anrede, [
        absatz(
          `das Tausch-Angebot von Familie ${anbieter} für „${dienstart}“ am ${terminText(termin)} wurde zurückgezogen. Es kann nicht mehr angenommen werden; Sie müssen nichts weiter tun.`,
        ),
        absatz('Aktuelle Angebote finden Sie in der Tausch-Börse: ', { href: link('/tauschboerse'), text: 'Tausch-Börse' }),
      ]);
    }
    case 'dienste-angepasst': {
      const { anlass, entfallen, neu, abgegeben } = auftrag;
      const abschnitt = (titel: string, erklaerung: string, termine: TerminAenderung[]): Block[] =>
        termine.length === 0 ? [] : [absatz(`${titel} – ${erklaerung}:`), { liste: termine.map(aenderungText) }];
      const umverteilt = neu.length > 0 || abgegeben.length > 0;
      return mail(`Ihre Dienste ändern sich: ${anlass}`, anrede, [
        absatz(
          `der Waldkindergarten ist geschlossen (${anlass}). Deshalb ändern sich Ihre Dienste${umverteilt ? '; damit alle Familien wieder gleich viele Dienste haben, wurden einige Termine neu verteilt' : ''}.`,
        ),
        ...abschnitt('Entfällt', 'an diesen Terminen müssen Sie nichts tun', entfallen),
        ...abschnitt('Neu für Sie', 'diese Termine übernimmt jetzt Ihre Familie', neu),
        ...abschnitt('Abgegeben', 'diese Termine übernimmt jetzt eine andere Familie', abgegeben),
        ...(neu.length > 0
          ? [absatz('Falls Sie an einem neuen Termin verhindert sind, bieten Sie ihn bitte rechtzeitig in der Tausch-Börse an.')]
          : []),
        meineDienste,
      ]);
    }
    case 'dienst-erinnerung': {
      const { termine } = auftrag;
      const erster = termine[0]!;
      const betreff =
        termine.length === 1
          ? `Erinnerung: ${erster.dienstart}, ${terminText(erster)}`
          : `Erinnerung: Ihre Dienste ab morgen, ${datumDeutsch(erster.von)}`;
      return mail(betreff, anrede, [
        absatz(termine.length === 1 ? 'morgen beginnt ein Dienst Ihrer Familie:' : 'morgen beginnen diese Dienste Ihrer Familie:'),
        { liste: termine.map((t) => `${t.dienstart}: ${terminText(t)}`) },
        absatz('Falls Sie verhindert sind, bieten Sie den Dienst bitte in der Tausch-Börse an oder sprechen Sie eine andere Familie an.'),
        tauschBoerse,
      ]);
    }
  }
}

/** Where families see the work days and sign up (web/src/features/einsaetze). */
export const EINSAETZE_PFAD = '/arbeitseinsaetze';

/** '„Frühjahrsputz“ am Samstag, 20.03.2027 (Bauwagen am Waldrand)'. */
const einsatzText = ({ titel, datum, ort }: { titel: string; datum: string; ort: string | null }) => {
  const tag = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'][new Date(`${datum}T12:00:00Z`).getUTCDay()];
  return `„${titel}“ am ${tag}, ${datumDeutsch(datum)}${ort ? ` (${ort})` : ''}`;
};

/** The mails of the work days (docs/api-einsaetze.md). */
function einsatzMail(auftrag: EinsatzAuftrag, anrede: string, link: (pfad: string) => string): MailInhalt {
  const zuDenEinsaetzen = knopf(link(EINSAETZE_PFAD), 'Zu den Arbeitseinsätzen');
  const { einsatz } = auftrag;
  switch (auftrag.art) {
    case 'einsatz-geaendert': {
      const { geaendert, entfernt } = auftrag;
      return mail(`Geändert: ${einsatz.titel} am ${datumDeutsch(einsatz.datum)}`, anrede, [
        absatz(`beim Arbeitseinsatz ${einsatzText(einsatz)} hat sich etwas geändert, das Ihre Familie betrifft.`),
        ...(geaendert.length > 0
          ? [absatz(geaendert.length === 1 ? 'Ihre Schicht gilt jetzt so:' : 'Ihre Schichten gelten jetzt so:'), { liste: geaendert }]
          : []),
        ...(entfernt.length > 0
          ? [
              absatz(
                entfernt.length === 1
                  ? 'Diese Schicht, für die Sie eingetragen waren, entfällt:'
                  : 'Diese Schichten, für die Sie eingetragen waren, entfallen:',
              ),
              { liste: entfernt },
              absatz('Wenn Sie möchten, tragen Sie sich gern für eine andere Schicht ein.'),
            ]
          : []),
        zuDenEinsaetzen,
      ]);
    }
    case 'einsatz-abgesagt':
      return mail(`Abgesagt: ${einsatz.titel} am ${datumDeutsch(einsatz.datum)}`, anrede, [
        absatz(`der Arbeitseinsatz ${einsatzText(einsatz)} ist abgesagt. Sie waren eingetragen für:`),
        { liste: auftrag.schichten },
        absatz('Sie müssen nichts weiter tun. Vielen Dank für Ihre Bereitschaft!'),
        zuDenEinsaetzen,
      ]);
    case 'einsatz-nachgerueckt':
      return mail(`Sie sind nachgerückt: ${einsatz.titel} am ${datumDeutsch(einsatz.datum)}`, anrede, [
        absatz(
          `ein Platz ist frei geworden: Sie sind von der Warteliste nachgerückt und jetzt beim Arbeitseinsatz ${einsatzText(einsatz)} eingetragen für:`,
        ),
        { liste: [auftrag.schicht] },
        absatz(
          'Falls Sie doch nicht können, tragen Sie sich bitte vor dem Anmeldeschluss wieder aus, damit die nächste Familie nachrücken kann.',
        ),
        zuDenEinsaetzen,
      ]);
    case 'einsatz-erinnerung':
      return mail(`Erinnerung: ${einsatz.titel} morgen, ${datumDeutsch(einsatz.datum)}`, anrede, [
        absatz(`morgen ist der Arbeitseinsatz ${einsatzText(einsatz)}. Ihre Familie ist eingetragen für:`),
        { liste: auftrag.schichten },
        absatz('Vielen Dank, dass Sie mithelfen! Falls Sie verhindert sind, sagen Sie bitte der Kita-Leitung Bescheid.'),
        zuDenEinsaetzen,
      ]);
  }
}
