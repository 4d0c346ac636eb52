import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { betrag, euroDeutsch, kitajahrName, kitajahrVon, kitajahrZeitraum, offen, runde2, soll, stundenDeutsch, summe } from './rechnen.js';
import {
  DATUM_IN_ZUKUNFT,
  EINTRAG_NICHT_GEFUNDEN,
  eigeneStundenSchema,
  entscheidungSchema,
  GRUND_FEHLT,
  JAHR_ABGESCHLOSSEN,
  JAHR_NICHT_ABGESCHLOSSEN,
  JAHR_NICHT_ZU_ENDE,
  JAHR_SCHON_ABGESCHLOSSEN,
  korrekturSchema,
  SCHON_ABGELEHNT,
  STUNDEN_UNGUELTIG,
  type StundenjahrEvent,
  stundenjahrDecider,
  stundenjahrSnapshot,
} from './stundenjahr.js';

const spec = deciderSpec(stundenjahrDecider);
const FUCHS = '11111111-1111-4111-8111-111111111111';

const eingetragen = (eintragId = 'e1', stunden = 3): StundenjahrEvent => ({
  type: 'StundenEingetragen',
  data: { jahr: 2026, eintragId, elternId: FUCHS, datum: '2026-10-03', stunden, beschreibung: 'Zaun repariert' },
});
const abgeschlossen: StundenjahrEvent = { type: 'StundenjahrAbgeschlossen', data: { jahr: 2026 } };

describe('Stunden: arithmetic', () => {
  it('puts a date into the kindergarten year by its start month', () => {
    expect(kitajahrVon('2026-09-01')).toBe(2026);
    expect(kitajahrVon('2026-08-31')).toBe(2025);
    expect(kitajahrVon('2027-01-15', 8)).toBe(2026);
    expect(kitajahrVon('2027-01-15', 1)).toBe(2027);
    expect(kitajahrZeitraum(2026)).toEqual({ von: '2026-09-01', bis: '2027-08-31' });
    expect(kitajahrZeitraum(2027, 3)).toEqual({ von: '2027-03-01', bis: '2028-02-29' });
    expect(kitajahrZeitraum(2026, 1)).toEqual({ von: '2026-01-01', bis: '2026-12-31' });
    expect(kitajahrName(2026)).toBe('2026/27');
    expect(kitajahrName(2099)).toBe('2099/00');
  });

  it('owes the family hours plus those per child, nothing when exempt; open never below zero; euros to the cent', () => {
    expect(soll({ sollProFamilie: 10, sollProKind: 5 }, { kinder: 2, befreit: false })).toBe(20);
    expect(soll({ sollProFamilie: 20, sollProKind: null }, { kinder: 3, befreit: false })).toBe(20);
    expect(soll({ sollProFamilie: 20, sollProKind: 5 }, { kinder: 2, befreit: true })).toBe(0);
    expect(offen(20, 12.5)).toBe(7.5);
    expect(offen(20, 23)).toBe(0);
    expect(betrag(7.5, 15)).toBe(112.5);
    expect(betrag(0.33, 12.5)).toBe(4.13);
    expect(summe([0.1, 0.2, 0.25])).toBe(0.55);
    expect(runde2(-1.005)).toBe(-1.01);
  });

  it('writes hours and euros the German way', () => {
    expect(stundenDeutsch(12.5)).toBe('12,5');
    expect(stundenDeutsch(20)).toBe('20');
    expect(stundenDeutsch(1234.25)).toBe('1234,25');
    expect(euroDeutsch(112.5)).toBe('112,50 €');
  });
});

