import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * 'Abmelden': asks first in the app's dialog (Escape or 'Abbrechen' keep the session and give the
 * focus back to the button); 'Abmelden' there removes authToken and userData and loads / afresh.
 */
export function LogoutButton({ className = 'btn btn--on-dark-solid' }: { className?: string }) {
  const { signOut } = useAuth();
  const { t } = useTranslation();
  const { fragen, dialog } = useBestaetigung();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() =>
          fragen(
            {
              titel: t('shell.abmeldenFrage'),
              text: <p>{t('shell.abmeldenText')}</p>,
              bestaetigen: t('shell.abmelden'),
              abbrechen: t('dialog.abbrechen'),
              gefaehrlich: false,
            },
            () => signOut({ redirectTo: '/' }),
          )
        }
      >
        {t('shell.abmelden')}
      </button>
      {dialog}
    </>
  );
}
