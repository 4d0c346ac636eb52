import { berlinLokalSekunde } from '@waldkita/domain/audit/zeit';
import { datumKurz } from '@waldkita/domain/i18n/datum';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { FormFehler } from '@/components/feld';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { useAbwesenheitenStand, useSchliesszeitenStand } from '../api/get-stand';
import type { Stand } from '../api/types';
import { familieText, meldungen, schliessGrund, standPfad, ZUGRIFF_VERWEIGERT, zeitIn } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { ZeitpunktFeld } from './felder';
import { GeschichteLayout, GeschichteStatus } from './geschichte-layout';

/** The moment of an as-of page lives in the address (?asOf=), so a view can be bookmarked and shared; none: now. */
function useAsOf() {
  const [suche, setSuche] = useSearchParams();
  const asOf = suche.get('asOf') ?? '';
  return [asOf, (neu: string) => setSuche(neu ? { asOf: neu } : {})] as const;
}

/** 'Zeitpunkt' and 'Anzeigen', and the way to the other as-of views of the same moment. */
function StandFormular({
  asOf,
  onAsOf,
  andere,
}: {
  asOf: string;
  onAsOf: (asOf: string) => void;
  andere: 'abwesenheiten' | 'schliesszeiten';
}) {
  const { t } = useTranslation();
  const id = useId();
  // A position (from an entry's 'Dienstplan danach') cannot be shown in a time field: the field starts at now then.
  const [feld, setFeld] = useState(() => (/^\d{4}-\d{2}-\d{2}T/.test(asOf) ? asOf : berlinLokalSekunde(new Date())));
  const [fehler, setFehler] = useState<string | null>(null);
  const anzeigen = (event: FormEvent) => {
    event.preventDefault();
    if (!feld) return setFehler(meldungen(t).zeitpunktWaehlen);
    setFehler(null);
    onAsOf(feld);
  };
  return (
    <section className="card vl-card" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`} className="vl-card__title">
        {t('audit.stand.zeitpunktWaehlen')}
      </h2>
      <form className="vl-form" onSubmit={anzeigen} noValidate>
        <ZeitpunktFeld id={id} wert={feld} onWert={setFeld} ungueltig={Boolean(fehler)} />
        <div className="vl-form__aktionen">
          <button type="submit" className="btn btn--primary">
            {t('audit.stand.anzeigen')}
          </button>
        </div>
      </form>
      <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
      <div className="vl-stand-links">
        <span className="text-muted">{t('audit.stand.zumSelbenZeitpunkt')}</span>
        <Link className="btn btn--secondary btn--small" to={standPfad(andere, asOf)}>
          {andere === 'abwesenheiten' ? t('audit.stand.abwesenheitenLink') : t('audit.stand.schliesszeitenLink')}
        </Link>
        <Link className="btn btn--secondary btn--small" to="/audit#dienstplan-zeitpunkt">
          {t('audit.stand.planLink')}
        </Link>
      </div>
    </section>
  );
}

/** '12 von 40 Ereignissen berücksichtigt, das letzte vom …' or that there were none yet. */
function StandZeile({ stand, asOfText }: { stand: Stand; asOfText: string }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <p className="text-muted">
      {t('audit.stand.standVom', { stand: asOfText })}{' '}
      {stand.ereignisse === 0
        ? t('audit.stand.keineEreignisse')
        : t('audit.stand.ereignisse', {
            anzahl: stand.ereignisse,
            von: stand.von,
            zeit: zeitIn(stand.zeit ?? '', stand.occurredAt, sprache),
          })}
    </p>
  );
}

/**
 * /audit/abwesenheiten?asOf= 'Abwesenheiten zu einem Zeitpunkt': which families had reported which
 * absence weeks as of the moment, and the weeks the yearly import had reset — folded by the server
 * from the families' absence streams.
 */
export function AbwesenheitenStandPage() {
  const { t } = useTranslation();
  const sprache = useSprache();
  const [asOf, setAsOf] = useAsOf();
  const stand = useAbwesenheitenStand(asOf);
  if (istVerweigert(stand.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
  const { data } = stand;
  let inhalt: ReactNode = null;
  if (data) {
    inhalt = (
      <section className="card vl-card" aria-labelledby="vl-abwesenheiten-titel" aria-live="polite">
        <h2 id="vl-abwesenheiten-titel" className="vl-card__title">
          {t('audit.abwesenheiten.liste')}
        </h2>
        <StandZeile stand={data.stand} asOfText={data.asOf.text} />
        <p>{t('audit.abwesenheiten.anzahl', data.anzahl)}</p>
        {data.familien.length === 0 ? (
          <p className="empty-note">{t('audit.abwesenheiten.keine')}</p>
        ) : (
          <ul className="vl-stand-liste">
            {data.familien.map((f) => (
              <li key={f.elternId} className="vl-stand-familie">
                <h3 className="vl-stand-familie__name">{familieText(f.familie, t)}</h3>
                <ul className="vl-stand-wochen">
                  {f.gemeldet.map((a) => (
                    <li key={a.abwesenheitId}>
                      <span className="vl-stand-wochen__kw">{a.kw}</span> · {datumKurz(a.freitag, sprache)}{' '}
                      <span className="badge vl-badge vl-badge--abwesenheit">{t('audit.abwesenheiten.gemeldet')}</span>
                    </li>
                  ))}
                  {f.zurueckgesetzt.map((a) => (
                    <li key={`${a.abwesenheitId}-${a.importId}`} className="vl-stand-wochen__zurueck">
                      <span className="vl-stand-wochen__kw">{a.kw}</span> · {datumKurz(a.freitag, sprache)}{' '}
                      <span className="badge vl-badge vl-badge--import">{t('audit.abwesenheiten.zurueckgesetzt')}</span>{' '}
                      <span className="text-muted">
                        {a.zeit ? t('audit.abwesenheiten.am', { zeit: zeitIn(a.zeit, a.occurredAt, sprache) }) : ''}
                      </span>{' '}
                      <Link to={`/audit/import/${a.importId}`}>{t('audit.eintrag.importAnsehen')}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  return (
    <GeschichteLayout title={t('audit.abwesenheiten.titel')} subtitle={t('audit.abwesenheiten.untertitel')}>
      <StandFormular key={asOf} asOf={asOf} onAsOf={setAsOf} andere="schliesszeiten" />
      <GeschichteStatus
        laedt={stand.isPending}
        fehler={stand.isError ? (serverMessage(stand.error) ?? t('audit.abwesenheiten.ladeFehler')) : null}
      />
      {inhalt}
    </GeschichteLayout>
  );
}

/**
 * /audit/schliesszeiten?asOf= 'Schließzeiten zu einem Zeitpunkt': closing weeks and holidays,
 * closing days and events as the calendar stood at the moment, folded from the calendar's stream.
 */
export function SchliesszeitenStandPage() {
  const { t } = useTranslation();
  const sprache = useSprache();
  const [asOf, setAsOf] = useAsOf();
  const stand = useSchliesszeitenStand(asOf);
  if (istVerweigert(stand.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
  const { data } = stand;
  let inhalt: ReactNode = null;
  if (data) {
    const leer = <p className="empty-note">{t('audit.schliesszeiten.keine')}</p>;
    inhalt = (
      <>
        <section className="card vl-card" aria-labelledby="vl-schliesswochen-titel" aria-live="polite">
          <h2 id="vl-schliesswochen-titel" className="vl-card__title">
            {t('audit.schliesszeiten.wochen')}
          </h2>
          <StandZeile stand={data.stand} asOfText={data.asOf.text} />
          <p>{data.ferienBestaetigt ? t('audit.schliesszeiten.bestaetigt') : t('audit.schliesszeiten.nichtBestaetigt')}</p>
          {data.schliesswochen.length === 0 ? (
            leer
          ) : (
            <ul className="vl-stand-wochen">
              {data.schliesswochen.map((w) => (
                <li key={w.id}>
                  <span className="vl-stand-wochen__kw">{w.kw}</span> ·{' '}
                  {t('audit.schliesszeiten.spanne', { von: datumKurz(w.montag, sprache), bis: datumKurz(w.freitag, sprache) })}{' '}
                  <span className={`badge vl-badge ${w.ferienart ? 'vl-badge--abwesenheit' : 'vl-badge--verwaltung'}`}>
                    {w.ferienart ? t('audit.plan.ferien') : t('audit.schliesszeiten.schliesszeit')}
                  </span>{' '}
                  {schliessGrund(w, t)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card vl-card" aria-labelledby="vl-schliesstage-titel">
          <h2 id="vl-schliesstage-titel" className="vl-card__title">
            {t('audit.schliesszeiten.tage')}
          </h2>
          {data.schliesstage.length === 0 ? (
            leer
          ) : (
            <ul className="vl-stand-wochen">
              {data.schliesstage.map((d) => (
                <li key={d.id}>
                  <span className="vl-stand-wochen__kw">{datumKurz(d.datum, sprache)}</span>{' '}
                  {d.ferienart && <span className="badge vl-badge vl-badge--abwesenheit">{t('audit.plan.ferien')}</span>}{' '}
                  {schliessGrund(d, t)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card vl-card" aria-labelledby="vl-events-titel">
          <h2 id="vl-events-titel" className="vl-card__title">
            {t('audit.schliesszeiten.events')}
          </h2>
          {data.events.length === 0 ? (
            leer
          ) : (
            <ul className="vl-stand-wochen">
              {data.events.map((d) => (
                <li key={d.id}>
                  <span className="vl-stand-wochen__kw">{datumKurz(d.datum, sprache)}</span> {d.beschreibung}
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }
  return (
    <GeschichteLayout title={t('audit.schliesszeiten.titel')} subtitle={t('audit.schliesszeiten.untertitel')}>
      <StandFormular key={asOf} asOf={asOf} onAsOf={setAsOf} andere="abwesenheiten" />
      <GeschichteStatus
        laedt={stand.isPending}
        fehler={stand.isError ? (serverMessage(stand.error) ?? t('audit.schliesszeiten.ladeFehler')) : null}
      />
      {inhalt}
    </GeschichteLayout>
  );
}
