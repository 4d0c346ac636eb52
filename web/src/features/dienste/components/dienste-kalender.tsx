import type { EventInput } from '@fullcalendar/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Legende } from '@/components/legende';
import { useNachErstemBild } from '@/hooks/use-nach-erstem-bild';
import type { Art } from '../utils/kalender';

const DiensteFullCalendar = lazy(() => import('./dienste-fullcalendar').then((m) => ({ default: m.DiensteFullCalendar })));

type DiensteKalenderProps = {
  events: EventInput[];
  /** The kinds shown, for the legend. */
  arten: readonly Art[];
  /** The month to open at ('yyyy-MM-dd' of the family's next date); today's month without one. */
  start?: string;
  /** The closed weeks and days are still on their way: the calendar waits, to be laid out once with them. */
  wartet?: boolean;
};

/**
 * One calendar of all the family's dates, coloured by kind, with closed weeks ('Ferien') and days
 * ('Schließtag') behind them. FullCalendar is mounted after the screen's first paint and once the
 * closed weeks have come, so it lays the month out once; a placeholder of the month view's height
 * keeps its place.
 */
export function DiensteKalender({ events, arten, start, wartet = false }: DiensteKalenderProps) {
  const titelId = useId();
  const { t } = useTranslation();
  const gemalt = useNachErstemBild();
  const platzhalter = (
    <div className="wd-calendar__platzhalter" role="status">
      {t('dienste.kalender.laden')}
    </div>
  );
  return (
    <section className="card wd-card wd-calendar ds-kalender" aria-labelledby={titelId}>
      <h2 id={titelId} className="visually-hidden">
        {t('dienste.kalender.titel')}
      </h2>
      {gemalt && !wartet ? (
        <Suspense fallback={platzhalter}>
          <DiensteFullCalendar events={events} start={start} />
        </Suspense>
      ) : (
        platzhalter
      )}
      <Legende
        label={t('dienste.kalender.legende')}
        className="wd-legend ds-legende"
        eintraege={[
          ...arten.map((art) => ({ key: `art-${art.id}`, swatch: 'ds-swatch', text: art.name, style: { background: art.farbe } })),
          { key: 'ferien', swatch: 'ds-swatch ds-swatch--ferien', text: t('dienste.kalender.ferien') },
          { key: 'schliesstag', swatch: 'ds-swatch ds-swatch--schliesstag', text: t('dienste.kalender.schliesstag') },
        ]}
      />
    </section>
  );
}
