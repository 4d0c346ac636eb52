import { useBestaetigung } from '@/components/bestaetigung';
import { useAuth } from '@/features/auth/hooks/use-auth';

export const LOGOUT_PROMPT = 'Möchten Sie sich wirklich abmelden?';

/**
 * 'Abmelden': asks first in the app's dialog (Escape or 'Abbrechen' keep the session and give the
 * focus back to the button); 'Abmelden' there removes authToken and userData and loads / afresh.
 */
export function LogoutButton({ className = 'btn btn--on-dark-solid' }: { className?: string }) {
  const { signOut } = useAuth();
  const { fragen, dialog } = useBestaetigung();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() =>
          fragen({ titel: 'Abmelden?', text: <p>{LOGOUT_PROMPT}</p>, bestaetigen: 'Abmelden', gefaehrlich: false }, () =>
            signOut({ redirectTo: '/' }),
          )
        }
      >
        Abmelden
      </button>
      {dialog}
    </>
  );
}
