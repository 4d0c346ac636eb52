import { istGeloeschteFamilie } from '@waldkita/domain/eltern/pseudonyme';
import { datumKurz, zeitpunktIn } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import type { TFunction } from 'i18next';
import type { VerweigertTexte } from '@/components/zugriff-verweigert';
import { FERIENART_KEY } from '../../../lib/ferienart';

/** Texts of the audit screens ('Verlauf'); the event sentences themselves come from the server as written. */

/** Toasts on the audit screens last 5 s, like the Admin Center's. */
export const TOAST_MS = 5000;

/** Someone without the auditor or admin role on an audit screen: the keys of its 'Zugriff verweigert'. */
export const ZUGRIFF_VERWEIGERT: VerweigertTexte = {
  titel: 'audit.titel',
  hinweis: 'audit.meldung.pruefErforderlich',
  ueberschrift: 'audit.meldung.zugriffVerweigert',
  text: 'audit.meldung.keineBerechtigung',
  weiterleitung: 'audit.weiterleitung',
};

/** The fixed messages of the audit screens in the current language (keys `audit.meldung.*`). */
export const meldungen = (t: TFunction) => ({
  laden: t('audit.meldung.laden'),
  ladeFehler: t('audit.meldung.ladeFehler'),
  ladeFehlerPlan: t('audit.meldung.ladeFehlerPlan'),
  ladeFehlerGruppen: t('audit.meldung.ladeFehlerGruppen'),
  exportFehler: t('audit.meldung.exportFehler'),
  exportiert: (datei: string) => t('audit.meldung.exportiert', { datei }),
  keineEintraege: t('audit.meldung.keineEintraege'),
  gruppeWaehlen: t('audit.meldung.gruppeWaehlen'),
  zeitpunktWaehlen: t('audit.meldung.zeitpunktWaehlen'),
  keinPlan: t('audit.meldung.keinPlan'),
});

/** 'Familie Fuchs'; an erased family is its pseudonym alone ('Gelöschte Familie 2'); null: unknown. */
export const familieText = (name: string | null, t: TFunction) =>
  name === null ? t('audit.familie', { name: t('audit.unbekannt') }) : istGeloeschteFamilie(name) ? name : t('audit.familie', { name });

/** '1 Eintrag', '1.234 Einträge' (numbers in the language's form). */
export const anzahlEintraege = (n: number, t: TFunction) => t('audit.anzahlEintraege', { anzahl: n });

/** A moment as the server wrote it in German ('20.11.2026 10:15:03'), or in the language's form from its ISO time. */
export const zeitIn = (deutsch: string, iso: string | null | undefined, sprache: Sprache) =>
  sprache === 'de' || !iso ? deutsch : zeitpunktIn(iso, sprache);

/** A day the server wrote in German ('25.12.2026') in the language's form. */
export function tagIn(deutsch: string, sprache: Sprache): string {
  const teile = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(deutsch);
  return sprache === 'de' || !teile ? deutsch : datumKurz(`${teile[3]}-${teile[2]}-${teile[1]}`, sprache);
}

/** The category names as shown (the filter's values stay the German names the API knows). */
export const KATEGORIE_KEY = {
  Tausch: 'audit.kategorie.tausch',
  Rota: 'audit.kategorie.rota',
  Abwesenheit: 'audit.kategorie.abwesenheit',
  Import: 'audit.kategorie.import',
  Verwaltung: 'audit.kategorie.verwaltung',
} as const;

export const kategorieText = (kategorie: string, t: TFunction) =>
  kategorie in KATEGORIE_KEY ? t(KATEGORIE_KEY[kategorie as keyof typeof KATEGORIE_KEY]) : kategorie;

/** Why a week or day was closed: the holiday type in the language, else the closing entry's own description. */
export const schliessGrund = (eintrag: { ferienart: string | null; beschreibung: string | null }, t: TFunction) => {
  const key = eintrag.ferienart ? FERIENART_KEY[eintrag.ferienart] : undefined;
  return key ? t(key) : (eintrag.ferienart ?? eintrag.beschreibung ?? '');
};

/** The as-of views' addresses for one moment ('2026-11-20T10:02:07' or a position 'commit/prepare'). */
export const standPfad = (ansicht: 'abwesenheiten' | 'schliesszeiten', asOf: string) =>
  `/audit/${ansicht}${asOf ? `?${new URLSearchParams({ asOf })}` : ''}`;
