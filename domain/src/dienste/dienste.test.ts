import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWocheVon, wochenSchluessel } from '../kalender/iso-woche.js';
import { anteiligeSolls } from '../rota/rota-planer.js';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { anpassungProFamilie } from './anpassung.js';
import {
  ANBIETER_SCHON_DABEI,
  ANDERE_ART,
  type DiensteCommand,
  type DiensteEvent,
  diensteDecider,
  EIGENES,
  NUR_EIGENE,
  SCHON_ANGENOMMEN,
  SCHON_DABEI,
  VERGANGEN,
  ZU_WEIT,
} from './dienste.js';
import { termineImZeitraum } from './termine.js';
import { verteile } from './verteiler.js';

const spec = deciderSpec(diensteDecider);
const kopf = { dienstartId: 'putz', bereichId: 'kita' };
const heute = '2026-11-26';

const zugewiesen = (dienstId: string, elternId: string, von: string, bis = von): DiensteEvent => ({
  type: 'DienstZugewiesen',
  data: { ...kopf, dienstId, von, bis, elternId },
});
const angeboten = (tauschId: string, dienstId: string, elternId: string, von: string, bis = von, abgeben = false): DiensteEvent => ({
  type: 'DienstTauschAngeboten',
  data: { ...kopf, tauschId, dienstId, elternId, von, bis, nachricht: null, ...(abgeben ? { abgeben: true as const } : {}) },
});

// Fuchs has the weekends of 05.12. and 19.12., Bauer of 12.12.; Wagner one long past; a two-family date on 09.01.
const plan = [
  zugewiesen('d1', 'fuchs', '2026-12-05', '2026-12-06'),
  zugewiesen('d2', 'bauer', '2026-12-12', '2026-12-13'),
  zugewiesen('d3', 'fuchs', '2026-12-19', '2026-12-20'),
  zugewiesen('d0', 'wagner', '2026-10-03', '2026-10-04'),
  zugewiesen('d5', 'bauer', '2027-01-09', '2027-01-10'),
  zugewiesen('d6', 'wagner', '2027-01-09', '2027-01-10'),
  zugewiesen('d9', 'wagner', '2027-06-05', '2027-06-06'),
];

const biete = (dienstId: string, elternId: string, abgeben = false): DiensteCommand => ({
  type: 'BieteDienstTauschAn',
  data: { ...kopf, tauschId: 't1', dienstId, elternId, heute, abgeben },
});
const nimm = (elternId: string, gegenDienstId: string | null): DiensteCommand => ({
  type: 'NimmDienstTauschAn',
  data: { ...kopf, tauschId: 't1', elternId, gegenDienstId, heute },
});

