import { datumKurz } from '@waldkita/domain/i18n/datum';
import { SPRACHEN, type Sprache } from '@waldkita/domain/i18n/sprachen';
import { describe, expect, it } from 'vitest';
import { type PushAnlass, pushNachricht } from '../push/push-nachrichten.js';
import type { Empfaenger, MailArt, MailAuftrag } from './mail-queue.js';
import { renderMail, type VorlagenKontext } from './mail-templates.js';

/**
 * Every mail kind and every push occasion in every language (docs/i18n.md, 'Mails and pushes'):
 * no key name, no ICU brace and no German fixed text is left in the other languages; German reads
 * as before (the mail and push tests assert it word for word).
 */

const kontext: VorlagenKontext = { appUrl: 'https://portal.waldkita.test', linkToken: (id) => `token-${id}` };
const an: Empfaenger = { elternId: '7b0c2b6e-8a64-4f55-9a3f-0d6b2c1e4a11', email: 'fuchs@example.org', nachname: 'Fuchs' };
const w1 = { jahr: 2027, kalenderwoche: 3 };
const w2 = { jahr: 2027, kalenderwoche: 7 };
const samstag = { von: '2027-03-20', bis: '2027-03-21' };
const montag = { von: '2027-03-22', bis: '2027-03-22' };
const einsatz = { einsatzId: 'e1', titel: 'Frühjahrsputz', datum: '2027-03-20', ort: 'Bauwagen' };

