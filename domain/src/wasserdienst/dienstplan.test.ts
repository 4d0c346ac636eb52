import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FolgeMap } from '../dienste/folge-map.js';
import type { IsoWoche } from '../kalender/iso-woche.js';
import { WOCHE_UNGUELTIG, WOCHE_VERGEBEN } from '../rota/rota-planer.js';
import { DomainError, fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  BEREITS_ANGEBOTEN,
  BEREITS_ANGENOMMEN,
  BEREITS_ZURUECKGEZOGEN,
  DIENST_VERGANGEN,
  DIENST_ZU_WEIT,
  type DienstplanCommand,
  type DienstplanEvent,
  type DienstplanState,
  dienstplanDecider,
  EIGENES_ANGEBOT,
  GEGENDIENST_ANGEBOTEN,
  letzteTauschbareWoche,
  NUR_ANBIETER_ZIEHT_ZURUECK,
  NUR_EIGENE_DIENSTE,
  TAUSCH_NICHT_GEFUNDEN,
  TAUSCHDIENST_WAEHLEN,
  tauschbareWochen,
  WASSERDIENST_NICHT_GEFUNDEN,
  WASSERDIENST_WAEHLEN,
} from './dienstplan.js';

const spec = deciderSpec(dienstplanDecider);
const gruppeId = 'fuechse';
const heute: IsoWoche = { jahr: 2026, kalenderwoche: 47 };

const zugewiesen = (wasserdienstId: string, elternId: string, jahr: number, kalenderwoche: number): DienstplanEvent => ({
  type: 'WasserdienstZugewiesen',
  data: { gruppeId, wasserdienstId, jahr, kalenderwoche, elternId },
});
const angeboten = (tauschId: string, wasserdienstId: string, elternId: string, jahr: number, kalenderwoche: number): DienstplanEvent => ({
  type: 'TauschAngeboten',
  data: { gruppeId, tauschId, wasserdienstId, elternId, jahr, kalenderwoche, nachricht: null },
});

// Fuchs has weeks 48 and 53 of 2026, Bauer weeks 50 and 1 of 2027, Wagner a week long past.
const plan = [
  zugewiesen('w48', 'fuchs', 2026, 48),
  zugewiesen('w53', 'fuchs', 2026, 53),
  zugewiesen('w50', 'bauer', 2026, 50),
  zugewiesen('w01', 'bauer', 2027, 1),
  zugewiesen('w10', 'wagner', 2026, 10),
  zugewiesen('w2704', 'wagner', 2027, 4),
  zugewiesen('w2706', 'wagner', 2027, 6),
];
const angebotFuchs = angeboten('t1', 'w48', 'fuchs', 2026, 48);
const annahmeBauer: DienstplanEvent = {
  type: 'TauschAngenommen',
  data: {
    gruppeId,
    tauschId: 't1',
    wasserdienstId: 'w48',
    woche: { jahr: 2026, kalenderwoche: 48 },
    angebotVon: 'fuchs',
    gegenWasserdienstId: 'w50',
    gegenWoche: { jahr: 2026, kalenderwoche: 50 },
    angenommenVon: 'bauer',
  },
};

describe('Dienstplan: assigning duties', () => {
  it('given an empty plan, when weeks are assigned, then each becomes a duty of its family', () =>
    spec([])
      .when({
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId, zuweisungen: [{ wasserdienstId: 'w53', elternId: 'fuchs', jahr: 2026, kalenderwoche: 53 }] },
      })
      .then([zugewiesen('w53', 'fuchs', 2026, 53)]));

  it('given week 48 is taken, when it is assigned again, then one family per group and week is kept', () =>
    spec(plan)
      .when({
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId, zuweisungen: [{ wasserdienstId: 'x', elternId: 'bauer', jahr: 2026, kalenderwoche: 48 }] },
      })
      .thenThrows('konflikt', WOCHE_VERGEBEN({ jahr: 2026, kalenderwoche: 48 })));

  it('when one command assigns the same week twice, then it is refused as a whole', () =>
    spec([])
      .when({
        type: 'WeiseWasserdiensteZu',
        data: {
          gruppeId,
          zuweisungen: [
            { wasserdienstId: 'a', elternId: 'fuchs', jahr: 2026, kalenderwoche: 49 },
            { wasserdienstId: 'b', elternId: 'bauer', jahr: 2026, kalenderwoche: 49 },
          ],
        },
      })
      .thenThrows('konflikt', WOCHE_VERGEBEN({ jahr: 2026, kalenderwoche: 49 })));

  it('when week 53 of 2027 (a year with 52 weeks) is assigned, then it is refused', () =>
    spec([])
      .when({
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId, zuweisungen: [{ wasserdienstId: 'a', elternId: 'fuchs', jahr: 2027, kalenderwoche: 53 }] },
      })
      .thenThrows('ungueltig', WOCHE_UNGUELTIG({ jahr: 2027, kalenderwoche: 53 })));
});

