import { useDocumentTitle } from '@/hooks/use-document-title';

/** Shown when a screen cannot be loaded or crashes. */
export function RouteError() {
  useDocumentTitle('Fehler');
  return (
    <main className="loading-screen">
      <div className="card error-card">
        <h1>Etwas ist schiefgelaufen.</h1>
        <p>Bitte laden Sie die Seite neu. Besteht das Problem weiter, versuchen Sie es später noch einmal.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
      </div>
    </main>
  );
}