/** One or more jobs of each kind, with each branch (roles, gave away, several weeks, a message …). */
const AUFTRAEGE: MailAuftrag[] = [
  { art: 'passwort-zuruecksetzen', an, linkId: 'l1', gueltigBis: '2026-11-20T09:15:00Z' },
  { art: 'willkommen', an, linkId: 'l2', gueltigBis: '2026-12-04T09:15:00Z', gruppe: 'Füchse', nameKind: 'Mila, Jonas' },
  { art: 'willkommen', an, linkId: 'l3', gueltigBis: '2026-12-04T09:15:00Z', gruppe: null, nameKind: null },
  { art: 'passwort-geaendert', an, grund: 'aenderung', am: '2026-11-20T09:15:00Z' },
  { art: 'passwort-geaendert', an, grund: 'zuruecksetzung', am: '2026-11-20T09:15:00Z' },
  { art: 'tausch-angeboten', an, anbieter: 'Dachs', woche: w1, nachricht: 'Wir sind im Urlaub.' },
  { art: 'tausch-angeboten', an, anbieter: 'Dachs', woche: w1, nachricht: null, abgeben: true },
  { art: 'dienst-uebernommen', an, rolle: 'abgeber', andere: 'Dachs', woche: w1 },
  { art: 'dienst-uebernommen', an, rolle: 'uebernehmer', andere: 'Dachs', woche: w1 },
  { art: 'tausch-angenommen', an, rolle: 'anbieter', andere: 'Dachs', abgegeben: w1, uebernommen: w2 },
  { art: 'tausch-angenommen', an, rolle: 'annehmer', andere: 'Dachs', abgegeben: w1, uebernommen: w2 },
  { art: 'wasserdienst-erinnerung', an, woche: w1 },
  { art: 'woche-ohne-familie', an, gruppe: 'Füchse', woche: w1, abgegebenVon: 'Dachs' },
  { art: 'woche-ohne-familie', an, gruppe: 'Füchse', woche: w1, abgegebenVon: null },
  { art: 'wasserdienste-geplant', an, wochen: [w1], trotzAbwesenheit: [], von: w1, bis: w2 },
  { art: 'wasserdienste-geplant', an, wochen: [w1, w2, w2, w2, w2], trotzAbwesenheit: [w1, w2], von: w1, bis: w2 },
  { art: 'tausch-zurueckgezogen', an, anbieter: 'Dachs', woche: w1 },
  { art: 'wasserdienst-entfaellt', an, woche: w1, ferienart: null, beschreibung: 'Teamfortbildung' },
  { art: 'wasserdienst-entfaellt', an, woche: w1, ferienart: 'Weihnachtsferien', beschreibung: '' },
  { art: 'stunden-entschieden', an, entscheidung: 'bestaetigt', datum: '2026-11-14', stunden: 1, beschreibung: null, grund: null },
  { art: 'stunden-entschieden', an, entscheidung: 'abgelehnt', datum: '2026-11-14', stunden: 2.5, beschreibung: 'Zaun', grund: 'Doppelt' },
  {
    art: 'dienste-geplant',
    an,
    dienstart: 'Tee kochen',
    bereich: null,
    termine: [montag],
    trotzAbwesenheit: [],
    von: '2027-03-01',
    bis: '2027-03-31',
  },
  {
    art: 'dienste-geplant',
    an,
    dienstart: 'Bauwagen putzen',
    bereich: 'Füchse',
    termine: [samstag, montag],
    trotzAbwesenheit: [samstag],
    von: '2027-03-01',
    bis: '2027-03-31',
  },
  { art: 'dienst-tausch-angeboten', an, dienstart: 'Tee kochen', anbieter: 'Dachs', termin: montag, nachricht: 'Danke!' },
  { art: 'dienst-tausch-angeboten', an, dienstart: 'Tee kochen', anbieter: 'Dachs', termin: montag, nachricht: null, abgeben: true },
  {
    art: 'dienst-tausch-angenommen',
    an,
    dienstart: 'Tee kochen',
    rolle: 'anbieter',
    andere: 'Dachs',
    abgegeben: montag,
    uebernommen: samstag,
  },
  {
    art: 'dienst-tausch-angenommen',
    an,
    dienstart: 'Tee kochen',
    rolle: 'annehmer',
    andere: 'Dachs',
    abgegeben: montag,
    uebernommen: samstag,
  },
  { art: 'dienst-abgabe-uebernommen', an, dienstart: 'Tee kochen', rolle: 'abgeber', andere: 'Dachs', termin: montag },
  { art: 'dienst-abgabe-uebernommen', an, dienstart: 'Tee kochen', rolle: 'uebernehmer', andere: 'Dachs', termin: montag },
  { art: 'dienst-tausch-zurueckgezogen', an, dienstart: 'Tee kochen', anbieter: 'Dachs', termin: montag },
  {
    art: 'dienste-angepasst',
    an,
    anlass: 'Osterferien',
    entfallen: [{ dienstartId: 'wasserdienst', dienstart: 'Wasserdienst', ...montag }],
    neu: [{ dienstartId: 'tee', dienstart: 'Tee kochen', ...samstag }],
    abgegeben: [],
  },
  {
    art: 'dienste-angepasst',
    an,
    anlass: 'Schließzeit',
    entfallen: [{ dienstartId: 'tee', dienstart: 'Tee kochen', ...montag }],
    neu: [],
    abgegeben: [],
  },
  { art: 'dienst-erinnerung', an, termine: [{ dienstart: 'Tee kochen', ...montag }] },
  {
    art: 'dienst-erinnerung',
    an,
    termine: [
      { dienstart: 'Tee kochen', ...montag },
      { dienstart: 'Bauwagen putzen', ...montag },
    ],
  },
  { art: 'einsatz-geaendert', an, einsatz, geaendert: ['Holz hacken, 09:00–12:00'], entfernt: ['Laub, 13:00–15:00', 'Zaun, 15:00–17:00'] },
  { art: 'einsatz-abgesagt', an, einsatz: { ...einsatz, ort: null }, schichten: ['Holz hacken, 09:00–12:00'] },
  { art: 'einsatz-nachgerueckt', an, einsatz, schicht: 'Holz hacken, 09:00–12:00' },
  { art: 'einsatz-erinnerung', an, einsatz, schichten: ['Holz hacken, 09:00–12:00'] },
  {
    art: 'anker',
    an,
    anker: {
      zeitpunkt: '2027-03-06T01:30:00Z',
      position: '812/40',
      fingerabdruck: 'ab12:cd34',
      dateiname: 'anker-2027-03-06.json',
      datei: '{}',
    },
  },
];

/** Every kind the queue knows: adding one without a sample here fails the test below. */
const ARTEN: Record<MailArt, true> = {
  'passwort-zuruecksetzen': true,
  willkommen: true,
  'passwort-geaendert': true,
  'tausch-angeboten': true,
  'dienst-uebernommen': true,
  'tausch-angenommen': true,
  'wasserdienst-erinnerung': true,
  'woche-ohne-familie': true,
  'wasserdienste-geplant': true,
  'tausch-zurueckgezogen': true,
  'wasserdienst-entfaellt': true,
  'stunden-entschieden': true,
  'dienste-geplant': true,
  'dienst-tausch-angeboten': true,
  'dienst-tausch-angenommen': true,
  'dienst-abgabe-uebernommen': true,
  'dienst-tausch-zurueckgezogen': true,
  'dienste-angepasst': true,
  'dienst-erinnerung': true,
  'einsatz-geaendert': true,
  'einsatz-abgesagt': true,
  'einsatz-nachgerueckt': true,
  'einsatz-erinnerung': true,
  anker: true,
};

