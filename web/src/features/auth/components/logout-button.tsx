import { useAuth } from '@/features/auth/hooks/use-auth';

export const LOGOUT_PROMPT = 'Möchten Sie sich wirklich abmelden?';

/** 'Abmelden': asks first; on OK removes authToken and userData and loads / afresh. */
export function LogoutButton({ className = 'btn btn--on-dark-solid' }: { className?: string }) {
  const { signOut } = useAuth();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (window.confirm(LOGOUT_PROMPT)) signOut({ redirectTo: '/' });
      }}
    >
      Abmelden
    </button>
  );
}