describe('Dienstplan: the weeks a duty may be swapped in', () => {
  it('given week 45 of 2026, a year of 53 weeks, then the last swappable week is week 3 of 2027', () => {
    expect(letzteTauschbareWoche({ jahr: 2026, kalenderwoche: 45 })).toEqual({ jahr: 2027, kalenderwoche: 3 });
  });

  it('given any week from 2020 to 2032, then the last swappable week is the last of the twelve listed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2020, max: 2032 }), fc.integer({ min: 1, max: 52 }), (jahr, kalenderwoche) => {
        const heute = { jahr, kalenderwoche };
        expect(letzteTauschbareWoche(heute)).toEqual(tauschbareWochen(heute).at(-1));
      }),
    );
  });
});

describe('Dienstplan: offering a swap', () => {
  const biete = (wasserdienstId: string, elternId = 'fuchs', woche = heute) => ({
    type: 'BieteTauschAn' as const,
    data: { gruppeId, tauschId: 't1', wasserdienstId, elternId, heute: woche },
  });

  it('given Fuchs has week 48, when Fuchs offers it in week 47, then the offer is recorded with its week', () =>
    spec(plan).when(biete('w48')).then([angebotFuchs]));

  it('given week 53 of 2026 is six weeks ahead, when Fuchs offers it, then it is offerable (2026 has 53 weeks)', () =>
    spec(plan)
      .when(biete('w53'))
      .then([angeboten('t1', 'w53', 'fuchs', 2026, 53)]));

  it('given week 4 of 2027 is the 10th week from week 47 of 2026, when offered, then it is offerable across the year end', () =>
    spec(plan)
      .when(biete('w2704', 'wagner'))
      .then([angeboten('t1', 'w2704', 'wagner', 2027, 4)]));

  it('given week 6 of 2027 is the 13th week from week 47, when offered, then it is too far ahead', () =>
    spec(plan).when(biete('w2706', 'wagner')).thenThrows('ungueltig', DIENST_ZU_WEIT));

  it('when Fuchs offers a duty of Bauer, then it is refused', () =>
    spec(plan).when(biete('w50')).thenThrows('verboten', NUR_EIGENE_DIENSTE));

  it('when a duty in the past is offered, then it is refused', () =>
    spec(plan).when(biete('w10', 'wagner')).thenThrows('ungueltig', DIENST_VERGANGEN));

  it('given week 48 is on offer, when it is offered again, then it is refused', () =>
    spec([...plan, angebotFuchs])
      .when(biete('w48'))
      .thenThrows('konflikt', BEREITS_ANGEBOTEN));

  it('given the offer of week 48 was withdrawn, when it is offered again, then a new offer is recorded', () =>
    spec([
      ...plan,
      angebotFuchs,
      { type: 'TauschZurueckgezogen', data: { gruppeId, tauschId: 't1', wasserdienstId: 'w48', elternId: 'fuchs' } },
    ])
      .when({ ...biete('w48'), data: { ...biete('w48').data, tauschId: 't2' } })
      .then([angeboten('t2', 'w48', 'fuchs', 2026, 48)]));

  it('when no duty is chosen or an unknown one, then it is refused', () => {
    spec(plan).when(biete('')).thenThrows('ungueltig', WASSERDIENST_WAEHLEN);
    spec(plan).when(biete('gibt-es-nicht')).thenThrows('nicht_gefunden', WASSERDIENST_NICHT_GEFUNDEN);
  });
});

