import type { z } from 'zod';

/**
 * Rules every text a user sends must keep, shared by the server and the web client: no invisible
 * characters the database cannot store, and upper bounds for free text, in characters as a user
 * counts them (code points: an emoji is one). Announcements (mitteilung.ts), closing-time
 * descriptions (kalender/schliesszeiten.ts) and passwords (auth/passwort.ts) keep theirs there.
 */

export const UNGUELTIGE_ZEICHEN = 'Die Eingabe enthält ungültige Zeichen.';

/** A NUL character or a lone UTF-16 surrogate (a pair is one code point, never `Cs`): neither can be stored or shown. */
const EINZELNES_SURROGAT = /\p{Cs}/u;
export const hatUngueltigeZeichen = (text: string) => text.includes('\u0000') || EINZELNES_SURROGAT.test(text);

/** Characters as a user counts them. */
export const zeichenzahl = (text: string) => [...text].length;

/** A family's surname (Nachname). */
export const MAX_NACHNAME = 100;
/** One child's first name (one row of the yearly import). */
export const MAX_VORNAME_KIND = 100;
/** The family's `nameKind`: the children's first names together, e.g. 'Anna, Ben'. */
export const MAX_NAME_KIND = 500;
/** RFC 5321: a forward path holds at most 256 octets including the angle brackets. */
export const MAX_EMAIL = 254;
export const MAX_GRUPPENNAME = 60;
/** One filter value of the audit trail (stream, category, group, time, page, format). */
export const MAX_FILTERTEXT = 200;

export const NACHNAME_ZU_LANG = `Der Nachname darf höchstens ${MAX_NACHNAME} Zeichen lang sein.`;
export const VORNAME_KIND_ZU_LANG = `Der Vorname des Kindes darf höchstens ${MAX_VORNAME_KIND} Zeichen lang sein.`;
export const NAME_KIND_ZU_LANG = `Die Namen der Kinder dürfen zusammen höchstens ${MAX_NAME_KIND} Zeichen lang sein.`;
export const EMAIL_ZU_LANG = `Die E-Mail-Adresse darf höchstens ${MAX_EMAIL} Zeichen lang sein.`;
export const GRUPPENNAME_ZU_LANG = `Der Gruppenname darf höchstens ${MAX_GRUPPENNAME} Zeichen lang sein.`;
export const FILTER_ZU_LANG = `Ein Filterwert darf höchstens ${MAX_FILTERTEXT} Zeichen lang sein.`;

/** The German message of a zod issue that its schema gives no message of its own. */
export const deutscheZodMeldung: z.core.$ZodErrorMap = (issue) => {
  if (!issue.path || issue.path.length === 0) return 'Die gesendeten Daten haben nicht die erwartete Form.';
  const feld = `Das Feld „${issue.path.join('.')}“`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${feld} fehlt.` : `${feld} hat nicht die erwartete Form.`;
    case 'too_big':
      if (issue.origin === 'string') return `${feld} darf höchstens ${issue.maximum} Zeichen lang sein.`;
      if (issue.origin === 'array') return `${feld} darf höchstens ${issue.maximum} Einträge haben.`;
      return `${feld} ist zu groß.`;
    case 'too_small':
      if (issue.origin === 'string') return `${feld} muss mindestens ${issue.minimum} Zeichen lang sein.`;
      return `${feld} ist zu klein.`;
    default:
      return `${feld} hat einen ungültigen Wert.`;
  }
};
