import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IsoWoche, naechsteWoche, vergleicheWochen, wochenAb, wochenSchluessel } from '../kalender/iso-woche.js';
import { DomainError } from '../shared/decider.js';
import { KEINE_FAMILIEN, planeRota, type RotaEingabe, type RotaErgebnis, ZEITRAUM_UMGEKEHRT } from './rota-planer.js';

const kw = (jahr: number, kalenderwoche: number): IsoWoche => ({ jahr, kalenderwoche });
const NUM_RUNS = 200;

// ---------------------------------------------------------------------------------------------
// Generators: random groups over KW 40/2025 … 2029, biased towards ranges through KW 53/2026.
// ---------------------------------------------------------------------------------------------

const KALENDER = wochenAb(kw(2025, 40), 240);
const KW53 = KALENDER.findIndex((w) => w.jahr === 2026 && w.kalenderwoche === 53);

type Optionen = { maxFamilien: number; maxWochen: number; abwesenheiten: boolean; bestehend: boolean };

const eingaben = ({ maxFamilien, maxWochen, abwesenheiten, bestehend }: Optionen): fc.Arbitrary<RotaEingabe> =>
  fc
    .record({
      familien: fc
        .uniqueArray(fc.integer({ min: 0, max: 199 }), { maxLength: maxFamilien, size: 'max' })
        .map((ns) => ns.map((n) => `familie-${n}`)),
      start: fc.oneof(fc.integer({ min: 5, max: 170 }), fc.integer({ min: KW53 - maxWochen + 1, max: KW53 })),
      laenge: fc.integer({ min: 1, max: maxWochen }),
      seed: fc.string(),
    })
    .chain(({ familien, start, laenge, seed }) => {
      // Weeks around the range (a few before and after it), so some inputs fall outside it.
      const woche = fc.integer({ min: start - 4, max: start + laenge + 3 }).map((i) => KALENDER[i]!);
      const familie = familien.length > 0 ? fc.constantFrom(...familien) : fc.constant('niemand');
      const wer = (sonst: string) => fc.oneof({ weight: 5, arbitrary: familie }, { weight: 1, arbitrary: fc.constant(sonst) });
      return fc
        .record({
          freieWochen: fc.array(woche, { maxLength: Math.ceil(laenge / 3), size: 'max' }),
          abwesenheiten: fc.array(fc.record({ elternId: wer('fremd'), woche }), { maxLength: abwesenheiten ? 2 * laenge : 0, size: 'max' }),
          // Weeks the whole group is away (every family reported absent).
          gruppeWeg: fc.array(woche, { maxLength: abwesenheiten ? 2 : 0 }),
          bestehend: fc.uniqueArray(fc.record({ woche, elternId: wer('ehemalig') }), {
            selector: (b) => wochenSchluessel(b.woche),
            maxLength: bestehend ? Math.ceil(laenge / 2) : 0,
            size: 'max',
          }),
        })
        .map(({ freieWochen, abwesenheiten, gruppeWeg, bestehend }) => ({
          von: KALENDER[start]!,
          bis: KALENDER[start + laenge - 1]!,
          familien,
          freieWochen,
          abwesenheiten: [...abwesenheiten, ...gruppeWeg.flatMap((w) => familien.map((elternId) => ({ elternId, woche: w })))],
          bestehend: bestehend.map(({ woche: w, elternId }) => ({ ...w, elternId })),
          seed,
        }));
    });

const gross = (o: Partial<Optionen> = {}) => eingaben({ maxFamilien: 30, maxWochen: 60, abwesenheiten: true, bestehend: true, ...o });

// ---------------------------------------------------------------------------------------------
// Independent reading of an input and a plan (no code shared with the planner).
// ---------------------------------------------------------------------------------------------

const wochenVonBis = (von: IsoWoche, bis: IsoWoche) => {
  const wochen: IsoWoche[] = [];
  for (let w = von; vergleicheWochen(w, bis) <= 0; w = naechsteWoche(w)) wochen.push(w);
  return wochen;
};
const imZeitraum = (e: RotaEingabe, w: IsoWoche) => vergleicheWochen(e.von, w) <= 0 && vergleicheWochen(w, e.bis) <= 0;
const istAbwesend = (e: RotaEingabe, elternId: string, w: IsoWoche) =>
  e.abwesenheiten.some((a) => a.elternId === elternId && wochenSchluessel(a.woche) === wochenSchluessel(w));