describe('Dienstplan: accepting a swap', () => {
  const nimm = (elternId: string, gegenWasserdienstId: string | null, tauschId = 't1') => ({
    type: 'NimmTauschAn' as const,
    data: { gruppeId, tauschId, elternId, gegenWasserdienstId, heute },
  });

  it('given Fuchs offers week 48, when Bauer accepts with week 50, then both duties change owners in one event', () =>
    spec([...plan, angebotFuchs])
      .when(nimm('bauer', 'w50'))
      .then([annahmeBauer]));

  it('given the offer was accepted, when Wagner accepts too, then it is refused as already accepted', () =>
    spec([...plan, angebotFuchs, annahmeBauer])
      .when(nimm('wagner', 'w2704'))
      .thenThrows('konflikt', BEREITS_ANGENOMMEN));

  it('given the offer was withdrawn, when Bauer accepts, then it is refused as withdrawn', () =>
    spec([
      ...plan,
      angebotFuchs,
      { type: 'TauschZurueckgezogen', data: { gruppeId, tauschId: 't1', wasserdienstId: 'w48', elternId: 'fuchs' } },
    ])
      .when(nimm('bauer', 'w50'))
      .thenThrows('konflikt', BEREITS_ZURUECKGEZOGEN));

  it('when Fuchs accepts their own offer, then it is refused', () =>
    spec([...plan, angebotFuchs])
      .when(nimm('fuchs', 'w53'))
      .thenThrows('verboten', EIGENES_ANGEBOT));

  it("when Bauer gives Wagner's duty in return, then it is refused", () =>
    spec([...plan, angebotFuchs])
      .when(nimm('bauer', 'w2704'))
      .thenThrows('verboten', NUR_EIGENE_DIENSTE));

  it('when Bauer gives nothing in return, then it is refused', () =>
    spec([...plan, angebotFuchs])
      .when(nimm('bauer', null))
      .thenThrows('ungueltig', TAUSCHDIENST_WAEHLEN));

  it('when Wagner gives a past duty in return, then it is refused', () =>
    spec([...plan, angebotFuchs])
      .when(nimm('wagner', 'w10'))
      .thenThrows('ungueltig', DIENST_VERGANGEN));

  it('given Bauer offered week 50 too, when Bauer gives it in return for week 48, then Bauer must withdraw first', () =>
    spec([...plan, angebotFuchs, angeboten('t2', 'w50', 'bauer', 2026, 50)])
      .when(nimm('bauer', 'w50'))
      .thenThrows('konflikt', GEGENDIENST_ANGEBOTEN));

  it('given the swap happened, when Fuchs offers week 50 (now theirs), then it is offerable; week 48 is not', () => {
    const nachTausch = [...plan, angebotFuchs, annahmeBauer];
    spec(nachTausch)
      .when({ type: 'BieteTauschAn', data: { gruppeId, tauschId: 't3', wasserdienstId: 'w50', elternId: 'fuchs', heute } })
      .then([angeboten('t3', 'w50', 'fuchs', 2026, 50)]);
    spec(nachTausch)
      .when({ type: 'BieteTauschAn', data: { gruppeId, tauschId: 't3', wasserdienstId: 'w48', elternId: 'fuchs', heute } })
      .thenThrows('verboten', NUR_EIGENE_DIENSTE);
  });

  it('when an unknown offer is accepted, then it is not found', () =>
    spec(plan)
      .when(nimm('bauer', 'w50', 'nope'))
      .thenThrows('nicht_gefunden', TAUSCH_NICHT_GEFUNDEN));
});

describe('Dienstplan: withdrawing an offer', () => {
  const ziehe = (elternId: string) => ({ type: 'ZieheTauschZurueck' as const, data: { gruppeId, tauschId: 't1', elternId } });

  it('given an open offer, when its family withdraws it, then it is withdrawn', () =>
    spec([...plan, angebotFuchs])
      .when(ziehe('fuchs'))
      .then([{ type: 'TauschZurueckgezogen', data: { gruppeId, tauschId: 't1', wasserdienstId: 'w48', elternId: 'fuchs' } }]));

  it('when another family withdraws it, then it is refused', () =>
    spec([...plan, angebotFuchs])
      .when(ziehe('bauer'))
      .thenThrows('verboten', NUR_ANBIETER_ZIEHT_ZURUECK));

  it('given the offer was accepted, when it is withdrawn, then it is refused (a withdraw racing an accept loses)', () =>
    spec([...plan, angebotFuchs, annahmeBauer])
      .when(ziehe('fuchs'))
      .thenThrows('konflikt', BEREITS_ANGENOMMEN));
});

