import { type IsoWoche, isoWocheVon, tageZwischen, wochenSchluessel } from '../kalender/iso-woche.js';
import { ANTEIL_UNGUELTIG_PLAN, anteiligeSolls, type RotaAnteil, type RotaSaldo, rangfolge } from '../rota/rota-planer.js';
import { DomainError } from '../shared/decider.js';
import type { Termin } from './termine.js';

/**
 * The fair planner for every duty kind: the water-duty planner's rules (domain/rota/rota-planer.ts)
 * for dates of any rhythm with one or more families per date. A date with `familienProTermin`
 * families is that many places ('Plätze'); a family holds at most one place of a date.
 *
 * The same function plans (places without a family get one) and evens out a plan after dates were
 * freed (places that may move, `beweglich`, are passed on along chains until the plan is fair
 * again; places that stay put count but never move). Pure: no clock, no Math.random.
 *
 * Priority order (earlier rules win):
 * 1. **Fill every place** a family can take (a date never gets the same family twice).
 * 2. **Absences.** A family is put on a date in a week it reported absent only when every family
 *    is absent then (`trotzAbwesenheit`).
 * 3. **Fairness.** Counting each family's places in the range, no place can be passed, directly or
 *    along a chain that respects 1–2, to a family whose load (places minus its due by share and
 *    balance) is more than one below: every family ends within one date of its due when the fixed
 *    places allow it.
 * 4. **Spread across kinds.** A family gets a date in a week in which it already has a duty of
 *    another kind (`belegt`) only when no family free that week could take it without leaving one
 *    date or more from its due (chains are tried with free families first).
 * 5. **Spacing**, then **seed**: among equally entitled families, the one whose nearest own date
 *    is farthest away (in days), then a seeded rank.
 */
export type Platz = { termin: Termin; inhaber: string | null; beweglich: boolean };

export type VerteilEingabe = {
  plaetze: readonly Platz[];
  familien: readonly string[];
  anteile?: readonly RotaAnteil[];
  saldo?: readonly RotaSaldo[];
  abwesenheiten: readonly { elternId: string; woche: IsoWoche }[];
  /** Weeks in which a family already has a duty of another kind. */
  belegt: readonly { elternId: string; woche: IsoWoche }[];
  seed: string;
};

export type VerteilErgebnis = {
  /** The family of each place, in the order of `plaetze` (null: nobody could take it). */
  inhaber: (string | null)[];
  /** Indexes of places given to a family in a week it reported absent. */
  trotzAbwesenheit: number[];
  /** Indexes of places given to a family in a week it has another duty in. */
  trotzBelegung: number[];
};

const EPS = 1e-9;

