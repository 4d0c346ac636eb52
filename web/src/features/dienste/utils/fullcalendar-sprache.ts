import type { LocaleInput } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import plLocale from '@fullcalendar/core/locales/pl';
import trLocale from '@fullcalendar/core/locales/tr';
import ukLocale from '@fullcalendar/core/locales/uk';
import { GEBIETSSCHEMA, richtung, type Sprache } from '@waldkita/domain/i18n/sprachen';

const LOCALES: Record<Sprache, LocaleInput> = {
  de: deLocale,
  en: enGbLocale,
  tr: trLocale,
  uk: ukLocale,
  // Arabic with Western digits, as every other date and number of the portal (GEBIETSSCHEMA).
  ar: { ...arLocale, code: GEBIETSSCHEMA.ar },
  pl: plLocale,
};

/** FullCalendar's `locale` and `direction` for the screen's language: Arabic mirrors (docs/i18n.md). */
export const fullCalendarSprache = (sprache: Sprache) => ({ locale: LOCALES[sprache], direction: richtung(sprache) });