describe('Dienstplan: a family leaves, the season is replaced', () => {
  it('given Fuchs has an open offer and duties before and after week 47, when Fuchs leaves, then the offer is withdrawn and the future duties are freed', () =>
    spec([...plan, zugewiesen('w40', 'fuchs', 2026, 40), angebotFuchs])
      .when({ type: 'GebeDiensteFrei', data: { gruppeId, elternId: 'fuchs', heute } })
      .then([
        { type: 'TauschZurueckgezogen', data: { gruppeId, tauschId: 't1', wasserdienstId: 'w48', elternId: 'fuchs' } },
        { type: 'WasserdienstFreigegeben', data: { gruppeId, wasserdienstId: 'w48', jahr: 2026, kalenderwoche: 48, elternId: 'fuchs' } },
        { type: 'WasserdienstFreigegeben', data: { gruppeId, wasserdienstId: 'w53', jahr: 2026, kalenderwoche: 53, elternId: 'fuchs' } },
      ]));

  it('given week 48 was freed, when it is assigned to Bauer, then it is accepted', () =>
    spec([
      ...plan,
      { type: 'WasserdienstFreigegeben', data: { gruppeId, wasserdienstId: 'w48', jahr: 2026, kalenderwoche: 48, elternId: 'fuchs' } },
    ])
      .when({
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId, zuweisungen: [{ wasserdienstId: 'neu', elternId: 'bauer', jahr: 2026, kalenderwoche: 48 }] },
      })
      .then([zugewiesen('neu', 'bauer', 2026, 48)]));

  it('given a plan, when the import resets it, then every week is free again; an empty plan needs no reset', () => {
    const reset: DienstplanEvent = { type: 'DienstplanZurueckgesetzt', data: { gruppeId, importId: 'i1' } };
    spec(plan)
      .when({ type: 'SetzeDienstplanZurueck', data: { gruppeId, importId: 'i1' } })
      .then([reset]);
    spec([])
      .when({ type: 'SetzeDienstplanZurueck', data: { gruppeId, importId: 'i1' } })
      .then([]);
    spec([...plan, reset])
      .when({
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId, zuweisungen: [{ wasserdienstId: 'neu', elternId: 'bauer', jahr: 2026, kalenderwoche: 48 }] },
      })
      .then([zugewiesen('neu', 'bauer', 2026, 48)]);
  });
});

describe('Dienstplan: planning the rota', () => {
  const plane = {
    type: 'PlaneRota' as const,
    data: {
      gruppeId,
      rotaId: 'rota-1',
      von: { jahr: 2026, kalenderwoche: 51 },
      bis: { jahr: 2027, kalenderwoche: 2 },
      familien: ['fuchs', 'bauer'],
      freieWochen: [{ jahr: 2026, kalenderwoche: 52 }],
      abwesenheiten: [{ elternId: 'bauer', woche: { jahr: 2026, kalenderwoche: 53 } }],
      ids: ['n1', 'n2', 'n3', 'n4'],
    },
  };

  it('given week 51 is taken, when weeks 51/2026–2/2027 are planned with week 52 free, then 53, 1 and 2 get families (Bauer not in 53) and the inputs are recorded', () => {
    const events = dienstplanDecider.decide(
      plane,
      [zugewiesen('w51', 'wagner', 2026, 51)].reduce(dienstplanDecider.evolve, dienstplanDecider.initialState()),
    );
    expect(events[0]).toMatchObject({ type: 'RotaGeplant', data: { rotaId: 'rota-1', seed: 'rota-1', zugewiesen: 3, nichtBesetzt: [] } });
    const zuweisungen = events.slice(1).map((e) => e.data as { jahr: number; kalenderwoche: number; elternId: string });
    expect(zuweisungen.map((z) => `${z.kalenderwoche}/${z.jahr}`)).toEqual(['53/2026', '1/2027', '2/2027']);
    expect(zuweisungen.find((z) => z.kalenderwoche === 53)?.elternId).toBe('fuchs');
  });

  it('is deterministic: the same plan from the same state and rota id', () => {
    const state = [zugewiesen('w51', 'wagner', 2026, 51)].reduce(dienstplanDecider.evolve, dienstplanDecider.initialState());
    expect(dienstplanDecider.decide(plane, state)).toEqual(dienstplanDecider.decide(plane, state));
  });
});