describe('Stunden: decider', () => {
  it('given an open year, when a family records 3 hours, then StundenEingetragen (awaiting confirmation)', () => {
    spec([])
      .when({
        type: 'TrageStundenEin',
        data: {
          jahr: 2026,
          eintragId: 'e1',
          elternId: FUCHS,
          datum: '2026-10-03',
          stunden: 3,
          beschreibung: 'Zaun repariert',
          heute: '2026-10-04',
        },
      })
      .then([eingetragen()]);
  });

  it('given an open year, when the date lies after today, then it is refused', () => {
    spec([])
      .when({
        type: 'TrageStundenEin',
        data: { jahr: 2026, eintragId: 'e1', elternId: FUCHS, datum: '2026-10-05', stunden: 3, beschreibung: 'x', heute: '2026-10-04' },
      })
      .thenThrows('ungueltig', DATUM_IN_ZUKUNFT);
  });

  it('given an entry, when an admin confirms it, then StundenBestaetigt; again: nothing; refusing it then: 409', () => {
    spec([eingetragen()])
      .when({ type: 'BestaetigeStunden', data: { jahr: 2026, eintragId: 'e1' } })
      .then([{ type: 'StundenBestaetigt', data: { jahr: 2026, eintragId: 'e1', elternId: FUCHS, stunden: 3 } }]);
    const bestaetigt: StundenjahrEvent = { type: 'StundenBestaetigt', data: { jahr: 2026, eintragId: 'e1', elternId: FUCHS, stunden: 3 } };
    spec([eingetragen(), bestaetigt])
      .when({ type: 'BestaetigeStunden', data: { jahr: 2026, eintragId: 'e1' } })
      .then([]);
    spec([eingetragen(), bestaetigt])
      .when({ type: 'LehneStundenAb', data: { jahr: 2026, eintragId: 'e1', grund: 'x' } })
      .thenThrows('konflikt');
  });

  it('given an entry, when an admin refuses it with a reason, then StundenAbgelehnt carries the reason; confirming it then: 409', () => {
    const abgelehnt: StundenjahrEvent = {
      type: 'StundenAbgelehnt',
      data: { jahr: 2026, eintragId: 'e1', elternId: FUCHS, stunden: 3, grund: 'Doppelt eingetragen' },
    };
    spec([eingetragen()])
      .when({ type: 'LehneStundenAb', data: { jahr: 2026, eintragId: 'e1', grund: 'Doppelt eingetragen' } })
      .then([abgelehnt]);
    spec([eingetragen(), abgelehnt])
      .when({ type: 'BestaetigeStunden', data: { jahr: 2026, eintragId: 'e1' } })
      .thenThrows('konflikt', SCHON_ABGELEHNT);
  });

  it('given no such entry, when an admin decides on it, then 404', () => {
    spec([])
      .when({ type: 'BestaetigeStunden', data: { jahr: 2026, eintragId: 'x' } })
      .thenThrows('nicht_gefunden', EINTRAG_NICHT_GEFUNDEN);
  });

  it('given a closed year, then entries, decisions, corrections, settings and rules are refused (409)', () => {
    const zu = [eingetragen(), abgeschlossen];
    spec(zu)
      .when({
        type: 'TrageStundenEin',
        data: { jahr: 2026, eintragId: 'e2', elternId: FUCHS, datum: '2026-10-03', stunden: 1, beschreibung: 'x', heute: '2027-09-04' },
      })
      .thenThrows('konflikt', JAHR_ABGESCHLOSSEN);
    spec(zu)
      .when({ type: 'BestaetigeStunden', data: { jahr: 2026, eintragId: 'e1' } })
      .thenThrows('konflikt', JAHR_ABGESCHLOSSEN);
    spec(zu)
      .when({
        type: 'KorrigiereStunden',
        data: { jahr: 2026, korrekturId: 'k', elternId: FUCHS, datum: '2027-01-01', stunden: -2, grund: 'x' },
      })
      .thenThrows('konflikt', JAHR_ABGESCHLOSSEN);
    spec(zu)
      .when({ type: 'SetzeStundenFamilie', data: { jahr: 2026, elternId: FUCHS, kinder: 2, befreit: false, grund: '' } })
      .thenThrows('konflikt', JAHR_ABGESCHLOSSEN);
    spec(zu)
      .when({
        type: 'SetzeStundenRegeln',
        data: { jahr: 2026, sollProFamilie: 1, sollProKind: null, stundensatz: 1, jahresbeginnMonat: 9 },
      })
      .thenThrows('konflikt', JAHR_ABGESCHLOSSEN);
  });

  it('given a year, it closes only after its last day, once; it reopens only when closed, and then takes corrections again', () => {
    spec([])
      .when({ type: 'SchliesseStundenjahrAb', data: { jahr: 2026, ende: '2027-08-31', heute: '2027-08-31' } })
      .thenThrows('konflikt', JAHR_NICHT_ZU_ENDE);
    spec([])
      .when({ type: 'SchliesseStundenjahrAb', data: { jahr: 2026, ende: '2027-08-31', heute: '2027-09-01' } })
      .then([abgeschlossen]);
    spec([abgeschlossen])
      .when({ type: 'SchliesseStundenjahrAb', data: { jahr: 2026, ende: '2027-08-31', heute: '2027-09-01' } })
      .thenThrows('konflikt', JAHR_SCHON_ABGESCHLOSSEN);
    spec([])
      .when({ type: 'OeffneStundenjahrWieder', data: { jahr: 2026, grund: 'x' } })
      .thenThrows('konflikt', JAHR_NICHT_ABGESCHLOSSEN);
    const wieder: StundenjahrEvent = { type: 'StundenjahrWiedereroeffnet', data: { jahr: 2026, grund: 'Nachtrag Fuchs' } };
    spec([abgeschlossen])
      .when({ type: 'OeffneStundenjahrWieder', data: { jahr: 2026, grund: 'Nachtrag Fuchs' } })
      .then([wieder]);
    spec([abgeschlossen, wieder])
      .when({
        type: 'KorrigiereStunden',
        data: { jahr: 2026, korrekturId: 'k', elternId: FUCHS, datum: '2027-01-01', stunden: -2, grund: 'x' },
      })
      .then([
        {
          type: 'StundenKorrigiert',
          data: { jahr: 2026, korrekturId: 'k', elternId: FUCHS, datum: '2027-01-01', stunden: -2, grund: 'x' },
        },
      ]);
  });

  it('given rules, when the same rules are set again, then nothing is appended', () => {
    const regeln = { jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15, jahresbeginnMonat: 9 };
    spec([{ type: 'StundenRegelnGesetzt', data: regeln }])
      .when({ type: 'SetzeStundenRegeln', data: regeln })
      .then([]);
  });

  it('keeps its state through a snapshot', () => {
    const events = [eingetragen(), eingetragen('e2'), abgeschlossen];
    const state = fold(stundenjahrDecider, events);
    expect(stundenjahrSnapshot.fromJson(JSON.parse(JSON.stringify(stundenjahrSnapshot.toJson(state))))).toEqual(state);
  });
});

