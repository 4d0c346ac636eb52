import { berlinLokalSekunde } from '@waldkita/domain/audit/zeit';
import { datumKurz } from '@waldkita/domain/i18n/datum';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { useDienstplanStand } from '../api/get-dienstplan-stand';
import type { AuditEintrag, AuditGruppe } from '../api/types';
import { meldungen, zeitIn } from '../utils/texte';

/** What the plan is asked for: a group and a moment (typed) or a log position (from an entry). */
export type PlanAbfrage = { gruppeId: string; asOf: string; feld: string; nachEintrag: AuditEintrag | null };

type DienstplanZeitpunktProps = {
  gruppen: AuditGruppe[];
  abfrage: PlanAbfrage | null;
  onAbfrage: (abfrage: PlanAbfrage) => void;
};

/**
 * 'Dienstplan zu einem Zeitpunkt': a group's water-duty plan as it stood at a moment, folded by the
 * server from the group's events up to then (KW, Friday, family).
 */
export function DienstplanZeitpunkt({ gruppen, abfrage, onAbfrage }: DienstplanZeitpunktProps) {
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
  const sprache = useSprache();
  const id = useId();
  const [gruppeId, setGruppeId] = useState(abfrage?.gruppeId ?? '');
  const [zeitpunkt, setZeitpunkt] = useState(() => abfrage?.feld ?? berlinLokalSekunde(new Date()));
  const [fehler, setFehler] = useState<string | null>(null);
  const stand = useDienstplanStand(abfrage ? { gruppeId: abfrage.gruppeId, asOf: abfrage.asOf } : null);

  // An entry's 'Dienstplan danach' fills the form with its group and time.
  useEffect(() => {
    if (!abfrage) return;
    setGruppeId(abfrage.gruppeId);
    setZeitpunkt(abfrage.feld);
    setFehler(null);
  }, [abfrage]);

  const anzeigen = (event: FormEvent) => {
    event.preventDefault();
    if (!gruppeId) return setFehler(MELDUNG.gruppeWaehlen);
    if (!zeitpunkt) return setFehler(MELDUNG.zeitpunktWaehlen);
    setFehler(null);
    onAbfrage({ gruppeId, asOf: zeitpunkt, feld: zeitpunkt, nachEintrag: null });
  };

  let ergebnis: ReactNode = null;
  if (abfrage && stand.isPending) {
    ergebnis = (
      <p className="text-muted" role="status">
        {t('audit.plan.laden')}
      </p>
    );
  } else if (abfrage && stand.isError) {
    ergebnis = (
      <p className="form-error" role="alert">
        {serverMessage(stand.error) ?? MELDUNG.ladeFehlerPlan}
      </p>
    );
  } else if (abfrage && stand.data) {
    const { data } = stand;
    const gruppe = data.gruppenName ?? t('audit.unbekanntWort');
    const titel = abfrage.nachEintrag
      ? t('audit.plan.titelNachEintrag', {
          gruppe,
          zeit: zeitIn(abfrage.nachEintrag.zeit, abfrage.nachEintrag.occurredAt, sprache),
        })
      : t('audit.plan.titelStand', { gruppe, stand: data.asOf.text });
    ergebnis = (
      <div className="vl-plan" aria-live="polite">
        {abfrage.nachEintrag && <p className="vl-plan__nach">„{abfrage.nachEintrag.beschreibung}“</p>}
        <p className="text-muted">
          {data.stand.ereignisse === 0
            ? t('audit.plan.keineEreignisse')
            : t('audit.plan.ereignisse', {
                anzahl: data.stand.ereignisse,
                von: data.stand.von,
                zeit: zeitIn(data.stand.zeit ?? '', data.stand.occurredAt, sprache),
              })}
        </p>
        {data.eintraege.length === 0 ? (
          <p className="empty-note">{MELDUNG.keinPlan}</p>
        ) : (
          <div className="data-table__scroll">
            <table className="data-table vl-plan__tabelle">
              <caption id={`${id}-caption`} className="vl-plan__caption">
                {titel}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.plan.kw')}</th>
                  <th scope="col">{t('audit.plan.datumFreitag')}</th>
                  <th scope="col">{t('audit.plan.familie')}</th>
                </tr>
              </thead>
              <tbody>
                {data.eintraege.map((zeile) => (
                  <tr key={zeile.wasserdienstId}>
                    <td>{zeile.kw}</td>
                    <td>{datumKurz(zeile.freitag, sprache)}</td>
                    <td>{zeile.familie ?? t('audit.unbekannt')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data.offeneTausche.length > 0 && (
          <p className="text-muted">
            {t('audit.plan.offeneTausche', {
              familien: data.offeneTausche.map((o) => t('audit.familie', { name: o.familie ?? t('audit.unbekannt') })).join(', '),
            })}
          </p>
        )}
      </div>
    );
  }

  return (
    <section id="dienstplan-zeitpunkt" className="card vl-card" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`} className="vl-card__title">
        {t('audit.plan.titel')}
      </h2>
      <p className="text-muted">{t('audit.plan.text')}</p>
      <form className="vl-form" onSubmit={anzeigen} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-gruppe`}>
            {t('audit.filter.gruppe')}
          </label>
          <select
            id={`${id}-gruppe`}
            className="input select"
            value={gruppeId}
            onChange={(event) => setGruppeId(event.target.value)}
            {...(fehler && !gruppeId ? { 'aria-invalid': true, 'aria-errormessage': `${id}-fehler` } : {})}
          >
            <option value="">{t('audit.plan.bitteWaehlen')}</option>
            {gruppen.map((g) => (
              <option key={g.gruppeId} value={g.gruppeId}>
                {g.gruppenName}
                {g.entfernt ? t('audit.gruppeEntfernt') : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-zeit`}>
            {t('audit.plan.zeitpunkt')}
          </label>
          <input
            id={`${id}-zeit`}
            className="input"
            type="datetime-local"
            step={1}
            value={zeitpunkt}
            onChange={(event) => setZeitpunkt(event.target.value)}
            {...(fehler && gruppeId ? { 'aria-invalid': true, 'aria-errormessage': `${id}-fehler` } : {})}
          />
        </div>
        <div className="vl-form__aktionen">
          <button type="submit" className="btn btn--primary">
            {t('audit.plan.anzeigen')}
          </button>
        </div>
      </form>
      {fehler && (
        <p id={`${id}-fehler`} className="form-error" role="alert">
          {fehler}
        </p>
      )}
      {ergebnis}
    </section>
  );
}
