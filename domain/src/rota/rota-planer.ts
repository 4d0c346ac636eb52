import {
  type IsoWoche,
  istGueltigeWoche,
  montagDerWoche,
  naechsteWoche,
  tageZwischen,
  vergleicheWochen,
  wochenSchluessel,
} from '../kalender/iso-woche.js';
import { DomainError } from '../shared/decider.js';

/**
 * The water-duty rota planner: proposes which family of a group fetches the water in which ISO
 * week. Pure — no clock, no Math.random; ties are broken by a PRNG seeded from `seed`. The result
 * is meant for the `WeiseWasserdiensteZu` command of the Dienstplan (which adds the duty ids).
 */

type RotaZuweisung = IsoWoche & { elternId: string };

export type RotaEingabe = {
  /** First week to plan (inclusive). */
  von: IsoWoche;
  /** Last week to plan (inclusive); may lie in a later year (KW 50/2026 … KW 53/2026 … KW 5/2027). */
  bis: IsoWoche;
  /** The families of the group, by id. Order and duplicates do not matter. */
  familien: readonly string[];
  /** Weeks with no water duty at all (holidays, closing weeks): never planned. */
  freieWochen: readonly IsoWoche[];
  /** Weeks a family reported absent. Entries of families outside the group are ignored. */
  abwesenheiten: readonly { elternId: string; woche: IsoWoche }[];
  /**
   * Weeks already assigned in this group, in or outside the range. They are never changed; those
   * of families of the group inside the range count towards the family's duties, all of them
   * (also before the range) towards the spacing.
   */
  bestehend: readonly RotaZuweisung[];
  /** Seed for tie-breaking, e.g. the command id: same input and seed ⇒ same plan. */
  seed: string;
  /**
   * Each family's share of the duty (a whole number, 0 = exempt: never planned). A family not
   * listed has share 1. Entries of families outside the group are ignored.
   */
  anteile?: readonly RotaAnteil[];
  /**
   * Each family's balance from earlier seasons: duties done minus duties due by its share
   * (`saldoFruehererSaisons`); positive = did more. A family not listed has balance 0.
   */
  saldo?: readonly RotaSaldo[];
};

export type RotaAnteil = { elternId: string; anteil: number };
export type RotaSaldo = { elternId: string; saldo: number };

export type RotaErgebnis = {
  /** Only the new assignments, in week order. */
  zuweisungen: RotaZuweisung[];
  /** Weeks of the range, neither free nor assigned, that could not be filled, with the reason. */
  nichtBesetzt: { woche: IsoWoche; grund: string }[];
  /** New assignments on a week the family reported absent — only when every family of the group is absent then. */
  trotzAbwesenheit: RotaZuweisung[];
};

export const KEINE_FAMILIEN = 'Keine Familien in dieser Gruppe.';
export const ALLE_BEFREIT = 'Alle Familien dieser Gruppe sind vom Wasserdienst befreit.';
export const ANTEIL_UNGUELTIG_PLAN = 'Ein Anteil muss eine ganze Zahl von 0 oder mehr sein.';
/**
 * One family per group and week, and only weeks the calendar has: checked here on the weeks already
 * assigned and by the Dienstplan's decider on every assignment (wasserdienst/dienstplan.ts).
 */
export const WOCHE_VERGEBEN = (w: IsoWoche) => `KW ${w.kalenderwoche}/${w.jahr} ist in dieser Gruppe bereits vergeben.`;
export const WOCHE_UNGUELTIG = (w: IsoWoche) => `KW ${w.kalenderwoche}/${w.jahr} gibt es nicht.`;

/** Comparisons of dues (fractions) allow for floating-point error. */
const EPS = 1e-9;

/**
 * The proportional due of each family over `gesamt` duties: `(gesamt + Σ saldo) × anteil / Σ anteil
 * − saldo`, so that the dues add up to `gesamt` and a family that did more before is due fewer
 * now. A due below 0 (a family far ahead) is set to 0 and the others are worked out again without
 * it, until none is negative. Families with share 0 are due nothing.
 */
