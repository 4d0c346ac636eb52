import { PASSWORT_ZURUECKGESETZT } from '@waldkita/domain/auth/passwort';
import '../passwort.css';

/** 'Passwort erfolgreich zurückgesetzt!' (SPEC.md §2 Reset password) above the sign-in form, as an alert. */
export function PasswortGesetztHinweis() {
  return (
    <p className="form-success" role="alert">
      {PASSWORT_ZURUECKGESETZT}
    </p>
  );
}
