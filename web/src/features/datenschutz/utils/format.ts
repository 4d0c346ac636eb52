import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { datumKurz, wochentagMitDatum, zeitpunktIn } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';
import type { ExportWoche } from '../api/datenexport';

/** An ISO date-time as the day in Berlin: dd.MM.yyyy in German, the language's own form otherwise. */
export const tag = (iso: string, sprache: Sprache = 'de') => datumKurz(heuteInBerlin(new Date(iso)), sprache);

/** An ISO date-time as dd.MM.yyyy HH:mm:ss in Berlin (German), or date and clock time in the language's form. */
export const zeit = (iso: string, sprache: Sprache = 'de') => (sprache === 'de' ? zeitDeutsch(iso) : zeitpunktIn(iso, sprache));

/** 'KW 49/2026' with the word 'KW' in the screen's language; the numbers stay. */
export const kwText = (kw: string, t: TFunction) => (/^KW /.test(kw) ? t('datenschutz.kw', { kw: kw.slice(3) }) : kw);

/** 'KW 49/2026 – Freitag, 04.12.2026': the week and its duty day, as the duty screens write them. */
export const woche = (w: ExportWoche, t: TFunction, sprache: Sprache = 'de') =>
  sprache === 'de' ? `${w.kw} – Freitag, ${w.freitagText}` : `${kwText(w.kw, t)} – ${wochentagMitDatum(w.freitag, sprache)}`;

/** The roles of an account in words ('Eltern, Kita-Leitung'). */
export const rollen = (liste: readonly string[], t: TFunction) => {
  const namen: Record<string, string> = {
    ROLE_ELTERN: t('datenschutz.rolle.eltern'),
    ROLE_ADMIN: t('datenschutz.rolle.admin'),
    ADMIN: t('datenschutz.rolle.admin'),
    ROLE_AUDITOR: t('datenschutz.rolle.auditor'),
  };
  return liste.map((r) => namen[r] ?? r).join(', ');
};
