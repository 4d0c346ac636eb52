import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from '../event-store/hash-chain.js';

/**
 * Anchors of the event log (docs/audit.md, "Anchors"): a signed summary of the whole log at one
 * position, modelled on Certificate Transparency's signed tree head (RFC 6962 §2.1, §3.5). Kept
 * outside the database (mailed, downloaded, printed), an anchor proves later that the log still
 * holds exactly what it covered: a chain rewritten from a forged event onwards changes its
 * stream's head, so the Merkle root no longer matches, even when every link inside the database
 * agrees.
 *
 * - A leaf is one stream's head at the anchor's position: its name, revision and hash.
 * - The leaves are sorted by stream name (UTF-8 byte order, as Postgres's "C" collation would).
 * - The tree is RFC 6962's Merkle Tree Hash: leaf = SHA-256(0x00 ‖ data), node = SHA-256(0x01 ‖
 *   left ‖ right), split at the largest power of two below n; the empty tree's root is SHA-256("").
 * - The signature is Ed25519 over the canonical JSON of the summary (everything but `signatur`
 *   and `koepfe`). The private key never enters the database.
 */

const ANKER_FORMAT = 'waldkita-anker/1';

/** One stream's head at the anchor's position. */
export type StreamKopf = { stream: string; revision: number; hash: string };

/** What the signature covers. */
type AnkerZusammenfassung = {
  format: typeof ANKER_FORMAT;
  /** The log position the anchor covers, "commit/prepare": every event up to and including it. */
  position: string;
  /** When the anchor was made (ISO 8601, UTC). */
  zeitpunkt: string;
  /** Streams and events up to the position. */
  streams: number;
  ereignisse: number;
  /** Merkle root over the stream heads, hex. */
  wurzel: string;
  /** The Ed25519 public key that signed, raw 32 bytes in base64. */
  schluessel: string;
};

/** An anchor as a file: the signed summary, its signature and the heads it was computed from. */
export type Anker = AnkerZusammenfassung & { signatur: string; koepfe: StreamKopf[] };

const sha256 = (...teile: Buffer[]) => createHash('sha256').update(Buffer.concat(teile)).digest();
const NULL = Buffer.from([0]);
const EINS = Buffer.from([1]);

/** The leaf data of a head: "stream\nrevision\nhash" in UTF-8. */
const blattDaten = (kopf: StreamKopf) => Buffer.from(`${kopf.stream}\n${kopf.revision}\n${kopf.hash}`, 'utf8');

/** Stream names in UTF-8 byte order. */
const vergleicheStreams = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** RFC 6962 Merkle Tree Hash over leaf data already in order. */
export function merkleWurzel(blaetter: readonly Buffer[]): Buffer {
  if (blaetter.length === 0) return sha256();
  let ebene: Buffer[] = blaetter.map((b) => sha256(NULL, b));
  // Bottom-up with the odd node carried up unchanged gives the same tree as RFC 6962's split at
  // the largest power of two below n.
  while (ebene.length > 1) {
    const naechste: Buffer[] = [];
    for (let i = 0; i < ebene.length; i += 2) {
      const links = ebene[i]!;
      const rechts = ebene[i + 1];
      naechste.push(rechts ? sha256(EINS, links, rechts) : links);
    }
    ebene = naechste;
  }
  return ebene[0]!;
}

/** The root over some heads, in the anchor's order. */
export const wurzelDerKoepfe = (koepfe: readonly StreamKopf[]) =>
  merkleWurzel([...koepfe].sort((a, b) => vergleicheStreams(a.stream, b.stream)).map(blattDaten)).toString('hex');

const zusammenfassung = (a: AnkerZusammenfassung): AnkerZusammenfassung => ({
  format: a.format,
  position: a.position,
  zeitpunkt: a.zeitpunkt,
  streams: a.streams,
  ereignisse: a.ereignisse,
  wurzel: a.wurzel,
  schluessel: a.schluessel,
});

/** The bytes the signature is over. */
const signierteBytes = (a: AnkerZusammenfassung) => Buffer.from(canonicalJson(zusammenfassung(a)), 'utf8');

/** The raw 32-byte public key of an Ed25519 key, base64. */
export function oeffentlicherSchluessel(schluessel: KeyObject): string {
  const oeffentlich = schluessel.type === 'private' ? createPublicKey(schluessel) : schluessel;
  const jwk = oeffentlich.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error(ANKER_SCHLUESSEL_KEIN_ED25519);
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** A short fingerprint of a public key to compare by eye or phone: SHA-256, first 16 bytes, grouped. */
export const fingerabdruck = (schluesselBase64: string) =>
  (createHash('sha256').update(Buffer.from(schluesselBase64, 'base64')).digest('hex').slice(0, 32).match(/.{4}/g) ?? []).join(':');

const ANKER_SCHLUESSEL_KEIN_ED25519 = 'Der Schlüssel für Anker ist kein Ed25519-Schlüssel.';

/** Reads a private Ed25519 key from PEM (PKCS#8). */
export function privaterSchluessel(pem: string): KeyObject {
  const schluessel = createPrivateKey(pem);
  if (schluessel.asymmetricKeyType !== 'ed25519') throw new Error(ANKER_SCHLUESSEL_KEIN_ED25519);
  return schluessel;
}

/** A new Ed25519 key pair as PEM (PKCS#8 private, SPKI public). */
export function neuesSchluesselpaar(): { privat: string; oeffentlich: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privat: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    oeffentlich: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/** Makes an anchor from the heads at a position, signed with the private key. */
export function signiereAnker(
  eingabe: { position: string; zeitpunkt: Date; ereignisse: number; koepfe: StreamKopf[] },
  schluessel: KeyObject,
): Anker {
  const koepfe = [...eingabe.koepfe].sort((a, b) => vergleicheStreams(a.stream, b.stream));
  const summe: AnkerZusammenfassung = {
    format: ANKER_FORMAT,
    position: eingabe.position,
    zeitpunkt: eingabe.zeitpunkt.toISOString(),
    streams: koepfe.length,
    ereignisse: eingabe.ereignisse,
    wurzel: wurzelDerKoepfe(koepfe),
    schluessel: oeffentlicherSchluessel(schluessel),
  };
  const signatur = sign(null, signierteBytes(summe), schluessel).toString('base64');
  return { ...summe, signatur, koepfe };
}

/** The public key of an anchor as a KeyObject (raw Ed25519 in base64 → JWK). */
const alsSchluessel = (base64: string) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base64, 'base64').toString('base64url') }, format: 'jwk' });

