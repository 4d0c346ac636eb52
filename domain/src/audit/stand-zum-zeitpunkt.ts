import { type Abwesenheit, type AbwesenheitEvent, type AbwesenheitState, abwesenheitDecider } from '../abwesenheit/abwesenheit.js';
import { type Datum, freitagDerWoche, type IsoWoche, naechsteWoche, vergleicheWochen } from '../kalender/iso-woche.js';
import { type Ferienart, type KalenderEvent, type KalenderState, kalenderDecider } from '../kalender/schliesszeiten.js';
import type { DienstplanStand, GespeichertesEreignis, PlanEintrag } from './dienstplan-stand.js';

/**
 * The kindergarten's calendar and the families' absences as they stood at a moment, folded from
 * the log with the deciders' own `evolve` (never a read model), like the plan in dienstplan-stand.ts.
 * The caller cuts each stream at the limit with `ereignisseBis` first.
 */

type Ereignis = Pick<GespeichertesEreignis, 'type' | 'data'>;

/** Folds with `evolve`, leaving out (and counting) events this version cannot fold. */
function falte<S, E>(events: readonly Ereignis[], evolve: (s: S, e: E) => S, start: S): { state: S; uebersprungen: number } {
  let uebersprungen = 0;
  const state = events.reduce((s, e) => {
    try {
      return evolve(s, e as unknown as E);
    } catch {
      uebersprungen++;
      return s;
    }
  }, start);
  return { state, uebersprungen };
}

// ---- the calendar: closing weeks, closing days, events ------------------------------------------

export type KalenderStand = {
  /** Closing weeks in week order; `ferienart` when entered as a holiday. */
  schliesswochen: (IsoWoche & { id: string; beschreibung: string; ferienart: Ferienart | null })[];
  /** Closing days in date order; `ferienart` when entered as a holiday. */
  schliesstage: { id: string; datum: Datum; beschreibung: string; ferienart: Ferienart | null }[];
  /** The kindergarten's events in date order. */
  events: { id: string; datum: Datum; beschreibung: string }[];
  ferienBestaetigt: boolean;
  uebersprungen: number;
};

/** The calendar stream (`kalender`) folded: what was closed and planned as it stood. */
export function kalenderStand(events: readonly Ereignis[]): KalenderStand {
  const { state, uebersprungen } = falte<KalenderState, KalenderEvent>(events, kalenderDecider.evolve, kalenderDecider.initialState());
  const nachDatum = (a: { datum: Datum }, b: { datum: Datum }) => a.datum.localeCompare(b.datum);
  return {
    schliesswochen: [...state.schliesswochen.values()]
      .map((w) => ({
        id: w.id,
        jahr: w.jahr,
        kalenderwoche: w.kalenderwoche,
        beschreibung: w.beschreibung,
        ferienart: w.ferienart ?? null,
      }))
      .sort(vergleicheWochen),
    schliesstage: [...state.schliesstag.values()]
      .map((t) => ({ id: t.id, datum: t.datum, beschreibung: t.beschreibung, ferienart: t.ferienart ?? null }))
      .sort(nachDatum),
    events: [...state.kitaEvent.values()].map((t) => ({ id: t.id, datum: t.datum, beschreibung: t.beschreibung })).sort(nachDatum),
    ferienBestaetigt: state.ferienBestaetigt,
    uebersprungen,
  };
}

// ---- the plan week by week: planned, free, holiday -----------------------------------------------

export type PlanWoche =
  | (IsoWoche & { freitag: Datum; art: 'belegt'; eintrag: PlanEintrag })
  | (IsoWoche & { freitag: Datum; art: 'frei' })
  | (IsoWoche & { freitag: Datum; art: 'ferien'; beschreibung: string; ferienart: Ferienart | null });

/**
 * Every week from the plan's first to its last planned week (as it stood), each with its family,
 * or 'ferien' when the kindergarten was closed that week (a holiday or closing week, as the calendar
 * stood at the same moment), or 'frei' when no family had it. A planned week stays 'belegt' even
 * when it was closed later: the plan is shown as it was. No planned week: no weeks.
 */
export function planWochen(plan: Pick<DienstplanStand, 'eintraege'>, kalender: Pick<KalenderStand, 'schliesswochen'>): PlanWoche[] {
  const geplant = [...plan.eintraege].sort(vergleicheWochen);
  const erste = geplant[0];
  const letzte = geplant.at(-1);
  if (!erste || !letzte) return [];
  const schluessel = (w: IsoWoche) => `${w.jahr}/${w.kalenderwoche}`;
  const belegt = new Map(geplant.map((e) => [schluessel(e), e]));
  const geschlossen = new Map(kalender.schliesswochen.map((w) => [schluessel(w), w]));
  const wochen: PlanWoche[] = [];
  for (let w: IsoWoche = erste; vergleicheWochen(w, letzte) <= 0; w = naechsteWoche(w)) {
    const basis = { jahr: w.jahr, kalenderwoche: w.kalenderwoche, freitag: freitagDerWoche(w) };
    const eintrag = belegt.get(schluessel(w));
    const zu = geschlossen.get(schluessel(w));
    if (eintrag) wochen.push({ ...basis, art: 'belegt', eintrag });
    else if (zu) wochen.push({ ...basis, art: 'ferien', beschreibung: zu.beschreibung, ferienart: zu.ferienart });
    else wochen.push({ ...basis, art: 'frei' });
  }
  return wochen;
}

// ---- one family's absences ------------------------------------------------------------------------

type ZurueckgesetzteAbwesenheit = Abwesenheit & { importId: string; occurredAt: string | null };

export type AbwesenheitenStand = {
  /** The weeks reported and still standing, in week order. */
  gemeldet: Abwesenheit[];
  /** Weeks the yearly import reset (AbwesenheitenZurueckgesetzt), with the import and when, in week order. */
  zurueckgesetzt: ZurueckgesetzteAbwesenheit[];
  uebersprungen: number;
};

/**
 * One family's stream (`abwesenheiten-{elternId}`) folded with the decider's `evolve`. The weeks an
 * import's reset removed are kept aside (the decider forgets them), so an auditor sees that they
 * were reported and what retired them.
 */
export function abwesenheitenStand(events: readonly (Ereignis & { metadata?: { occurredAt?: string } })[]): AbwesenheitenStand {
  let state: AbwesenheitState = abwesenheitDecider.initialState();
  let uebersprungen = 0;
  const zurueckgesetzt: ZurueckgesetzteAbwesenheit[] = [];
  for (const e of events) {
    try {
      const event = e as unknown as AbwesenheitEvent;
      const vorher = state;
      state = abwesenheitDecider.evolve(state, event);
      if (event.type === 'AbwesenheitenZurueckgesetzt')
        for (const a of vorher.values())
          zurueckgesetzt.push({ ...a, importId: event.data.importId, occurredAt: e.metadata?.occurredAt ?? null });
    } catch {
      uebersprungen++;
    }
  }
  return {
    gemeldet: [...state.values()]
      .map(({ abwesenheitId, jahr, kalenderwoche }) => ({ abwesenheitId, jahr, kalenderwoche }))
      .sort(vergleicheWochen),
    zurueckgesetzt: zurueckgesetzt.sort(vergleicheWochen),
    uebersprungen,
  };
}
