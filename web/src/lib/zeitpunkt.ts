import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';

/** Made on first use: a formatter with a time zone costs a phone about 15 ms (ICU's zone data). */
let uhrzeit: Intl.DateTimeFormat | null = null;

/** '20.11.2026, 10:15 Uhr' in Kempten's time zone; in another language its date form, '20/11/2026, 10:15'. */
export function zeitpunkt(iso: string, sprache: Sprache = 'de'): string {
  const zeit = new Date(iso);
  if (sprache !== 'de') return zeitpunktIn(zeit, sprache);
  uhrzeit ??= new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });
  return `${datumDeutsch(heuteInBerlin(zeit))}, ${uhrzeit.format(zeit)} Uhr`;
}