describe('Dienstplan: snapshots', () => {
  const { snapshot } = dienstplanDecider;
  /** Through JSON text, as the snapshot table keeps it. */
  const durchSnapshot = (state: DienstplanState) => snapshot!.fromJson(JSON.parse(JSON.stringify(snapshot!.toJson(state))));
  /** Every map as its entries, in order: decisions iterate the maps in that order. */
  const eintraege = (state: DienstplanState) =>
    Object.values(state).map((wert) => (wert instanceof FolgeMap ? [...(wert as ReadonlyMap<string, unknown>)] : wert));

  it('given a plan with an accepted and an open swap, when its state is kept as a snapshot, then it reads back equal and decides the same', () => {
    const events = [...plan, angebotFuchs, annahmeBauer, angeboten('t2', 'w01', 'bauer', 2027, 1)];
    const state = fold(dienstplanDecider, events);
    const gelesen = durchSnapshot(state);
    expect(eintraege(gelesen)).toEqual(eintraege(state));
    const frei = { type: 'GebeDiensteFrei' as const, data: { gruppeId, elternId: 'bauer', heute } };
    expect(dienstplanDecider.decide(frei, gelesen)).toEqual(dienstplanDecider.decide(frei, state));
    expect(() =>
      dienstplanDecider.decide(
        { type: 'BieteTauschAn', data: { gruppeId, tauschId: 't3', wasserdienstId: 'w01', elternId: 'bauer', heute } },
        gelesen,
      ),
    ).toThrow(BEREITS_ANGEBOTEN);
  });

  it('for any history the commands can write: the snapshot of its fold, with the later events folded onto it, equals the fold of all of it', () => {
    const ids = fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5');
    const eltern = fc.constantFrom('fuchs', 'bauer', 'wagner');
    const tauschIds = fc.constantFrom('t1', 't2', 't3');
    const woche = fc.record({ jahr: fc.constant(2026), kalenderwoche: fc.integer({ min: 47, max: 53 }) });
    const command: fc.Arbitrary<DienstplanCommand> = fc.oneof(
      fc.record({ wasserdienstId: ids, elternId: eltern, woche }).map(({ wasserdienstId, elternId, woche: w }) => ({
        type: 'WeiseWasserdiensteZu' as const,
        data: { gruppeId, zuweisungen: [{ wasserdienstId, elternId, ...w }] },
      })),
      fc.record({ tauschId: tauschIds, wasserdienstId: ids, elternId: eltern }).map((data) => ({
        type: 'BieteTauschAn' as const,
        data: { gruppeId, ...data, heute },
      })),
      fc.record({ tauschId: tauschIds, gegenWasserdienstId: ids, elternId: eltern }).map((data) => ({
        type: 'NimmTauschAn' as const,
        data: { gruppeId, ...data, heute },
      })),
      fc
        .record({ tauschId: tauschIds, elternId: eltern })
        .map((data) => ({ type: 'ZieheTauschZurueck' as const, data: { gruppeId, ...data } })),
      eltern.map((elternId) => ({ type: 'GebeDiensteFrei' as const, data: { gruppeId, elternId, heute } })),
      fc.constant({ type: 'SetzeDienstplanZurueck' as const, data: { gruppeId, importId: 'import-1' } }),
    );
    /** The events the commands write one after another; refused commands write nothing. */
    const geschrieben = (commands: DienstplanCommand[]) => {
      const events: DienstplanEvent[] = [];
      let state = dienstplanDecider.initialState();
      for (const c of commands) {
        try {
          const neu = dienstplanDecider.decide(c, state);
          events.push(...neu);
          state = neu.reduce(dienstplanDecider.evolve, state);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
      return events;
    };
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), fc.nat(), (commands, schnitt) => {
        const events = geschrieben(commands);
        const bis = events.slice(0, schnitt % (events.length + 1));
        const weiter = events.slice(bis.length).reduce(dienstplanDecider.evolve, durchSnapshot(fold(dienstplanDecider, bis)));
        expect(eintraege(weiter)).toEqual(eintraege(fold(dienstplanDecider, events)));
      }),
    );
  });
});

