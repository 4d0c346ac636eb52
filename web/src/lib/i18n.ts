import de from '@waldkita/domain/i18n/de.json?teil=kern';
import { ausBrowserSprachen, istSprache, richtung, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { getStoredUserData } from './session-storage';

/**
 * The screens' texts (docs/i18n.md): i18next with ICU messages, one catalogue per language in
 * domain/src/i18n, German the source. German comes with the entry, so a German first paint waits
 * for nothing; another language's catalogue is a chunk of its own, loaded before it is shown.
 * The browser gets no server texts, and the Admin Center's and audit trail's keys are a part of
 * their own (`?teil=verwaltung`, web/vite.config.ts), loaded with those screens (`ladeVerwaltung`).
 */

/** The language chosen on this device before sign-in (the login screen's switch, or the family's last one). */
const SPRACHE_KEY = 'waldkita.sprache';

type Katalog = Record<string, string>;
const KATALOGE: Record<Exclude<Sprache, 'de'>, () => Promise<{ default: Katalog }>> = {
  en: () => import('@waldkita/domain/i18n/en.json?teil=kern'),
  tr: () => import('@waldkita/domain/i18n/tr.json?teil=kern'),
  uk: () => import('@waldkita/domain/i18n/uk.json?teil=kern'),
  ar: () => import('@waldkita/domain/i18n/ar.json?teil=kern'),
  pl: () => import('@waldkita/domain/i18n/pl.json?teil=kern'),
};
const VERWALTUNG: Record<Sprache, () => Promise<{ default: Katalog }>> = {
  de: () => import('@waldkita/domain/i18n/de.json?teil=verwaltung'),
  en: () => import('@waldkita/domain/i18n/en.json?teil=verwaltung'),
  tr: () => import('@waldkita/domain/i18n/tr.json?teil=verwaltung'),
  uk: () => import('@waldkita/domain/i18n/uk.json?teil=verwaltung'),
  ar: () => import('@waldkita/domain/i18n/ar.json?teil=verwaltung'),
  pl: () => import('@waldkita/domain/i18n/pl.json?teil=verwaltung'),
};

/** Whether a screen of the Admin Center or the audit trail was opened: then a switch loads their part too. */
let verwaltungGebraucht = false;
const verwaltungGeladen = new Set<Sprache>();

async function ladeVerwaltungFuer(sprache: Sprache) {
  if (verwaltungGeladen.has(sprache)) return;
  const teil = await VERWALTUNG[sprache]();
  i18next.addResources(sprache, 'translation', teil.default);
  verwaltungGeladen.add(sprache);
}

/** The Admin Center's and audit trail's texts in the current language (and German, the fallback); before those screens render. */
export async function ladeVerwaltung(): Promise<void> {
  verwaltungGebraucht = true;
  const sprache = istSprache(i18next.language) ? i18next.language : STANDARD_SPRACHE;
  await Promise.all([ladeVerwaltungFuer(STANDARD_SPRACHE), ladeVerwaltungFuer(sprache)]);
}

void i18next
  .use(ICU)
  .use(initReactI18next)
  .init({
    lng: STANDARD_SPRACHE,
    fallbackLng: STANDARD_SPRACHE,
    resources: { de: { translation: de } },
    // Keys are flat ('login.titel'): no nesting, no namespaces in the key.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });

export const i18n = i18next;

/** The language of the stored session's family, if it has one. */
function spracheDerFamilie(): Sprache | null {
  try {
    const user: unknown = JSON.parse(getStoredUserData() ?? 'null');
    const sprache = user && typeof user === 'object' && 'sprache' in user ? user.sprache : null;
    return istSprache(sprache) ? sprache : null;
  } catch {
    return null;
  }
}

/** The language to start with: the signed-in family's, else this device's choice, else the browser's languages, else German. */
export function startSprache(): Sprache {
  const familie = spracheDerFamilie();
  if (familie) return familie;
  const gewaehlt = localStorage.getItem(SPRACHE_KEY);
  if (istSprache(gewaehlt)) return gewaehlt;
  return ausBrowserSprachen(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * Shows the screens in `sprache`: loads its catalogue if needed, then switches, and `<html lang dir>`
 * with it. Remembered on this device for the next visit before sign-in.
 */
export async function wechsleSprache(sprache: Sprache): Promise<void> {
  if (sprache !== 'de' && !i18next.hasResourceBundle(sprache, 'translation')) {
    const katalog = await KATALOGE[sprache]();
    i18next.addResourceBundle(sprache, 'translation', katalog.default, true);
  }
  if (verwaltungGebraucht) await ladeVerwaltungFuer(sprache);
  if (i18next.language !== sprache) await i18next.changeLanguage(sprache);
  const html = document.documentElement;
  if (html.lang !== sprache) html.lang = sprache;
  if (html.dir !== richtung(sprache)) html.dir = richtung(sprache);
  try {
    localStorage.setItem(SPRACHE_KEY, sprache);
  } catch {
    // Storage full or blocked: the choice holds for this visit.
  }
  // The server draws the next page's first frame in this language (cli/src/screen-preload.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value; the Cookie Store API is not in every browser we serve
  document.cookie = `${SPRACHE_KEY}=${sprache}; path=/; max-age=31536000; samesite=lax`;
}
