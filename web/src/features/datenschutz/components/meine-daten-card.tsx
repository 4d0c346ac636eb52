import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { useDatenHerunterladen } from '../api/datenexport';
import '../datenschutz.css';

export const DATEN_HERUNTERGELADEN = 'Ihre Daten wurden heruntergeladen.';
const TOAST_MS = 5000;

/**
 * 'Meine Daten' on the dashboard (docs/api-datenschutz.md): everything the portal holds about the
 * family as a JSON file, a readable summary of it, and the data protection page.
 */
export function MeineDatenCard() {
  const titelId = useId();
  const herunterladen = useDatenHerunterladen();
  const { toast, showSuccess, showError, dismiss } = useToast();

  const lade = () =>
    herunterladen.mutate(undefined, {
      onSuccess: () => showSuccess(DATEN_HERUNTERGELADEN),
      onError: (error) => showError(withServerMessage('Fehler beim Herunterladen Ihrer Daten', error)),
    });

  return (
    <section className="card meine-daten" aria-labelledby={titelId}>
      <h2 id={titelId} className="meine-daten__titel">
        Meine Daten
      </h2>
      <p className="meine-daten__text">
        Alles, was das Elternportal über Ihre Familie gespeichert hat: Konto, Wasserdienste, Tausche, Abwesenheiten, Geräte, Verlauf und
        versandte E-Mails – als Datei zum Herunterladen oder zum Ansehen.
      </p>
      <div className="meine-daten__aktionen">
        <button type="button" className="btn btn--primary btn--small" onClick={lade} disabled={herunterladen.isPending}>
          {herunterladen.isPending ? 'Wird vorbereitet...' : 'Meine Daten herunterladen'}
        </button>
        <Link className="btn btn--secondary btn--small" to="/meine-daten">
          Meine Daten ansehen
        </Link>
      </div>
      <p className="meine-daten__hinweis">
        Was wir speichern, warum und wie lange: <Link to="/datenschutz">Datenschutz im Elternportal</Link>
      </p>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
  );
}
