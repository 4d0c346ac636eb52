import { describe, expect, it } from 'vitest';
import type { DienstplanEvent } from '../wasserdienst/dienstplan.js';
import { dienstplanStand, ereignisseBis, type GespeichertesEreignis, tauschGeschichte } from './dienstplan-stand.js';

const G = 'fuechse';
let revision = 0;
/** A stored event of the group's stream: revisions count up, positions follow, one minute apart from 10:00 UTC. */
const gespeichert = (event: DienstplanEvent, minute: number): GespeichertesEreignis => ({
  ...event,
  revision: revision++,
  position: { commit: 100 + minute, prepare: minute },
  metadata: { occurredAt: new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString() },
});

const zugewiesen = (wasserdienstId: string, elternId: string, kalenderwoche: number): DienstplanEvent => ({
  type: 'WasserdienstZugewiesen',
  data: { gruppeId: G, wasserdienstId, elternId, jahr: 2026, kalenderwoche },
});

revision = 0;
const LOG = [
  gespeichert(zugewiesen('wd-49', 'fuchs', 49), 0),
  gespeichert(zugewiesen('wd-51', 'bauer', 51), 1),
  gespeichert(zugewiesen('wd-50', 'wagner', 50), 2),
  gespeichert(
    {
      type: 'TauschAngeboten',
      data: { gruppeId: G, tauschId: 't1', wasserdienstId: 'wd-49', elternId: 'fuchs', jahr: 2026, kalenderwoche: 49, nachricht: null },
    },
    3,
  ),
  gespeichert(
    {
      type: 'TauschAngenommen',
      data: {
        gruppeId: G,
        tauschId: 't1',
        wasserdienstId: 'wd-49',
        woche: { jahr: 2026, kalenderwoche: 49 },
        angebotVon: 'fuchs',
        gegenWasserdienstId: 'wd-51',
        gegenWoche: { jahr: 2026, kalenderwoche: 51 },
        angenommenVon: 'bauer',
      },
    },
    4,
  ),
];

const besitzer = (events: GespeichertesEreignis[]) =>
  Object.fromEntries(dienstplanStand(events).eintraege.map((e) => [`KW ${e.kalenderwoche}`, e.elternId]));

describe('the plan as it stood', () => {
  it('given the whole stream, when folded, then every week has its family, in week order, with its Friday', () => {
    const stand = dienstplanStand(LOG);
    expect(stand.eintraege.map((e) => [e.kalenderwoche, e.elternId, e.freitag])).toEqual([
      [49, 'bauer', '2026-12-04'],
      [50, 'wagner', '2026-12-11'],
      [51, 'fuchs', '2026-12-18'],
    ]);
    expect(stand.offeneTausche).toEqual([]);
  });

  it('given a moment before the swap, then the offer is open and the weeks have their old families', () => {
    const vorher = ereignisseBis(LOG, { zeitpunkt: new Date(Date.UTC(2026, 10, 20, 10, 3, 59)) });
    expect(besitzer(vorher)).toEqual({ 'KW 49': 'fuchs', 'KW 50': 'wagner', 'KW 51': 'bauer' });
    expect(dienstplanStand(vorher).offeneTausche).toEqual([{ tauschId: 't1', wasserdienstId: 'wd-49', elternId: 'fuchs' }]);
  });

  it('given the position of the swap, then it is included (the limit is inclusive) and exactly two weeks changed', () => {
    const vorher = besitzer(ereignisseBis(LOG, { position: LOG[3]!.position }));
    const nachher = besitzer(ereignisseBis(LOG, { position: LOG[4]!.position }));
    const geaendert = Object.keys(nachher).filter((woche) => nachher[woche] !== vorher[woche]);
    expect(geaendert).toEqual(['KW 49', 'KW 51']);
  });

  it('given a moment before everything, then the plan is empty', () => {
    expect(dienstplanStand(ereignisseBis(LOG, { zeitpunkt: new Date(Date.UTC(2026, 0, 1)) })).eintraege).toEqual([]);
  });

  it('stops at the first event past the limit: a later revision never counts without an earlier one', () => {
    // revision 4 got a lower position than revision 3 (two appends racing for the stream)
    const vertauscht = [LOG[0]!, LOG[1]!, LOG[2]!, { ...LOG[3]!, position: { commit: 999, prepare: 0 } }, LOG[4]!];
    expect(ereignisseBis(vertauscht, { position: LOG[4]!.position }).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('an event type this version does not know is left out and counted, not a crash', () => {
    const fremd = {
      type: 'WasserdienstVerschoben',
      data: { gruppeId: G },
      revision: 99,
      position: { commit: 999, prepare: 0 },
      metadata: LOG[0]!.metadata,
    };
    const stand = dienstplanStand([...LOG, fremd]);
    expect(stand.uebersprungen).toBe(1);
    expect(stand.eintraege).toHaveLength(3);
  });

  it('a plan retired by the import is empty afterwards', () => {
    const zurueck = gespeichert({ type: 'DienstplanZurueckgesetzt', data: { gruppeId: G, importId: 'i1' } }, 5);
    expect(dienstplanStand([...LOG, zurueck]).eintraege).toEqual([]);
  });
});

describe('a swap’s story', () => {
  it('names the offering family and week and the accepting family and the week it gave', () => {
    expect(tauschGeschichte(LOG, 't1')).toEqual({
      tauschId: 't1',
      gruppeId: G,
      status: 'angenommen',
      angebot: { elternId: 'fuchs', wasserdienstId: 'wd-49', woche: { jahr: 2026, kalenderwoche: 49 }, nachricht: null },
      annahme: { elternId: 'bauer', wasserdienstId: 'wd-51', woche: { jahr: 2026, kalenderwoche: 51 } },
    });
  });

  it('an unknown swap has no story', () => expect(tauschGeschichte(LOG, 'nein')).toBeNull());
});
