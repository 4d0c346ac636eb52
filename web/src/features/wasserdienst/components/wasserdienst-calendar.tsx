import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNachErstemBild } from '@/hooks/use-nach-erstem-bild';
import { useGeschlossen, wartetAufGeschlossen } from '@/lib/geschlossen';
import type { DienstEvent } from '../api/types';
import '../wasserdienst.css';
import { Legende } from '@/components/legende';

/** FullCalendar and its plugins: a chunk of its own, asked for only where a calendar is shown. */
const WasserdienstFullCalendar = lazy(() => import('./wasserdienst-fullcalendar').then((m) => ({ default: m.WasserdienstFullCalendar })));

/**
 * The duty calendar (docs/produkt.md §2): week, month (default) and 'Jahr(e)'; German, Monday first. Each
 * duty spans its week; the family's own weeks are green, the others grey. FullCalendar is mounted
 * after the first paint of the screen (the list of one's own weeks comes first) and once the closed
 * weeks and days have come (asked for here, with the screen, not by the calendar once it runs); until
 * then a placeholder of the month view's height keeps the place, so nothing moves when it arrives.
 */
export function WasserdienstCalendar({ events }: { events: readonly DienstEvent[] }) {
  const titleId = useId();
  const nachErstemBild = useNachErstemBild();
  const geschlossen = useGeschlossen();
  const { t } = useTranslation();
  const platzhalter = (
    <div className="wd-calendar__platzhalter" role="status">
      {t('wasserdienst.kalender.laden')}
    </div>
  );
  return (
    <section className="card wd-card wd-calendar" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('wasserdienst.kalender.titel')}
      </h2>
      {nachErstemBild && !wartetAufGeschlossen(geschlossen) ? (
        <Suspense fallback={platzhalter}>
          <WasserdienstFullCalendar events={events} />
        </Suspense>
      ) : (
        platzhalter
      )}
      <Legende
        label={t('wasserdienst.kalender.legende')}
        className="wd-legend"
        eintraege={[
          { key: 'eigen', swatch: 'wd-legend__swatch wd-legend__swatch--eigen', text: t('wasserdienst.kalender.eigene') },
          { key: 'andere', swatch: 'wd-legend__swatch wd-legend__swatch--andere', text: t('wasserdienst.kalender.andere') },
        ]}
      />
    </section>
  );
}
