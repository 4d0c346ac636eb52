import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { VerweigertTexte } from '@/components/zugriff-verweigert';
import { FERIENART_KEY } from '../../../lib/ferienart';
import { i18n } from '../../../lib/i18n';

/**
 * A `t` of react-i18next, or of one language. The helpers below take the screen's `t` as their last
 * argument and say it in German without one (as they did before the catalogues, docs/i18n.md).
 */
export type Uebersetze = (key: string, werte?: Record<string, unknown>) => string;

/** The German texts, for a helper called without the screen's `t`. */
export const deutsch: Uebersetze = (key, werte) => i18n.getFixedT('de')(key, werte);

/** docs/produkt.md §9: the Admin Center's toasts last 5 s. */
export const TOAST_MS = 5000;

/** A non-admin on /admin-dashboard (docs/produkt.md §2, §6): the keys of its 'Zugriff verweigert'. */
export const ZUGRIFF_VERWEIGERT: VerweigertTexte = {
  titel: 'admin.center.titel',
  hinweis: 'admin.zugriff.adminErforderlich',
  ueberschrift: 'admin.zugriff.verweigert',
  text: 'admin.zugriff.keineBerechtigung',
  weiterleitung: 'admin.zugriff.weiterleitung',
};

/** The typed phrase that unlocks the CSV import (docs/produkt.md §9). */
export const BESTAETIGUNGS_PHRASE = 'DATENBANK LÖSCHEN';

/** The catalogue keys of the Admin Center's fixed texts (docs/produkt.md §2, §5, §6 and §8): `t(MELDUNG.laden)`. */
export const MELDUNG = {
  laden: 'admin.center.laden',

  ladeFehlerEltern: 'admin.fehler.ladenEltern',
  ladeFehlerGruppen: 'admin.fehler.ladenGruppen',
  ladeFehlerStatus: 'admin.fehler.ladenStatus',
  ladeFehlerStatusFallback: 'admin.fehler.ladenStatusFallback',
  ladeFehlerUebersicht: 'admin.fehler.ladenUebersicht',
  loeschFehler: 'admin.fehler.loeschen',
  personendatenFehler: 'admin.fehler.personendaten',
  personendatenGeloescht: 'admin.eltern.personendatenGeloescht',
  bestaetigFehler: 'admin.fehler.bestaetigen',
  erstellFehler: 'admin.fehler.erstellen',
  erstellFehlerZeitraum: 'admin.fehler.erstellenZeitraum',
  importFehler: 'admin.fehler.import',
  importFehlgeschlagen: 'admin.fehler.importFehlgeschlagen',
  planFehler: 'admin.fehler.planen',
  ladeFehlerStatistik: 'admin.fehler.ladenStatistik',
  exportFehler: 'admin.fehler.export',
  passwortFehler: 'admin.fehler.passwort',
  passwortGesetzt: 'admin.eltern.passwortGesetzt',

  keineEltern: 'admin.eltern.keine',
  ohneGruppe: 'admin.eltern.ohneGruppe',
  felderFehlen: 'admin.pruefung.felderFehlen',
  adminGeschuetzt: 'admin.eltern.adminGeschuetzt',
  rolleFehler: 'admin.fehler.rolle',
  anteilFehler: 'admin.fehler.anteil',

  ferienUngueltig: 'admin.ferien.ungueltig',
  ferienUmgekehrt: 'admin.ferien.umgekehrt',
  ferienErstellt: 'admin.ferien.erstellt',
  ferientagGeloescht: 'admin.ferien.tagGeloescht',
  ferienwocheGeloescht: 'admin.ferien.wocheGeloescht',
  ferienBestaetigt: 'admin.ferien.bestaetigt',
  ferienBestaetigenFrage: 'admin.ferien.bestaetigenFrage',

  dateiFehlt: 'admin.pruefung.dateiFehlt',
  dateiUngueltig: 'admin.pruefung.dateiUngueltig',
  ferienNichtBestaetigt: 'admin.pruefung.ferienNichtBestaetigt',
  fristFehlt: 'admin.pruefung.fristFehlt',
  importErfolgreich: 'admin.import.erfolgreich',
} as const;

/** docs/produkt.md §8: a new family is reported as notified by e-mail (the welcome mail with the link to set a password). */
export const elternAngelegt = (nachname: string, t: Uebersetze = deutsch) => t('admin.eltern.angelegt', { nachname });

