import { queryOptions } from '@tanstack/react-query';
import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { apiRequest } from '@/lib/api-client';

/**
 * The work days (docs/api-einsaetze.md), read by more than one feature: the sign-up page
 * (features/einsaetze), 'Meine Dienste' (features/dienste) and the Admin Center (features/admin).
 */

export type MeineAnmeldung = 'eingetragen' | 'warteliste' | null;

export type Schicht = {
  id: string;
  aufgabe: string;
  /** 'HH:mm' */
  beginn: string;
  ende: string;
  plaetze: number;
  stunden: number;
  /** Places taken. */
  belegt: number;
  /** Families on the waiting list. */
  warteliste: number;
  meineAnmeldung: MeineAnmeldung;
};

export type Einsatz = {
  id: string;
  titel: string;
  /** 'yyyy-MM-dd' */
  datum: string;
  ort: string | null;
  beschreibung: string | null;
  anmeldeschluss: string;
  abgesagt: boolean;
  /** Families may sign up and withdraw (the deadline day counts). */
  anmeldungOffen: boolean;
  vergangen: boolean;
  schichten: Schicht[];
};

/** A shift of the signed-in family (GET /api/einsaetze/meine), shown among its duties. */
export type MeineSchicht = {
  quelle: 'einsatz';
  id: string;
  einsatzId: string;
  titel: string;
  aufgabe: string;
  datum: string;
  beginn: string;
  ende: string;
  ort: string | null;
  stunden: number;
  status: 'eingetragen' | 'warteliste';
  erledigt: boolean;
};

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

/** '2,5 Stunden' */
export const stundenText = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 2 })} ${n === 1 ? 'Stunde' : 'Stunden'}`;