/** Weeks of the range that are neither free nor already assigned. */
const planbar = (e: RotaEingabe) => {
  const belegt = new Set([...e.freieWochen, ...e.bestehend].map(wochenSchluessel));
  return wochenVonBis(e.von, e.bis).filter((w) => !belegt.has(wochenSchluessel(w)));
};

/** The families allowed on a week by the absence rule: those present, or all when nobody is. */
const berechtigt = (e: RotaEingabe, w: IsoWoche) => {
  const anwesend = e.familien.filter((f) => !istAbwesend(e, f, w));
  return anwesend.length > 0 ? anwesend : [...e.familien];
};

/** Duties per family in the range: existing ones plus the new ones. */
const dienstzahl = (e: RotaEingabe, plan: RotaErgebnis) => {
  const zahl = new Map(e.familien.map((f) => [f, 0]));
  for (const z of [...e.bestehend.filter((b) => imZeitraum(e, b)), ...plan.zuweisungen]) {
    if (zahl.has(z.elternId)) zahl.set(z.elternId, zahl.get(z.elternId)! + 1);
  }
  return zahl;
};
const spanne = (zahl: Map<string, number>) => (zahl.size === 0 ? 0 : Math.max(...zahl.values()) - Math.min(...zahl.values()));

/** The smallest spread any plan obeying the absence rule can reach: every reachable count vector, week by week. */
const kleinsteSpanne = (e: RotaEingabe): number => {
  const familien = [...e.familien];
  if (familien.length === 0) return 0;
  const start = familien.map((f) => e.bestehend.filter((b) => b.elternId === f && imZeitraum(e, b)).length);
  let zustaende = new Map([[start.join(), start]]);
  for (const w of planbar(e)) {
    const naechste = new Map<string, number[]>();
    for (const zahl of zustaende.values()) {
      for (const f of berechtigt(e, w)) {
        const neu = zahl.map((n, i) => (familien[i] === f ? n + 1 : n));
        naechste.set(neu.join(), neu);
      }
    }
    zustaende = naechste;
  }
  return Math.min(...[...zustaende.values()].map((zahl) => Math.max(...zahl) - Math.min(...zahl)));
};

