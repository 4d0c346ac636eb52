import { type Datum, freitagDerWoche, type IsoWoche, vergleicheWochen } from '../kalender/iso-woche.js';
import { type DienstplanEvent, type DienstplanState, dienstplanDecider } from '../wasserdienst/dienstplan.js';

/**
 * The water-duty plan of a group as it stood at a moment, folded from the group's own events with
 * the decider's `evolve` — not copied from a read model — so an auditor sees what the deciders saw.
 */

/** A place in the global order of the log (the event store's position, written 'commit/prepare'). */
type LogPosition = { commit: number; prepare: number };

export type GespeichertesEreignis = {
  type: string;
  data: unknown;
  revision: number;
  position: LogPosition;
  metadata: { occurredAt: string };
};

/** Up to which point to fold: an instant (events that occurred at or before it) or a log position (inclusive). */
export type Grenze = { zeitpunkt: Date } | { position: LogPosition };

const vergleichePositionen = (a: LogPosition, b: LogPosition) => a.commit - b.commit || a.prepare - b.prepare;

const liegtDrin = (event: GespeichertesEreignis, grenze: Grenze) =>
  'position' in grenze
    ? vergleichePositionen(event.position, grenze.position) <= 0
    : new Date(event.metadata.occurredAt).getTime() <= grenze.zeitpunkt.getTime();

/**
 * The stream's events up to the limit, in stream order. The prefix ends at the first event past
 * the limit: a stream's later revision never counts without the earlier ones, even in the rare
 * case where two appends to one stream got their global positions (or clock readings) in the
 * other order.
 */
export function ereignisseBis<E extends GespeichertesEreignis>(events: readonly E[], grenze: Grenze): E[] {
  const sortiert = [...events].sort((a, b) => a.revision - b.revision);
  const ende = sortiert.findIndex((event) => !liegtDrin(event, grenze));
  return ende === -1 ? sortiert : sortiert.slice(0, ende);
}

export type PlanEintrag = IsoWoche & { wasserdienstId: string; elternId: string; freitag: Datum };

export type DienstplanStand = {
  eintraege: PlanEintrag[];
  offeneTausche: { tauschId: string; wasserdienstId: string; elternId: string }[];
  /** Events this version of the domain cannot fold (a type it does not know); left out, and counted. */
  uebersprungen: number;
};

/** Folds the events (already cut at the limit) into the plan: one entry per week, in week order. */
export function dienstplanStand(events: readonly Pick<GespeichertesEreignis, 'type' | 'data'>[]): DienstplanStand {
  let uebersprungen = 0;
  const state: DienstplanState = events.reduce((s, e) => {
    try {
      return dienstplanDecider.evolve(s, e as unknown as DienstplanEvent);
    } catch {
      uebersprungen++;
      return s;
    }
  }, dienstplanDecider.initialState());
  const eintraege = [...state.dienste.values()]
    .map((d) => ({
      jahr: d.jahr,
      kalenderwoche: d.kalenderwoche,
      wasserdienstId: d.wasserdienstId,
      elternId: d.elternId,
      freitag: freitagDerWoche(d),
    }))
    .sort(vergleicheWochen);
  const offeneTausche = [...state.tausche.values()]
    .filter((t) => t.status === 'offen')
    .map(({ tauschId, wasserdienstId, elternId }) => ({ tauschId, wasserdienstId, elternId }));
  return { eintraege, offeneTausche, uebersprungen };
}

export type TauschGeschichte = {
  tauschId: string;
  gruppeId: string;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  /** The offering family and the week it offered. */
  angebot: { elternId: string; woche: IsoWoche; wasserdienstId: string; nachricht: string | null };
  /** The accepting family and the week it gave in return. */
  annahme: { elternId: string; woche: IsoWoche; wasserdienstId: string } | null;
};

/** One swap's story from its group's stream: who offered which week, who took it and gave which week. */
export function tauschGeschichte(
  events: readonly Pick<GespeichertesEreignis, 'type' | 'data'>[],
  tauschId: string,
): TauschGeschichte | null {
  let geschichte: TauschGeschichte | null = null;
  for (const e of events as readonly DienstplanEvent[]) {
    if (e.type === 'TauschAngeboten' && e.data.tauschId === tauschId) {
      const { gruppeId, elternId, wasserdienstId, jahr, kalenderwoche, nachricht } = e.data;
      geschichte = {
        tauschId,
        gruppeId,
        status: 'offen',
        angebot: { elternId, wasserdienstId, woche: { jahr, kalenderwoche }, nachricht: nachricht ?? null },
        annahme: null,
      };
    } else if (geschichte && e.type === 'TauschAngenommen' && e.data.tauschId === tauschId) {
      geschichte.status = 'angenommen';
      geschichte.annahme = { elternId: e.data.angenommenVon, woche: e.data.gegenWoche, wasserdienstId: e.data.gegenWasserdienstId };
    } else if (geschichte && e.type === 'TauschZurueckgezogen' && e.data.tauschId === tauschId) {
      geschichte.status = 'zurueckgezogen';
    }
  }
  return geschichte;
}
