import {
  MAX_PASSWORT_LAENGE,
  MIN_PASSWORT_LAENGE,
  NEUE_PASSWOERTER_VERSCHIEDEN,
  NEUES_PASSWORT_ZU_KURZ,
  PASSWOERTER_VERSCHIEDEN,
  PASSWORT_ZU_KURZ,
  PASSWORT_ZU_LANG,
} from '@waldkita/domain/auth/passwort';
import type { TFunction } from 'i18next';
import { FELDER_FEHLEN } from './login-pruefung';

/** A password check's German message (passwort-pruefung.ts) in the screen's language; any other text as it came. */
export function passwortMeldung(meldung: string, t: TFunction): string {
  switch (meldung) {
    case FELDER_FEHLEN:
      return t('login.felderFehlen');
    case PASSWOERTER_VERSCHIEDEN:
      return t('passwort.verschieden');
    case NEUE_PASSWOERTER_VERSCHIEDEN:
      return t('passwort.neueVerschieden');
    case PASSWORT_ZU_KURZ:
      return t('passwort.zuKurz', { min: MIN_PASSWORT_LAENGE });
    case NEUES_PASSWORT_ZU_KURZ:
      return t('passwort.neuZuKurz', { min: MIN_PASSWORT_LAENGE });
    case PASSWORT_ZU_LANG:
      return t('passwort.zuLang', { max: String(MAX_PASSWORT_LAENGE) });
    default:
      return meldung;
  }
}
