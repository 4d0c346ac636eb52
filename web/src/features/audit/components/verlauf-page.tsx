import { KATEGORIEN } from '@waldkita/domain/audit/beschreibung';
import { berlinLokal } from '@waldkita/domain/audit/zeit';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { useExportVerlauf } from '../api/export-verlauf';
import { useAuditEvents } from '../api/get-audit-events';
import { useAuditGruppen } from '../api/get-audit-gruppen';
import type { AuditEintrag, AuditGruppe, VerlaufFilter } from '../api/types';
import { filterAusSuche, STANDARD_FILTER, sucheAusFilter } from '../utils/filter';
import { anzahlEintraege, MELDUNG, TOAST_MS } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { DienstplanZeitpunkt, type PlanAbfrage } from './dienstplan-zeitpunkt';
import { VerlaufListe } from './verlauf-liste';
import { ZugriffVerweigert } from './zugriff-verweigert';
import '../audit.css';

/**
 * /audit 'Verlauf': the event log for auditors and admins — a filterable, paged list of German
 * sentences (newest first by default), exports for the parents' council, and the water-duty plan
 * of a group as it stood at any moment. The filter lives in the address, so a view can be shared.
 */
export function VerlaufPage() {
  const [suche, setSuche] = useSearchParams();
  const filter = filterAusSuche(suche);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const events = useAuditEvents(filter, { enabled: true });
  const gruppen = useAuditGruppen({ enabled: true });
  const exportieren = useExportVerlauf();
  const [planAbfrage, setPlanAbfrage] = useState<PlanAbfrage | null>(null);

  useEffect(() => {
    const fehler = events.error ?? gruppen.error;
    if (fehler && !istVerweigert(fehler) && !(fehler instanceof ApiError && fehler.status === 401)) {
      showError(withServerMessage(events.error ? MELDUNG.ladeFehler : MELDUNG.ladeFehlerGruppen, fehler));
    }
  }, [events.error, gruppen.error, showError]);

  if (istVerweigert(events.error) || istVerweigert(gruppen.error)) return <ZugriffVerweigert />;

  const setzeFilter = (neu: VerlaufFilter) => setSuche(sucheAusFilter(neu));

  const exportStarten = (format: 'csv' | 'json') =>
    exportieren.mutate(
      { format, filter },
      {
        onSuccess: (datei) => showSuccess(MELDUNG.exportiert(datei)),
        onError: (error) => showError(withServerMessage(MELDUNG.exportFehler, error)),
      },
    );

  const planDanach = (eintrag: AuditEintrag) => {
    if (!eintrag.gruppeId) return;
    setPlanAbfrage({
      gruppeId: eintrag.gruppeId,
      asOf: eintrag.position,
      feld: berlinLokal(new Date(eintrag.occurredAt)),
      nachEintrag: eintrag,
    });
    document.getElementById('dienstplan-zeitpunkt')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <PageLayout title="Verlauf" subtitle="Wer hat wann was geändert – direkt aus dem Protokoll der Kita" backToDashboard>
      <div className="vl-page">
        <FilterKarte
          filter={filter}
          gruppen={gruppen.data ?? []}
          onFilter={setzeFilter}
          onExport={exportStarten}
          exportiert={exportieren.isPending ? (exportieren.variables?.format ?? null) : null}
        />
        <EintraegeKarte filter={filter} events={events} onSeite={(page) => setzeFilter({ ...filter, page })} onPlanDanach={planDanach} />
        <DienstplanZeitpunkt gruppen={gruppen.data ?? []} abfrage={planAbfrage} onAbfrage={setPlanAbfrage} />
      </div>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </PageLayout>
  );
}

type FilterKarteProps = {
  filter: VerlaufFilter;
  gruppen: AuditGruppe[];
  onFilter: (filter: VerlaufFilter) => void;
  onExport: (format: 'csv' | 'json') => void;
  exportiert: 'csv' | 'json' | null;
};

