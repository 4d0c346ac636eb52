import ar from '@waldkita/domain/i18n/ar.json' with { type: 'json' };
import de from '@waldkita/domain/i18n/de.json' with { type: 'json' };
import en from '@waldkita/domain/i18n/en.json' with { type: 'json' };
import pl from '@waldkita/domain/i18n/pl.json' with { type: 'json' };
import { SPRACHEN, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import tr from '@waldkita/domain/i18n/tr.json' with { type: 'json' };
import uk from '@waldkita/domain/i18n/uk.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';
import { icuFormat } from './icu-format.js';

/**
 * The server's texts in each language (docs/i18n.md): the same catalogues and the same library
 * (i18next with ICU messages) as the screens, so a refusal, a mail or a push says what the screen
 * would. Loaded once, synchronously, with every language: the server answers any of them.
 */

const KATALOGE: Record<Sprache, Record<string, string>> = { de, en, tr, uk, ar, pl };

const instanz = i18next.createInstance();
instanz.use(icuFormat()).init({
  lng: STANDARD_SPRACHE,
  fallbackLng: STANDARD_SPRACHE,
  supportedLngs: [...SPRACHEN],
  resources: Object.fromEntries(SPRACHEN.map((s) => [s, { translation: KATALOGE[s] }])),
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const uebersetzer = new Map<Sprache, TFunction>(SPRACHEN.map((s) => [s, instanz.getFixedT(s)]));

/** The texts of one language: `texte('en')('mail.gruss')`. */
export const texte = (sprache: Sprache): TFunction => uebersetzer.get(sprache) ?? (uebersetzer.get(STANDARD_SPRACHE) as TFunction);

/** The raw catalogue of one language (German is the source of every key). */
export const katalog = (sprache: Sprache): Readonly<Record<string, string>> => KATALOGE[sprache];
