import type { EventInput } from '@fullcalendar/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Art } from '../utils/kalender';

const DiensteFullCalendar = lazy(() => import('./dienste-fullcalendar').then((m) => ({ default: m.DiensteFullCalendar })));

type DiensteKalenderProps = {
  events: EventInput[];
  /** The kinds shown, for the legend. */
  arten: readonly Art[];
  /** The month to open at ('yyyy-MM-dd' of the family's next date); today's month without one. */
  start?: string;
};

/**
 * One calendar of all the family's dates, coloured by kind, with closed weeks ('Ferien') and days
 * ('Schließtag') behind them. FullCalendar is mounted after the screen's first paint; a placeholder
 * of the month view's height keeps its place.
 */
export function DiensteKalender({ events, arten, start }: DiensteKalenderProps) {
  const titelId = useId();
  const { t } = useTranslation();
  const gemalt = useNachErstemBild();
  const platzhalter = (
    <div className="ds-kalender__platzhalter" role="status">
      {t('dienste.kalender.laden')}
    </div>
  );
  return (
    <section className="card wd-card wd-calendar ds-kalender" aria-labelledby={titelId}>
      <h2 id={titelId} className="visually-hidden">
        {t('dienste.kalender.titel')}
      </h2>
      {gemalt ? (
        <Suspense fallback={platzhalter}>
          <DiensteFullCalendar events={events} start={start} />
        </Suspense>
      ) : (
        platzhalter
      )}
      <ul className="wd-legend ds-legende" aria-label={t('dienste.kalender.legende')}>
        {arten.map((art) => (
          <li key={art.id}>
            <span className="ds-swatch" style={{ background: art.farbe }} aria-hidden="true" />
            {art.name}
          </li>
        ))}
        <li>
          <span className="ds-swatch ds-swatch--ferien" aria-hidden="true" />
          {t('dienste.kalender.ferien')}
        </li>
        <li>
          <span className="ds-swatch ds-swatch--schliesstag" aria-hidden="true" />
          {t('dienste.kalender.schliesstag')}
        </li>
      </ul>
    </section>
  );
}

/** True once the browser has drawn the current content. */
function useNachErstemBild() {
  const [gemalt, setGemalt] = useState(false);
  useEffect(() => {
    let zweiter = 0;
    const erster = requestAnimationFrame(() => {
      zweiter = requestAnimationFrame(() => setGemalt(true));
    });
    return () => {
      cancelAnimationFrame(erster);
      cancelAnimationFrame(zweiter);
    };
  }, []);
  return gemalt;
}
