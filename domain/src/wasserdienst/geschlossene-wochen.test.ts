import { describe, it } from 'vitest';
import type { IsoWoche } from '../kalender/iso-woche.js';
import type { Schliessung } from '../kalender/schliesszeiten.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { type DienstplanEvent, dienstplanDecider } from './dienstplan.js';

const spec = deciderSpec(dienstplanDecider);
const gruppeId = 'fuechse';
const heute: IsoWoche = { jahr: 2026, kalenderwoche: 47 };
const ferien: Schliessung = { ferienart: 'Weihnachtsferien', beschreibung: 'Weihnachtsferien' };

const zugewiesen = (wasserdienstId: string, elternId: string, jahr: number, kalenderwoche: number): DienstplanEvent => ({
  type: 'WasserdienstZugewiesen',
  data: { gruppeId, wasserdienstId, jahr, kalenderwoche, elternId },
});
const schliesse = (...wochen: (IsoWoche & Schliessung)[]) => ({
  type: 'GebeGeschlosseneWochenFrei' as const,
  data: { gruppeId, wochen, heute },
});

describe('Dienstplan: weeks the kindergarten closes free their duties', () => {
  const plan = [zugewiesen('w53', 'fuchs', 2026, 53), zugewiesen('w01', 'bauer', 2027, 1), zugewiesen('w10', 'wagner', 2026, 10)];

  it('given duties in KW 53/2026 and KW 1/2027, when holidays close both, then both are freed, naming why', () =>
    spec(plan)
      .when(schliesse({ jahr: 2026, kalenderwoche: 53, ...ferien }, { jahr: 2027, kalenderwoche: 1, ...ferien }))
      .then([
        {
          type: 'WasserdienstFreigegeben',
          data: { gruppeId, wasserdienstId: 'w53', jahr: 2026, kalenderwoche: 53, elternId: 'fuchs', schliessung: ferien },
        },
        {
          type: 'WasserdienstFreigegeben',
          data: { gruppeId, wasserdienstId: 'w01', jahr: 2027, kalenderwoche: 1, elternId: 'bauer', schliessung: ferien },
        },
      ]));

  it('given an open offer of the duty, when its week closes, then the offer is withdrawn before the duty is freed', () =>
    spec([
      ...plan,
      {
        type: 'TauschAngeboten',
        data: { gruppeId, tauschId: 't1', wasserdienstId: 'w01', elternId: 'bauer', jahr: 2027, kalenderwoche: 1, nachricht: null },
      },
    ])
      .when(schliesse({ jahr: 2027, kalenderwoche: 1, ferienart: null, beschreibung: 'Teamfortbildung' }))
      .then([
        { type: 'TauschZurueckgezogen', data: { gruppeId, tauschId: 't1', wasserdienstId: 'w01', elternId: 'bauer' } },
        {
          type: 'WasserdienstFreigegeben',
          data: {
            gruppeId,
            wasserdienstId: 'w01',
            jahr: 2027,
            kalenderwoche: 1,
            elternId: 'bauer',
            schliessung: { ferienart: null, beschreibung: 'Teamfortbildung' },
          },
        },
      ]));

  it('leaves past weeks, weeks without a duty and duties freed already alone; the same week twice frees once', () => {
    spec(plan)
      .when(schliesse({ jahr: 2026, kalenderwoche: 10, ...ferien }, { jahr: 2026, kalenderwoche: 50, ...ferien }))
      .then([]);
    spec([
      ...plan,
      {
        type: 'WasserdienstFreigegeben',
        data: { gruppeId, wasserdienstId: 'w01', jahr: 2027, kalenderwoche: 1, elternId: 'bauer', schliessung: ferien },
      },
    ])
      .when(schliesse({ jahr: 2027, kalenderwoche: 1, ...ferien }))
      .then([]);
    spec(plan)
      .when(schliesse({ jahr: 2026, kalenderwoche: 53, ...ferien }, { jahr: 2026, kalenderwoche: 53, ...ferien }))
      .then([
        {
          type: 'WasserdienstFreigegeben',
          data: { gruppeId, wasserdienstId: 'w53', jahr: 2026, kalenderwoche: 53, elternId: 'fuchs', schliessung: ferien },
        },
      ]);
  });
});
