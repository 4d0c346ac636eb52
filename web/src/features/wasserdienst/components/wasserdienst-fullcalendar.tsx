import type { DayHeaderContentArg, EventContentArg, EventInput, LocaleInput } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import plLocale from '@fullcalendar/core/locales/pl';
import trLocale from '@fullcalendar/core/locales/tr';
import ukLocale from '@fullcalendar/core/locales/uk';
import dayGridPlugin from '@fullcalendar/daygrid';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import { GEBIETSSCHEMA, type Sprache } from '@waldkita/domain/i18n/sprachen';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import { geschlossenEvents, useGeschlossen } from '@/lib/geschlossen';
import type { DienstEvent } from '../api/types';

const PLUGINS = [dayGridPlugin, multiMonthPlugin];

/** FullCalendar's own texts (title, 'Heute', tooltips, direction) in the screen's language; Arabic is right to left. */
const LOCALES: Record<Sprache, LocaleInput> = { de: deLocale, en: enGbLocale, tr: trLocale, uk: ukLocale, ar: arLocale, pl: plLocale };

/** Polish weekdays as calendars abbreviate them in two letters, Sunday first (Date.getDay()). */
const POLNISCH_KURZ = ['nd', 'pn', 'wt', 'śr', 'cz', 'pt', 'sb'];

/**
 * A weekday short enough for a phone's day column of about 45 px: the locale's short name ('Mo.',
 * 'Mon', 'Pzt', 'пн'); Polish in two letters ('niedz.' would be clipped), Arabic its one-letter form
 * (its short names are the full ones).
 */
const kurzerWochentag = (sprache: Sprache): ((date: Date) => string) => {
  if (sprache === 'pl') return (date) => POLNISCH_KURZ[date.getDay()] ?? '';
  const format = new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], { weekday: sprache === 'ar' ? 'narrow' : 'short' });
  return (date) => format.format(date);
};

/**
 * The week view's day headers in two forms: the locale's 'Mo. 23.11.' where a day column has room,
 * and 'Mo' over '23.' on a phone, where seven columns of about 45 px would clip and overlap the long
 * one. Which one shows is decided by styles.css; the hidden one is left out of the page's text.
 */
const tagesKopf = (sprache: Sprache) => {
  const wochentag = kurzerWochentag(sprache);
  return ({ date, text }: DayHeaderContentArg) => (
    <>
      <span className="wd-tageskopf wd-tageskopf--breit">{text}</span>
      <span className="wd-tageskopf wd-tageskopf--schmal">
        <span>{wochentag(date)}</span> <span>{sprache === 'de' ? `${date.getDate()}.` : date.getDate()}</span>
      </span>
    </>
  );
};

/**
 * The month and year views' weekday headers: the locale's own, and on a phone the short form where
 * the locale's would not fit (Polish 'niedz.', Arabic 'الأربعاء'). German keeps FullCalendar's 'Mo.'.
 */
const wochentagsKopf = (sprache: Sprache) => {
  if (sprache === 'de') return undefined;
  const wochentag = kurzerWochentag(sprache);
  return ({ date, text }: DayHeaderContentArg) => (
    <>
      <span className="wd-tageskopf wd-tageskopf--breit">{text}</span>
      <span className="wd-tageskopf wd-tageskopf--schmal">{wochentag(date)}</span>
    </>
  );
};

/** The 'Jahr(e)' view: 12 months, at most 3 side by side, each at least 350 px wide (docs/produkt.md §9). */
const JAHR_VIEW = 'jahre';
const views = (sprache: Sprache, t: TFunction) => ({
  dayGridWeek: { dayHeaderContent: tagesKopf(sprache) },
  dayGridMonth: { dayHeaderContent: wochentagsKopf(sprache) },
  [JAHR_VIEW]: {
    type: 'multiMonth',
    dayHeaderContent: wochentagsKopf(sprache),
    duration: { months: 12 },
    multiMonthMaxColumns: 3,
    multiMonthMinWidth: 350,
    buttonText: t('wasserdienst.kalender.jahre'),
    // As FullCalendar's own year view: every month on its own, no days of the neighbouring months.
    fixedWeekCount: true,
    showNonCurrentDates: false,
    // Taller day cells than FullCalendar's 1.35, so a week's family fits instead of '+ weitere 1'.
    aspectRatio: 1,
  },
});

/** start and end, not left and right: in Arabic the toolbar mirrors with the calendar. */
const HEADER_TOOLBAR = { start: 'prev,next', center: 'title', end: `dayGridWeek,dayGridMonth,${JAHR_VIEW}` };

/**
 * Words instead of FullCalendar's chevron icons: the icons are unnamed role="img" spans, which
 * leaves screen readers with nothing to say. The tooltips stay the locale's ('Vorheriger Monat');
 * the arrows are drawn by CSS and left out of the names.
 */

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

const toCalendarEvent = (event: DienstEvent): EventInput => ({
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
const eventContent = (t: TFunction) => (arg: EventContentArg) =>
  arg.event.display === 'background' ? <span className="kal-geschlossen__titel">{geschlossenTitel(arg.event.title, t)}</span> : true;

/** lib/geschlossen names closed weeks and days in German; shown here in the screen's language. */
const geschlossenTitel = (titel: string, t: TFunction): string => {
  if (titel === 'Ferien') return t('wasserdienst.kalender.ferien');
  if (titel === 'Schließzeit') return t('wasserdienst.kalender.schliesszeit');
  if (titel === 'Schließtag') return t('wasserdienst.kalender.schliesstag');
  return titel;
};

export function WasserdienstFullCalendar({ events }: { events: readonly DienstEvent[] }) {
  const geschlossen = useGeschlossen();
  const { t } = useTranslation();
  const sprache = useSprache();
  // The German locale would build 'Jahr(e)esansicht' as the view button's tooltip.
  const ansichten = useMemo(
    () => ({
      views: views(sprache, t),
      buttonText: {
        prev: t('wasserdienst.kalender.zurueck'),
        next: t('wasserdienst.kalender.weiter'),
        // Capitalised as the other buttons ('week' and 'month' in FullCalendar's English).
        week: t('wasserdienst.kalender.woche'),
        month: t('wasserdienst.kalender.monat'),
      },
      buttonHints: { [JAHR_VIEW]: t('wasserdienst.kalender.jahresansicht') },
      eventContent: eventContent(t),
    }),
    [sprache, t],
  );
  const calendarEvents = useMemo(
    () => [...geschlossenEvents(geschlossen.data?.wochen ?? [], geschlossen.data?.tage ?? []), ...events.map(toCalendarEvent)],
    [events, geschlossen.data],
  );
  return (
    <FullCalendar
      plugins={PLUGINS}
      locale={LOCALES[sprache]}
      firstDay={1}
      initialView="dayGridMonth"
      views={ansichten.views}
      headerToolbar={HEADER_TOOLBAR}
      buttonText={ansichten.buttonText}
      buttonHints={ansichten.buttonHints}
      events={calendarEvents}
      eventContent={ansichten.eventContent}
      height="auto"
      eventDisplay="block"
      dayMaxEvents={false}
      dayCellDidMount={nameDayCellByContent}
      moreLinkDidMount={moreLinkIsButton}
    />
  );
}
