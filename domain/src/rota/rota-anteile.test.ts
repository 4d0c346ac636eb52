import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IsoWoche, wochenAb, wochenSchluessel } from '../kalender/iso-woche.js';
import { DomainError } from '../shared/decider.js';
import { ALLE_BEFREIT, ANTEIL_UNGUELTIG_PLAN, planeRota, type RotaEingabe } from './rota-planer.js';
import { type FruehereSaison, saldoFruehererSaisons } from './saldo.js';

const kw = (jahr: number, kalenderwoche: number): IsoWoche => ({ jahr, kalenderwoche });
const NUM_RUNS = 300;
const KALENDER = wochenAb(kw(2026, 1), 300);

/** Duties per family of a plan (new ones only; the inputs here have no existing duties). */
const zaehle = (familien: readonly string[], zuweisungen: readonly { elternId: string }[]) => {
  const zahl = new Map(familien.map((f) => [f, 0]));
  for (const z of zuweisungen) zahl.set(z.elternId, (zahl.get(z.elternId) ?? 0) + 1);
  return zahl;
};

/** An independent reading of the proportional due: W × share / Σ shares, without any balance. */
const einfachesSoll = (w: number, anteile: Map<string, number>, f: string) => {
  const summe = [...anteile.values()].reduce((n, a) => n + a, 0);
  return summe === 0 ? 0 : (w * anteile.get(f)!) / summe;
};

/** A group of 1–12 families with shares 0–5 (most 1), a range of 1–60 weeks, a seed. */
const gruppen = fc
  .record({
    familien: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 12 }).map((ns) => ns.map((n) => `f-${n}`)),
    start: fc.integer({ min: 0, max: 90 }),
    laenge: fc.integer({ min: 1, max: 60 }),
    seed: fc.string(),
  })
  .chain((g) =>
    fc
      .array(fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: 5 }) }), {
        minLength: g.familien.length,
        maxLength: g.familien.length,
      })
      .map((anteile) => ({ ...g, anteile: g.familien.map((elternId, i) => ({ elternId, anteil: anteile[i]! })) })),
  );

const eingabe = (g: { familien: string[]; start: number; laenge: number; seed: string }) =>
  ({
    von: KALENDER[g.start]!,
    bis: KALENDER[g.start + g.laenge - 1]!,
    familien: g.familien,
    freieWochen: [],
    abwesenheiten: [],
    bestehend: [],
    seed: g.seed,
  }) satisfies RotaEingabe;