const eigenschaft = <T>(arb: fc.Arbitrary<T>, pruefe: (wert: T) => void, numRuns = NUM_RUNS) =>
  fc.assert(fc.property(arb, pruefe), { numRuns });

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('Rota planner: properties over random groups, ranges, absences and existing duties', () => {
  it('given any group, when planned, then every open week gets exactly one family of the group or is listed as not filled', () =>
    eigenschaft(gross(), (e) => {
      const plan = planeRota(e);
      const offen = planbar(e).map(wochenSchluessel);
      const neu = plan.zuweisungen.map(wochenSchluessel);
      const leer = plan.nichtBesetzt.map((n) => wochenSchluessel(n.woche));
      expect([...neu, ...leer].sort()).toEqual([...offen].sort());
      expect(plan.zuweisungen.every((z, i) => i === 0 || vergleicheWochen(plan.zuweisungen[i - 1]!, z) < 0)).toBe(true);
      expect(plan.zuweisungen.every((z) => e.familien.includes(z.elternId))).toBe(true);
      if (e.familien.length === 0) {
        expect(plan.zuweisungen).toEqual([]);
        expect(plan.nichtBesetzt).toEqual(planbar(e).map((woche) => ({ woche, grund: KEINE_FAMILIEN })));
      } else {
        expect(plan.nichtBesetzt).toEqual([]);
      }
    }));

  it('given existing duties, free weeks and weeks outside the range, when planned, then none of them gets a new family', () =>
    eigenschaft(gross(), (e) => {
      const plan = planeRota(e);
      const tabu = new Set([...e.freieWochen, ...e.bestehend].map(wochenSchluessel));
      for (const z of plan.zuweisungen) {
        expect(tabu.has(wochenSchluessel(z))).toBe(false);
        expect(imZeitraum(e, z)).toBe(true);
      }
    }));

  it('given no absences, when planned, then only families ending at most one above the least-loaded one get new duties (spread ≤ 1 when nothing was assigned)', () =>
    eigenschaft(gross({ abwesenheiten: false }), (e) => {
      const plan = planeRota(e);
      const zahl = dienstzahl(e, plan);
      const minimum = Math.min(...zahl.values());
      for (const z of plan.zuweisungen) expect(zahl.get(z.elternId)).toBeLessThanOrEqual(minimum + 1);
      if (e.bestehend.length === 0) expect(spanne(zahl)).toBeLessThanOrEqual(1);
    }));

  it('given absences and existing duties in small groups, when planned, then the spread is the smallest any plan respecting the absences can reach', () =>
    eigenschaft(
      eingaben({ maxFamilien: 4, maxWochen: 12, abwesenheiten: true, bestehend: true }),
      (e) => {
        expect(spanne(dienstzahl(e, planeRota(e)))).toBe(kleinsteSpanne(e));
      },
      400,
    ));

  it('given absences, when planned, then no new duty could go straight to an allowed family with two fewer duties', () =>
    eigenschaft(gross(), (e) => {
      const plan = planeRota(e);
      const zahl = dienstzahl(e, plan);
      for (const z of plan.zuweisungen) {
        for (const f of berechtigt(e, z)) expect(zahl.get(f)!).toBeGreaterThanOrEqual(zahl.get(z.elternId)! - 1);
      }
    }));

  it('given absences, when planned, then a family is put on a week it is absent only if the whole group is absent, and that is reported', () =>
    eigenschaft(gross(), (e) => {
      const plan = planeRota(e);
      const trotz = plan.zuweisungen.filter((z) => istAbwesend(e, z.elternId, z));
      for (const z of trotz) expect(e.familien.every((f) => istAbwesend(e, f, z))).toBe(true);
      expect(plan.trotzAbwesenheit).toEqual(trotz);
    }));

  it('given each family absent in at most ⌊weeks/families⌋ plannable weeks and nothing assigned yet, when planned, then the spread is still ≤ 1', () =>
    eigenschaft(gross({ bestehend: false }), (e) => {
      const offen = new Set(planbar(e).map(wochenSchluessel));
      const hoechstens = e.familien.length === 0 ? 0 : Math.floor(offen.size / e.familien.length);
      const gezaehlt = new Map<string, Set<string>>();
      const abwesenheiten = e.abwesenheiten.filter(({ elternId, woche }) => {
        const wochen = gezaehlt.get(elternId) ?? new Set();
        gezaehlt.set(elternId, wochen);
        if (!offen.has(wochenSchluessel(woche)) || wochen.has(wochenSchluessel(woche))) return true;
        if (wochen.size >= hoechstens) return false;
        wochen.add(wochenSchluessel(woche));
        return true;
      });
      const wenige = { ...e, abwesenheiten };
      expect(spanne(dienstzahl(wenige, planeRota(wenige)))).toBeLessThanOrEqual(1);
    }));

  it('given no absences and no existing duties, when planned, then it is a round robin: a family’s duties are exactly F plannable weeks apart', () =>
    eigenschaft(gross({ abwesenheiten: false, bestehend: false }), (e) => {
      const reihe = planeRota(e).zuweisungen.map((z) => z.elternId);
      const f = e.familien.length;
      expect(new Set(reihe.slice(0, f)).size).toBe(Math.min(f, reihe.length));
      reihe.forEach((id, i) => {
        if (i >= f) expect(id).toBe(reihe[i - f]);
      });
    }));

  it('given the same input and seed, when planned twice or with unordered inputs shuffled and keys reordered, then the plan is identical', () =>
    eigenschaft(
      gross().chain((e) =>
        fc.record({
          e: fc.constant(e),
          freieWochen: fc.shuffledSubarray([...e.freieWochen], { minLength: e.freieWochen.length }),
          abwesenheiten: fc.shuffledSubarray([...e.abwesenheiten], { minLength: e.abwesenheiten.length }),
          bestehend: fc.shuffledSubarray([...e.bestehend], { minLength: e.bestehend.length }),
        }),
      ),
      ({ e, freieWochen, abwesenheiten, bestehend }) => {
        const umgedreht = (w: IsoWoche) => ({ kalenderwoche: w.kalenderwoche, jahr: w.jahr });
        const gemischt: RotaEingabe = {
          ...e,
          freieWochen: freieWochen.map(umgedreht),
          abwesenheiten: abwesenheiten.map((a) => ({ woche: umgedreht(a.woche), elternId: a.elternId })),
          bestehend: bestehend.map((b) => ({ elternId: b.elternId, ...umgedreht(b) })),
        };
        const plan = planeRota(e);
        expect(planeRota(structuredClone(e))).toEqual(plan);
        expect(planeRota(gemischt)).toEqual(plan);
      },
    ));

  it('given the families in another order or another seed, when planned, then the plan is equally valid: same duty counts, absences respected', () =>
    eigenschaft(
      gross().chain((e) =>
        fc.record({
          e: fc.constant(e),
          familien: fc.shuffledSubarray([...e.familien], { minLength: e.familien.length }),
          seed: fc.string(),
        }),
      ),
      ({ e, familien, seed }) => {
        const sortiert = (zahl: Map<string, number>) => [...zahl.values()].sort((a, b) => a - b);
        const anders = { ...e, familien, seed };
        const plan = planeRota(anders);
        expect(sortiert(dienstzahl(anders, plan))).toEqual(sortiert(dienstzahl(e, planeRota(e))));
        expect(plan.trotzAbwesenheit.length).toBe(planeRota(e).trotzAbwesenheit.length);
        expect(plan.zuweisungen.map(wochenSchluessel)).toEqual(planeRota(e).zuweisungen.map(wochenSchluessel));
      },
    ));

  it('given a week that does not exist anywhere in the input, when planned, then it is refused as invalid', () =>
    eigenschaft(
      fc.tuple(
        gross(),
        fc.constantFrom(kw(2027, 53), kw(2026, 54), kw(2026, 0), kw(2025, 53), kw(2026, 1.5)),
        fc.constantFrom('von', 'bis', 'frei', 'abwesend', 'bestehend'),
      ),
      ([e, falsch, wo]) => {
        const kaputt: RotaEingabe = {
          ...e,
          von: wo === 'von' ? falsch : e.von,
          bis: wo === 'bis' ? falsch : e.bis,
          freieWochen: wo === 'frei' ? [...e.freieWochen, falsch] : e.freieWochen,
          abwesenheiten: wo === 'abwesend' ? [...e.abwesenheiten, { elternId: 'x', woche: falsch }] : e.abwesenheiten,
          bestehend: wo === 'bestehend' ? [...e.bestehend, { ...falsch, elternId: 'x' }] : e.bestehend,
        };
        expect(() => planeRota(kaputt)).toThrow(DomainError);
        try {
          planeRota(kaputt);
        } catch (error) {
          expect((error as DomainError).kind).toBe('ungueltig');
        }
      },
    ));
});

