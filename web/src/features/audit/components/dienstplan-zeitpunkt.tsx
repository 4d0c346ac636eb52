import { berlinLokalSekunde } from '@waldkita/domain/audit/zeit';
import { datumKurz } from '@waldkita/domain/i18n/datum';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuswahlFeld, FormFehler } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { useDienstplanStand } from '../api/get-dienstplan-stand';
import type { AuditEintrag, AuditGruppe } from '../api/types';
import { familieText, meldungen, schliessGrund, standPfad, zeitIn } from '../utils/texte';
import { GruppenOptionen, ZeitpunktFeld } from './felder';

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
        {data.wochen.length === 0 ? (
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
                {data.wochen.map((zeile) => (
                  <tr key={`${zeile.jahr}-${zeile.kalenderwoche}`} className={`vl-woche vl-woche--${zeile.art}`}>
                    <td>{zeile.kw}</td>
                    <td>{datumKurz(zeile.freitag, sprache)}</td>
                    <td>
                      {zeile.art === 'belegt' && (zeile.familie ?? t('audit.unbekannt'))}
                      {zeile.art === 'frei' && <span className="vl-woche__marke">{t('audit.plan.frei')}</span>}
                      {zeile.art === 'ferien' && (
                        <>
                          <span className="vl-woche__marke">{t('audit.plan.ferien')}</span>{' '}
                          <span className="vl-woche__grund">{schliessGrund(zeile, t)}</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data.offeneTausche.length > 0 && (
          <p className="text-muted">
            {t('audit.plan.offeneTausche', {
              familien: data.offeneTausche.map((o) => familieText(o.familie, t)).join(', '),
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
        <AuswahlFeld
          label={t('audit.filter.gruppe')}
          id={`${id}-gruppe`}
          value={gruppeId}
          onChange={(event) => setGruppeId(event.target.value)}
          {...(fehler && !gruppeId ? { 'aria-invalid': true, 'aria-errormessage': `${id}-fehler` } : {})}
        >
          <option value="">{t('audit.plan.bitteWaehlen')}</option>
          <GruppenOptionen gruppen={gruppen} />
        </AuswahlFeld>
        <ZeitpunktFeld id={id} wert={zeitpunkt} onWert={setZeitpunkt} ungueltig={Boolean(fehler && gruppeId)} />
        <div className="vl-form__aktionen">
          <button type="submit" className="btn btn--primary">
            {t('audit.plan.anzeigen')}
          </button>
        </div>
      </form>
      <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
      {ergebnis}
      <div className="vl-stand-links">
        <span className="text-muted">{t('audit.stand.zumSelbenZeitpunkt')}</span>
        <Link className="btn btn--secondary btn--small" to={standPfad('abwesenheiten', abfrage?.asOf ?? zeitpunkt)}>
          {t('audit.stand.abwesenheitenLink')}
        </Link>
        <Link className="btn btn--secondary btn--small" to={standPfad('schliesszeiten', abfrage?.asOf ?? zeitpunkt)}>
          {t('audit.stand.schliesszeitenLink')}
        </Link>
      </div>
    </section>
  );
}