/** Reads an anchor file; German reason when it is not one. */
export function leseAnker(text: string): Anker | string {
  let wert: unknown;
  try {
    wert = JSON.parse(text);
  } catch {
    return 'Die Anker-Datei ist kein JSON.';
  }
  const a = wert as Partial<Anker> | null;
  if (!a || typeof a !== 'object' || a.format !== ANKER_FORMAT) return `Die Anker-Datei hat nicht das Format ${ANKER_FORMAT}.`;
  const text64 = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9+/=]+$/.test(v);
  if (
    typeof a.position !== 'string' ||
    typeof a.zeitpunkt !== 'string' ||
    !Number.isSafeInteger(a.streams) ||
    !Number.isSafeInteger(a.ereignisse) ||
    typeof a.wurzel !== 'string' ||
    !/^[0-9a-f]{64}$/.test(a.wurzel) ||
    !text64(a.schluessel) ||
    !text64(a.signatur) ||
    !Array.isArray(a.koepfe) ||
    !a.koepfe.every((k) => k && typeof k.stream === 'string' && Number.isSafeInteger(k.revision) && typeof k.hash === 'string')
  )
    return 'Die Anker-Datei ist unvollständig.';
  return a as Anker;
}

/**
 * Checks an anchor by itself: the signature over its summary (with its own key, or the key the
 * auditor keeps, `erwarteterSchluessel`), and that its heads give its root. German reasons; empty
 * when it holds.
 */
export function pruefeAnkerSelbst(anker: Anker, erwarteterSchluessel?: string): string[] {
  const gruende: string[] = [];
  if (erwarteterSchluessel && erwarteterSchluessel !== anker.schluessel)
    gruende.push(
      `Der Anker ist mit einem anderen Schlüssel signiert (${fingerabdruck(anker.schluessel)}) als dem erwarteten (${fingerabdruck(erwarteterSchluessel)}).`,
    );
  let gueltig = false;
  try {
    gueltig = verify(null, signierteBytes(anker), alsSchluessel(anker.schluessel), Buffer.from(anker.signatur, 'base64'));
  } catch {
    gueltig = false;
  }
  if (!gueltig) gruende.push('Die Signatur des Ankers stimmt nicht: die Datei wurde nach dem Signieren verändert.');
  if (anker.koepfe.length !== anker.streams || wurzelDerKoepfe(anker.koepfe) !== anker.wurzel)
    gruende.push('Die Stream-Köpfe der Datei ergeben nicht die signierte Wurzel.');
  return gruende;
}

/**
 * Compares the log's heads at the anchor's position with the anchor: German lines naming every
 * stream that differs (changed, missing, added), empty when the log holds exactly what the anchor
 * covered.
 */
export function vergleicheMitAnker(anker: Anker, imLog: readonly StreamKopf[], ereignisseImLog: number): string[] {
  const gruende: string[] = [];
  const wurzel = wurzelDerKoepfe(imLog);
  if (wurzel === anker.wurzel && ereignisseImLog === anker.ereignisse) return gruende;
  const logKoepfe = new Map(imLog.map((k) => [k.stream, k]));
  const ankerKoepfe = new Map(anker.koepfe.map((k) => [k.stream, k]));
  for (const k of anker.koepfe) {
    const jetzt = logKoepfe.get(k.stream);
    if (!jetzt) gruende.push(`Stream ${k.stream}: fehlt im Log (der Anker kennt ihn bis Revision ${k.revision}).`);
    else if (jetzt.revision !== k.revision) gruende.push(`Stream ${k.stream}: Revision ${jetzt.revision} im Log, ${k.revision} im Anker.`);
    else if (jetzt.hash !== k.hash)
      gruende.push(
        `Stream ${k.stream}: Kopf bei Revision ${k.revision} verändert (Hash ${jetzt.hash.slice(0, 12)}… statt ${k.hash.slice(0, 12)}…).`,
      );
  }
  for (const k of imLog)
    if (!ankerKoepfe.has(k.stream)) gruende.push(`Stream ${k.stream}: im Log bis zur Position des Ankers, aber nicht im Anker.`);
  if (ereignisseImLog !== anker.ereignisse)
    gruende.push(`${ereignisseImLog} Ereignisse im Log bis zur Position des Ankers, ${anker.ereignisse} im Anker.`);
  if (gruende.length === 0)
    gruende.push(`Die Wurzel des Logs (${wurzel.slice(0, 12)}…) ist nicht die des Ankers (${anker.wurzel.slice(0, 12)}…).`);
  return gruende;
}