describe('Dienste of a kind: swaps', () => {
  it('given Fuchs’s weekend, when Fuchs offers it, then the offer is recorded with its dates', () => {
    spec(plan)
      .when(biete('d1', 'fuchs'))
      .then([angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06')]);
  });

  it('given a date of another family, a past one, or one beyond the next 12 weeks, when offered, then each is refused in German', () => {
    spec(plan).when(biete('d2', 'fuchs')).thenThrows('verboten', NUR_EIGENE);
    spec(plan).when(biete('d0', 'wagner')).thenThrows('ungueltig', VERGANGEN);
    spec(plan).when(biete('d9', 'wagner')).thenThrows('ungueltig', ZU_WEIT);
  });

  it('given Fuchs’s offer, when Bauer accepts with his weekend, then both dates change hands in one event', () => {
    spec([...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06')])
      .when(nimm('bauer', 'd2'))
      .then([
        {
          type: 'DienstTauschAngenommen',
          data: {
            ...kopf,
            tauschId: 't1',
            dienstId: 'd1',
            termin: { von: '2026-12-05', bis: '2026-12-06' },
            angebotVon: 'fuchs',
            gegenDienstId: 'd2',
            gegenTermin: { von: '2026-12-12', bis: '2026-12-13' },
            angenommenVon: 'bauer',
          },
        },
      ]);
  });

  it('given Fuchs’s offer, when Bauer offers a date that is not in this kind’s plan (a water-duty week), then only dates of the same kind swap', () => {
    spec([...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06')])
      .when(nimm('bauer', 'w48'))
      .thenThrows('ungueltig', ANDERE_ART);
  });

  it('given an offer already accepted, when a second family accepts, then 409 „bereits angenommen“ (one winner)', () => {
    const angenommen = fold(diensteDecider, [...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06', true)]);
    const erste = diensteDecider.decide(nimm('bauer', null), angenommen);
    expect(erste[0]?.type).toBe('DienstAbgabeUebernommen');
    spec([...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06', true), ...erste])
      .when(nimm('wagner', null))
      .thenThrows('konflikt', SCHON_ANGENOMMEN);
  });

  it('given a two-family date, when one of its families would take another’s place on it, then refused: a family is on a date once', () => {
    spec([...plan, angeboten('t1', 'd6', 'wagner', '2027-01-09', '2027-01-10', true)])
      .when(nimm('bauer', null))
      .thenThrows('konflikt', SCHON_DABEI);
    spec([...plan, angeboten('t1', 'd3', 'fuchs', '2026-12-19', '2026-12-20')])
      .when(nimm('wagner', 'd6'))
      .then([
        {
          type: 'DienstTauschAngenommen',
          data: {
            ...kopf,
            tauschId: 't1',
            dienstId: 'd3',
            termin: { von: '2026-12-19', bis: '2026-12-20' },
            angebotVon: 'fuchs',
            gegenDienstId: 'd6',
            gegenTermin: { von: '2027-01-09', bis: '2027-01-10' },
            angenommenVon: 'wagner',
          },
        },
      ]);
    spec([...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06'), zugewiesen('d7', 'fuchs', '2027-01-09', '2027-01-10')])
      .when(nimm('bauer', 'd5'))
      .thenThrows('konflikt', ANBIETER_SCHON_DABEI);
  });

  it('given an own offer, when the offering family accepts it, then refused', () => {
    spec([...plan, angeboten('t1', 'd1', 'fuchs', '2026-12-05', '2026-12-06')])
      .when(nimm('fuchs', 'd3'))
      .thenThrows('verboten', EIGENES);
  });

  it('given Bauer leaves, when his dates are freed, then his open offer is withdrawn and his dates from today on freed', () => {
    const events = diensteDecider.decide(
      { type: 'GebeFamilienDiensteFrei', data: { ...kopf, elternId: 'bauer', heute } },
      fold(diensteDecider, [...plan, angeboten('t1', 'd2', 'bauer', '2026-12-12', '2026-12-13')]),
    );
    expect(events.map((e) => e.type)).toEqual(['DienstTauschZurueckgezogen', 'DienstFreigegeben', 'DienstFreigegeben']);
  });
});

const familien = ['a', 'b', 'c', 'd', 'e', 'f'];
const plane = (
  von: string,
  bis: string,
  extra: Partial<Extract<DiensteCommand, { type: 'PlaneDienste' }>['data']> = {},
): DiensteCommand => ({
  type: 'PlaneDienste',
  data: {
    ...kopf,
    planId: 'seed-1',
    von,
    bis,
    art: { rhythmus: 'wochenende', pausiertBeiSchliessung: true, familienProTermin: 1 },
    geschlossen: { wochen: [], tage: [] },
    familien,
    anteile: [],
    saldo: [],
    abwesenheiten: [],
    belegt: [],
    ids: Array.from({ length: 200 }, (_, i) => `n${i}`),
    heute,
    ...extra,
  },
});

const zaehle = (events: DiensteEvent[]) => {
  const n = new Map<string, number>();
  for (const e of events) if (e.type === 'DienstZugewiesen') n.set(e.data.elternId, (n.get(e.data.elternId) ?? 0) + 1);
  return n;
};

describe('Dienste of a kind: planning', () => {
  it('given six families and 24 weekends, when planned, then each family gets 4 weekends, 6 weeks apart', () => {
    const events = diensteDecider.decide(plane('2026-11-30', '2027-05-16'), diensteDecider.initialState());
    expect(events[0]!.type).toBe('DiensteGeplant');
    expect([...zaehle(events).values()]).toEqual([4, 4, 4, 4, 4, 4]);
    const fuerA = events.flatMap((e) => (e.type === 'DienstZugewiesen' && e.data.elternId === 'a' ? [e.data.von] : []));
    const abstaende = fuerA.slice(1).map((v, i) => (Date.parse(v) - Date.parse(fuerA[i]!)) / 86_400_000);
    expect(abstaende.every((t) => t === 42)).toBe(true);
  });

  it('given a family absent in a week, when planned, then it gets no date that week', () => {
    const abwesenheiten = [{ elternId: 'a', woche: { jahr: 2026, kalenderwoche: 49 } }];
    const events = diensteDecider.decide(plane('2026-11-30', '2027-02-28', { abwesenheiten }), diensteDecider.initialState());
    const amWochenende = events.find((e) => e.type === 'DienstZugewiesen' && e.data.von === '2026-12-05');
    expect(amWochenende?.type === 'DienstZugewiesen' && amWochenende.data.elternId).not.toBe('a');
  });

  it('given a family with share 2 (two children) and one exempt (Vorstand), when planned, then they get twice and none', () => {
    const anteile = [
      { elternId: 'a', anteil: 2 },
      { elternId: 'f', anteil: 0 },
    ];
    const events = diensteDecider.decide(plane('2026-11-30', '2027-05-16', { anteile }), diensteDecider.initialState());
    const n = zaehle(events);
    expect(n.get('f')).toBeUndefined();
    expect(n.get('a')).toBe(8);
    expect([...n.entries()].filter(([k]) => k !== 'a').every(([, v]) => v === 4)).toBe(true);
  });

  it('given a two-family kind, when planned, then every date has two different families', () => {
    const events = diensteDecider.decide(
      plane('2026-11-30', '2027-01-31', {
        art: { rhythmus: 'wochentage', wochentage: [1, 2, 3, 4, 5], pausiertBeiSchliessung: true, familienProTermin: 2 },
      }),
      diensteDecider.initialState(),
    );
    const proTag = new Map<string, string[]>();
    for (const e of events) if (e.type === 'DienstZugewiesen') proTag.set(e.data.von, [...(proTag.get(e.data.von) ?? []), e.data.elternId]);
    expect([...proTag.values()].every((f) => f.length === 2 && f[0] !== f[1])).toBe(true);
  });
});

/** Property tests of the fair planner over several kinds. */
describe('Verteiler: several kinds stay fair, respect absences and closures, and spread load across weeks', () => {
  const arten = [
    { rhythmus: 'woche' as const, pausiertBeiSchliessung: true },
    { rhythmus: 'wochenende' as const, pausiertBeiSchliessung: true },
    { rhythmus: 'wochentage' as const, wochentage: [1, 3, 5], pausiertBeiSchliessung: true },
  ];

  it('every family ends within one date of its due per kind, never on an absent or closed week, and two duties in a week only when unavoidable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 9, maxLength: 9 }),
        fc.uniqueArray(fc.integer({ min: 49, max: 60 }), { maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 49, max: 62 })), { maxLength: 6 }),
        fc.string({ minLength: 1, maxLength: 6 }),
        (anzahl, anteilListe, geschlosseneWochen, abwesend, seed) => {
          const fam = Array.from({ length: anzahl }, (_, i) => `f${i}`);
          const woche = (n: number) => (n <= 53 ? { jahr: 2026, kalenderwoche: n } : { jahr: 2027, kalenderwoche: n - 53 });
          const geschlossen = { wochen: geschlosseneWochen.map((n) => wochenSchluessel(woche(n))), tage: [] };
          const abwesenheiten = abwesend.filter(([f]) => f < anzahl).map(([f, w]) => ({ elternId: `f${f}`, woche: woche(w) }));
          const anteile = fam.map((elternId, i) => ({ elternId, anteil: anteilListe[i]! }));
          if (anteile.every((a) => a.anteil === 0)) return;
          const belegt: { elternId: string; woche: { jahr: number; kalenderwoche: number } }[] = [];
          for (const art of arten) {
            const termine = termineImZeitraum(art, '2026-11-30', '2027-02-28', geschlossen);
            const plaetze = termine.map((termin) => ({ termin, inhaber: null, beweglich: true }));
            const { inhaber, trotzAbwesenheit, trotzBelegung } = verteile({ plaetze, familien: fam, anteile, abwesenheiten, belegt, seed });
            // Closed weeks never get a date.
            expect(termine.some((t) => geschlossen.wochen.includes(wochenSchluessel(isoWocheVon(t.von))))).toBe(false);
            // Within one date of the due, per kind.
            const soll = anteiligeSolls(
              termine.length,
              anteile.filter((a) => a.anteil > 0).map((a) => ({ anteil: a.anteil, saldo: 0 })),
            );
            const aktive = anteile.filter((a) => a.anteil > 0).map((a) => a.elternId);
            aktive.forEach((id, i) => {
              const ist = inhaber.filter((x) => x === id).length;
              expect(Math.abs(ist - soll[i]!)).toBeLessThanOrEqual(1 + 1e-9);
            });
            expect(inhaber.every((x) => x !== null && aktive.includes(x))).toBe(true);
            // Absent: only when every planned family is absent that week.
            for (const i of trotzAbwesenheit) {
              const w = wochenSchluessel(isoWocheVon(plaetze[i]!.termin.von));
              const weg = new Set(abwesenheiten.filter((a) => wochenSchluessel(a.woche) === w).map((a) => a.elternId));
              expect(aktive.every((id) => weg.has(id))).toBe(true);
            }
            // Two duties in one week only when no family free that week could take the date and both stay within one of their due.
            const n = new Map(aktive.map((id) => [id, inhaber.filter((x) => x === id).length]));
            const sollVon = new Map(aktive.map((id, k) => [id, soll[k]!]));
            for (const i of trotzBelegung) {
              const w = wochenSchluessel(isoWocheVon(plaetze[i]!.termin.von));
              const weg = new Set(abwesenheiten.filter((a) => wochenSchluessel(a.woche) === w).map((a) => a.elternId));
              const voll = new Set(belegt.filter((b) => wochenSchluessel(b.woche) === w).map((b) => b.elternId));
              const x = inhaber[i]!;
              const anwesend = aktive.filter((id) => !weg.has(id));
              const kandidaten = (anwesend.length > 0 ? anwesend : aktive).filter((id) => !voll.has(id));
              for (const y of kandidaten)
                expect(n.get(y)! + 1 - sollVon.get(y)! > 1 + 1e-9 || n.get(x)! - 1 - sollVon.get(x)! < -1 - 1e-9).toBe(true);
            }
            for (const [i, id] of inhaber.entries()) belegt.push({ elternId: id!, woche: isoWocheVon(plaetze[i]!.termin.von) });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('after a closing frees dates, evening out brings every family back within one date of its due, moving only future dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }),
        fc.string(),
        (anzahl, zu, seed) => {
          const fam = Array.from({ length: anzahl }, (_, i) => `f${i}`);
          const termine = termineImZeitraum({ rhythmus: 'wochenende', pausiertBeiSchliessung: true }, '2027-01-04', '2027-07-04');
          const erst = verteile({
            plaetze: termine.map((termin) => ({ termin, inhaber: null, beweglich: true })),
            familien: fam,
            abwesenheiten: [],
            belegt: [],
            seed,
          });
          // The closing removes some weekends (by index) — e.g. holidays after planning.
          const bleiben = termine.map((t, i) => ({ termin: t, inhaber: erst.inhaber[i]! })).filter((_, i) => !zu.includes(i));
          const plaetze = bleiben.map((p, i) => ({ ...p, beweglich: i >= 2 }));
          const { inhaber } = verteile({ plaetze, familien: fam, abwesenheiten: [], belegt: [], seed });
          const soll = bleiben.length / anzahl;
          for (const id of fam) expect(Math.abs(inhaber.filter((x) => x === id).length - soll)).toBeLessThanOrEqual(1 + 1e-9);
          // The first two (too soon to tell the families) stay where they were.
          expect(inhaber.slice(0, 2)).toEqual(bleiben.slice(0, 2).map((p) => p.inhaber));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('Closing a week after planning', () => {
  it('given a planned season, when a week closes, then its date is freed, the plan evened out, and one summary per family says what changed', () => {
    const geplant = diensteDecider.decide(plane('2026-11-30', '2027-05-16'), diensteDecider.initialState());
    const state = fold(diensteDecider, geplant);
    const events = diensteDecider.decide(
      {
        type: 'PasseAnSchliessungAn',
        data: {
          ...kopf,
          geschlossen: { wochen: ['2026-W52', '2026-W53'], tage: [] },
          beschreibung: {
            wochen: {
              '2026-W52': { art: 'Ferien', beschreibung: 'Weihnachtsferien' },
              '2026-W53': { art: 'Ferien', beschreibung: 'Weihnachtsferien' },
            },
            tage: {},
          },
          heute,
          ausgleichAb: '2026-12-07',
          familien,
          anteile: [],
          saldo: [],
          abwesenheiten: [],
          belegt: [],
          seed: 's',
        },
      },
      state,
    );
    const frei = events.filter((e) => e.type === 'DienstFreigegeben');
    expect(frei.map((e) => e.type === 'DienstFreigegeben' && e.data.von)).toEqual(['2026-12-26', '2027-01-02']);
    const nachher = events.reduce(diensteDecider.evolve, state);
    const n = new Map<string, number>();
    for (const d of nachher.dienste.values()) n.set(d.elternId, (n.get(d.elternId) ?? 0) + 1);
    // 22 weekends for 6 families: 3 or 4 each (within one of 3.67).
    expect([...n.values()].every((x) => x === 3 || x === 4)).toBe(true);
    const summe = anpassungProFamilie(events, new Map([['putz', 'Putzdienst']]));
    expect(summe.length).toBeGreaterThan(0);
    expect(new Set(summe.map((f) => f.elternId)).size).toBe(summe.length);
    expect(summe.flatMap((f) => f.entfallen).map((t) => t.dienstart)).toEqual(['Putzdienst', 'Putzdienst']);
  });
});