describe('Dienstplan: giving a duty away and taking it over', () => {
  const abgegeben: DienstplanEvent = {
    type: 'TauschAngeboten',
    data: {
      gruppeId,
      tauschId: 'a1',
      wasserdienstId: 'w48',
      elternId: 'fuchs',
      jahr: 2026,
      kalenderwoche: 48,
      nachricht: null,
      abgeben: true,
    },
  };
  const uebernommen = (von: string): DienstplanEvent => ({
    type: 'DienstUebernommen',
    data: {
      gruppeId,
      tauschId: 'a1',
      wasserdienstId: 'w48',
      woche: { jahr: 2026, kalenderwoche: 48 },
      abgegebenVon: 'fuchs',
      uebernommenVon: von,
    },
  });
  const nimm = (elternId: string, gegen: string | null = null, woche: IsoWoche = heute): DienstplanCommand => ({
    type: 'NimmTauschAn',
    data: { gruppeId, tauschId: 'a1', elternId, gegenWasserdienstId: gegen, heute: woche },
  });

  it('given an own duty, when it is given away, then the offer says so', () =>
    spec(plan)
      .when({ type: 'BieteTauschAn', data: { gruppeId, tauschId: 'a1', wasserdienstId: 'w48', elternId: 'fuchs', heute, abgeben: true } })
      .then([abgegeben]));

  it('given a duty given away, when another family takes it over without a duty in return, then the duty is theirs and nothing else changes', () => {
    spec([...plan, abgegeben])
      .when(nimm('bauer'))
      .then([uebernommen('bauer')]);
    const state = fold(dienstplanDecider, [...plan, abgegeben, uebernommen('bauer')]);
    expect(state.dienste.get('w48')!.elternId).toBe('bauer');
    expect(state.dienste.get('w50')!.elternId).toBe('bauer');
    expect(state.tausche.get('a1')!.status).toBe('angenommen');
    expect(state.offeneAngebote.size).toBe(0);
  });

  it('given a duty taken over, when a second family takes it over too, then only the first wins', () =>
    spec([...plan, abgegeben, uebernommen('bauer')])
      .when(nimm('wagner'))
      .thenThrows('konflikt', BEREITS_ANGENOMMEN));

  it('given a duty given away, the giver cannot take it back this way, and one may still offer a swap for it', () => {
    spec([...plan, abgegeben])
      .when(nimm('fuchs'))
      .thenThrows('verboten', EIGENES_ANGEBOT);
    spec([...plan, abgegeben])
      .when(nimm('bauer', 'w50'))
      .then([
        {
          type: 'TauschAngenommen',
          data: { ...annahmeBauer.data, tauschId: 'a1' } as Extract<DienstplanEvent, { type: 'TauschAngenommen' }>['data'],
        },
      ]);
  });

  it('given an ordinary swap offer, when accepted without a duty in return, then a duty in return is still asked for', () =>
    spec([...plan, angebotFuchs])
      .when({ type: 'NimmTauschAn', data: { gruppeId, tauschId: 't1', elternId: 'bauer', gegenWasserdienstId: null, heute } })
      .thenThrows('ungueltig', TAUSCHDIENST_WAEHLEN));

  it('given a duty given away whose week has passed, when taken over, then it is refused', () =>
    spec([...plan, abgegeben])
      .when(nimm('bauer', null, { jahr: 2026, kalenderwoche: 49 }))
      .thenThrows('ungueltig', DIENST_VERGANGEN));

  it('a snapshot of a plan with a duty given away folds on to the same decisions', () => {
    const state = fold(dienstplanDecider, [...plan, abgegeben]);
    const wieder = dienstplanDecider.snapshot!.fromJson(JSON.parse(JSON.stringify(dienstplanDecider.snapshot!.toJson(state))));
    expect(dienstplanDecider.decide(nimm('bauer'), wieder)).toEqual([uebernommen('bauer')]);
  });
});

