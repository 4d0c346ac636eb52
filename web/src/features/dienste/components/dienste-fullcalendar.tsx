import type { DayHeaderContentArg, EventContentArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';

const PLUGINS = [dayGridPlugin];

const WOCHENTAG = new Intl.DateTimeFormat('de-DE', { weekday: 'short' });

/** The week view's day headers: 'Mo. 23.11.' where there is room, 'Mo' over '23.' on a phone (dienste.css). */
const wochenTagesKopf = ({ date, text }: DayHeaderContentArg) => (
  <>
    <span className="ds-tageskopf ds-tageskopf--breit">{text}</span>
    <span className="ds-tageskopf ds-tageskopf--schmal">
      <span>{WOCHENTAG.format(date)}</span> <span>{date.getDate()}.</span>
    </span>
  </>
);

const VIEWS = { dayGridWeek: { dayHeaderContent: wochenTagesKopf } };
const HEADER_TOOLBAR = { left: 'prev,next', center: 'title', right: 'dayGridWeek,dayGridMonth' };
/** Words instead of FullCalendar's unnamed chevron icons. */
const BUTTON_TEXT = { prev: 'Zurück', next: 'Weiter' };

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
  return (
    <FullCalendar
      plugins={PLUGINS}
      locale={deLocale}
      firstDay={1}
      initialView="dayGridMonth"
      initialDate={start}
      views={VIEWS}
      headerToolbar={HEADER_TOOLBAR}
      buttonText={BUTTON_TEXT}
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
