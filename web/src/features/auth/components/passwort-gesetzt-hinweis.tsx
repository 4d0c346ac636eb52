import '../passwort.css';
import { useTranslation } from 'react-i18next';

/** 'Passwort erfolgreich zurückgesetzt!' (docs/produkt.md §2 Reset password) above the sign-in form, as an alert. */
export function PasswortGesetztHinweis() {
  const { t } = useTranslation();
  return (
    <p className="form-success" role="alert">
      {t('login.passwortZurueckgesetzt')}
    </p>
  );
}
