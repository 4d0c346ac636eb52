import { createHash } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The mail folder (MAIL_DIR, used when no SMTP_URL is set): one .eml file per mail. Its file names
 * carry no personal data — the time, the recipient family's id and a hash of the mail's id — and
 * an erasure removes what the folder holds of a family (docs/datenschutz.md).
 */

/** `2026-05-04T10-00-00-000Z-<familyId>-<12 hex>.eml`: sortable by time, found by family id. */
export function mailDateiName(elternId: string, messageId: string, jetzt: Date): string {
  const id = /^[A-Za-z0-9-]{1,64}$/.test(elternId) ? elternId : 'unbekannt';
  const kurz = createHash('sha256').update(messageId).digest('hex').slice(0, 12);
  return `${jetzt.toISOString().replace(/[:.]/g, '-')}-${id}-${kurz}.eml`;
}

const QP_BYTE = /=([0-9A-Fa-f]{2})/g;

/** Quoted-printable (RFC 2045) undone over a whole text: soft breaks joined, `=XX` as bytes, read as UTF-8. */
function ohneQuotedPrintable(text: string): string {
  const verbunden = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  let letztes = 0;
  for (const treffer of verbunden.matchAll(QP_BYTE)) {
    bytes.push(...Buffer.from(verbunden.slice(letztes, treffer.index), 'utf8'));
    bytes.push(Number.parseInt(treffer[1]!, 16));
    letztes = treffer.index + treffer[0].length;
  }
  bytes.push(...Buffer.from(verbunden.slice(letztes), 'utf8'));
  return Buffer.from(bytes).toString('utf8');
}

/** Every run of base64 lines (a body part so encoded) decoded as UTF-8. */
const base64Teile = (text: string) =>
  [...text.matchAll(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm)].map((teil) =>
    Buffer.from(teil[0].replace(/\s/g, ''), 'base64').toString('utf8'),
  );

/** RFC 2047 encoded words of the headers (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
const kodierteWoerter = (text: string) =>
  [...text.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)].map(([, art, inhalt]) =>
    art!.toUpperCase() === 'B' ? Buffer.from(inhalt!, 'base64').toString('utf8') : ohneQuotedPrintable(inhalt!.replace(/_/g, ' ')),
  );

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The readable text of an .eml file as this app writes it (nodemailer: headers, a text and an
 * HTML part in quoted-printable, 7bit or base64): the raw file and its decoded forms together.
 */
function mailText(roh: string): string {
  return [roh, ohneQuotedPrintable(roh), ...base64Teile(roh), ...kodierteWoerter(roh)].join('\n');
}

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a mail's text names any of `texte` (plain or HTML-escaped); texts under 4 characters only as whole words. */
function nenntEinen(text: string, texte: readonly string[]): boolean {
  const klein = text.toLowerCase();
  return texte.some((t) => {
    const wort = t.trim().toLowerCase();
    if (!wort) return false;
    if (wort.length < 4) return new RegExp(`(^|[^\\p{L}\\p{N}])${regexEscape(wort)}($|[^\\p{L}\\p{N}])`, 'u').test(klein);
    return klein.includes(wort) || klein.includes(escapeHtml(wort));
  });
}

/**
 * Removes from the mail folder every mail to the family (its id in the file name) and every other
 * mail that names it (another family's swap mail: 'Familie Fuchs hat …'). The folder is the
 * outbox of an installation without SMTP, not anyone's mailbox; a mail is removed as a whole
 * rather than rewritten. Answers the names of the removed files. A folder that does not exist
 * holds nothing.
 */
export async function entferneAusMailOrdner(ordner: string, elternId: string, texte: readonly string[]): Promise<string[]> {
  let dateien: string[];
  try {
    dateien = (await readdir(ordner)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entfernt: string[] = [];
  for (const name of dateien) {
    const datei = path.join(ordner, name);
    let weg = name.includes(elternId);
    if (!weg && texte.length > 0) {
      const roh = await readFile(datei, 'utf8').catch(() => null);
      weg = roh !== null && nenntEinen(mailText(roh), texte);
    }
    if (!weg) continue;
    await unlink(datei).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    entfernt.push(name);
  }
  return entfernt;
}
