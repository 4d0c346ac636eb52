import { ApiError, NETZWERKFEHLER } from '@/lib/api-client';

export const KEINE_GRUPPE = 'Keine Gruppe gefunden';
export const LADEFEHLER_EINSAETZE = 'Serverfehler oder CORS-Problem beim Laden der Einsätze.';

/** The server's answer for a family without a group (404 'Keine Gruppe gefunden'). */
export const istKeineGruppe = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404 && error.message === KEINE_GRUPPE;

/** SPEC.md §8 water duty calendar: the toast text for a failed load. */
export const ladeFehlerText = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? NETZWERKFEHLER : LADEFEHLER_EINSAETZE;