export function verteile(eingabe: VerteilEingabe): VerteilErgebnis {
  const anteilVon = new Map<string, number>();
  for (const { elternId, anteil } of eingabe.anteile ?? []) {
    if (!Number.isInteger(anteil) || anteil < 0) throw new DomainError('ungueltig', ANTEIL_UNGUELTIG_PLAN);
    anteilVon.set(elternId, anteil);
  }
  const saldoVon = new Map((eingabe.saldo ?? []).map((s) => [s.elternId, Number.isFinite(s.saldo) ? s.saldo : 0]));
  const familien = rangfolge(
    eingabe.familien.filter((id) => (anteilVon.get(id) ?? 1) > 0),
    eingabe.seed,
  );
  const nummer = new Map(familien.map((id, f) => [id, f]));
  const alle = familien.map((_, f) => f);
  const plaetze = eingabe.plaetze;
  const inhaber: (number | null)[] = plaetze.map((p) => (p.inhaber === null ? null : (nummer.get(p.inhaber) ?? -1)));
  const fremd = plaetze.map((p) => p.inhaber); // holders outside the plan keep their place as it is

  const ursprung = plaetze.map((p) => p.termin.von).sort()[0] ?? '2000-01-01';
  // Day number and ISO week of each place's first day, worked out once per day (places share days).
  const tagUndWoche = new Map<string, { nr: number; woche: string }>();
  const proPlatz = plaetze.map((p) => {
    let tw = tagUndWoche.get(p.termin.von);
    if (!tw) {
      tw = { nr: tageZwischen(ursprung, p.termin.von), woche: wochenSchluessel(isoWocheVon(p.termin.von)) };
      tagUndWoche.set(p.termin.von, tw);
    }
    return tw;
  });
  const tagNr = (i: number) => proPlatz[i]!.nr;
  const wocheVon = (i: number) => proPlatz[i]!.woche;

  const wochenMenge = (liste: readonly { elternId: string; woche: IsoWoche }[]) => {
    const m = new Map<string, Set<number>>();
    for (const { elternId, woche } of liste) {
      const f = nummer.get(elternId);
      if (f === undefined) continue;
      const k = wochenSchluessel(woche);
      m.set(k, (m.get(k) ?? new Set()).add(f));
    }
    return m;
  };
  const abwesend = wochenMenge(eingabe.abwesenheiten);
  const belegt = wochenMenge(eingabe.belegt);

  /** The families allowed on a place by rule 2 (absences): the present ones, or all when none is. */
  const berechtigt = plaetze.map((_, i) => {
    const weg = abwesend.get(wocheVon(i));
    const da = weg ? alle.filter((f) => !weg.has(f)) : alle;
    return da.length > 0 ? da : alle;
  });
  /** Of those, the ones without a duty of another kind that week (rule 3); may be empty. */
  const frei = plaetze.map((_, i) => {
    const voll = belegt.get(wocheVon(i));
    return voll ? berechtigt[i]!.filter((f) => !voll.has(f)) : berechtigt[i]!;
  });
  const istBelegt = (i: number, f: number) => belegt.get(wocheVon(i))?.has(f) ?? false;

  /** termin key → families holding a place of it. */
  const aufTermin = new Map<string, Map<number, number>>();
  const belege = (i: number, f: number, delta: number) => {
    const k = plaetze[i]!.termin.von;
    const m = aufTermin.get(k) ?? new Map<number, number>();
    m.set(f, (m.get(f) ?? 0) + delta);
    if (m.get(f) === 0) m.delete(f);
    aufTermin.set(k, m);
  };
  const hatTermin = (i: number, f: number) => aufTermin.get(plaetze[i]!.termin.von)?.has(f) ?? false;

  const anzahl = familien.map(() => 0);
  const tage: number[][] = familien.map(() => []);
  for (const [i, f] of inhaber.entries()) {
    if (f === null || f < 0) continue;
    anzahl[f]!++;
    tage[f]!.push(tagNr(i));
    belege(i, f, 1);
  }
  const offen = inhaber.flatMap((f, i) => (f === null ? [i] : []));
  const gesamt = offen.length + anzahl.reduce((n, a) => n + a, 0);
  const soll = anteiligeSolls(
    gesamt,
    familien.map((id) => ({ anteil: anteilVon.get(id) ?? 1, saldo: saldoVon.get(id) ?? 0 })),
  );
  const last = (f: number) => anzahl[f]! - soll[f]!;
  const abstand = (f: number, nr: number) => tage[f]!.reduce((min, d) => Math.min(min, Math.abs(nr - d)), Number.POSITIVE_INFINITY);

  // Greedy pass in date order: least load, then the longest distance to an own date, then seed rank.
  const reihenfolge = [...offen].sort((a, b) => (plaetze[a]!.termin.von < plaetze[b]!.termin.von ? -1 : 1) || a - b);
  for (const i of reihenfolge) {
    const nr = tagNr(i);
    const ohneBelegung = frei[i]!.filter((f) => !hatTermin(i, f));
    const kandidaten = ohneBelegung.length > 0 ? ohneBelegung : berechtigt[i]!.filter((f) => !hatTermin(i, f));
    const weitere = kandidaten.length > 0 ? kandidaten : alle.filter((f) => !hatTermin(i, f));
    if (weitere.length === 0) continue;
    let beste = weitere[0]!;
    let besterAbstand = abstand(beste, nr);
    for (const f of weitere.slice(1)) {
      const a = abstand(f, nr);
      const unterschied = last(f) - last(beste);
      if (unterschied < -EPS || (Math.abs(unterschied) <= EPS && a > besterAbstand)) {
        beste = f;
        besterAbstand = a;
      }
    }
    inhaber[i] = beste;
    anzahl[beste]!++;
    tage[beste]!.push(nr);
    belege(i, beste, 1);
  }

  // Repair: pass a movable place along an alternating chain from a family to one whose load is
  // more than one below. Each step lowers Σ load², so this ends. First only to families free that
  // week (rule 3), then to any present family: fairness (rule 4) wins over spreading.
  const beweglich = plaetze.map((p, i) => (p.inhaber === null || p.beweglich) && inhaber[i] !== null && inhaber[i]! >= 0);
  // Each family's movable places in index order, as the chains walk them; made again after a move.
  let beweglicheVon: number[][] | null = null;
  const beweglicheVonFamilie = () => {
    if (beweglicheVon) return beweglicheVon;
    const index: number[][] = familien.map(() => []);
    for (const [i, f] of inhaber.entries()) if (f !== null && beweglich[i]) index[f]!.push(i);
    beweglicheVon = index;
    return index;
  };
  const weitergeben = (s: number, wer: (i: number) => number[]): boolean => {
    const herkunft = new Map<number, { von: number; platz: number }>([[s, { von: -1, platz: -1 }]]);
    const schlange = [s];
    const index = beweglicheVonFamilie();
    for (let k = 0; k < schlange.length; k++) {
      const x = schlange[k]!;
      for (const i of index[x]!) {
        for (const y of wer(i)) {
          if (herkunft.has(y) || hatTermin(i, y)) continue;
          herkunft.set(y, { von: x, platz: i });
          if (last(y) < last(s) - 1 - EPS) {
            beweglicheVon = null;
            for (let z = y; z !== s; ) {
              const schritt = herkunft.get(z)!;
              belege(schritt.platz, schritt.von, -1);
              belege(schritt.platz, z, 1);
              inhaber[schritt.platz] = z;
              z = schritt.von;
            }
            anzahl[s]!--;
            anzahl[y]!++;
            return true;
          }
          schlange.push(y);
        }
      }
    }
    return false;
  };
  for (const wer of [(i: number) => frei[i]!, (i: number) => berechtigt[i]!]) {
    for (let verbessert = beweglich.some(Boolean); verbessert; ) {
      const minimum = Math.min(...alle.map(last));
      const absteigend = [...alle].sort((a, b) => last(b) - last(a) || a - b);
      verbessert = absteigend.some((s) => last(s) - minimum > 1 + EPS && weitergeben(s, wer));
    }
  }
  // Last, a date in a week its family is busy with another kind goes to a family free that week
  // whenever both stay within one date of their due.
  for (let verbessert = true; verbessert; ) {
    verbessert = false;
    for (const [i, x] of inhaber.entries()) {
      if (x === null || x < 0 || !beweglich[i] || !istBelegt(i, x)) continue;
      const y = frei[i]!.find((f) => !hatTermin(i, f) && last(f) + 1 <= 1 + EPS && last(x) - 1 >= -1 - EPS);
      if (y === undefined) continue;
      belege(i, x, -1);
      belege(i, y, 1);
      inhaber[i] = y;
      anzahl[x]!--;
      anzahl[y]!++;
      verbessert = true;
    }
  }

  const ergebnis = inhaber.map((f, i) => (f === null ? null : f < 0 ? fremd[i]! : familien[f]!));
  const trotzAbwesenheit: number[] = [];
  const trotzBelegung: number[] = [];
  for (const [i, f] of inhaber.entries()) {
    if (f === null || f < 0 || (!beweglich[i] && plaetze[i]!.inhaber !== null && !plaetze[i]!.beweglich)) continue;
    if (abwesend.get(wocheVon(i))?.has(f)) trotzAbwesenheit.push(i);
    if (istBelegt(i, f)) trotzBelegung.push(i);
  }
  return { inhaber: ergebnis, trotzAbwesenheit, trotzBelegung };
}