export function anteiligeSolls(gesamt: number, familien: readonly { anteil: number; saldo: number }[]): number[] {
  const soll = familien.map(() => 0);
  let dabei = familien.map((f, i) => (f.anteil > 0 ? i : -1)).filter((i) => i >= 0);
  while (dabei.length > 0) {
    const summeAnteile = dabei.reduce((n, i) => n + familien[i]!.anteil, 0);
    const summeSaldo = dabei.reduce((n, i) => n + familien[i]!.saldo, 0);
    for (const i of dabei) soll[i] = ((gesamt + summeSaldo) * familien[i]!.anteil) / summeAnteile - familien[i]!.saldo;
    const negativ = dabei.filter((i) => soll[i]! < -EPS);
    if (negativ.length === 0) break;
    for (const i of negativ) soll[i] = 0;
    dabei = dabei.filter((i) => !negativ.includes(i));
  }
  return soll.map((q) => Math.max(0, q));
}
const FAMILIE_OHNE_KENNUNG = 'Jede Familie braucht eine Kennung.';
export const ZEITRAUM_UMGEKEHRT = (von: IsoWoche, bis: IsoWoche) =>
  `Der Zeitraum ist leer: KW ${bis.kalenderwoche}/${bis.jahr} liegt vor KW ${von.kalenderwoche}/${von.jahr}.`;

/** FNV-1a: a string → 32 bits. */
const hash32 = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/** mulberry32: a tiny 32-bit PRNG giving floats in [0, 1); plenty for shuffling a few dozen ids. */
const mulberry32 = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** The distinct ids in code-unit order, then Fisher–Yates shuffled by the seed: the tie-break rank. */
export const rangfolge = (ids: readonly string[], seed: string): string[] => {
  const liste = [...new Set(ids)].sort();
  const zufall = mulberry32(hash32(seed));
  for (let i = liste.length - 1; i > 0; i--) {
    const j = Math.floor(zufall() * (i + 1));
    [liste[i], liste[j]] = [liste[j]!, liste[i]!];
  }
  return liste;
};

const pruefeWoche = (woche: IsoWoche) => {
  if (!istGueltigeWoche(woche)) throw new DomainError('ungueltig', WOCHE_UNGUELTIG(woche));
};

type OffeneWoche = { woche: IsoWoche; nr: number; berechtigt: number[] };

/**
 * Plans the water duty of one group for the weeks `von`…`bis`. Every week of the range that is
 * neither free nor already assigned gets exactly one family; with no families at all it is listed
 * in `nichtBesetzt`. Existing assignments are kept as they are.
 *
 * Priority order (earlier rules win over later ones):
 * 1. **Fill every week.** Even a week on which every family is absent gets a family (see 2.)
 *    rather than staying empty — a week without water is worse than a swap later.
 * 2. **Absences.** A family is put on a week it reported absent only if every family of the group
 *    is absent that week; such weeks are listed in `trotzAbwesenheit`.
 * 3. **Fairness.** Counting each family's duties in the range (existing plus new), the plan is the
 *    most balanced one that rules 1 and 2 allow: no duty can be passed, directly or along a chain
 *    of re-assignments that respects 2, from a family to one with at least two fewer duties. This
 *    minimises the max−min spread (and the maximum, and maximises the minimum). Without absences
 *    that means: new duties go only to families ending at most one above the least-loaded one; if
 *    each family is absent in at most ⌊weeks/families⌋ of the plannable weeks (and nothing is
 *    assigned yet) the spread is ≤ 1 — being absent does not mean doing fewer duties.
 * 4. **Spacing.** Week by week, among the families that are equally entitled by 1–3, the one whose
 *    nearest known duty (new or existing, before or after, counted in calendar weeks) is farthest
 *    away. Without absences and existing duties this is a round robin: each family's duties are
 *    exactly (number of families) plannable weeks apart.
 * 5. **Seed.** Remaining ties go to the family ranked first in a seeded shuffle of the sorted ids,
 *    so the plan depends on the seed, never on the order of any input list.
 *
 * Cost: one greedy pass over weeks × families (each candidate's distance looks at that family's
 * few duties), plus — only when absences unbalance that pass — a few augmenting-path searches of
 * O(weeks × families) each. 30 groups × 53 weeks × 25 families plan in well under 100 ms.
 *
 * @throws DomainError('ungueltig') for a week that does not exist (KW 53/2027, KW 0), a range whose
 *   end lies before its start, or an empty family id; DomainError('konflikt') when `bestehend`
 *   holds a week twice.
 */
