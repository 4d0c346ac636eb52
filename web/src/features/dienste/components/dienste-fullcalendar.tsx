import type { DayHeaderContentArg, EventContentArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import { wochentagKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import { fullCalendarSprache } from '../utils/fullcalendar-sprache';

const PLUGINS = [dayGridPlugin];

const WOCHENTAG = new Intl.DateTimeFormat('de-DE', { weekday: 'short' });
const lokalesDatum = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The week view's day headers: 'Mo. 23.11.' where there is room, 'Mo' over '23.' on a phone (styles.css). */
const wochenTagesKopf =
  (sprache: Sprache) =>
  ({ date, text }: DayHeaderContentArg) => (
    <>
      <span className="wd-tageskopf wd-tageskopf--breit">{text}</span>
      <span className="wd-tageskopf wd-tageskopf--schmal">
        <span>{sprache === 'de' ? WOCHENTAG.format(date) : wochentagKurz(lokalesDatum(date), sprache)}</span>{' '}
        <span>{sprache === 'de' ? `${date.getDate()}.` : date.getDate()}</span>
      </span>
    </>
  );

const HEADER_TOOLBAR = { left: 'prev,next', center: 'title', right: 'dayGridWeek,dayGridMonth' };

/** Day cells are named by their whole content (the date, the duties, 'Ferien'), not by the day number alone. */
const nameDayCellByContent = ({ el }: { el: HTMLElement }) => el.removeAttribute('aria-labelledby');
/** '+ weitere n' behaves as a button, so it is one. */
const moreLinkIsButton = ({ el }: { el: HTMLElement }) => el.setAttribute('role', 'button');
/** The full text ('Putzdienst: Sa 05.12.–So 06.12.2026', 'Weihnachtsferien') as the tooltip. */
const titleAsTooltip = ({ el, event }: { el: HTMLElement; event: { title: string; extendedProps: Record<string, unknown> } }) => {
  const beschreibung = event.extendedProps.beschreibung;
  el.title = typeof beschreibung === 'string' && beschreibung ? beschreibung : event.title;
};
/** Background events ('Ferien', 'Schließtag') show their title too, in the day cell; the dates keep FullCalendar's own content (`true`). */
const eventContent = (arg: EventContentArg) =>
  arg.event.display === 'background' ? <span className="kal-geschlossen__titel">{arg.event.title}</span> : true;

/** FullCalendar itself, a chunk of its own (loaded by DiensteKalender after the first paint). */
export function DiensteFullCalendar({ events, start }: { events: EventInput[]; start?: string }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const views = useMemo(
    () => ({
      dayGridWeek: { dayHeaderContent: wochenTagesKopf(sprache) },
      // Arabic has no short weekday names ('الاثنين' either way): one letter each, as phones' calendars show them.
      ...(sprache === 'ar' ? { dayGridMonth: { dayHeaderFormat: { weekday: 'narrow' as const } } } : {}),
    }),
    [sprache],
  );
  // Words instead of FullCalendar's unnamed chevron icons.
  const buttonText = useMemo(() => ({ prev: t('dienste.kalender.zurueck'), next: t('dienste.kalender.weiter') }), [t]);
  return (
    <FullCalendar
      plugins={PLUGINS}
      {...fullCalendarSprache(sprache)}
      firstDay={1}
      initialView="dayGridMonth"
      initialDate={start}
      views={views}
      headerToolbar={HEADER_TOOLBAR}
      buttonText={buttonText}
      events={events}
      height="auto"
      eventDisplay="block"
      dayMaxEvents={false}
      dayCellDidMount={nameDayCellByContent}
      moreLinkDidMount={moreLinkIsButton}
      eventDidMount={titleAsTooltip}
      eventContent={eventContent}
    />
  );
}
