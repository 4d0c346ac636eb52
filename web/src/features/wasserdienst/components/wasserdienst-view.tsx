import type { ElternDto } from '@waldkita/domain/auth/login';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Toast } from '@/components/toast';
import { isAdmin } from '@/features/auth/utils/user';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDienstEvents } from '../api/get-dienst-events';
import { useMyAssignments } from '../api/get-my-assignments';
import { istKeineGruppe, KEINE_GRUPPE, ladeFehlerText } from '../utils/lade-fehler';
import { MeineWasserdiensteTable } from './meine-wasserdienste-table';
import { WasserdienstCalendar } from './wasserdienst-calendar';

/** SPEC.md §9: toasts of the duty screen last 3 s, and a failed load leads back to the dashboard after 3 s. */
export const TOAST_MS = 3000;
const REDIRECT_MS = 3000;

/**
 * The content of /wasserdienst: the family's own weeks and the group's calendar. A parent without a
 * group sees 'Keine Gruppe gefunden' and nothing is asked of the server; admins see every group.
 */
export function WasserdienstView({ user }: { user: ElternDto }) {
  const navigate = useNavigate();
  const { toast, showError, dismiss } = useToast();
  const hatGruppe = Boolean(user.gruppe) || isAdmin(user);
  const assignments = useMyAssignments({ enabled: hatGruppe });
  const events = useDienstEvents({ enabled: hatGruppe });

  const error = assignments.error ?? events.error;
  const keineGruppe = !hatGruppe || istKeineGruppe(assignments.error) || istKeineGruppe(events.error);
  // A refused session (401) is ended by the API client; the route gate takes over from there.
  const ladeFehler = error && !keineGruppe && !(error instanceof ApiError && error.status === 401) ? error : null;

  useEffect(() => {
    if (!ladeFehler) return;
    showError(ladeFehlerText(ladeFehler));
    const timer = window.setTimeout(() => navigate('/dashboard'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [ladeFehler, showError, navigate]);

  let content: ReactNode;
  if (keineGruppe) {
    content = (
      <section className="card wd-card wd-notice" aria-label="Hinweis">
        <p className="wd-notice__title">{KEINE_GRUPPE}</p>
        <p className="wd-notice__text">Sobald die Kita Sie einer Gruppe zugeordnet hat, sehen Sie hier Ihre Wasserdienste.</p>
      </section>
    );
  } else if (assignments.data && events.data) {
    content = (
      <>
        <MeineWasserdiensteTable zuweisungen={assignments.data} />
        <WasserdienstCalendar events={events.data} />
      </>
    );
  } else if (ladeFehler) {
    content = null;
  } else {
    content = (
      <div className="loading-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Lade Einsätze...</p>
      </div>
    );
  }

  return (
    <div className="wd-page">
      {content}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
