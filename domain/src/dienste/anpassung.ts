import { freitagDerWoche, type IsoWoche, montagDerWoche } from '../kalender/iso-woche.js';
import type { Decider } from '../shared/decider.js';
import type { DienstplanEvent } from '../wasserdienst/dienstplan.js';
import type { DiensteEvent } from './dienste.js';
import type { Termin } from './termine.js';

/**
 * When the kindergarten closes weeks or days after planning, dates of every kind are freed and
 * others passed on so the plans are fair again. Each family whose dates changed gets exactly one
 * mail for the whole change: this event, appended last in the same append as the plans' events,
 * says per family what changed, in every kind. The mail reactor mails from it alone.
 */
export const ANPASSUNGEN_STREAM = 'dienstplan-anpassungen';

export type TerminAenderung = Termin & { dienstartId: string; dienstart: string };

export type FamilienAenderung = {
  elternId: string;
  /** Own dates that fall on the closing: nobody does them. */
  entfallen: TerminAenderung[];
  /** Dates passed to this family to even out the plan. */
  neu: TerminAenderung[];
  /** Own dates passed to another family to even out the plan. */
  abgegeben: TerminAenderung[];
};

export type AnpassungEvent = {
  type: 'DienstplaeneAngepasst';
  data: { anpassungId: string; anlass: string; familien: FamilienAenderung[] };
};

export type AnpassungCommand = { type: 'MeldeAnpassung'; data: AnpassungEvent['data'] };

/** Records the summary as it is handed in; nothing to protect (the plans' streams decide). */
export const anpassungDecider: Decider<AnpassungCommand, AnpassungEvent, null> = {
  decide: (command) => (command.data.familien.length === 0 ? [] : [{ type: 'DienstplaeneAngepasst', data: command.data }]),
  evolve: (state) => state,
  initialState: () => null,
};

const wochenTermin = (w: IsoWoche): Termin => ({ von: montagDerWoche(w), bis: freitagDerWoche(w) });

/**
 * The per-family summary of the plans' events of one closing: freed dates (with a closing) as
 * 'entfallen', re-assigned ones as 'neu' for the family taking them and 'abgegeben' for the one
 * giving them. `namen`: kind id → name. Families in id order, dates in date order.
 */
export function anpassungProFamilie(
  events: readonly (DienstplanEvent | DiensteEvent)[],
  namen: ReadonlyMap<string, string>,
): FamilienAenderung[] {
  const proFamilie = new Map<string, FamilienAenderung>();
  const familie = (elternId: string) => {
    const f = proFamilie.get(elternId) ?? { elternId, entfallen: [], neu: [], abgegeben: [] };
    proFamilie.set(elternId, f);
    return f;
  };
  const art = (dienstartId: string) => ({ dienstartId, dienstart: namen.get(dienstartId) ?? dienstartId });
  for (const e of events) {
    switch (e.type) {
      case 'WasserdienstFreigegeben':
        if (e.data.schliessung) familie(e.data.elternId).entfallen.push({ ...wochenTermin(e.data), ...art('wasserdienst') });
        break;
      case 'WasserdienstUmverteilt': {
        const t = { ...wochenTermin(e.data), ...art('wasserdienst') };
        familie(e.data.vonEltern).abgegeben.push(t);
        familie(e.data.anEltern).neu.push(t);
        break;
      }
      case 'DienstFreigegeben':
        if (e.data.schliessung) familie(e.data.elternId).entfallen.push({ von: e.data.von, bis: e.data.bis, ...art(e.data.dienstartId) });
        break;
      case 'DienstUmverteilt': {
        const t = { von: e.data.von, bis: e.data.bis, ...art(e.data.dienstartId) };
        familie(e.data.vonEltern).abgegeben.push(t);
        familie(e.data.anEltern).neu.push(t);
        break;
      }
      default:
        break;
    }
  }
  const ordne = (l: TerminAenderung[]) =>
    l.sort((a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : a.dienstart.localeCompare(b.dienstart, 'de')));
  return [...proFamilie.values()]
    .sort((a, b) => (a.elternId < b.elternId ? -1 : 1))
    .map((f) => ({ ...f, entfallen: ordne(f.entfallen), neu: ordne(f.neu), abgegeben: ordne(f.abgegeben) }));
}