export function planeRota(eingabe: RotaEingabe): RotaErgebnis {
  const { von, bis } = eingabe;
  for (const woche of [von, bis, ...eingabe.freieWochen, ...eingabe.bestehend, ...eingabe.abwesenheiten.map((a) => a.woche)]) {
    pruefeWoche(woche);
  }
  if (vergleicheWochen(von, bis) > 0) throw new DomainError('ungueltig', ZEITRAUM_UMGEKEHRT(von, bis));
  if (eingabe.familien.some((id) => id === '')) throw new DomainError('ungueltig', FAMILIE_OHNE_KENNUNG);
  const anteilVon = new Map<string, number>();
  for (const { elternId, anteil } of eingabe.anteile ?? []) {
    if (!Number.isInteger(anteil) || anteil < 0) throw new DomainError('ungueltig', ANTEIL_UNGUELTIG_PLAN);
    anteilVon.set(elternId, anteil);
  }
  const saldoVon = new Map((eingabe.saldo ?? []).map((s) => [s.elternId, Number.isFinite(s.saldo) ? s.saldo : 0]));

  // Exempt families (share 0) are not planned at all; their existing duties stay as they are.
  const alleFamilien = [...new Set(eingabe.familien)];
  const familien = rangfolge(
    alleFamilien.filter((id) => (anteilVon.get(id) ?? 1) > 0),
    eingabe.seed,
  );
  const nummer = new Map(familien.map((id, f) => [id, f]));
  const alle = familien.map((_, f) => f);
  const start = montagDerWoche(von);
  /** Calendar weeks since `von` (negative before it). */
  const wochenNr = (woche: IsoWoche) => tageZwischen(start, montagDerWoche(woche)) / 7;
  const imZeitraum = (woche: IsoWoche) => vergleicheWochen(von, woche) <= 0 && vergleicheWochen(woche, bis) <= 0;

  const frei = new Set(eingabe.freieWochen.map(wochenSchluessel));
  const vergeben = new Set<string>();
  const anzahl = familien.map(() => 0);
  /** Per family: week numbers of all its known duties (existing ones first, new ones appended). */
  const dienste: number[][] = familien.map(() => []);
  for (const zuweisung of eingabe.bestehend) {
    const schluessel = wochenSchluessel(zuweisung);
    if (vergeben.has(schluessel)) throw new DomainError('konflikt', WOCHE_VERGEBEN(zuweisung));
    vergeben.add(schluessel);
    const f = nummer.get(zuweisung.elternId);
    if (f === undefined) continue;
    dienste[f]!.push(wochenNr(zuweisung));
    if (imZeitraum(zuweisung)) anzahl[f]!++;
  }
  const abwesend = new Map<string, Set<number>>();
  for (const { elternId, woche } of eingabe.abwesenheiten) {
    const f = nummer.get(elternId);
    if (f === undefined) continue;
    const schluessel = wochenSchluessel(woche);
    abwesend.set(schluessel, (abwesend.get(schluessel) ?? new Set()).add(f));
  }

  const offen: OffeneWoche[] = [];
  const nichtBesetzt: RotaErgebnis['nichtBesetzt'] = [];
  for (let woche = von; vergleicheWochen(woche, bis) <= 0; woche = naechsteWoche(woche)) {
    const schluessel = wochenSchluessel(woche);
    if (frei.has(schluessel) || vergeben.has(schluessel)) continue;
    if (familien.length === 0) {
      nichtBesetzt.push({ woche, grund: alleFamilien.length === 0 ? KEINE_FAMILIEN : ALLE_BEFREIT });
      continue;
    }
    const fehlen = abwesend.get(schluessel);
    const anwesend = fehlen ? alle.filter((f) => !fehlen.has(f)) : alle;
    offen.push({ woche, nr: wochenNr(woche), berechtigt: anwesend.length > 0 ? anwesend : alle });
  }

  // Each family's proportional due over the range (existing duties of the group's families plus
  // the open weeks), and its load: duties minus due. With equal shares and no balance every due is
  // the same, so comparing loads is comparing duty counts.
  const gesamt = offen.length + anzahl.reduce((n, a) => n + a, 0);
  const soll = anteiligeSolls(
    gesamt,
    familien.map((id) => ({ anteil: anteilVon.get(id) ?? 1, saldo: saldoVon.get(id) ?? 0 })),
  );
  const last = (f: number) => anzahl[f]! - soll[f]!;

  const abstand = (f: number, nr: number) => dienste[f]!.reduce((min, d) => Math.min(min, Math.abs(nr - d)), Number.POSITIVE_INFINITY);

  // Greedy pass in week order: least load, then longest distance, then seed rank (lower f).
  const inhaber = offen.map(({ nr, berechtigt }) => {
    let beste = berechtigt[0]!;
    let besterAbstand = abstand(beste, nr);
    for (const f of berechtigt.slice(1)) {
      const a = abstand(f, nr);
      const unterschied = last(f) - last(beste);
      if (unterschied < -EPS || (Math.abs(unterschied) <= EPS && a > besterAbstand)) {
        beste = f;
        besterAbstand = a;
      }
    }
    anzahl[beste]!++;
    dienste[beste]!.push(nr);
    return beste;
  });

  // With absences the greedy pass can be unbalanced (a family took early weeks and was absent
  // later). Repair: while a duty can be passed along an alternating chain from a family to one whose
  // load is more than one below, do it. Each step lowers Σ load², so this ends; when no such chain
  // exists the load vector is decreasingly minimal, i.e. the spread of loads is minimal.
  const weitergeben = (s: number): boolean => {
    const herkunft = new Map<number, { von: number; woche: number }>([[s, { von: -1, woche: -1 }]]);
    const warteschlange = [s];
    for (let k = 0; k < warteschlange.length; k++) {
      const x = warteschlange[k]!;
      for (const [i, { berechtigt }] of offen.entries()) {
        if (inhaber[i] !== x) continue;
        for (const y of berechtigt) {
          if (herkunft.has(y)) continue;
          herkunft.set(y, { von: x, woche: i });
          if (last(y) < last(s) - 1 - EPS) {
            for (let z = y; z !== s; ) {
              const schritt = herkunft.get(z)!;
              inhaber[schritt.woche] = z;
              z = schritt.von;
            }
            anzahl[s]!--;
            anzahl[y]!++;
            return true;
          }
          warteschlange.push(y);
        }
      }
    }
    return false;
  };
  for (let verbessert = offen.length > 0; verbessert; ) {
    const minimum = Math.min(...alle.map(last));
    const absteigend = [...alle].sort((a, b) => last(b) - last(a) || a - b);
    verbessert = absteigend.some((s) => last(s) - minimum > 1 + EPS && weitergeben(s));
  }

  const zuweisungen: RotaZuweisung[] = [];
  const trotzAbwesenheit: RotaZuweisung[] = [];
  for (const [i, { woche }] of offen.entries()) {
    const f = inhaber[i]!;
    const zuweisung = { jahr: woche.jahr, kalenderwoche: woche.kalenderwoche, elternId: familien[f]! };
    zuweisungen.push(zuweisung);
    if (abwesend.get(wochenSchluessel(woche))?.has(f)) trotzAbwesenheit.push({ ...zuweisung });
  }
  return { zuweisungen, nichtBesetzt, trotzAbwesenheit };
}