const ANLAESSE: PushAnlass[] = [
  { art: 'dienst-erinnerung', woche: w1 },
  { art: 'angebot-angenommen', tauschId: 't', annehmer: 'Dachs', abgegeben: w1, uebernommen: w2 },
  { art: 'neues-angebot', tauschId: 't', anbieter: 'Dachs', woche: w1 },
  { art: 'neues-angebot', tauschId: 't', anbieter: 'Dachs', woche: w1, abgeben: true },
  { art: 'dienst-uebernommen', tauschId: 't', uebernehmer: 'Dachs', woche: w1 },
  { art: 'woche-ohne-familie', gruppeId: 'g', gruppe: 'Füchse', woche: w1 },
  { art: 'neues-dienst-angebot', tauschId: 't', dienstart: 'Tee kochen', anbieter: 'Dachs', termin: montag },
  { art: 'neues-dienst-angebot', tauschId: 't', dienstart: 'Tee kochen', anbieter: 'Dachs', termin: montag, abgeben: true },
  { art: 'dienst-angebot-angenommen', tauschId: 't', dienstart: 'Tee kochen', annehmer: 'Dachs', abgegeben: montag, uebernommen: samstag },
  { art: 'dienst-abgabe-uebernommen', tauschId: 't', dienstart: 'Tee kochen', uebernehmer: 'Dachs', termin: montag },
  { art: 'termin-erinnerung', dienstartId: 'tee', dienstart: 'Tee kochen', termin: samstag },
  { art: 'einsatz-geaendert', einsatzId: 'e1', titel: 'Frühjahrsputz', datum: '2027-03-20' },
  { art: 'einsatz-abgesagt', einsatzId: 'e1', titel: 'Frühjahrsputz', datum: '2027-03-20' },
  { art: 'einsatz-nachgerueckt', einsatzId: 'e1', titel: 'Frühjahrsputz', schicht: 'Holz hacken' },
  { art: 'einsatz-erinnerung', einsatzId: 'e1', titel: 'Frühjahrsputz', schichten: ['Holz hacken'] },
];

const ANDERE = SPRACHEN.filter((s): s is Exclude<Sprache, 'de'> => s !== 'de');

/**
 * German fixed words and phrases of the templates that no other language may show (what people
 * wrote in the samples — Frühjahrsputz, Tee kochen, Füchse, the quoted messages — is left out;
 * the German terms families hear spoken are allowed in brackets).
 */
const DEUTSCH =
  /Liebe Familie|Viele Grüße|Waldkindergarten-Team|\bKW \d|\bFamilie\b|\bSie\b|\bIhre?\b|\bam\b|\bvom\b|\bund\b|\bgegen\b|\bUhr\b|Freitag|Samstag|Montag|Erinnerung|Stunden?\b|Meine Dienste|Zur Tausch-Börse|übernommen|abzugeben/;

/** What a key name, an unresolved ICU argument or an i18next miss looks like. */
const LECK = /\b(mail|push)\.[a-zA-Z]+|[{}]|undefined|NaN/;

const ohneGeklammerteBegriffe = (text: string) => text.replace(/\((Wasserdienst|Tausch-Börse|Abwesenheit|Schließzeit)\)/g, '');

