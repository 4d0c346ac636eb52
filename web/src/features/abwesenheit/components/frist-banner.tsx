import { datumKurz } from '@waldkita/domain/i18n/datum';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import type { Frist } from '../utils/frist';
import { kwText } from '../utils/texte';

type FristBannerProps = {
  frist: Frist;
  /** false while the deadline info is unknown (loading or failed): only the current week is shown. */
  bekannt: boolean;
};

/**
 * The deadline banner (docs/produkt.md §2 Abwesenheiten): the remaining days and the deadline date, or
 * 'Erstellungsfrist abgelaufen' with the cut-off date; and the current week 'KW n/year'.
 */
export function FristBanner({ frist, bekannt }: FristBannerProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const abgelaufen = bekannt && !frist.kannErstellen;
  return (
    <section className={`card aw-banner${abgelaufen ? ' aw-banner--abgelaufen' : ''}`} aria-label={t('abwesenheit.banner.label')}>
      <span className="aw-banner__icon" aria-hidden="true">
        {abgelaufen ? '!' : '✓'}
      </span>
      <div className="aw-banner__text">
        {bekannt && abgelaufen && (
          <>
            <p className="aw-banner__title">{t('abwesenheit.fristAbgelaufen')}</p>
            <p>
              {frist.deadline
                ? t('abwesenheit.banner.stichtag', { datum: datumKurz(frist.deadline, sprache) })
                : t('abwesenheit.banner.keineMehr')}
            </p>
          </>
        )}
        {bekannt && !abgelaufen && frist.deadline && (
          <>
            <p className="aw-banner__title">
              {frist.restTage <= 0 ? t('abwesenheit.banner.letzterTag') : t('abwesenheit.banner.rest', { tage: frist.restTage })}
            </p>
            <p>{t('abwesenheit.banner.bis', { datum: datumKurz(frist.deadline, sprache) })}</p>
          </>
        )}
        {bekannt && !abgelaufen && !frist.deadline && (
          <>
            <p className="aw-banner__title">{t('abwesenheit.banner.offen')}</p>
            <p>{t('abwesenheit.banner.keineFrist')}</p>
          </>
        )}
        <p className="aw-banner__woche">
          {t('abwesenheit.banner.aktuelleWoche')} <strong>{kwText(t, frist.aktuelleWoche)}</strong>
        </p>
      </div>
    </section>
  );
}
