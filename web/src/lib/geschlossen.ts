import type { EventInput } from '@fullcalendar/core';
import { useQuery } from '@tanstack/react-query';
import type { Schliesszeit, TagEintrag } from '@waldkita/domain/kalender/antworten';
import { montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { apiRequest } from './api-client';

/**
 * What the kindergarten has closed, as every duty calendar shows it (the Wasserdienst calendar and
 * the calendar of all duties): 'Ferien' for a holiday week or day, 'Schließzeit' for another closing
 * week, 'Schließtag' for a closing day — drawn behind the duties.
 */

/** docs/produkt.md §7: the closing-times calls carry the doubled prefix /api/api. */
const PFAD = '/api/api/schliesszeiten';

const geschlossenKeys = { all: ['geschlossen'] as const };

const getGeschlossen = async (signal?: AbortSignal) => {
  const [wochen, tage] = await Promise.all([
    apiRequest<Schliesszeit[]>(PFAD, { signal }),
    apiRequest<TagEintrag[]>(`${PFAD}/schliesstage`, { signal }),
  ]);
  return { wochen, tage };
};

/** The closed weeks and days (GET …/schliesszeiten and …/schliesstage). */
export function useGeschlossen({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: geschlossenKeys.all, queryFn: ({ signal }) => getGeschlossen(signal), enabled, staleTime: 60_000 });
}

/**
 * True while the closed weeks and days are on their way for the first time. A calendar waits for
 * them before it mounts, so it is laid out once with them instead of twice (on a phone each layout
 * of the month view is a long task). Offline, with the request paused, or after an error it does
 * not wait.
 */
export function wartetAufGeschlossen(geschlossen: Pick<ReturnType<typeof useGeschlossen>, 'isPending' | 'fetchStatus'>) {
  return geschlossen.isPending && geschlossen.fetchStatus === 'fetching';
}

const GESCHLOSSEN_TITEL = { ferien: 'Ferien', schliesszeit: 'Schließzeit', schliesstag: 'Schließtag' };

/** Closed weeks (Monday to Sunday) and days as background entries; their label is the entry's title. */
export function geschlossenEvents(
  wochen: readonly Schliesszeit[],
  tage: readonly TagEintrag[],
  /** The labels in the screen's language; German without. */
  titel: { ferien: string; schliesszeit: string; schliesstag: string } = GESCHLOSSEN_TITEL,
): EventInput[] {
  return [
    ...wochen.map((w) => {
      const montag = montagDerWoche({ jahr: w.jahr, kalenderwoche: w.kalenderwoche });
      return {
        id: `geschlossen-woche-${w.id}`,
        title: w.ferienart ? titel.ferien : titel.schliesszeit,
        start: montag,
        end: plusTage(montag, 7),
        allDay: true,
        display: 'background',
        classNames: ['kal-geschlossen', 'kal-geschlossen--woche'],
        extendedProps: { beschreibung: w.beschreibung },
      };
    }),
    ...tage.map((t) => ({
      id: `geschlossen-tag-${t.id}`,
      title: t.ferienart ? titel.ferien : titel.schliesstag,
      start: t.datum,
      end: plusTage(t.datum, 1),
      allDay: true,
      display: 'background',
      classNames: ['kal-geschlossen', 'kal-geschlossen--tag'],
      extendedProps: { beschreibung: t.beschreibung },
    })),
  ];
}
