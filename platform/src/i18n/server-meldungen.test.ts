import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPRACHEN } from '@waldkita/domain/i18n/sprachen';
import { NACHNAME_ZU_LANG } from '@waldkita/domain/shared/eingabe';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validation.js';
import { erkenneMeldung, SERVER_PRAEFIX, uebersetzeMeldung } from './server-meldungen.js';
import { katalog, texte } from './texte.js';

const WURZEL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_QUELLEN = ['domain/src', 'platform/src', 'command-api/src', 'query-api/src'];

/**
 * Texts of the server's sources that are no API message, so need no `server.` key here:
 * the history's descriptions, the holiday hints the admin screen computes itself, mail texts,
 * operators' diagnostics, the calendar feed and the data export (their own keys), labels of data.
 */
const KEINE_MELDUNG_DATEIEN =
  /\/(testing\/|audit\/beschreibung|kalender\/ferien-plausibel|dienste\/plane-dienstart|event-store\/side-tables|event-store\/verify-hash-chain|audit\/anker\.ts|audit\/beweis|audit\/bericht\.ts|datenschutz\/datenexport|kalender-abo\/kalender-feed|http\/health|auth\/tokens)/;
const KEINE_MELDUNG_TEXTE = new Set([
  'Prüfer (Verlauf)', // a role's name in the admin's table
  'Gelöschte Familie', // the name a deleted family has
  'Eine Familie der Gruppe bringt in ihrer Woche das Trink- und Waschwasser mit.', // the water duty's description (data)
  'Erinnerung vor meinen Diensten und Arbeitseinsätzen', // names of notification kinds (data)
  'Ihr Angebot wurde angenommen oder übernommen',
  'Unbekanntes Gerät', // a device's name
  'Wartet auf Bestätigung', // a status label of the hours' CSV
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text as written, placeholder included
  'Die Position ${anker.position} ist keine Log-Position.', // the CLI's finding about an anchor file
  // the integrity check's findings, listed for auditors in German like the trail itself
  'Die Signatur des Ankers stimmt nicht: der Eintrag wurde nach dem Signieren verändert.',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text as written, placeholder included
  'Das Log bis Position ${letzter.position} ergibt nicht die signierte Wurzel des Ankers: es wurde seitdem verändert.',
]);

function quelldateien(): string[] {
  const dateien: string[] = [];
  const gehe = (ordner: string) => {
    for (const name of readdirSync(ordner)) {
      const voll = path.join(ordner, name);
      if (statSync(voll).isDirectory()) gehe(voll);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) dateien.push(voll);
    }
  };
  for (const o of SERVER_QUELLEN) gehe(path.join(WURZEL, o));
  return dateien;
}

/**
 * Every German message the server's sources can send: each string or template literal that reads
 * like a German sentence (capital first, a space, ending in . ! ? or holding an umlaut) — outside
 * comments and the files and texts above. A template's `${…}` becomes a sample value, a
 * `cond ? 'a' : 'b'` its second text, so the result is a text the server could really send.
 */