describe('Rota planner with shares: proportional fairness (properties)', () => {
  it('given shares and no absences, when planned, then each family gets ⌊due⌋ or ⌈due⌉ duties, share 0 none, and the extra duties go to the largest remainders', () =>
    fc.assert(
      fc.property(gruppen, (g) => {
        const plan = planeRota({ ...eingabe(g), anteile: g.anteile });
        const anteile = new Map(g.anteile.map((a) => [a.elternId, a.anteil]));
        const zahl = zaehle(g.familien, plan.zuweisungen);
        const summe = [...anteile.values()].reduce((n, a) => n + a, 0);
        if (summe === 0) {
          expect(plan.zuweisungen).toEqual([]);
          expect(plan.nichtBesetzt).toHaveLength(g.laenge);
          expect(plan.nichtBesetzt.every((n) => n.grund === ALLE_BEFREIT)).toBe(true);
          return;
        }
        expect(plan.zuweisungen).toHaveLength(g.laenge);
        const rest = new Map<string, number>();
        for (const f of g.familien) {
          const soll = einfachesSoll(g.laenge, anteile, f);
          const n = zahl.get(f)!;
          if (anteile.get(f) === 0) expect(n).toBe(0);
          // Never more than one duty above (nor one below) the proportional due.
          expect(n).toBeGreaterThanOrEqual(Math.floor(soll + 1e-9));
          expect(n).toBeLessThanOrEqual(Math.ceil(soll - 1e-9));
          rest.set(f, soll - Math.floor(soll + 1e-9));
        }
        // Largest remainder: whoever got an extra duty has a remainder at least as large as anyone who did not.
        const mitExtra = g.familien.filter((f) => zahl.get(f)! > Math.floor(einfachesSoll(g.laenge, anteile, f) + 1e-9));
        const ohneExtra = g.familien.filter((f) => !mitExtra.includes(f) && anteile.get(f)! > 0);
        for (const a of mitExtra) for (const b of ohneExtra) expect(rest.get(a)!).toBeGreaterThanOrEqual(rest.get(b)! - 1e-9);
      }),
      { numRuns: NUM_RUNS },
    ));

  it('given shares and absences, when planned, then no family with share 0 is planned, even on a week everyone else is absent', () =>
    fc.assert(
      fc.property(
        gruppen.chain((g) =>
          fc
            .array(
              fc.record({ elternId: fc.constantFrom(...g.familien), woche: fc.integer({ min: g.start, max: g.start + g.laenge - 1 }) }),
              {
                maxLength: 3 * g.laenge,
              },
            )
            .map((abw) => ({ g, abwesenheiten: abw.map((a) => ({ elternId: a.elternId, woche: KALENDER[a.woche]! })) })),
        ),
        ({ g, abwesenheiten }) => {
          const plan = planeRota({ ...eingabe(g), anteile: g.anteile, abwesenheiten });
          const befreit = new Set(g.anteile.filter((a) => a.anteil === 0).map((a) => a.elternId));
          expect(plan.zuweisungen.some((z) => befreit.has(z.elternId))).toBe(false);
          const offen = befreit.size === g.familien.length ? 0 : g.laenge;
          expect(plan.zuweisungen).toHaveLength(offen);
          // A family is on an absent week only when every family with a share is absent then.
          for (const z of plan.trotzAbwesenheit) {
            const weg = new Set(abwesenheiten.filter((a) => wochenSchluessel(a.woche) === wochenSchluessel(z)).map((a) => a.elternId));
            expect(g.familien.filter((f) => !befreit.has(f)).every((f) => weg.has(f))).toBe(true);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    ));
});

describe('Rota planner across seasons: the balance of earlier seasons (properties)', () => {
  it('given season 1 planned and its balance carried into season 2, when planned, then over both seasons each family is less than one duty away from its due', () =>
    fc.assert(
      fc.property(gruppen, fc.integer({ min: 0, max: 60 }), (g, extra) => {
        const anteile = new Map(g.anteile.map((a) => [a.elternId, a.anteil]));
        const summe = [...anteile.values()].reduce((n, a) => n + a, 0);
        fc.pre(summe > 0);
        const erste = planeRota({ ...eingabe(g), anteile: g.anteile });
        const zahl1 = zaehle(g.familien, erste.zuweisungen);
        const saison: FruehereSaison = {
          saisonId: 's1',
          familien: g.familien.map((elternId) => ({ elternId, geleistet: zahl1.get(elternId)!, anteil: anteile.get(elternId)! })),
        };
        const saldo = saldoFruehererSaisons([saison], g.familien);
        // Season 2 is at least as long as the sum of shares, so no family's due turns negative.
        const laenge2 = summe + extra;
        const zweite = planeRota({
          ...eingabe({ ...g, start: g.start + g.laenge, laenge: laenge2 }),
          seed: `${g.seed}/2`,
          anteile: g.anteile,
          saldo,
        });
        const zahl2 = zaehle(g.familien, zweite.zuweisungen);
        for (const f of g.familien) {
          const soll = einfachesSoll(g.laenge + laenge2, anteile, f);
          // Balances are kept in hundredths, hence the small allowance.
          expect(Math.abs(zahl1.get(f)! + zahl2.get(f)! - soll)).toBeLessThan(1 + 0.01 * g.familien.length);
        }
      }),
      { numRuns: NUM_RUNS },
    ));

  it('given equal shares, when planned with balances, then a family that did more before never gets more duties than one that did less', () =>
    fc.assert(
      fc.property(
        gruppen.chain((g) =>
          fc
            .array(fc.integer({ min: -800, max: 800 }), { minLength: g.familien.length, maxLength: g.familien.length })
            .map((s) => ({ g, saldo: g.familien.map((elternId, i) => ({ elternId, saldo: s[i]! / 100 })) })),
        ),
        ({ g, saldo }) => {
          const plan = planeRota({ ...eingabe(g), saldo });
          const zahl = zaehle(g.familien, plan.zuweisungen);
          const von = new Map(saldo.map((s) => [s.elternId, s.saldo]));
          for (const a of g.familien)
            for (const b of g.familien) if (von.get(a)! > von.get(b)!) expect(zahl.get(a)!).toBeLessThanOrEqual(zahl.get(b)!);
          expect(plan.zuweisungen).toHaveLength(g.laenge);
        },
      ),
      { numRuns: NUM_RUNS },
    ));

  it('the balance of each season adds up to zero over its families, and does not depend on the order of seasons or rows', () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            saisonId: fc.string({ minLength: 1, maxLength: 4 }),
            familien: fc.uniqueArray(
              fc.record({
                elternId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
                geleistet: fc.nat(30),
                anteil: fc.integer({ min: 0, max: 5 }),
              }),
              { selector: (z) => z.elternId, maxLength: 5 },
            ),
          }),
          { maxLength: 4 },
        ),
        (saisons) => {
          const familien = ['a', 'b', 'c', 'd', 'e'];
          const saldo = saldoFruehererSaisons(saisons, familien);
          const umgedreht = saldoFruehererSaisons(
            [...saisons].reverse().map((s) => ({ ...s, familien: [...s.familien].reverse() })),
            [...familien].reverse(),
          );
          expect(umgedreht).toEqual(saldo);
          expect(saldo.map((s) => s.elternId)).toEqual(familien);
          // Σ balance = duties of seasons in which nobody had a share (nobody was due them), up to rounding.
          const ohneAnteil = saisons
            .filter((s) => s.familien.every((z) => z.anteil === 0))
            .reduce((n, s) => n + s.familien.reduce((m, z) => m + z.geleistet, 0), 0);
          expect(Math.abs(saldo.reduce((n, s) => n + s.saldo, 0) - ohneAnteil)).toBeLessThan(0.005 * familien.length + 1e-9);
        },
      ),
      { numRuns: NUM_RUNS },
    ));
});

