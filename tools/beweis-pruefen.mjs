#!/usr/bin/env node
// Checks an evidence file of the Waldkita Elternportal (docs/audit.md, "Evidence files") on its
// own: no part of the portal's code, only Node.js (18 or later) and its crypto module.
//
//   node beweis-pruefen.mjs beweis.jsonl [--schluessel anker.pem.pub]
//
// The file is JSON Lines. The first line is the anchor: a summary of the whole event log signed
// with Ed25519 (format waldkita-anker/1) and every stream's head at its position. Then, stream by
// stream from revision 0 up to that head, one line per event: "ereignis" lines in full (the
// selection), "glied" lines with only revision and hashes (the events between, which link the
// selection to the head). The check:
//   1. the anchor's signature (and, with --schluessel, that the key is the one the auditor keeps);
//   2. the anchor's Merkle root (RFC 6962) over the heads it lists;
//   3. each stream's lines: revisions 0, 1, 2 … without gap or swap, each line linked to the one
//      before (vorherigerHash), each full event's hash recomputed from its content, the last line
//      equal to the stream's head in the anchor.
// Exit 0 when everything holds; 1 with one line per finding; 2 when the file cannot be read.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const GENESIS = '0'.repeat(64);
const sha256 = (...teile) => createHash('sha256').update(Buffer.concat(teile)).digest();

// JSON with object keys sorted by UTF-16 code units and no whitespace (RFC 8785 order), members
// whose value is undefined left out; `ohneHashFelder` leaves out an event's own hash fields.
function kanonisch(wert, ohneHashFelder = false) {
  if (wert === null || typeof wert !== 'object') return typeof wert === 'number' && !Number.isFinite(wert) ? 'null' : JSON.stringify(wert);
  if (Array.isArray(wert)) return `[${wert.map((w) => (w === undefined ? 'null' : kanonisch(w))).join(',')}]`;
  const namen = Object.keys(wert)
    .filter((n) => wert[n] !== undefined && !(ohneHashFelder && (n === 'hash' || n === 'vorherigerHash')))
    .sort();
  return `{${namen.map((n) => `${JSON.stringify(n)}:${kanonisch(wert[n])}`).join(',')}}`;
}

/** sha256hex(vorherigerHash + "\n" + canonicalJson({streamName, revision, id, type, data, metadata without hash fields})). */
function ereignisHash(vorher, e) {
  const inhalt = {
    data: e.data,
    id: String(e.id).toLowerCase(),
    metadata: e.metadata ?? {},
    revision: e.revision,
    streamName: e.streamName,
    type: e.type,
  };
  const text = `{${e.data === undefined ? '' : `"data":${kanonisch(e.data)},`}"id":${JSON.stringify(inhalt.id)},"metadata":${kanonisch(inhalt.metadata, true)},"revision":${kanonisch(e.revision)},"streamName":${JSON.stringify(e.streamName)},"type":${JSON.stringify(e.type)}}`;
  return createHash('sha256').update(`${vorher}\n${text}`).digest('hex');
}

/** RFC 6962 Merkle Tree Hash over the heads sorted by stream name (UTF-8 bytes). */
function wurzel(koepfe) {
  const blaetter = [...koepfe]
    .sort((a, b) => Buffer.compare(Buffer.from(a.stream), Buffer.from(b.stream)))
    .map((k) => sha256(Buffer.from([0]), Buffer.from(`${k.stream}\n${k.revision}\n${k.hash}`, 'utf8')));
  if (blaetter.length === 0) return sha256().toString('hex');
  let ebene = blaetter;
  while (ebene.length > 1) {
    const naechste = [];
    for (let i = 0; i < ebene.length; i += 2) naechste.push(ebene[i + 1] ? sha256(Buffer.from([1]), ebene[i], ebene[i + 1]) : ebene[i]);
    ebene = naechste;
  }
  return ebene[0].toString('hex');
}

const oeffentlich = (base64) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base64, 'base64').toString('base64url') }, format: 'jwk' });
const rohSchluessel = (pem) => Buffer.from(createPublicKey(pem).export({ format: 'jwk' }).x, 'base64url').toString('base64');

/**
 * Checks one evidence file: the findings, empty when it holds. Exported for other tools to import;
 * the file runs as a command only when started itself (below).
 * @public
 */
