import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { ExportWoche } from '../api/datenexport';

/** An ISO date-time as the day in Berlin, dd.MM.yyyy. */
export const tag = (iso: string) => datumDeutsch(heuteInBerlin(new Date(iso)));

/** An ISO date-time as dd.MM.yyyy HH:mm:ss in Berlin. */
export const zeit = (iso: string) => zeitDeutsch(iso);

/** 'KW 49/2026 – Freitag, 04.12.2026': the week and its duty day, as the duty screens write them. */
export const woche = (w: ExportWoche) => `${w.kw} – Freitag, ${w.freitagText}`;

const ROLLEN: Record<string, string> = {
  ROLE_ELTERN: 'Eltern',
  ROLE_ADMIN: 'Kita-Leitung',
  ADMIN: 'Kita-Leitung',
  ROLE_AUDITOR: 'Prüfer (Verlauf)',
};

/** The roles of an account in words ('Eltern, Kita-Leitung'). */
export const rollen = (liste: readonly string[]) => liste.map((r) => ROLLEN[r] ?? r).join(', ');
