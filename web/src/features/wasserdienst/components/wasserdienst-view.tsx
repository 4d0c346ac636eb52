import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Toast } from '@/components/toast';
import { useMyAssignments } from '@/hooks/use-my-assignments';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { rollenVon } from '@/lib/roles';
import { istKeineGruppe } from '@/lib/wasserdienst-api';
import { useDienstEvents } from '../api/get-dienst-events';
import { useOnline } from '../hooks/use-online';
import { ladeFehlerText } from '../utils/lade-fehler';
import { leseStand, merkeStand } from '../utils/offline-stand';
import { MeineWasserdiensteTable } from './meine-wasserdienste-table';
import { OfflineHinweis } from './offline-hinweis';
import { VerteilungSection } from './verteilung-section';
import { WasserdienstCalendar } from './wasserdienst-calendar';

/** docs/produkt.md §9: toasts of the duty screen last 3 s, and a failed load leads back to the dashboard after 3 s. */
const TOAST_MS = 3000;
const REDIRECT_MS = 3000;

/**
 * The content of /wasserdienst: the family's own weeks and the group's calendar. A parent without a
 * group sees 'Keine Gruppe gefunden' and nothing is asked of the server; admins see every group.
 *
 * Without a network (docs/pwa.md) it shows what the family last saw on this device, under a note
 * that says so and from when it is; once the connection is back the fresh data replaces both.
 */
export function WasserdienstView({ user }: { user: ElternDto }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { toast, showError, dismiss } = useToast();
  const hatGruppe = Boolean(user.gruppe) || istAdmin(rollenVon(user));
  const assignments = useMyAssignments({ enabled: hatGruppe });
  const events = useDienstEvents({ enabled: hatGruppe });

  const online = useOnline();
  // The copy kept on this device, read once: what the page falls back to without a network.
  const [gespeichert] = useState(() => leseStand(user.id));
  const live = assignments.data && events.data ? { zuweisungen: assignments.data, events: events.data } : null;
  // When the shown data was read: the older of the two reads.
  const liveStand = live ? new Date(Math.min(assignments.dataUpdatedAt, events.dataUpdatedAt)).toISOString() : null;

  // Every fresh read is kept for the next visit without a network.
  useEffect(() => {
    if (assignments.data && events.data && liveStand)
      merkeStand({ elternId: user.id, gespeichertAm: liveStand, zuweisungen: assignments.data, events: events.data });
  }, [assignments.data, events.data, liveStand, user.id]);

  const error = assignments.error ?? events.error;
  const netzFehler = error instanceof ApiError && error.status === 0;
  const keineGruppe = !hatGruppe || istKeineGruppe(assignments.error) || istKeineGruppe(events.error);
  // Offline (or the server out of reach) with nothing fresh: the last seen data, if there is any.
  const ohneNetz = !online || netzFehler;
  // Once shown, the copy stays until the fresh data is there (no spinner in between when the network is back).
  const [warOhneNetz, setWarOhneNetz] = useState(false);
  if (ohneNetz && !warOhneNetz) setWarOhneNetz(true);
  const zuletztGesehen = !live && (ohneNetz || warOhneNetz) ? gespeichert : null;
  // A refused session (401) is ended by the API client; the route gate takes over from there. Without
  // a network there is nothing to lead away from: the note says what is going on.
  // Back online after a read that found no network: read again (react-query only resumes paused reads).
  // Only on the way back (offline → online): a network error while the browser says it is online
  // is a load error like any other (toast, back to the dashboard), not a reason to ask again and again.
  const { refetch: refetchAssignments } = assignments;
  const { refetch: refetchEvents } = events;
  const warOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      warOffline.current = true;
      return;
    }
    if (!warOffline.current) return;
    warOffline.current = false;
    if (!netzFehler) return;
    void refetchAssignments();
    void refetchEvents();
  }, [online, netzFehler, refetchAssignments, refetchEvents]);

  const ladeFehler =
    error && !keineGruppe && !(error instanceof ApiError && error.status === 401) && !(netzFehler && (zuletztGesehen || !online))
      ? error
      : null;

  useEffect(() => {
    if (!ladeFehler) return;
    showError(ladeFehlerText(ladeFehler));
    const timer = window.setTimeout(() => navigate('/dashboard'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [ladeFehler, showError, navigate]);

  let content: ReactNode;
  if (keineGruppe) {
    content = (
      <section className="card wd-card wd-notice" aria-label={t('allgemein.hinweis')}>
        <p className="wd-notice__title">{t('allgemein.keineGruppe')}</p>
        <p className="wd-notice__text">{t('wasserdienst.keineGruppeText')}</p>
      </section>
    );
  } else if (live) {
    content = (
      <>
        {!online && <OfflineHinweis gespeichertAm={liveStand} />}
        <MeineWasserdiensteTable zuweisungen={live.zuweisungen} />
        <WasserdienstCalendar events={live.events} />
        {online && <VerteilungSection user={user} />}
      </>
    );
  } else if (zuletztGesehen) {
    content = (
      <>
        <OfflineHinweis gespeichertAm={zuletztGesehen.gespeichertAm} />
        <MeineWasserdiensteTable zuweisungen={zuletztGesehen.zuweisungen} />
        <WasserdienstCalendar events={zuletztGesehen.events} />
      </>
    );
  } else if (!online) {
    content = <OfflineHinweis gespeichertAm={null} />;
  } else if (ladeFehler) {
    content = null;
  } else {
    content = <MeineWasserdiensteTable zuweisungen={null} />;
  }

  return (
    <div className="wd-page">
      {content}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