function FilterKarte({ filter, gruppen, onFilter, onExport, exportiert }: FilterKarteProps) {
  const id = useId();
  const [entwurf, setEntwurf] = useState(filter);
  // Back and forward in the browser change the filter: the form follows.
  const schluessel = sucheAusFilter(filter).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised filter stands for the filter
  useEffect(() => setEntwurf(filter), [schluessel]);

  const feld = (key: keyof VerlaufFilter) => (event: { target: { value: string } }) =>
    setEntwurf({ ...entwurf, [key]: event.target.value });
  const anwenden = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ ...entwurf, page: 1 });
  };

  return (
    <section className="card vl-card" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`} className="vl-card__title">
        Verlauf filtern
      </h2>
      <form className="vl-form vl-form--filter" onSubmit={anwenden}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kategorie`}>
            Bereich
          </label>
          <select id={`${id}-kategorie`} className="input select" value={entwurf.kategorie} onChange={feld('kategorie')}>
            <option value="">Alle Bereiche</option>
            {KATEGORIEN.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-gruppe`}>
            Gruppe
          </label>
          <select id={`${id}-gruppe`} className="input select" value={entwurf.gruppe} onChange={feld('gruppe')}>
            <option value="">Alle Gruppen</option>
            {gruppen.map((g) => (
              <option key={g.gruppeId} value={g.gruppeId}>
                {g.gruppenName}
                {g.entfernt ? ' (entfernt)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-von`}>
            Von
          </label>
          <input
            id={`${id}-von`}
            className="input"
            type="date"
            value={entwurf.from}
            max={entwurf.to || undefined}
            onChange={feld('from')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-bis`}>
            Bis
          </label>
          <input id={`${id}-bis`} className="input" type="date" value={entwurf.to} min={entwurf.from || undefined} onChange={feld('to')} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-order`}>
            Reihenfolge
          </label>
          <select id={`${id}-order`} className="input select" value={entwurf.order} onChange={feld('order')}>
            <option value="desc">Neueste zuerst</option>
            <option value="asc">Älteste zuerst</option>
          </select>
        </div>
        <div className="vl-form__aktionen">
          <button type="submit" className="btn btn--primary">
            Anzeigen
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => onFilter(STANDARD_FILTER)}>
            Zurücksetzen
          </button>
        </div>
      </form>
      <div className="vl-export">
        <p className="vl-export__titel">Für den Elternbeirat exportieren (alle Einträge dieser Auswahl):</p>
        <div className="vl-export__knoepfe">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onExport('csv')} disabled={exportiert !== null}>
            {exportiert === 'csv' ? 'Wird exportiert...' : 'CSV exportieren'}
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onExport('json')} disabled={exportiert !== null}>
            {exportiert === 'json' ? 'Wird exportiert...' : 'JSON exportieren'}
          </button>
        </div>
      </div>
    </section>
  );
}

type EintraegeKarteProps = {
  filter: VerlaufFilter;
  events: ReturnType<typeof useAuditEvents>;
  onSeite: (page: number) => void;
  onPlanDanach: (eintrag: AuditEintrag) => void;
};

function EintraegeKarte({ filter, events, onSeite, onPlanDanach }: EintraegeKarteProps) {
  const id = useId();
  const { data } = events;
  let inhalt: ReactNode;
  if (data) {
    inhalt =
      data.eintraege.length === 0 ? (
        <p className="empty-note">{MELDUNG.keineEintraege}</p>
      ) : (
        <>
          <VerlaufListe eintraege={data.eintraege} onPlanDanach={onPlanDanach} />
          {data.seiten > 1 && (
            <nav className="vl-seiten" aria-label="Seiten des Verlaufs">
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={filter.page <= 1}
                onClick={() => onSeite(filter.page - 1)}
              >
                ← Vorherige Seite
              </button>
              <span className="vl-seiten__stand">
                Seite {data.seite} von {data.seiten}
              </span>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={!data.hasMore}
                onClick={() => onSeite(filter.page + 1)}
              >
                Nächste Seite →
              </button>
            </nav>
          )}
        </>
      );
  } else if (events.isError) {
    inhalt = (
      <div className="vl-hinweis">
        <p>Der Verlauf konnte nicht geladen werden.</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void events.refetch()}>
          Erneut versuchen
        </button>
      </div>
    );
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        {MELDUNG.laden}
      </p>
    );
  }

  return (
    <section className="card vl-card" aria-labelledby={`${id}-titel`} aria-busy={events.isFetching}>
      <div className="vl-card__kopf">
        <h2 id={`${id}-titel`} className="vl-card__title">
          Einträge
        </h2>
        {data && <p className="text-muted">{anzahlEintraege(data.gesamt)}</p>}
      </div>
      {inhalt}
    </section>
  );
}