describe('Rota planner with shares and balances: determinism (properties)', () => {
  it('given the same input and seed, with the lists of shares and balances shuffled, when planned, then the plan is identical', () =>
    fc.assert(
      fc.property(
        gruppen.chain((g) =>
          fc.record({
            g: fc.constant(g),
            saldo: fc.array(fc.integer({ min: -300, max: 300 }), { minLength: g.familien.length, maxLength: g.familien.length }),
            mischung: fc.infiniteStream(fc.nat()),
          }),
        ),
        ({ g, saldo, mischung }) => {
          const s = g.familien.map((elternId, i) => ({ elternId, saldo: saldo[i]! / 100 }));
          const e: RotaEingabe = { ...eingabe(g), anteile: g.anteile, saldo: s };
          const zufall = mischung[Symbol.iterator]();
          const mische = <T>(liste: readonly T[]) =>
            liste
              .map((x) => ({ x, k: zufall.next().value as number }))
              .sort((a, b) => a.k - b.k)
              .map(({ x }) => x);
          const plan = planeRota(e);
          expect(planeRota(e)).toEqual(plan);
          expect(planeRota({ ...e, familien: mische(e.familien), anteile: mische(g.anteile), saldo: mische(s) })).toEqual(plan);
        },
      ),
      { numRuns: NUM_RUNS },
    ));
});

describe('Rota planner with shares: examples', () => {
  const basis: RotaEingabe = {
    von: kw(2026, 36),
    bis: kw(2026, 47),
    familien: ['fuchs', 'bauer', 'wagner'],
    freieWochen: [],
    abwesenheiten: [],
    bestehend: [],
    seed: 'beispiel',
  };

  it('given Fuchs with share 2, Bauer 1 and Wagner exempt, over 12 weeks, then Fuchs does 8, Bauer 4 and Wagner none', () => {
    const plan = planeRota({
      ...basis,
      anteile: [
        { elternId: 'fuchs', anteil: 2 },
        { elternId: 'wagner', anteil: 0 },
      ],
    });
    expect(Object.fromEntries(zaehle(basis.familien, plan.zuweisungen))).toEqual({ fuchs: 8, bauer: 4, wagner: 0 });
  });

  it('the worked example of docs/rota-planer.md: balances +2, −3 and +1 over 12 weeks give Fuchs 1, Bauer (share 2) 9 and Wagner 2 duties', () => {
    const saldo = saldoFruehererSaisons(
      [
        {
          saisonId: 'import-2025',
          familien: [
            { elternId: 'fuchs', geleistet: 6, anteil: 1 },
            { elternId: 'bauer', geleistet: 5, anteil: 2 },
            { elternId: 'wagner', geleistet: 5, anteil: 1 },
          ],
        },
      ],
      basis.familien,
    );
    expect(saldo).toEqual([
      { elternId: 'bauer', saldo: -3 },
      { elternId: 'fuchs', saldo: 2 },
      { elternId: 'wagner', saldo: 1 },
    ]);
    const plan = planeRota({ ...basis, saldo, anteile: [{ elternId: 'bauer', anteil: 2 }] });
    expect(Object.fromEntries(zaehle(basis.familien, plan.zuweisungen))).toEqual({ fuchs: 1, bauer: 9, wagner: 2 });
  });

  it('refuses a share that is not a whole number of 0 or more', () => {
    expect(() => planeRota({ ...basis, anteile: [{ elternId: 'fuchs', anteil: -1 }] })).toThrow(
      new DomainError('ungueltig', ANTEIL_UNGUELTIG_PLAN),
    );
    expect(() => planeRota({ ...basis, anteile: [{ elternId: 'fuchs', anteil: 1.5 }] })).toThrow(
      new DomainError('ungueltig', ANTEIL_UNGUELTIG_PLAN),
    );
  });
});
