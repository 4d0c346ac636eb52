// Checks the catalogues of the screens' texts (docs/i18n.md), as part of `npm run lint`:
//  - every language has exactly German's keys, none empty;
//  - every message is valid ICU and has German's placeholders: the same argument names and kinds,
//    select with the same options, plural and selectordinal with 'other' (the other categories are
//    each language's own: Polish has 'few' and 'many', Arabic also 'zero' and 'two');
//  - every key is used in the sources, and every t('…') in the sources names a German key.
// Exits 1 with one German line per finding, naming language and key.
//   node scripts/i18n-pruefen.mjs [--kataloge DIR] [--quellen DIR,DIR] [--sprachen de,en,…]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const WURZEL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const option = (name, standard) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : standard;
};

const katalogOrdner = path.resolve(option('kataloge', path.join(WURZEL, 'domain/src/i18n')));
const quellOrdner = option(
  'quellen',
  ['web/src', 'platform/src', 'projector/src', 'command-api/src', 'query-api/src'].map((d) => path.join(WURZEL, d)).join(','),
)
  .split(',')
  .map((d) => path.resolve(d))
  .filter((d) => existsSync(d));

/** The languages: --sprachen, else SPRACHEN of domain/src/i18n/sprachen.ts beside the catalogues, else the catalogues present. */
function sprachen() {
  const angegeben = option('sprachen', null);
  if (angegeben) return angegeben.split(',');
  const modul = path.join(katalogOrdner, 'sprachen.ts');
  if (existsSync(modul)) {
    const treffer = /SPRACHEN\s*=\s*\[([^\]]*)\]/.exec(readFileSync(modul, 'utf8'));
    if (treffer) return [...treffer[1].matchAll(/'([a-z]{2,3})'/g)].map((m) => m[1]);
  }
  return readdirSync(katalogOrdner)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
}

const fehler = [];
const melde = (text) => fehler.push(text);

function lade(sprache) {
  const datei = path.join(katalogOrdner, `${sprache}.json`);
  if (!existsSync(datei)) {
    melde(`Sprache ${sprache}: Katalog ${path.relative(WURZEL, datei)} fehlt.`);
    return null;
  }
  try {
    const inhalt = JSON.parse(readFileSync(datei, 'utf8'));
    if (!inhalt || typeof inhalt !== 'object' || Array.isArray(inhalt)) throw new Error('kein Objekt');
    return inhalt;
  } catch (error) {
    melde(`Sprache ${sprache}: Katalog ${path.relative(WURZEL, datei)} ist kein gültiges JSON-Objekt (${error.message}).`);
    return null;
  }
}

/** A message's placeholders as sorted lines ('name:plural', 'wahl:select[a|b|other]'), or an error text. */
function platzhalter(text) {
  let ast;
  try {
    ast = parse(text, { requiresOtherClause: true });
  } catch (error) {
    return { fehler: `ist kein gültiges ICU (${error.message})` };
  }
  const gefunden = new Set();
  const ohneOther = [];
  const besuche = (elemente) => {
    for (const e of elemente) {
      switch (e.type) {
        case TYPE.argument:
          gefunden.add(`${e.value}:argument`);
          break;
        case TYPE.number:
          gefunden.add(`${e.value}:number`);
          break;
        case TYPE.date:
          gefunden.add(`${e.value}:date`);
          break;
        case TYPE.time:
          gefunden.add(`${e.value}:time`);
          break;
        case TYPE.select:
          gefunden.add(`${e.value}:select[${Object.keys(e.options).sort().join('|')}]`);
          for (const o of Object.values(e.options)) besuche(o.value);
          break;
        case TYPE.plural:
          gefunden.add(`${e.value}:${e.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}`);
          if (!('other' in e.options)) ohneOther.push(e.value);
          for (const o of Object.values(e.options)) besuche(o.value);
          break;
        case TYPE.tag:
          gefunden.add(`<${e.value}>:tag`);
          besuche(e.children);
          break;
        default:
          break;
      }
    }
  };
  besuche(ast);
  if (ohneOther.length > 0) return { fehler: `hat bei ${ohneOther.join(', ')} keinen Fall 'other'` };
  return { liste: [...gefunden].sort() };
}

function quelltexte(ordner) {
  const dateien = [];
  const gehe = (o) => {
    for (const name of readdirSync(o)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const voll = path.join(o, name);
      if (statSync(voll).isDirectory()) gehe(voll);
      else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) dateien.push(voll);
    }
  };
  gehe(ordner);
  return dateien.map((d) => readFileSync(d, 'utf8')).join('\n');
}

const alle = sprachen();
if (!alle.includes('de')) melde('Die Sprachen nennen Deutsch (de) nicht, die Quelle aller Texte.');
const deutsch = lade('de');
if (deutsch) {
  const schluessel = Object.keys(deutsch);
  const deutscheMuster = new Map();
  for (const k of schluessel) {
    const text = deutsch[k];
    if (typeof text !== 'string' || text.trim() === '') {
      melde(`Sprache de: Schlüssel '${k}' hat keinen Text.`);
      continue;
    }
    const p = platzhalter(text);
    if (p.fehler) melde(`Sprache de: Schlüssel '${k}' ${p.fehler}.`);
    else deutscheMuster.set(k, p.liste);
  }

  for (const sprache of alle.filter((s) => s !== 'de')) {
    const katalog = lade(sprache);
    if (!katalog) continue;
    for (const k of schluessel) {
      if (!(k in katalog)) {
        melde(`Sprache ${sprache}: Schlüssel '${k}' fehlt.`);
        continue;
      }
      const text = katalog[k];
      if (typeof text !== 'string' || text.trim() === '') {
        melde(`Sprache ${sprache}: Schlüssel '${k}' hat keinen Text.`);
        continue;
      }
      const p = platzhalter(text);
      if (p.fehler) {
        melde(`Sprache ${sprache}: Schlüssel '${k}' ${p.fehler}.`);
        continue;
      }
      const soll = deutscheMuster.get(k);
      if (soll && soll.join(',') !== p.liste.join(',')) {
        melde(
          `Sprache ${sprache}: Schlüssel '${k}' hat andere Platzhalter als Deutsch: ${p.liste.join(', ') || 'keine'} statt ${soll.join(', ') || 'keine'}.`,
        );
      }
    }
    for (const k of Object.keys(katalog)) if (!(k in deutsch)) melde(`Sprache ${sprache}: Schlüssel '${k}' gibt es im Deutschen nicht.`);
  }

  const quellen = quellOrdner.map(quelltexte).join('\n');
  const literale = new Set([...quellen.matchAll(/(['"`])([A-Za-z0-9_.-]+)\1/g)].map((m) => m[2]));
  for (const k of schluessel) if (!literale.has(k)) melde(`Sprache de: Schlüssel '${k}' wird im Quelltext nicht verwendet.`);
  for (const m of quellen.matchAll(/\bt\(\s*(['"`])([A-Za-z0-9_.-]+)\1/g))
    if (!(m[2] in deutsch)) melde(`Quelltext: t('${m[2]}') nennt einen Schlüssel, den es im deutschen Katalog nicht gibt.`);
}

const eindeutig = [...new Set(fehler)];
if (eindeutig.length > 0) {
  console.error(`i18n-pruefen: ${eindeutig.length} Fehler in den Katalogen (${path.relative(WURZEL, katalogOrdner) || katalogOrdner}):`);
  for (const f of eindeutig) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`i18n-pruefen: ${alle.length} Sprachen, ${deutsch ? Object.keys(deutsch).length : 0} Schlüssel, alles vollständig.`);
