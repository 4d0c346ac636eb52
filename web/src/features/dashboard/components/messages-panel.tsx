import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import { useCallback, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { zeitpunkt } from '@/lib/zeitpunkt';
import { useCreateMitteilung } from '../api/create-mitteilung';
import { useDeleteMitteilung } from '../api/delete-mitteilung';
import { useMitteilungen } from '../api/get-mitteilungen';
import type { Mitteilung } from '../api/types';
import { vorschau } from '../utils/vorschau';
import { NachrichtenVerwaltenDialog } from './nachrichten-verwalten-dialog';
import { NeueNachrichtDialog } from './neue-nachricht-dialog';
import { MessageIcon } from './tile-icons';
import '../dashboard.css';
import { useTranslation } from 'react-i18next';

/** docs/produkt.md §9: the dashboard's message toasts last 3 s. */
const TOAST_MS = 3000;

type Offen = 'neu' | 'verwalten' | null;

/**
 * 'Mitteilungen': the newest announcement for everyone (docs/produkt.md §2, §4), or the placeholder when
 * there is none. Admins also get the buttons that open 'Neue Nachricht erstellen' and
 * 'Nachrichten verwalten'; the server refuses everyone else anyway.
 */
export function MessagesPanel({ isAdmin }: { isAdmin: boolean }) {
  const { data: mitteilungen, isPending, isError } = useMitteilungen();
  const { t } = useTranslation();
  const sprache = useSprache();
  const [offen, setOffen] = useState<Offen>(null);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const speichern = useCreateMitteilung();
  const loeschen = useDeleteMitteilung();
  const bestaetigung = useBestaetigung();
  const schliessen = useCallback(() => setOffen(null), []);

  const neueste = mitteilungen?.[0];

  const save = (text: string) =>
    speichern.mutate(text, {
      onSuccess: () => {
        setOffen(null);
        showSuccess(t('mitteilungen.gespeichert'));
      },
      onError: (error) => showError(withServerMessage(t('push.karte.speichernFehler'), error)),
    });

  const remove = (mitteilung: Mitteilung) =>
    bestaetigung.fragen(
      {
        titel: t('mitteilungen.loeschenFrage'),
        text: (
          <>
            <p>{t('mitteilungen.loeschenText')}</p>
            <blockquote className="bestaetigung__zitat">{vorschau(mitteilung.text)}</blockquote>
          </>
        ),
        bestaetigen: t('mitteilungen.loeschenBestaetigen'),
      },
      () =>
        loeschen.mutate(mitteilung.id, {
          onSuccess: () => showSuccess(t('mitteilungen.geloescht')),
          onError: (error) => showError(withServerMessage(t('mitteilungen.loeschenFehler'), error)),
        }),
    );

  // A toast outside an open modal dialog would sit behind its backdrop: it goes into the dialog then.
  const toastElement = <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />;

  return (
    <section className="card messages-panel" aria-labelledby="messages-title">
      <span className="messages-panel__icon">
        <MessageIcon />
      </span>
      <div className="messages-panel__body">
        <h2 id="messages-title" className="messages-panel__title">
          {t('mitteilungen.titel')}
        </h2>
        {neueste ? (
          <>
            <p className="messages-panel__text messages-panel__text--mitteilung">{neueste.text}</p>
            <p className="messages-panel__meta">
              {sprache === 'de' ? zeitpunkt(neueste.veroeffentlichtAm) : zeitpunktIn(neueste.veroeffentlichtAm, sprache)}
              {neueste.autor?.nachname ? ` · ${neueste.autor.nachname}` : ''}
            </p>
          </>
        ) : isPending ? (
          <>
            <p className="messages-panel__text">{t('mitteilungen.laden')}</p>
            {/* The place of the date line, so an announcement's arrival moves nothing below the panel. */}
            <p className="messages-panel__meta" aria-hidden="true">
              {'\u00a0'}
            </p>
          </>
        ) : (
          <p className="messages-panel__text">{isError ? t('mitteilungen.fehler') : t('mitteilungen.keine')}</p>
        )}
        {isAdmin && (
          <div className="messages-panel__actions">
            <button type="button" className="btn btn--primary btn--small" onClick={() => setOffen('neu')}>
              {t('mitteilungen.neu')}
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setOffen('verwalten')}>
              {t('mitteilungen.verwalten')}
            </button>
          </div>
        )}
      </div>
      {isAdmin && (
        <>
          <NeueNachrichtDialog
            open={offen === 'neu'}
            pending={speichern.isPending}
            onClose={schliessen}
            onSave={save}
            toast={offen === 'neu' ? toastElement : null}
          />
          <NachrichtenVerwaltenDialog
            open={offen === 'verwalten'}
            mitteilungen={mitteilungen ?? []}
            loeschtId={loeschen.isPending ? (loeschen.variables ?? null) : null}
            onClose={schliessen}
            onDelete={remove}
            toast={offen === 'verwalten' ? toastElement : null}
          />
          {bestaetigung.dialog}
        </>
      )}
      {offen === null && toastElement}
    </section>
  );
}
