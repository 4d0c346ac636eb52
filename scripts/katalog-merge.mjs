// A git merge driver for the language catalogues (domain/src/i18n/*.json, docs/i18n.md): two
// branches that each add keys for their screens merge key by key instead of line by line.
//   git config merge.katalog.driver 'node scripts/katalog-merge.mjs %O %A %B'
// (.gitattributes names the files.) Keys keep our order, theirs new keys follow; a key both sides
// changed differently is a conflict: exit 1, and ours is kept so the file stays valid JSON.
import { readFileSync, writeFileSync } from 'node:fs';

const [basisDatei, unsereDatei, ihreDatei] = process.argv.slice(2);
const lies = (datei) => {
  try {
    return JSON.parse(readFileSync(datei, 'utf8'));
  } catch {
    return {};
  }
};
const basis = lies(basisDatei);
const unsere = lies(unsereDatei);
const ihre = lies(ihreDatei);

const ergebnis = {};
let konflikte = 0;
for (const [schluessel, wert] of Object.entries(unsere)) {
  const ihrer = ihre[schluessel];
  const alter = basis[schluessel];
  if (ihrer === undefined) {
    // They deleted it (it was in the base) or never had it.
    if (alter === undefined || alter !== wert) ergebnis[schluessel] = wert;
    continue;
  }
  if (ihrer === wert || ihrer === alter) ergebnis[schluessel] = wert;
  else if (wert === alter) ergebnis[schluessel] = ihrer;
  else {
    ergebnis[schluessel] = wert;
    konflikte++;
    console.error(`Katalog: ${schluessel} auf beiden Seiten verschieden geändert`);
  }
}
for (const [schluessel, wert] of Object.entries(ihre)) {
  if (schluessel in unsere) continue;
  if (schluessel in basis && basis[schluessel] === wert) continue; // we deleted it
  ergebnis[schluessel] = wert;
}
writeFileSync(unsereDatei, `${JSON.stringify(ergebnis, null, 2)}\n`);
process.exit(konflikte ? 1 : 0);