function alleMeldungen(): { datei: string; quelle: string; beispiel: string }[] {
  const gefunden: { datei: string; quelle: string; beispiel: string }[] = [];
  for (const datei of quelldateien()) {
    const relativ = path.relative(WURZEL, datei);
    if (KEINE_MELDUNG_DATEIEN.test(`/${relativ}`)) continue;
    const text = readFileSync(datei, 'utf8')
      .split('\n')
      .filter((zeile) => !/^\s*(\/\/|\*|\/\*)/.test(zeile))
      .join('\n');
    for (const m of text.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      const quelle = m[1] ?? m[2] ?? '';
      if (!/^[A-ZÄÖÜ„(]/.test(quelle) || !quelle.includes(' ') || !/[.!?]$|[äöüßÄÖÜ]/.test(quelle)) continue;
      if (KEINE_MELDUNG_TEXTE.has(quelle)) continue;
      const beispiel = quelle.replace(/\$\{((?:[^{}]|\{[^}]*\})*)\}/g, (_, ausdruck: string) => {
        const wahl = /\?\s*'[^']*'\s*:\s*'([^']*)'\s*$/.exec(ausdruck);
        return wahl ? (wahl[1] as string) : '7';
      });
      gefunden.push({ datei: relativ, quelle, beispiel });
    }
  }
  return gefunden;
}

const serverSchluessel = Object.keys(katalog('de')).filter((k) => k.startsWith(SERVER_PRAEFIX));

describe('the server’s messages in the caller’s language', () => {
  it('given every German message in the sources of domain, platform and both APIs, then each has a server. key', () => {
    const meldungen = alleMeldungen();
    expect(meldungen.length).toBeGreaterThan(300);
    const ohne = meldungen.filter((m) => erkenneMeldung(m.beispiel) === null).map((m) => `${m.datei}: ${m.quelle}`);
    expect(ohne).toEqual([]);
  });

  it('given the validation messages zod gives for any field, then each has a server. key', () => {
    const schema = z.object({ a: z.string(), b: z.string().max(2), c: z.array(z.string()).max(1), d: z.string().min(3), e: z.enum(['x']) });
    const meldung = (wert: unknown) => {
      try {
        parseOr400(schema, wert);
      } catch (error) {
        return (error as HttpError).message;
      }
      return '';
    };
    const gueltig = { a: 'a', b: 'b', c: [], d: 'ddd', e: 'x' };
    const texte_ = [
      meldung([]),
      meldung({ ...gueltig, a: undefined }),
      meldung({ ...gueltig, a: 3 }),
      meldung({ ...gueltig, b: 'bbb' }),
      meldung({ ...gueltig, c: ['1', '2'] }),
      meldung({ ...gueltig, d: 'd' }),
      meldung({ ...gueltig, e: 'y' }),
    ];
    for (const t of texte_) expect(erkenneMeldung(t), t).not.toBeNull();
    expect(uebersetzeMeldung('Das Feld „d“ muss mindestens 3 Zeichen lang sein.', 'en')).toBe(
      'The field “d” must be at least 3 characters long.',
    );
  });

  it('given each server. key’s German text with values, then it is recognised as that text again, with its values', () => {
    for (const schluessel of serverSchluessel) {
      const deutsch = katalog('de')[schluessel] as string;
      const namen = [...new Set([...deutsch.matchAll(/\{(\w+)(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}/g)].map((m) => m[1] as string))];
      const werte = Object.fromEntries(namen.map((n, i) => [n, 10 + i]));
      const text = texte('de')(schluessel, werte);
      const erkannt = erkenneMeldung(text);
      expect(erkannt, `${schluessel}: ${text}`).not.toBeNull();
      expect(texte('de')(erkannt?.schluessel ?? '', erkannt?.werte), schluessel).toBe(text);
    }
  });

  it('given a message with values, when asked in another language, then that language’s text with the same values', () => {
    expect(uebersetzeMeldung(NACHNAME_ZU_LANG, 'en')).toBe('The surname may be at most 100 characters long.');
    expect(uebersetzeMeldung('Zeile 4: "x@" ist keine gültige E-Mail-Adresse.', 'tr')).toBe(
      '4. satır: “x@” geçerli bir e-posta adresi değil.',
    );
    expect(uebersetzeMeldung('Der Anteil von Familie Huber beim Gartendienst ist jetzt 2.', 'en')).toBe(
      'The share of family Huber for Gartendienst is now 2.',
    );
    expect(uebersetzeMeldung('Der Anteil von Familie Huber ist jetzt 2.', 'en')).toBe('The share of family Huber is now 2.');
  });

  it('given a plural, then each language’s own categories', () => {
    const deutsch = (n: number) =>
      `Die Gruppe hat noch ${n} ${n === 1 ? 'Familie' : 'Familien'}. Bitte löschen Sie diese zuerst oder ordnen Sie sie mit dem nächsten CSV-Import einer anderen Gruppe zu.`;
    expect(uebersetzeMeldung(deutsch(1), 'en')).toMatch(/^The group still has 1 family\./);
    expect(uebersetzeMeldung(deutsch(3), 'en')).toMatch(/^The group still has 3 families\./);
    expect(uebersetzeMeldung(deutsch(3), 'pl')).toMatch(/^Grupa ma jeszcze 3 rodziny\./);
    expect(uebersetzeMeldung(deutsch(5), 'pl')).toMatch(/^Grupa ma jeszcze 5 rodzin\./);
    expect(uebersetzeMeldung(deutsch(2), 'ar')).toContain('عائلتان');
  });

  it('given German, a text written by people or an unknown text, then it stays as it is', () => {
    expect(uebersetzeMeldung('Tausch-Angebot nicht gefunden.', 'de')).toBe('Tausch-Angebot nicht gefunden.');
    expect(uebersetzeMeldung('Bitte bringt Gummistiefel mit!', 'en')).toBe('Bitte bringt Gummistiefel mit!');
    for (const sprache of SPRACHEN.filter((s) => s !== 'de'))
      expect(uebersetzeMeldung('Tausch-Angebot nicht gefunden.', sprache)).toBe(katalog(sprache)['server.dienste.nicht-gefunden-tausch']);
  });
});
