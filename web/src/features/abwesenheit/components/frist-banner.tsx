import { datumDeutsch } from '@waldkita/domain/kalender/iso-woche';
import type { Frist } from '../utils/frist';
import { kwText, restTageText } from '../utils/texte';

type FristBannerProps = {
  frist: Frist;
  /** false while the deadline info is unknown (loading or failed): only the current week is shown. */
  bekannt: boolean;
};

const gross = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The deadline banner (SPEC.md §2 Absences): the remaining days and the deadline date, or
 * 'Erstellungsfrist abgelaufen' with the cut-off date; and the current week 'KW n/year'.
 */
export function FristBanner({ frist, bekannt }: FristBannerProps) {
  const abgelaufen = bekannt && !frist.kannErstellen;
  return (
    <section className={`card aw-banner${abgelaufen ? ' aw-banner--abgelaufen' : ''}`} aria-label="Erstellungsfrist">
      <span className="aw-banner__icon" aria-hidden="true">
        {abgelaufen ? '!' : '✓'}
      </span>
      <div className="aw-banner__text">
        {bekannt && abgelaufen && (
          <>
            <p className="aw-banner__title">Erstellungsfrist abgelaufen</p>
            <p>
              {frist.deadline ? `Stichtag war der ${datumDeutsch(frist.deadline)}.` : 'Es können keine Abwesenheiten mehr erstellt werden.'}
            </p>
          </>
        )}
        {bekannt && !abgelaufen && frist.deadline && (
          <>
            <p className="aw-banner__title">{gross(restTageText(frist.restTage))} zum Erstellen von Abwesenheiten</p>
            <p>Frist: bis einschließlich {datumDeutsch(frist.deadline)}</p>
          </>
        )}
        {bekannt && !abgelaufen && !frist.deadline && (
          <>
            <p className="aw-banner__title">Abwesenheiten können erstellt werden</p>
            <p>Derzeit ist keine Frist festgelegt.</p>
          </>
        )}
        <p className="aw-banner__woche">
          Aktuelle Woche: <strong>{kwText(frist.aktuelleWoche)}</strong>
        </p>
      </div>
    </section>
  );
}