describe('Stunden: request bodies', () => {
  it('takes an own entry of 0 < hours ≤ 24 with two decimals, and refuses others in German', () => {
    expect(eigeneStundenSchema.safeParse({ datum: '2026-10-03', stunden: 2.25, beschreibung: ' Zaun ' }).data).toEqual({
      datum: '2026-10-03',
      stunden: 2.25,
      beschreibung: 'Zaun',
    });
    for (const stunden of [0, -1, 24.5, 1.234, '3'])
      expect(eigeneStundenSchema.safeParse({ datum: '2026-10-03', stunden, beschreibung: 'x' }).error?.issues[0]?.message).toBe(
        STUNDEN_UNGUELTIG,
      );
  });

  it('needs a reason to refuse; a correction may be negative but not 0', () => {
    expect(entscheidungSchema.safeParse({ status: 'abgelehnt' }).error?.issues[0]?.message).toBe(GRUND_FEHLT);
    expect(entscheidungSchema.safeParse({ status: 'bestaetigt' }).success).toBe(true);
    expect(korrekturSchema.safeParse({ elternId: FUCHS, datum: '2026-10-03', stunden: -2.5, grund: 'doppelt' }).success).toBe(true);
    expect(korrekturSchema.safeParse({ elternId: FUCHS, datum: '2026-10-03', stunden: 0, grund: 'x' }).success).toBe(false);
  });
});
