import type { DayHeaderContentArg, EventContentArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import { useMemo } from 'react';
import { geschlossenEvents, useGeschlossen } from '@/lib/geschlossen';
import type { DienstEvent } from '../api/types';

const PLUGINS = [dayGridPlugin, multiMonthPlugin];

const WOCHENTAG = new Intl.DateTimeFormat('de-DE', { weekday: 'short' });

/**
 * The week view's day headers in two forms: the locale's 'Mo. 23.11.' where a day column has room,
 * and 'Mo' over '23.' on a phone, where seven columns of about 45 px would clip and overlap the long
 * one. Which one shows is decided by wasserdienst.css; the hidden one is left out of the page's text.
 */
const wochenTagesKopf = ({ date, text }: DayHeaderContentArg) => (
  <>
    <span className="wd-tageskopf wd-tageskopf--breit">{text}</span>
    <span className="wd-tageskopf wd-tageskopf--schmal">
      <span>{WOCHENTAG.format(date)}</span> <span>{date.getDate()}.</span>
    </span>
  </>
);

/** The 'Jahr(e)' view: 12 months, at most 3 side by side, each at least 350 px wide (SPEC.md §9). */
const JAHR_VIEW = 'jahre';
const VIEWS = {
  dayGridWeek: { dayHeaderContent: wochenTagesKopf },
  [JAHR_VIEW]: {
    type: 'multiMonth',
    duration: { months: 12 },
    multiMonthMaxColumns: 3,
    multiMonthMinWidth: 350,
    buttonText: 'Jahr(e)',
    // As FullCalendar's own year view: every month on its own, no days of the neighbouring months.
    fixedWeekCount: true,
    showNonCurrentDates: false,
    // Taller day cells than FullCalendar's 1.35, so a week's family fits instead of '+ weitere 1'.
    aspectRatio: 1,
  },
};
/** Tooltip of the view button; the German locale would build 'Jahr(e)esansicht'. */
const BUTTON_HINTS = { [JAHR_VIEW]: 'Jahresansicht' };

const HEADER_TOOLBAR = { left: 'prev,next', center: 'title', right: `dayGridWeek,dayGridMonth,${JAHR_VIEW}` };

/**
 * Words instead of FullCalendar's chevron icons: the icons are unnamed role="img" spans, which
 * leaves screen readers with nothing to say. The tooltips stay the locale's ('Vorheriger Monat');
 * the arrows are drawn by CSS and left out of the names.
 */
const BUTTON_TEXT = { prev: 'Zurück', next: 'Weiter' };

/**
 * FullCalendar names each day cell by its day number only (aria-labelledby), so the duties drawn in
 * a cell would not be part of its name. Without the reference the cell is named by its whole
 * content: the date and the families of that week.
 */
const nameDayCellByContent = ({ el }: { el: HTMLElement }) => el.removeAttribute('aria-labelledby');

/**
 * '+ weitere n' opens a popover: FullCalendar renders it as a focusable <a> without href that carries
 * aria-expanded, which only a button may have. It behaves as a button (Enter and Space), so it is one.
 */
const moreLinkIsButton = ({ el }: { el: HTMLElement }) => el.setAttribute('role', 'button');

export const toCalendarEvent = (event: DienstEvent): EventInput => ({
  id: event.id,
  title: event.title,
  start: event.start,
  end: event.end,
  allDay: true,
  classNames: ['wd-event', event.eigener ? 'wd-event--eigen' : 'wd-event--andere'],
  extendedProps: { kalenderwoche: event.kalenderwoche, jahr: event.jahr, eigener: event.eigener },
});

/**
 * FullCalendar itself, a chunk of its own: WasserdienstCalendar loads it once the list above has been
 * drawn, so its code and its first render stay off the screen's first paint.
 */
/** A closed week or day ('Ferien', 'Schließzeit', 'Schließtag') is named in its cells; duties draw as usual. */
const eventContent = (arg: EventContentArg) =>
  arg.event.display === 'background' ? <span className="kal-geschlossen__titel">{arg.event.title}</span> : true;

export function WasserdienstFullCalendar({ events }: { events: readonly DienstEvent[] }) {
  const geschlossen = useGeschlossen();
  const calendarEvents = useMemo(
    () => [...geschlossenEvents(geschlossen.data?.wochen ?? [], geschlossen.data?.tage ?? []), ...events.map(toCalendarEvent)],
    [events, geschlossen.data],
  );
  return (
    <FullCalendar
      plugins={PLUGINS}
      locale={deLocale}
      firstDay={1}
      initialView="dayGridMonth"
      views={VIEWS}
      headerToolbar={HEADER_TOOLBAR}
      buttonText={BUTTON_TEXT}
      buttonHints={BUTTON_HINTS}
      events={calendarEvents}
      eventContent={eventContent}
      height="auto"
      eventDisplay="block"
      dayMaxEvents={false}
      dayCellDidMount={nameDayCellByContent}
      moreLinkDidMount={moreLinkIsButton}
    />
  );
}
