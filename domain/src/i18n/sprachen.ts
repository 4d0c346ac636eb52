/**
 * Pure and without zod: the login screen, the first paint, uses it (sprache-schema.ts validates).
 * The languages of the product (docs/i18n.md): German is the source and the default; every other
 * catalogue has exactly German's keys.
 */
export const SPRACHEN = ['de', 'en', 'tr', 'uk', 'ar', 'pl'] as const;
export type Sprache = (typeof SPRACHEN)[number];
export const STANDARD_SPRACHE: Sprache = 'de';

/** Each language's name in itself, as the language switch shows it. */
export const SPRACH_NAMEN: Readonly<Record<Sprache, string>> = {
  de: 'Deutsch',
  en: 'English',
  tr: 'Türkçe',
  uk: 'Українська',
  ar: 'العربية',
  pl: 'Polski',
};

/**
 * The locale for numbers and dates in each language (Intl). Arabic keeps Western digits, as on the
 * kindergarten's own papers and in ISO week numbers; German stays dd.MM.yyyy.
 */
export const GEBIETSSCHEMA: Readonly<Record<Sprache, string>> = {
  de: 'de-DE',
  en: 'en-GB',
  tr: 'tr-TR',
  uk: 'uk-UA',
  ar: 'ar-u-nu-latn',
  pl: 'pl-PL',
};

export const SPRACHE_UNBEKANNT = `Bitte wählen Sie eine dieser Sprachen: ${SPRACHEN.join(', ')}.`;

export const istSprache = (wert: unknown): wert is Sprache => typeof wert === 'string' && (SPRACHEN as readonly string[]).includes(wert);

/** The writing direction: Arabic is right-to-left, the others left-to-right. */
export const richtung = (sprache: Sprache): 'rtl' | 'ltr' => (sprache === 'ar' ? 'rtl' : 'ltr');

/** A tag like 'en-GB' or 'UK' as one of ours ('en', 'uk'), or null. */
const ausSprachTag = (tag: string): Sprache | null => {
  const basis = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return istSprache(basis) ? basis : null;
};

/** The first of the browser's languages (navigator.languages, in order of preference) that we have; else German. */
export const ausBrowserSprachen = (tags: readonly string[]): Sprache => {
  for (const tag of tags) {
    const sprache = ausSprachTag(tag);
    if (sprache) return sprache;
  }
  return STANDARD_SPRACHE;
};

/**
 * The language an `Accept-Language` header asks for (RFC 9110 §12.5.4): the ranges by their
 * q-value (equal ones in the header's order), the first that we have; '*', q=0, an absent or
 * unreadable header: German.
 */
export const ausAcceptLanguage = (header: string | null | undefined): Sprache => {
  if (!header) return STANDARD_SPRACHE;
  const bereiche = header
    .split(',')
    .map((teil, index) => {
      const [tag = '', ...parameter] = teil.split(';').map((s) => s.trim());
      const q = parameter.find((p) => /^q=/i.test(p));
      const wert = q === undefined ? 1 : Number(q.slice(2));
      return { tag, q: Number.isFinite(wert) ? wert : 0, index };
    })
    .filter((b) => b.tag && b.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of bereiche) {
    const sprache = ausSprachTag(tag);
    if (sprache) return sprache;
  }
  return STANDARD_SPRACHE;
};
