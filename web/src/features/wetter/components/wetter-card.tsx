import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import { useId } from 'react';
import { useSprache } from '@/hooks/use-sprache';
import { zeitpunkt } from '@/lib/zeitpunkt';
import { useWetter, type Wetter } from '../api/get-wetter';
import { grad, millimeter, tagesName } from '../utils/format';
import { wetterArt } from '../utils/wetter-art';
import { WetterIcon } from './wetter-icons';
import '../wetter.css';
import { useTranslation } from 'react-i18next';

/** Open-Meteo's licence (CC BY 4.0) asks for a visible credit with a link. */
const OPEN_METEO = 'https://open-meteo.com/';

/** 'Wetter in Kempten' on the dashboard (docs/produkt.md §2): now, today and tomorrow. */
export function WetterCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const { data, isPending } = useWetter();
  return (
    <section className="card wetter" aria-labelledby={titelId}>
      <h2 id={titelId} className="wetter__titel">
        {t('wetter.titel')}
      </h2>
      {data ? (
        <WetterInhalt wetter={data} />
      ) : isPending ? (
        <WetterGeruest />
      ) : (
        <p className="wetter__hinweis" role="status">
          {t('wetter.nichtVerfuegbar')}
        </p>
      )}
    </section>
  );
}

const PLATZHALTER_TAGE = ['wetter.heute', 'wetter.morgen'];

/**
 * While the forecast loads: the loading text where the current temperature will be, and the two
 * day cards with empty values, so the card already has its final height (no layout shift).
 */
function WetterGeruest() {
  const { t } = useTranslation();
  return (
    <>
      {/* Polite live region: the loading text is replaced by the data or by the German notice. */}
      <p className="wetter__aktuell wetter__aktuell--laden wetter__hinweis" role="status">
        {t('wetter.laden')}
      </p>
      <ul className="wetter__tage wetter__tage--laden" aria-hidden="true">
        {PLATZHALTER_TAGE.map((name) => (
          <li key={name} className="wetter-tag">
            <span className="wetter-icon wetter-icon--platzhalter" />
            <span className="wetter-tag__name">{t(name)}</span>
            <dl className="wetter-tag__werte">
              {['wetter.max', 'wetter.min', 'wetter.niederschlag'].map((wert) => (
                <div key={wert}>
                  <dt>{t(wert)}</dt>
                  <dd>–</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="wetter__quelle">
        {t('wetter.quelle')}{' '}
        <a href={OPEN_METEO} target="_blank" rel="noopener noreferrer">
          Open-Meteo
        </a>
      </p>
    </>
  );
}

function WetterInhalt({ wetter }: { wetter: Wetter }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <>
      <p className="wetter__aktuell">
        <span className="wetter__temperatur">{grad(wetter.aktuell.temperatur, sprache)}</span>
        <span className="wetter__aktuell-text">{t('wetter.aktuell')}</span>
      </p>
      <ul className="wetter__tage">
        {wetter.tage.slice(0, 2).map((tag) => (
          <li key={tag.datum} className="wetter-tag">
            <WetterIcon art={wetterArt(tag)} />
            <h3 className="wetter-tag__name">
              {tagesName(tag.datum, undefined, { heute: t('wetter.heute'), morgen: t('wetter.morgen') }, sprache)}
            </h3>
            <dl className="wetter-tag__werte">
              <div>
                <dt>{t('wetter.max')}</dt>
                <dd>{grad(tag.max, sprache)}</dd>
              </div>
              <div>
                <dt>{t('wetter.min')}</dt>
                <dd>{grad(tag.min, sprache)}</dd>
              </div>
              <div>
                <dt>{t('wetter.niederschlag')}</dt>
                <dd>{millimeter(tag.niederschlag, sprache)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {wetter.veraltet && (
        <p className="wetter__veraltet">
          {t('wetter.veraltet', { stand: sprache === 'de' ? zeitpunkt(wetter.abgerufenAm) : zeitpunktIn(wetter.abgerufenAm, sprache) })}
        </p>
      )}
      <p className="wetter__quelle">
        {t('wetter.quelle')}{' '}
        <a href={OPEN_METEO} target="_blank" rel="noopener noreferrer">
          Open-Meteo
        </a>
      </p>
    </>
  );
}