// ---------------------------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------------------------

const leer = { freieWochen: [], abwesenheiten: [], bestehend: [] };
const zwoelf = Array.from({ length: 12 }, (_, i) => `familie-${String(i + 1).padStart(2, '0')}`);

describe('Rota planner: examples', () => {
  it('given 12 families, KW 47/2026–KW 10/2027 with Christmas weeks 52, 53 and 1 free and familie-03 absent in KW 48, when planned, then 14 weeks are filled fairly and not KW 48 by familie-03', () => {
    const plan = planeRota({
      von: kw(2026, 47),
      bis: kw(2027, 10),
      familien: zwoelf,
      freieWochen: [kw(2026, 52), kw(2026, 53), kw(2027, 1)],
      abwesenheiten: [{ elternId: 'familie-03', woche: kw(2026, 48) }],
      bestehend: [],
      seed: 'plan-2026-47',
    });
    expect(plan.zuweisungen.map((z) => `${z.kalenderwoche}/${z.jahr}`)).toEqual(
      ['47', '48', '49', '50', '51'].map((w) => `${w}/2026`).concat(['2', '3', '4', '5', '6', '7', '8', '9', '10'].map((w) => `${w}/2027`)),
    );
    expect(plan.zuweisungen.find((z) => z.kalenderwoche === 48)!.elternId).not.toBe('familie-03');
    const zahl = zwoelf.map((f) => plan.zuweisungen.filter((z) => z.elternId === f).length);
    expect(zahl.sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(plan.nichtBesetzt).toEqual([]);
    expect(plan.trotzAbwesenheit).toEqual([]);
  });

  it('given a fixed seed, when planned, then the plan is always this one (week 53 of 2026 included)', () => {
    const eingabe: RotaEingabe = {
      von: kw(2026, 51),
      bis: kw(2027, 3),
      familien: ['bauer', 'fuchs', 'wagner'],
      ...leer,
      seed: 'befehl-42',
    };
    const erwartet = planeRota(eingabe);
    expect(planeRota(structuredClone(eingabe))).toEqual(erwartet);
    expect(erwartet.zuweisungen).toEqual([
      { ...kw(2026, 51), elternId: 'bauer' },
      { ...kw(2026, 52), elternId: 'wagner' },
      { ...kw(2026, 53), elternId: 'fuchs' },
      { ...kw(2027, 1), elternId: 'bauer' },
      { ...kw(2027, 2), elternId: 'wagner' },
      { ...kw(2027, 3), elternId: 'fuchs' },
    ]);
  });

  it('given existing duties, when planned, then they are kept and count: fuchs, who already has two, gets no new one', () => {
    const plan = planeRota({
      von: kw(2026, 50),
      bis: kw(2027, 2),
      familien: ['bauer', 'fuchs', 'wagner'],
      ...leer,
      bestehend: [
        { ...kw(2026, 50), elternId: 'fuchs' },
        { ...kw(2026, 53), elternId: 'fuchs' },
      ],
      seed: 's',
    });
    expect(plan.zuweisungen.map(wochenSchluessel)).toEqual(['2026-W51', '2026-W52', '2027-W01', '2027-W02']);
    expect(plan.zuweisungen.filter((z) => z.elternId === 'fuchs')).toEqual([]);
    expect(plan.zuweisungen.filter((z) => z.elternId === 'bauer')).toHaveLength(2);
  });

  it('given a group without families, when planned, then every open week is reported not filled', () => {
    const plan = planeRota({ von: kw(2026, 52), bis: kw(2027, 1), familien: [], ...leer, freieWochen: [kw(2026, 52)], seed: 's' });
    expect(plan).toEqual({
      zuweisungen: [],
      nichtBesetzt: [
        { woche: kw(2026, 53), grund: KEINE_FAMILIEN },
        { woche: kw(2027, 1), grund: KEINE_FAMILIEN },
      ],
      trotzAbwesenheit: [],
    });
  });

  it('given the whole group absent in KW 53, when planned, then a family still takes it and it is reported', () => {
    const familien = ['bauer', 'fuchs'];
    const plan = planeRota({
      von: kw(2026, 53),
      bis: kw(2027, 1),
      familien,
      ...leer,
      abwesenheiten: familien.map((elternId) => ({ elternId, woche: kw(2026, 53) })),
      seed: 's',
    });
    expect(plan.zuweisungen).toHaveLength(2);
    expect(plan.trotzAbwesenheit).toEqual([plan.zuweisungen[0]]);
  });

  it('given weeks that do not exist or a reversed range, when planned, then it is refused', () => {
    const mit = (von: IsoWoche, bis: IsoWoche) => () => planeRota({ von, bis, familien: ['bauer'], ...leer, seed: 's' });
    expect(mit(kw(2027, 50), kw(2027, 53))).toThrow(new DomainError('ungueltig', 'KW 53/2027 gibt es nicht.'));
    expect(mit(kw(2027, 2), kw(2026, 50))).toThrow(new DomainError('ungueltig', ZEITRAUM_UMGEKEHRT(kw(2027, 2), kw(2026, 50))));
    expect(mit(kw(2026, 53), kw(2026, 53))().zuweisungen).toEqual([{ ...kw(2026, 53), elternId: 'bauer' }]);
  });
});
