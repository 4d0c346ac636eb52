import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useEffect, useMemo, useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { rollenVon } from '@/lib/roles';
import { useSchliesszeiten } from '../api/get-schliesszeiten';
import { useTagEintraege } from '../api/get-tag-eintraege';
import { useSchliesszeitenBearbeitung } from '../hooks/use-schliesszeiten-bearbeitung';
import { useSzTexte } from '../hooks/use-sz-texte';
import type { Art } from '../utils/arten';
import { tagInfoFinder } from '../utils/markierungen';
import { TOAST_MS } from '../utils/texte';
import { MonatsKalender } from './monats-kalender';
import { SchliesszeitenDialoge } from './schliesszeiten-dialoge';
import { SchliesszeitenTabs } from './schliesszeiten-tabs';
import '../schliesszeiten.css';

/** A refused session (401) is ended by the API client and the route gate takes over: no toast for it. */
function useLadeFehlerToast(art: Art, error: unknown, showError: (text: string) => void) {
  const { ladeFehler } = useSzTexte();
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 401)) showError(withServerMessage(ladeFehler(art), error));
  }, [art, error, showError, ladeFehler]);
}

/**
 * /schliesszeiten (docs/produkt.md §2 Schließzeiten & Events): the month calendar and three tabs of
 * closing weeks, closing days and events. Only admins see the add, edit and delete buttons.
 */
export function SchliesszeitenPage({ user }: { user: ElternDto }) {
  const admin = istAdmin(rollenVon(user));
  const { t } = useSzTexte();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [heute] = useState(() => heuteInBerlin(new Date()));
  const bearbeiten = useSchliesszeitenBearbeitung({ showSuccess, showError });

  const wochen = useSchliesszeiten();
  const schliesstage = useTagEintraege('schliesstag');
  const events = useTagEintraege('event');

  // docs/produkt.md §8: one toast per list that cannot be loaded.
  useLadeFehlerToast('woche', wochen.error, showError);
  useLadeFehlerToast('schliesstag', schliesstage.error, showError);
  useLadeFehlerToast('event', events.error, showError);

  const finde = useMemo(
    () =>
      tagInfoFinder(wochen.data ?? [], schliesstage.data ?? [], events.data ?? [], {
        event: t('schliesszeiten.event.singular'),
        schliesstag: t('schliesszeiten.tag.singular'),
        woche: (kw) => t('schliesszeiten.markierung.woche', { kw }),
      }),
    [wochen.data, schliesstage.data, events.data, t],
  );

  const ladend = wochen.isPending || schliesstage.isPending || events.isPending;
  if (ladend) {
    return (
      <main className="loading-screen">
        <h1 className="visually-hidden">{t('schliesszeiten.seite.titel')}</h1>
        <div className="loading-screen__content" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>{t('schliesszeiten.seite.laden')}</p>
        </div>
      </main>
    );
  }

  const dialogOffen = bearbeiten.bearbeitung !== null || bearbeiten.loeschung !== null;
  const toastElement = <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />;

  return (
    <PageLayout title={t('schliesszeiten.seite.titel')} subtitle={t('schliesszeiten.seite.untertitel')} backToDashboard>
      <div className="sz-page">
        <MonatsKalender finde={finde} heute={heute} />
        <SchliesszeitenTabs
          wochen={wochen}
          schliesstage={schliesstage}
          events={events}
          admin={admin}
          onBearbeiten={bearbeiten.bearbeite}
          onLoeschen={bearbeiten.setLoeschung}
        />
      </div>

      {admin && <SchliesszeitenDialoge bearbeiten={bearbeiten} dialogToast={dialogOffen ? toastElement : null} />}
      {!dialogOffen && toastElement}
    </PageLayout>
  );
}