describe('mails and pushes in every language', () => {
  it('has a sample of every mail kind', () => {
    expect(new Set(AUFTRAEGE.map((a) => a.art))).toEqual(new Set(Object.keys(ARTEN)));
  });

  for (const sprache of SPRACHEN)
    it(`renders every mail kind in ${sprache}: subject, text and HTML, with the language's lang (and dir for Arabic)`, () => {
      for (const auftrag of AUFTRAEGE) {
        const mail = renderMail(auftrag, kontext, sprache);
        const wo = `${auftrag.art} in ${sprache}`;
        for (const teil of [mail.subject, mail.text]) expect(teil, wo).not.toMatch(LECK);
        expect(mail.html.replace(/<[^>]*>/g, ''), wo).not.toMatch(LECK);
        expect(mail.html, wo).toContain(sprache === 'ar' ? '<html lang="ar" dir="rtl">' : `<html lang="${sprache}">`);
        if (sprache === 'de') continue;
        const ohne = (text: string) =>
          ohneGeklammerteBegriffe(
            text.replace(
              /Frühjahrsputz|Tee kochen|Bauwagen putzen|Füchse|Wir sind im Urlaub\.|Danke!|Teamfortbildung|Zaun|Doppelt|Holz hacken|Wasserdienst: /g,
              '',
            ),
          );
        expect(ohne(mail.subject), wo).not.toMatch(DEUTSCH);
        expect(ohne(mail.text), wo).not.toMatch(DEUTSCH);
      }
    });

  it('keeps German as it was: the greeting, the signature and dd.MM.yyyy', () => {
    const mail = renderMail(AUFTRAEGE[0]!, kontext);
    expect(mail).toEqual(renderMail(AUFTRAEGE[0]!, kontext, 'de'));
    expect(mail.text).toMatch(/^Liebe Familie Fuchs,\n/);
    expect(mail.text).toContain('Der Link ist gültig bis 20.11.2026 10:15 Uhr und kann nur einmal verwendet werden.');
    expect(mail.text).toMatch(/Viele Grüße\nIhr Waldkindergarten-Team\n$/);
  });

  it('writes a Turkish and an Arabic mail as families read them', () => {
    const tr = renderMail(AUFTRAEGE[5]!, kontext, 'tr');
    expect(tr.subject).toBe('Yeni takas teklifi: su nöbeti (Wasserdienst) 3. hafta/2027');
    expect(tr.text).toMatch(/^Sevgili Fuchs ailesi,\n/);
    expect(tr.text).toContain('Dachs ailesi 3. hafta/2027 (Cuma, 22.01.2027) su nöbetini (Wasserdienst) takas için sunuyor.');
    expect(tr.text).toContain('> Wir sind im Urlaub.');
    const ar = renderMail(AUFTRAEGE[3]!, kontext, 'ar');
    expect(ar.subject).toBe('تم تغيير كلمة المرور الخاصة بكم');
    expect(ar.text).toContain(`بتاريخ ${datumKurz('2026-11-20', 'ar')} الساعة 10:15`);
    expect(ar.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(ar.text).toMatch(/مع أطيب التحيات\nفريق روضة الغابة\n$/);
  });

  it('names a holiday type from the admin’s list in the language, and a closing as Schließzeit in brackets', () => {
    const angepasst = AUFTRAEGE.find((a) => a.art === 'dienste-angepasst')!;
    expect(renderMail(angepasst, kontext, 'en').subject).toBe('Your duties are changing: Easter holidays');
    expect(renderMail(angepasst, kontext).subject).toBe('Ihre Dienste ändern sich: Osterferien');
    const [schliesszeit, weihnachten] = AUFTRAEGE.filter((a) => a.art === 'wasserdienst-entfaellt');
    expect(renderMail(schliesszeit!, kontext, 'en').subject).toBe('No water duty (Wasserdienst): week 3/2027 (closure (Schließzeit))');
    expect(renderMail(weihnachten!, kontext, 'pl').subject).toBe(
      'Dyżur wodny (Wasserdienst) odwołany: tydzień 3/2027 (ferie bożonarodzeniowe)',
    );
    expect(renderMail(weihnachten!, kontext).subject).toBe('Wasserdienst entfällt: KW 3/2027 (Weihnachtsferien)');
  });

  it('counts with each language’s plural forms', () => {
    const wochen = (sprache: Sprache) => renderMail(AUFTRAEGE[15]!, kontext, sprache).text;
    expect(wochen('pl')).toContain('w tych 5 tygodniach');
    expect(wochen('uk')).toContain('у ці 5 тижнів');
    expect(wochen('en')).toContain('in these 5 weeks');
    expect(renderMail(AUFTRAEGE[14]!, kontext, 'uk').text).toContain('цього тижня');
    expect(
      renderMail(AUFTRAEGE.find((a) => a.art === 'stunden-entschieden' && a.entscheidung === 'abgelehnt')!, kontext, 'pl').subject,
    ).toBe('Godziny nieuznane: 2,5 godziny z dnia 14.11.2026');
  });

  for (const sprache of SPRACHEN)
    it(`writes every push in ${sprache}`, () => {
      for (const anlass of ANLAESSE) {
        const n = pushNachricht(anlass, sprache);
        const wo = `${anlass.art} in ${sprache}`;
        expect(`${n.title} ${n.body}`, wo).not.toMatch(LECK);
        expect(n.title.length, wo).toBeGreaterThan(0);
        if (sprache !== 'de')
          expect(
            ohneGeklammerteBegriffe(`${n.title} ${n.body}`.replace(/Frühjahrsputz|Tee kochen|Füchse|Holz hacken/g, '')),
            wo,
          ).not.toMatch(DEUTSCH);
      }
    });

  it.each(ANDERE)('gives the same push tag and page in %s as in German', (sprache) => {
    for (const anlass of ANLAESSE) {
      const { url, tag } = pushNachricht(anlass, sprache);
      expect({ url, tag }).toEqual({ url: pushNachricht(anlass).url, tag: pushNachricht(anlass).tag });
    }
  });
});
