import { ApiError, NETZWERKFEHLER } from '@/lib/api-client';

export const LADEFEHLER_EINSAETZE = 'Serverfehler oder CORS-Problem beim Laden der Einsätze.';

/** SPEC.md §8 water duty calendar: the toast text for a failed load. */
export const ladeFehlerText = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? NETZWERKFEHLER : LADEFEHLER_EINSAETZE;
