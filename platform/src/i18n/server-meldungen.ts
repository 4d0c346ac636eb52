import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { katalog, texte } from './texte.js';

/**
 * The server's own messages (refusals, validation errors, success messages of both APIs) in the
 * caller's language (docs/i18n.md, 'The server's language'). Domain and routes keep speaking German
 * — their constants are the source and the existing tests compare with them — and the HTTP edge
 * translates: every such text has a catalogue key `server.…` whose German text is exactly the
 * constant. A text with values in it ('Zeile 3: …', a name, a week) has an ICU pattern in German
 * whose placeholders are matched back to their values, which the other language's text then takes.
 */

export const SERVER_PRAEFIX = 'server.';

type Teil = { art: 'text'; text: string } | { art: 'wert'; name: string } | { art: 'wahl'; name: string; optionen: Teil[][] };

/** The small part of ICU the server's German texts use: `{name}` and `{name, plural|select, a {…} other {…}}` with `#`. */
function zerlege(text: string): Teil[] {
  let i = 0;
  const nachricht = (inWahl: string | null): Teil[] => {
    const teile: Teil[] = [];
    let puffer = '';
    const schiebe = () => {
      if (puffer) teile.push({ art: 'text', text: puffer });
      puffer = '';
    };
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '}') break;
      if (c === '#' && inWahl) {
        schiebe();
        teile.push({ art: 'wert', name: `${inWahl}#` });
        i++;
        continue;
      }
      if (c !== '{') {
        puffer += c;
        i++;
        continue;
      }
      schiebe();
      i++;
      const ende = text.slice(i).search(/[,}]/);
      const name = text.slice(i, i + ende).trim();
      i += ende;
      if (text[i] === '}') {
        teile.push({ art: 'wert', name });
        i++;
        continue;
      }
      // '{name, plural, one {…} other {…}}'
      i++;
      const artEnde = text.indexOf(',', i);
      const wahlArt = text.slice(i, artEnde).trim();
      i = artEnde + 1;
      const optionen: Teil[][] = [];
      while (i < text.length) {
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] === '}') {
          i++;
          break;
        }
        const auf = text.indexOf('{', i);
        i = auf + 1;
        optionen.push(nachricht(wahlArt === 'select' ? null : name));
        i++; // the option's '}'
      }
      teile.push({ art: 'wahl', name, optionen });
    }
    schiebe();
    return teile;
  };
  return nachricht(null);
}

const alsLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A German pattern as an anchored regular expression and, per capture group, the placeholder it fills. */
function alsMuster(teile: Teil[], gruppen: string[]): string {
  return teile
    .map((t) => {
      if (t.art === 'text') return alsLiteral(t.text);
      if (t.art === 'wert') {
        gruppen.push(t.name);
        return t.name.endsWith('#') ? '(-?\\d+)' : '(.+?)';
      }
      return `(?:${t.optionen.map((o) => alsMuster(o, gruppen)).join('|')})`;
    })
    .join('');
}

const literalLaenge = (teile: Teil[]): number =>
  teile.reduce(
    (summe, t) => summe + (t.art === 'text' ? t.text.length : t.art === 'wahl' ? Math.min(...t.optionen.map(literalLaenge)) : 0),
    0,
  );

interface Muster {
  schluessel: string;
  regex: RegExp;
  gruppen: string[];
  laenge: number;
}

const GENAU = new Map<string, string>();
const MUSTER: Muster[] = [];
for (const [schluessel, deutsch] of Object.entries(katalog('de'))) {
  if (!schluessel.startsWith(SERVER_PRAEFIX)) continue;
  const teile = zerlege(deutsch);
  if (teile.every((t) => t.art === 'text')) {
    if (!GENAU.has(deutsch)) GENAU.set(deutsch, schluessel);
    continue;
  }
  const gruppen: string[] = [];
  const regex = new RegExp(`^${alsMuster(teile, gruppen)}$`, 's');
  MUSTER.push({ schluessel, regex, gruppen, laenge: literalLaenge(teile) });
}
// The most specific pattern first: 'Der Anteil von Familie {nachname} beim {dienstart} ist jetzt …' before '… {nachname} ist jetzt …'.
MUSTER.sort((a, b) => b.laenge - a.laenge);

/** The key and values of a German server message, or null when it has none (text written by people, an unknown text). */
export function erkenneMeldung(deutsch: string): { schluessel: string; werte: Record<string, string | number> } | null {
  const genau = GENAU.get(deutsch);
  if (genau) return { schluessel: genau, werte: {} };
  for (const m of MUSTER) {
    const treffer = m.regex.exec(deutsch);
    if (!treffer) continue;
    const werte: Record<string, string | number> = {};
    m.gruppen.forEach((name, index) => {
      const wert = treffer[index + 1];
      if (wert === undefined) return;
      if (name.endsWith('#')) werte[name.slice(0, -1)] = Number(wert);
      else if (!(name in werte)) werte[name] = wert;
    });
    return { schluessel: m.schluessel, werte };
  }
  return null;
}

/**
 * A German server message in the given language; German, and any text without a `server.` key,
 * unchanged. A value that is itself a server message (a line's error inside 'Zeile 3: …') is
 * translated too.
 */
export function uebersetzeMeldung(deutsch: string, sprache: Sprache): string {
  if (sprache === 'de') return deutsch;
  const erkannt = erkenneMeldung(deutsch);
  if (!erkannt) return deutsch;
  const werte = Object.fromEntries(
    Object.entries(erkannt.werte).map(([name, wert]) => {
      const innen = typeof wert === 'string' ? GENAU.get(wert) : undefined;
      return [name, innen ? texte(sprache)(innen) : wert];
    }),
  );
  return texte(sprache)(erkannt.schluessel, werte);
}