export function pruefe(text, erwarteterSchluessel) {
  const befunde = [];
  const zeilen = text.split('\n').filter((z) => z.trim() !== '');
  let kopf;
  try {
    kopf = JSON.parse(zeilen[0] ?? '');
  } catch {
    return ['Zeile 1: kein JSON.'];
  }
  const anker = kopf?.anker;
  if (kopf?.art !== 'anker' || anker?.format !== 'waldkita-anker/1' || !Array.isArray(anker.koepfe))
    return ['Zeile 1 ist kein Anker im Format waldkita-anker/1.'];
  const zusammenfassung = {
    ereignisse: anker.ereignisse,
    format: anker.format,
    position: anker.position,
    schluessel: anker.schluessel,
    streams: anker.streams,
    wurzel: anker.wurzel,
    zeitpunkt: anker.zeitpunkt,
  };
  let signiert = false;
  try {
    signiert = verify(
      null,
      Buffer.from(kanonisch(zusammenfassung), 'utf8'),
      oeffentlich(anker.schluessel),
      Buffer.from(anker.signatur, 'base64'),
    );
  } catch {
    signiert = false;
  }
  if (!signiert) befunde.push('Anker: die Signatur stimmt nicht.');
  if (erwarteterSchluessel && erwarteterSchluessel !== anker.schluessel)
    befunde.push('Anker: mit einem anderen Schlüssel signiert als dem erwarteten.');
  if (anker.koepfe.length !== anker.streams || wurzel(anker.koepfe) !== anker.wurzel)
    befunde.push('Anker: die Stream-Köpfe ergeben nicht die signierte Wurzel.');

  const koepfe = new Map(anker.koepfe.map((k) => [k.stream, k]));
  const fertig = new Set();
  let stream = null;
  let naechste = 0;
  let vorher = GENESIS;
  let ereignisse = 0;
  const schliesse = () => {
    if (stream === null) return;
    const k = koepfe.get(stream);
    if (!k) befunde.push(`Stream ${stream}: nicht im Anker.`);
    else if (naechste - 1 !== k.revision || vorher !== k.hash)
      befunde.push(`Stream ${stream}: endet nicht beim Kopf des Ankers (Revision ${k.revision}).`);
    fertig.add(stream);
  };
  for (let i = 1; i < zeilen.length; i++) {
    const nr = i + 1;
    let z;
    try {
      z = JSON.parse(zeilen[i]);
    } catch {
      befunde.push(`Zeile ${nr}: kein JSON.`);
      continue;
    }
    if (z.streamName !== stream) {
      schliesse();
      if (fertig.has(z.streamName)) befunde.push(`Zeile ${nr}: Stream ${z.streamName} kommt ein zweites Mal vor.`);
      stream = z.streamName;
      naechste = 0;
      vorher = GENESIS;
    }
    if (z.revision !== naechste) {
      befunde.push(
        `Zeile ${nr}: Stream ${stream}, Revision ${z.revision} statt ${naechste} (fehlt eine Zeile oder ist die Reihenfolge vertauscht?).`,
      );
      naechste = z.revision;
    }
    const hash = z.art === 'ereignis' ? z.metadata?.hash : z.hash;
    const verweis = z.art === 'ereignis' ? z.metadata?.vorherigerHash : z.vorherigerHash;
    if (z.art === 'ereignis') {
      ereignisse++;
      const berechnet = ereignisHash(typeof verweis === 'string' ? verweis : vorher, z);
      if (typeof hash === 'string' && berechnet !== hash)
        befunde.push(`Zeile ${nr}: Stream ${stream}, Revision ${z.revision}: der Hash passt nicht zum Inhalt (verändert).`);
      if (typeof verweis === 'string' && verweis !== vorher)
        befunde.push(`Zeile ${nr}: Stream ${stream}, Revision ${z.revision}: vorherigerHash passt nicht zur Zeile davor.`);
      vorher = typeof hash === 'string' ? hash : berechnet;
    } else if (z.art === 'glied') {
      if (typeof verweis === 'string' && verweis !== vorher)
        befunde.push(`Zeile ${nr}: Stream ${stream}, Revision ${z.revision}: vorherigerHash passt nicht zur Zeile davor.`);
      vorher = String(hash);
    } else befunde.push(`Zeile ${nr}: unbekannte Art ${JSON.stringify(z.art)}.`);
    naechste = z.revision + 1;
  }
  schliesse();
  if (kopf.ereignisse !== ereignisse) befunde.push(`Die Datei nennt ${kopf.ereignisse} Ereignisse, enthält aber ${ereignisse}.`);
  return befunde;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [datei, ...rest] = process.argv.slice(2);
  const i = rest.indexOf('--schluessel');
  if (!datei || (rest.length > 0 && (i !== 0 || rest.length !== 2))) {
    console.error('usage: node beweis-pruefen.mjs <beweis.jsonl> [--schluessel <anker.pem.pub>]');
    process.exit(2);
  }
  let text;
  let erwartet;
  try {
    text = readFileSync(datei, 'utf8');
    if (i === 0) erwartet = rohSchluessel(readFileSync(rest[1], 'utf8'));
  } catch (error) {
    console.error(`Nicht lesbar: ${error.message}`);
    process.exit(2);
  }
  const befunde = pruefe(text, erwartet);
  const kopf = JSON.parse(text.slice(0, text.indexOf('\n')) || '{}');
  if (befunde.length === 0) {
    const fingerabdruck = createHash('sha256')
      .update(Buffer.from(kopf.anker.schluessel, 'base64'))
      .digest('hex')
      .slice(0, 32)
      .match(/.{4}/g)
      .join(':');
    console.log(
      `Beweis geprüft: ${kopf.ereignisse} Ereignisse gehören unverändert zum Log, das der Anker vom ${kopf.anker.zeitpunkt} (Position ${kopf.anker.position}) abdeckt. Schlüssel ${fingerabdruck}${erwartet ? ' (der erwartete)' : ''}.`,
    );
    process.exit(0);
  }
  for (const b of befunde) console.log(`Abweichung: ${b}`);
  process.exit(1);
}