describe('Dienstplan: closing weeks after planning evens the plan out again', () => {
  const familien = ['a', 'b', 'c', 'd'];
  const rota = (): DienstplanEvent[] => {
    const events: DienstplanEvent[] = [
      {
        type: 'RotaGeplant',
        data: {
          gruppeId,
          rotaId: 'r',
          seed: 'r',
          von: { jahr: 2026, kalenderwoche: 49 },
          bis: { jahr: 2027, kalenderwoche: 8 },
          familien,
          freieWochen: [],
          abwesenheiten: [],
          zugewiesen: 16,
          nichtBesetzt: [],
          trotzAbwesenheit: [],
        },
      },
    ];
    // KW 49/2026 … KW 8/2027 (16 weeks, KW 53 included) in turn a, b, c, d.
    let woche = { jahr: 2026, kalenderwoche: 49 };
    for (let i = 0; i < 16; i++) {
      events.push(zugewiesen(`w${i}`, familien[i % 4]!, woche.jahr, woche.kalenderwoche));
      woche = woche.kalenderwoche === 53 ? { jahr: 2027, kalenderwoche: 1 } : { jahr: woche.jahr, kalenderwoche: woche.kalenderwoche + 1 };
    }
    return events;
  };

  it('given a, b, c, d with 4 weeks each, when KW 52 and 53 (both b and c’s) close, then the freed weeks go and later weeks pass on so each has 3 or 4', () => {
    const state = fold(dienstplanDecider, rota());
    const events = dienstplanDecider.decide(
      {
        type: 'GebeGeschlosseneWochenFrei',
        data: {
          gruppeId,
          heute,
          wochen: [
            { jahr: 2026, kalenderwoche: 52, ferienart: 'Weihnachtsferien', beschreibung: 'Weihnachtsferien' },
            { jahr: 2026, kalenderwoche: 53, ferienart: 'Weihnachtsferien', beschreibung: 'Weihnachtsferien' },
          ],
          ausgleich: {
            ab: { jahr: 2026, kalenderwoche: 49 },
            familien,
            anteile: [],
            saldo: [],
            abwesenheiten: [],
            belegt: [],
            seed: 's',
          },
        },
      },
      state,
    );
    expect(events.filter((e) => e.type === 'WasserdienstFreigegeben')).toHaveLength(2);
    const nachher = events.reduce(dienstplanDecider.evolve, state);
    const n = new Map<string, number>();
    for (const d of nachher.dienste.values()) n.set(d.elternId, (n.get(d.elternId) ?? 0) + 1);
    expect([...n.values()].sort()).toEqual([3, 3, 4, 4]);
    // Without the ausgleich (older callers), only the freeing.
    const ohne = dienstplanDecider.decide(
      {
        type: 'GebeGeschlosseneWochenFrei',
        data: { gruppeId, heute, wochen: [{ jahr: 2026, kalenderwoche: 52, ferienart: null, beschreibung: 'Umzug' }] },
      },
      state,
    );
    expect(ohne.map((e) => e.type)).toEqual(['WasserdienstFreigegeben']);
  });

  it('given KW 50 and 51 both a’s closed and the plan evened out, then a gets weeks from others, and every move is a WasserdienstUmverteilt', () => {
    const state = fold(dienstplanDecider, rota());
    const alle = [49, 50, 51].map((kw) => ({ jahr: 2026, kalenderwoche: kw, ferienart: null, beschreibung: 'Bauarbeiten' }));
    const events = dienstplanDecider.decide(
      {
        type: 'GebeGeschlosseneWochenFrei',
        data: {
          gruppeId,
          heute,
          wochen: alle,
          ausgleich: { ab: { jahr: 2026, kalenderwoche: 52 }, familien, anteile: [], saldo: [], abwesenheiten: [], belegt: [], seed: 's' },
        },
      },
      state,
    );
    const umverteilt = events.filter((e) => e.type === 'WasserdienstUmverteilt');
    const nachher = events.reduce(dienstplanDecider.evolve, state);
    const n = new Map<string, number>();
    for (const d of nachher.dienste.values()) n.set(d.elternId, (n.get(d.elternId) ?? 0) + 1);
    // 13 weeks for 4 families: 3 or 4 each.
    expect([...n.values()].every((x) => x === 3 || x === 4)).toBe(true);
    // Only weeks from KW 52 on moved.
    for (const e of umverteilt)
      if (e.type === 'WasserdienstUmverteilt') expect(e.data.jahr * 100 + e.data.kalenderwoche).toBeGreaterThanOrEqual(202652);
  });
});
