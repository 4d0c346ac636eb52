import { queryOptions } from '@tanstack/react-query';
import type { Einsatz, MeineSchicht } from '@waldkita/domain/einsatz/antworten';
import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { apiRequest } from '@/lib/api-client';

/**
 * The work days (docs/api-einsaetze.md), read by more than one feature: the sign-up page
 * (features/einsaetze), 'Meine Dienste' (features/dienste) and the Admin Center (features/admin).
 */

/** A work day, its shifts and the family's own shifts: schemas in domain, shared with query-api. */
export type { Einsatz, MeineSchicht, Schicht } from '@waldkita/domain/einsatz/antworten';

/** React Query keys; every work-day write invalidates `einsatzKeys.all`. */
export const einsatzKeys = {
  all: ['einsaetze'] as const,
  liste: () => ['einsaetze', 'liste'] as const,
  meine: () => ['einsaetze', 'meine'] as const,
  admin: (id: string) => ['einsaetze', 'admin', id] as const,
};

export const einsaetzeQueryOptions = () =>
  queryOptions({ queryKey: einsatzKeys.liste(), queryFn: ({ signal }) => apiRequest<Einsatz[]>('/api/einsaetze', { signal }) });

export const meineSchichtenQueryOptions = () =>
  queryOptions({ queryKey: einsatzKeys.meine(), queryFn: ({ signal }) => apiRequest<MeineSchicht[]>('/api/einsaetze/meine', { signal }) });

const WOCHENTAGE = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** '20.03.2027' (in another language its own form, domain/src/i18n/datum.ts) */
export const datumText = (datum: string, sprache: Sprache = 'de') =>
  sprache === 'de' ? `${datum.slice(8, 10)}.${datum.slice(5, 7)}.${datum.slice(0, 4)}` : datumKurz(datum, sprache);

/** 'Sa 20.03.2027' ('Sat 20/03/2027') */
export const tagText = (datum: string, sprache: Sprache = 'de') =>
  sprache === 'de'
    ? `${WOCHENTAGE[new Date(`${datum}T12:00:00Z`).getUTCDay()]} ${datumText(datum)}`
    : `${wochentagKurz(datum, sprache)} ${datumText(datum, sprache)}`;

/** '09:00–12:00 Uhr' */
export const zeitText = (s: { beginn: string; ende: string }) => `${s.beginn}–${s.ende} Uhr`;
