import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { GELOESCHTE_FAMILIE, geloeschteEmail } from '@waldkita/domain/eltern/eltern';

/**
 * Personal data in the event log, sealed per family (docs/datenschutz.md).
 *
 * The fields below hold a family's name, its child's name, its e-mail or its own free text. They
 * are stored in the log sealed with AES-256-GCM under a key of that family (`personen_schluessel`),
 * as `pd1:` + base64url(iv | ciphertext | tag). The hash chain covers the sealed text. Erasing the
 * family's personal data destroys its key: the sealed text stays in the log, the chain stays
 * checkable, and nobody can read the fields again. Reading then gives the placeholders below: the
 * family's pseudonym for its name ('Gelöschte Familie 2', domain/eltern/pseudonyme.ts).
 *
 * Every field belongs to the family named by the event's `data.elternId`.
 */
export const PERSONENDATEN_FELDER: Readonly<Record<string, readonly string[]>> = {
  ElternRegistriert: ['nachname', 'email', 'nameKind'],
  ElternAktualisiert: ['nachname', 'nameKind'],
  AnteilGesetzt: ['grund'],
  TauschAngeboten: ['nachricht'],
  DienstTauschAngeboten: ['nachricht'],
  PushGeraetAngemeldet: ['abo'],
  StundenEingetragen: ['beschreibung'],
  StundenAbgelehnt: ['grund'],
  StundenKorrigiert: ['grund'],
  StundenFamilieGesetzt: ['grund'],
};

/** What a field reads as once its family's key is destroyed; `name`: the family's pseudonym. */
function platzhalter(feld: string, elternId: string, name: string = GELOESCHTE_FAMILIE): string | null {
  switch (feld) {
    case 'nachname':
      return name;
    case 'email':
      return geloeschteEmail(elternId);
    case 'grund':
    case 'abo':
      return '';
    default:
      return null; // nameKind, nachricht, beschreibung
  }
}

const PRAEFIX = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SCHLUESSEL_BYTES = 32;

export const neuerSchluessel = () => randomBytes(SCHLUESSEL_BYTES);

/**
 * Nonces for AES-GCM, cut from random blocks of 4 KB: one call into the random generator per 341
 * sealed fields instead of one per field (each call cost about 6.5 µs, 40 % of sealing a field; a
 * yearly import seals some 30,000). The bytes are the same generator's; a nonce is never handed
 * out twice.
 */
let vorrat = Buffer.alloc(0);
let genommen = 0;
function neueNonce(): Buffer {
  if (genommen + IV_BYTES > vorrat.length) {
    vorrat = randomBytes(4096);
    genommen = 0;
  }
  genommen += IV_BYTES;
  return vorrat.subarray(genommen - IV_BYTES, genommen);
}

export const istVersiegelt = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PRAEFIX);

/** Binds a sealed text to its family, event type and field: it cannot be moved to another place and read there. */
const zusatz = (elternId: string, type: string, feld: string) => Buffer.from(`${elternId}\n${type}\n${feld}`, 'utf8');

export function versiegle(schluessel: Buffer, elternId: string, type: string, feld: string, klartext: string): string {
  const iv = neueNonce();
  const cipher = createCipheriv('aes-256-gcm', schluessel, iv);
  cipher.setAAD(zusatz(elternId, type, feld));
  const inhalt = Buffer.concat([cipher.update(klartext, 'utf8'), cipher.final()]);
  return PRAEFIX + Buffer.concat([iv, inhalt, cipher.getAuthTag()]).toString('base64url');
}

/** The plain text, or null when the key does not open it (another family's key, a changed text). */
export function oeffne(schluessel: Buffer, elternId: string, type: string, feld: string, versiegelt: string): string | null {
  const bytes = Buffer.from(versiegelt.slice(PRAEFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', schluessel, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(zusatz(elternId, type, feld));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

type MitDaten = { type: string; data: unknown };

/** The family whose personal data the event holds, or null when it holds none. */
export function personVon(event: MitDaten): string | null {
  const felder = PERSONENDATEN_FELDER[event.type];
  if (!felder) return null;
  const elternId = (event.data as { elternId?: unknown } | null)?.elternId;
  return typeof elternId === 'string' ? elternId : null;
}

/** Whether some personal field of the event is still plain text (written before sealing existed). */
export function hatKlartext(event: MitDaten): boolean {
  const felder = PERSONENDATEN_FELDER[event.type];
  if (!felder || personVon(event) === null) return false;
  const data = event.data as Record<string, unknown>;
  return felder.some((feld) => typeof data[feld] === 'string' && !istVersiegelt(data[feld]));
}

/** The event with its plain personal fields sealed under the family's key (others unchanged). */
export function versiegleEvent<E extends MitDaten>(event: E, schluessel: Buffer): E {
  const elternId = personVon(event);
  if (elternId === null) return event;
  const data = { ...(event.data as Record<string, unknown>) };
  for (const feld of PERSONENDATEN_FELDER[event.type]!) {
    const wert = data[feld];
    if (typeof wert === 'string' && !istVersiegelt(wert)) data[feld] = versiegle(schluessel, elternId, event.type, feld, wert);
  }
  return { ...event, data };
}

/**
 * The event as its readers know it: sealed fields opened with the family's key, or, without a
 * key (erased), the placeholders, its name being `pseudonym`. Plain fields (a log not yet
 * migrated) are left as they are.
 */
export function oeffneEvent<E extends MitDaten>(event: E, schluessel: Buffer | undefined, pseudonym?: string): E {
  const elternId = personVon(event);
  if (elternId === null) return event;
  const felder = PERSONENDATEN_FELDER[event.type]!;
  const data = event.data as Record<string, unknown>;
  if (!felder.some((feld) => istVersiegelt(data[feld]))) return event;
  const offen = { ...data };
  for (const feld of felder) {
    const wert = data[feld];
    if (!istVersiegelt(wert)) continue;
    offen[feld] = (schluessel && oeffne(schluessel, elternId, event.type, feld, wert)) ?? platzhalter(feld, elternId, pseudonym);
  }
  return { ...event, data: offen };
}
