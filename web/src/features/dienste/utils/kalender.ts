import type { EventInput } from '@fullcalendar/core';
import { plusTage } from '@waldkita/domain/kalender/iso-woche';
import { dienstartFarbe, type MeinDienst, terminVon } from '@/lib/dienste-api';

/** A kind as the filter and the legend show it. */
export type Art = { id: string; name: string; farbe: string };

/**
 * The kinds the family meets: the active ones (in their order: Wasserdienst first, then by name),
 * then any kind of its own dates that is no longer active (archived since).
 */
export function artenVon(aktive: readonly { id: string; name: string }[], dienste: readonly MeinDienst[]): Art[] {
  const reihenfolge = aktive.map((a) => a.id);
  const arten: Art[] = aktive.map((a) => ({ id: a.id, name: a.name, farbe: dienstartFarbe(a.id, reihenfolge) }));
  for (const d of dienste)
    if (!arten.some((a) => a.id === d.dienstartId))
      arten.push({ id: d.dienstartId, name: d.dienstart, farbe: dienstartFarbe(d.dienstartId, reihenfolge) });
  return arten;
}

/** The family's dates on the calendar: all-day from the first day to the day after the last, in the kind's colour. */
export function dienstEvents(
  dienste: readonly MeinDienst[],
  arten: readonly Art[],
  /** 'erledigt' and the date's form in the screen's language; German without. */
  text: { erledigt: string; termin: (d: MeinDienst) => string } = { erledigt: 'erledigt', termin: terminVon },
): EventInput[] {
  const farbe = new Map(arten.map((a) => [a.id, a.farbe]));
  return dienste.map((d) => ({
    id: d.id,
    title: d.erledigt ? `${d.dienstart} (${text.erledigt})` : d.dienstart,
    start: d.von,
    end: plusTage(d.bis, 1),
    allDay: true,
    backgroundColor: farbe.get(d.dienstartId),
    borderColor: farbe.get(d.dienstartId),
    textColor: '#ffffff',
    classNames: ['ds-event', ...(d.erledigt ? ['ds-event--erledigt'] : [])],
    extendedProps: { beschreibung: `${d.dienstart}: ${text.termin(d)}${d.erledigt ? ` (${text.erledigt})` : ''}` },
  }));
}

/**
 * The next date of each kind ('Putzdienst: Sa 05.12.–So 06.12.2026'); a kind whose dates have all
 * passed shows its last one, marked as done.
 */
export function naechsteJeArt(dienste: readonly MeinDienst[]): MeinDienst[] {
  const jeArt = new Map<string, MeinDienst>();
  for (const d of dienste) {
    const bisher = jeArt.get(d.dienstartId);
    if (!bisher) jeArt.set(d.dienstartId, d);
    // Oldest first: a later past date replaces an earlier one; the first open date stays.
    else if (bisher.erledigt) jeArt.set(d.dienstartId, d);
  }
  return [...jeArt.values()];
}
