import { FELDER_FEHLEN } from '@waldkita/domain/auth/login';
import {
  MAX_PASSWORT_LAENGE,
  MIN_PASSWORT_LAENGE,
  NEUE_PASSWOERTER_VERSCHIEDEN,
  NEUES_PASSWORT_ZU_KURZ,
  PASSWOERTER_VERSCHIEDEN,
  PASSWORT_ZU_KURZ,
  PASSWORT_ZU_LANG,
} from '@waldkita/domain/auth/passwort';

/**
 * The reset screen's checks in docs/produkt.md §5 order: both fields, equal, long enough. Answers the
 * message to show, or null when the form may be sent.
 */
export function pruefeNeuesPasswort({ passwort, bestaetigung }: { passwort: string; bestaetigung: string }): string | null {
  if (!passwort || !bestaetigung) return FELDER_FEHLEN;
  if (passwort !== bestaetigung) return PASSWOERTER_VERSCHIEDEN;
  if (passwort.length < MIN_PASSWORT_LAENGE) return PASSWORT_ZU_KURZ;
  if (passwort.length > MAX_PASSWORT_LAENGE) return PASSWORT_ZU_LANG;
  return null;
}

/** The change-password dialog's checks in docs/produkt.md §5 order: all three fields, new equals confirmation, long enough. */
export function pruefePasswortAenderung({
  aktuell,
  neu,
  bestaetigung,
}: {
  aktuell: string;
  neu: string;
  bestaetigung: string;
}): string | null {
  if (!aktuell || !neu || !bestaetigung) return FELDER_FEHLEN;
  if (neu !== bestaetigung) return NEUE_PASSWOERTER_VERSCHIEDEN;
  if (neu.length < MIN_PASSWORT_LAENGE) return NEUES_PASSWORT_ZU_KURZ;
  if (neu.length > MAX_PASSWORT_LAENGE) return PASSWORT_ZU_LANG;
  return null;
}
