import { queryOptions } from '@tanstack/react-query';
import type { MeinDienst } from '@waldkita/domain/dienste/antworten';
import type { Dienstart } from '@waldkita/domain/dienste/dienstart';
import { terminText } from '@waldkita/domain/dienste/termine';
import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import { GEBIETSSCHEMA, type Sprache } from '@waldkita/domain/i18n/sprachen';
import { apiRequest } from '@/lib/api-client';

/**
 * The duty kinds and every family's duties (docs/api-dienste.md), read by more than one feature:
 * the dashboard card and the 'Meine Dienste' screen (features/dienste), the Admin Center's list of
 * kinds for a family's share (features/admin).
 */

/** One date of the signed-in family, of any kind (Wasserdienst included): schema in domain, shared with query-api. */
export type { Dienstart, MeinDienst };

/** React Query keys of the duty reads; every duty write invalidates `diensteKeys.all`. */
export const diensteKeys = {
  all: ['dienste'] as const,
  arten: () => ['dienste', 'arten'] as const,
  meine: () => ['dienste', 'meine'] as const,
  tausch: () => ['dienste', 'tausch'] as const,
  verteilung: (dienstartId: string, gruppeId: string | null) => ['dienste', 'verteilung', dienstartId, gruppeId ?? 'eigene'] as const,
  schliesszeiten: () => ['dienste', 'schliesszeiten'] as const,
};

/** GET /api/dienstarten: the active kinds, Wasserdienst first, then by name. */
const getDienstarten = (signal?: AbortSignal) => apiRequest<Dienstart[]>('/api/dienstarten', { signal });

export const dienstartenQueryOptions = () =>
  queryOptions({ queryKey: diensteKeys.arten(), queryFn: ({ signal }) => getDienstarten(signal) });

/** GET /api/dienste/meine: every date of the caller's family, of every kind, oldest first. */
const getMeineDienste = (signal?: AbortSignal) => apiRequest<MeinDienst[]>('/api/dienste/meine', { signal });

export const meineDiensteQueryOptions = () =>
  queryOptions({ queryKey: diensteKeys.meine(), queryFn: ({ signal }) => getMeineDienste(signal) });

/**
 * 'Sa 05.12.–So 06.12.2026': a date as families read it; in another language its weekday and date
 * forms (domain/src/i18n/datum.ts), 'Sat 05/12/2026–Sun 06/12/2026'.
 */
export function terminVon(termin: { von: string; bis: string }, sprache: Sprache = 'de'): string {
  if (sprache === 'de') return terminText({ von: termin.von, bis: termin.bis });
  const tag = (d: string) => `${wochentagKurz(d, sprache)} ${datumKurz(d, sprache)}`;
  if (termin.von === termin.bis) return tag(termin.von);
  // As in German, the first day without its year when both days are in the same one: 'Mon 05/10–Fri 09/10/2026'.
  const ohneJahr =
    termin.von.slice(0, 4) === termin.bis.slice(0, 4)
      ? `${wochentagKurz(termin.von, sprache)} ${new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(`${termin.von}T12:00:00Z`))}`
      : tag(termin.von);
  return `${ohneJahr}–${tag(termin.bis)}`;
}

/** 'Wasserdienst, Putzdienst …': the duty kinds' own palette (white text on each at least 4.5:1). */
const FARBEN = ['#2f5d3a', '#a34e12', '#1f5f6b', '#6a3d6e', '#6b4a2f', '#3e4f73', '#7a3b2e', '#4b5d16'] as const;

/** A kind's colour: by its place among the kinds (Wasserdienst, built in and first, keeps the forest green). */
export function dienstartFarbe(dienstartId: string, reihenfolge: readonly string[]): string {
  const index = reihenfolge.indexOf(dienstartId);
  if (index >= 0) return FARBEN[index % FARBEN.length]!;
  // An unknown kind (archived since): a stable colour from its id.
  let summe = 0;
  for (const zeichen of dienstartId) summe = (summe * 31 + zeichen.charCodeAt(0)) % 9973;
  return FARBEN[summe % FARBEN.length]!;
}
