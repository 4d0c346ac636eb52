import { KATEGORIEN } from '@waldkita/domain/audit/beschreibung';
import { berlinLokalSekunde } from '@waldkita/domain/audit/zeit';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuswahlFeld, EingabeFeld } from '@/components/feld';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { useExportVerlauf } from '../api/export-verlauf';
import { useAuditEvents } from '../api/get-audit-events';
import { useAuditGruppen } from '../api/get-audit-gruppen';
import { ladeHerunter } from '../api/integritaet';
import type { AuditEintrag, AuditGruppe, VerlaufFilter } from '../api/types';
import { filterAusSuche, STANDARD_FILTER, sucheAusFilter } from '../utils/filter';
import { anzahlEintraege, kategorieText, meldungen, TOAST_MS, ZUGRIFF_VERWEIGERT } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { DienstplanZeitpunkt, type PlanAbfrage } from './dienstplan-zeitpunkt';
import { GruppenOptionen } from './felder';
import { VerlaufListe } from './verlauf-liste';
import '../audit.css';

/**
 * /audit 'Verlauf': the event log for auditors and admins — a filterable, paged list of German
 * sentences (newest first by default), exports for the parents' council, and the water-duty plan
 * of a group as it stood at any moment. The filter lives in the address, so a view can be shared.
 */
export function VerlaufPage() {
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
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
  }, [events.error, gruppen.error, showError, MELDUNG.ladeFehler, MELDUNG.ladeFehlerGruppen]);

  if (istVerweigert(events.error) || istVerweigert(gruppen.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;

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
      feld: berlinLokalSekunde(new Date(eintrag.occurredAt)),
      nachEintrag: eintrag,
    });
    document.getElementById('dienstplan-zeitpunkt')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <PageLayout
      title={t('audit.titel')}
      subtitle={t('audit.untertitel')}
      backToDashboard
      actions={
        <Link className="btn btn--on-dark btn--small" to="/audit/integritaet">
          {t('audit.integritaet.titel')}
        </Link>
      }
    >
      <div className="vl-page">
        {(filter.familie || filter.woche) && (
          <FallKarte filter={filter} onAufheben={() => setzeFilter({ ...filter, familie: '', woche: '', page: 1 })} />
        )}
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

/**
 * The case at hand: everything about one family or one ISO week, with its case report (PDF, the
 * evidence attached) to hand on.
 */
function FallKarte({ filter, onAufheben }: { filter: VerlaufFilter; onAufheben: () => void }) {
  const { t } = useTranslation();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [laedt, setLaedt] = useState(false);
  const suche = filter.familie ? `familie=${encodeURIComponent(filter.familie)}` : `woche=${encodeURIComponent(filter.woche)}`;
  const lade = (pfad: string, fallback: string) => {
    setLaedt(true);
    ladeHerunter(`${pfad}?${suche}`, fallback)
      .then(
        (datei) => showSuccess(t('audit.fall.heruntergeladen', { datei })),
        (error: unknown) => showError(withServerMessage(t('audit.fall.fehler'), error)),
      )
      .finally(() => setLaedt(false));
  };
  return (
    <section className="card vl-card vl-fall" aria-labelledby="vl-fall-titel">
      <h2 id="vl-fall-titel" className="vl-card__title">
        {filter.familie ? t('audit.fall.familie') : t('audit.fall.woche', { woche: filter.woche })}
      </h2>
      <p className="text-muted">{t('audit.fall.erklaerung')}</p>
      <div className="vl-form__aktionen">
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => lade('/api/audit/bericht', 'fallbericht.pdf')}
          disabled={laedt}
        >
          {laedt ? t('audit.export.laeuft') : t('audit.fall.bericht')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => lade('/api/audit/beweis', 'beweis.jsonl')}
          disabled={laedt}
        >
          {t('audit.fall.beweis')}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={onAufheben}>
          {t('audit.fall.aufheben')}
        </button>
      </div>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
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
  const { t } = useTranslation();
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
        {t('audit.filter.titel')}
      </h2>
      <form className="vl-form vl-form--filter" onSubmit={anwenden}>
        <AuswahlFeld label={t('audit.filter.bereich')} id={`${id}-kategorie`} value={entwurf.kategorie} onChange={feld('kategorie')}>
          <option value="">{t('audit.filter.alleBereiche')}</option>
          {KATEGORIEN.map((k) => (
            <option key={k} value={k}>
              {kategorieText(k, t)}
            </option>
          ))}
        </AuswahlFeld>
        <AuswahlFeld label={t('audit.filter.gruppe')} id={`${id}-gruppe`} value={entwurf.gruppe} onChange={feld('gruppe')}>
          <option value="">{t('audit.filter.alleGruppen')}</option>
          <GruppenOptionen gruppen={gruppen} />
        </AuswahlFeld>
        <EingabeFeld
          label={t('audit.filter.woche')}
          id={`${id}-woche`}
          value={entwurf.woche}
          placeholder="2026-W53"
          pattern="\\d{4}-?[Ww]\\d{1,2}"
          onChange={feld('woche')}
        />
        <EingabeFeld label={t('audit.filter.suche')} id={`${id}-q`} type="search" value={entwurf.q} minLength={2} onChange={feld('q')} />
        <EingabeFeld
          label={t('audit.filter.von')}
          id={`${id}-von`}
          type="date"
          value={entwurf.from}
          max={entwurf.to || undefined}
          onChange={feld('from')}
        />
        <EingabeFeld
          label={t('audit.filter.bis')}
          id={`${id}-bis`}
          type="date"
          value={entwurf.to}
          min={entwurf.from || undefined}
          onChange={feld('to')}
        />
        <AuswahlFeld label={t('audit.filter.reihenfolge')} id={`${id}-order`} value={entwurf.order} onChange={feld('order')}>
          <option value="desc">{t('audit.filter.neuesteZuerst')}</option>
          <option value="asc">{t('audit.filter.aeltesteZuerst')}</option>
        </AuswahlFeld>
        <div className="vl-form__aktionen">
          <button type="submit" className="btn btn--primary">
            {t('audit.filter.anzeigen')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => onFilter(STANDARD_FILTER)}>
            {t('audit.filter.zuruecksetzen')}
          </button>
        </div>
      </form>
      <div className="vl-export">
        <p className="vl-export__titel">{t('audit.export.titel')}</p>
        <div className="vl-export__knoepfe">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onExport('csv')} disabled={exportiert !== null}>
            {exportiert === 'csv' ? t('audit.export.laeuft') : t('audit.export.csv')}
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onExport('json')} disabled={exportiert !== null}>
            {exportiert === 'json' ? t('audit.export.laeuft') : t('audit.export.json')}
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
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
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
            <nav className="vl-seiten" aria-label={t('audit.seiten.label')}>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={filter.page <= 1}
                onClick={() => onSeite(filter.page - 1)}
              >
                {t('audit.seiten.vorherige')}
              </button>
              <span className="vl-seiten__stand">{t('audit.seiten.stand', { seite: data.seite, seiten: data.seiten })}</span>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={!data.hasMore}
                onClick={() => onSeite(filter.page + 1)}
              >
                {t('audit.seiten.naechste')}
              </button>
            </nav>
          )}
        </>
      );
  } else if (events.isError) {
    inhalt = (
      <div className="vl-hinweis">
        <p>{t('audit.nichtGeladen')}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void events.refetch()}>
          {t('audit.erneutVersuchen')}
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
          {t('audit.eintraege.titel')}
        </h2>
        {data && <p className="text-muted">{anzahlEintraege(data.gesamt, t)}</p>}
      </div>
      {inhalt}
    </section>
  );
}
