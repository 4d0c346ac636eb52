import { PASSWORT_ZURUECKGESETZT } from '@/features/auth/utils/login-pruefung';
import '../passwort.css';

/** 'Passwort erfolgreich zurückgesetzt!' (SPEC.md §2 Reset password) above the sign-in form, as an alert. */
export function PasswortGesetztHinweis() {
  return (
    <p className="form-success" role="alert">
      {PASSWORT_ZURUECKGESETZT}
    </p>
  );
}
