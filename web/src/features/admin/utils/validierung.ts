import { MAX_PASSWORT_LAENGE, MIN_PASSWORT_LAENGE, PASSWORT_ZU_KURZ, PASSWORT_ZU_LANG } from '@waldkita/domain/auth/passwort';
import { GRUPPENNAME_FEHLT } from '@waldkita/domain/gruppe/gruppe';
import { istDatum, wochenImJahr } from '@waldkita/domain/kalender/iso-woche';
import { deutsch, MELDUNG, type Uebersetze } from './texte';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Neuer Elternteil' (docs/produkt.md §5 New family): all three required; a plausible e-mail. */
export function pruefeNeuenElternteil(input: { nachname: string; email: string; gruppe: string }, t: Uebersetze = deutsch): string | null {
  if (!input.nachname.trim() || !input.email.trim() || !input.gruppe) return t(MELDUNG.felderFehlen);
  if (!EMAIL.test(input.email.trim())) return t('admin.pruefung.email');
  return null;
}

/** File types browsers report for a .csv file (Windows reports Excel's type for it). */
const CSV_TYPEN = ['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/plain', ''];

/** A CSV file by type and name. */
export const istCsvDatei = (datei: Pick<File, 'name' | 'type'>) =>
  datei.type === 'text/csv' || (/\.csv$/i.test(datei.name) && CSV_TYPEN.includes(datei.type.toLowerCase()));

/** docs/produkt.md §5 CSV import, in its order: file, file type, holidays confirmed, deadline. */
export function pruefeImport(
  input: { datei: File | null; deadline: string; ferienBestaetigt: boolean },
  t: Uebersetze = deutsch,
): string | null {
  if (!input.datei) return t(MELDUNG.dateiFehlt);
  if (!istCsvDatei(input.datei)) return t(MELDUNG.dateiUngueltig);
  if (!input.ferienBestaetigt) return t(MELDUNG.ferienNichtBestaetigt);
  if (!istDatum(input.deadline)) return t(MELDUNG.fristFehlt);
  return null;
}

const ganzzahl = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The planner's input, checked as the server checks it. */
export function pruefePlanung(
  input: { jahr: string; startKW: string; endKW: string },
  t: Uebersetze = deutsch,
): { fehler: string } | { jahr: number; startKW: number; endKW: number } {
  const jahr = ganzzahl(input.jahr);
  const startKW = ganzzahl(input.startKW);
  const endKW = ganzzahl(input.endKW);
  if (jahr === null || startKW === null || endKW === null) return { fehler: t('admin.pruefung.planungFehlt') };
  if (jahr < 2024 || jahr > 2100) return { fehler: t('admin.pruefung.jahr') };
  const max = wochenImJahr(jahr);
  if (startKW < 1 || endKW < 1 || startKW > max || endKW > max) return { fehler: t('admin.pruefung.wochenBereich', { max: String(max) }) };
  if (startKW > endKW) return { fehler: t('admin.pruefung.wochenFolge') };
  return { jahr, startKW, endKW };
}

/** 'Neue Gruppe': a name, as the server asks for it (it compares names without case). */
export const pruefeGruppenname = (name: string, t?: Uebersetze): string | null =>
  name.trim() ? null : t ? t('admin.gruppen.nameFehlt') : GRUPPENNAME_FEHLT;

/**
 * 'Passwort setzen' (PUT /api/admin/eltern/{id}/reset-password), with the server's messages: at
 * least 6 characters (an empty field too), spaces count.
 */
export function pruefeAdminPasswort(passwort: string, t?: Uebersetze): string | null {
  if (passwort.length < MIN_PASSWORT_LAENGE)
    return t ? t('admin.passwort.zuKurz', { anzahl: String(MIN_PASSWORT_LAENGE) }) : PASSWORT_ZU_KURZ;
  if (passwort.length > MAX_PASSWORT_LAENGE)
    return t ? t('admin.passwort.zuLang', { anzahl: String(MAX_PASSWORT_LAENGE) }) : PASSWORT_ZU_LANG;
  return null;
}
