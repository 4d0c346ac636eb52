import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';

const uhrzeit = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });

/** '20.11.2026, 10:15 Uhr' in Kempten's time zone. */
export function zeitpunkt(iso: string): string {
  const zeit = new Date(iso);
  return `${datumDeutsch(heuteInBerlin(zeit))}, ${uhrzeit.format(zeit)} Uhr`;
}
