import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';

const uhrzeit = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });

/** '20.11.2026, 10:15 Uhr' in Kempten's time zone; in another language its date form, '20/11/2026, 10:15'. */
export function zeitpunkt(iso: string, sprache: Sprache = 'de'): string {
  const zeit = new Date(iso);
  if (sprache !== 'de') return zeitpunktIn(zeit, sprache);
  return `${datumDeutsch(heuteInBerlin(zeit))}, ${uhrzeit.format(zeit)} Uhr`;
}