export const loeschenFrage = (nachname: string, email: string, t: Uebersetze = deutsch) =>
  t('admin.eltern.loeschenFrage', { nachname, email });

/** 'Personendaten löschen' (issue 18): what erasure does, plainly, and that it cannot be undone. */
export const personendatenLoeschenFrage = (nachname: string, t: Uebersetze = deutsch) => t('admin.eltern.personendatenFrage', { nachname });

/** 'KW 49/2026' (the year as written, without a thousands separator). */
export const kwJahr = ({ kalenderwoche, jahr }: IsoWoche, t: Uebersetze = deutsch) =>
  t('admin.kwJahr', { kalenderwoche: String(kalenderwoche), jahr: String(jahr) });

/** '{surname} wurde erfolgreich gelöscht', and which weeks are free again. */
export const elternGeloescht = (nachname: string, freigegeben: readonly IsoWoche[] = [], t: Uebersetze = deutsch) =>
  freigegeben.length > 0
    ? t('admin.eltern.geloeschtWochen', { nachname, wochen: freigegeben.map((w) => kwJahr(w, t)).join(', ') })
    : t('admin.eltern.geloescht', { nachname });

/** A holiday type as the admin reads it ('Sommerferien' stays the value the server keeps). */
export const ferienartName = (art: string, t: Uebersetze = deutsch) => {
  const key = FERIENART_KEY[art];
  return key ? t(key) : art;
};

/** The `select` option of a holiday type in 'admin.ferien.artLoeschenKnopf': 'brueckentag', or 'other'. */
const ferienartWahl = (art: string) => FERIENART_KEY[art]?.slice('admin.ferienart.'.length) ?? 'other';

/** The holiday form's hint that a type does not fit its dates (domain/kalender/ferien-plausibel), in the admin's language. */
export const ferienHinweisText = (art: string, t: Uebersetze = deutsch) => t('admin.ferien.hinweis', { art: ferienartWahl(art) });

export const ferienartGeloescht = (art: string, t: Uebersetze = deutsch) => t('admin.ferien.artGeloescht', { art: ferienartName(art, t) });

export const ferienartLoeschenFrage = (art: string, jahr: number, t: Uebersetze = deutsch) =>
  t('admin.ferien.artLoeschenFrage', { art: ferienartName(art, t), jahr: String(jahr) });

/** 'Alle Herbstferien 2027 löschen', 'Alle Brückentage 2027 löschen': the button names the type and the year. */
export const ferienartLoeschenKnopf = (art: string, jahr: number, t: Uebersetze = deutsch) =>
  t('admin.ferien.artLoeschenKnopf', { art: ferienartWahl(art), name: art, jahr: String(jahr) });

export const ferientagLoeschenFrage = (datum: string, art: string, t: Uebersetze = deutsch) =>
  t('admin.ferien.tagLoeschenFrage', { datum, art: ferienartName(art, t) });

export const ferienwocheLoeschenFrage = (kw: string, art: string, t: Uebersetze = deutsch) =>
  t('admin.ferien.wocheLoeschenFrage', { kw, art: ferienartName(art, t) });

/** An account with the auditor role: reads the audit trail ('Verlauf'), writes nothing. */
export const istPrueferEintrag = (eltern: { authorities: { authority: string }[] }) =>
  eltern.authorities.some((a) => a.authority === 'ROLE_AUDITOR');

/** 'Gruppe {Name} wurde angelegt.', as the server says it. */
export const gruppeAngelegt = (name: string, t: Uebersetze = deutsch) => t('admin.gruppen.angelegt', { name });

/** The server says only 'Gruppe wurde gelöscht.'; the toast names the group. */
export const gruppeGeloescht = (name: string, t: Uebersetze = deutsch) => t('admin.gruppen.geloescht', { name });

export const gruppeLoeschenFrage = (name: string, t: Uebersetze = deutsch) => t('admin.gruppen.loeschenFrage', { name });

/** '0 Familien', '1 Familie', '12 Familien'. */
export const familienAnzahl = (n: number, t: Uebersetze = deutsch) => t('admin.gruppen.familien', { anzahl: n });

export const exportGespeichert = (dateiname: string, t: Uebersetze = deutsch) => t('admin.export.gespeichert', { datei: dateiname });
