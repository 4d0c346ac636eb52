import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { type EinsatzVerzeichnisEvent, einsaetzeAb, einsatzVerzeichnisDecider } from './einsatz-verzeichnis.js';

const spec = deciderSpec(einsatzVerzeichnisDecider);

const verzeichnet = (einsatzId: string, datum: string): EinsatzVerzeichnisEvent => ({
  type: 'EinsatzVerzeichnet',
  data: { einsatzId, datum },
});

describe('Arbeitseinsätze: the list of days (stream einsaetze)', () => {
  it('given nothing, when a new day is listed, then it is listed with its date', () => {
    spec([])
      .when({ type: 'VerzeichneEinsatz', data: { einsatzId: 'e1', datum: '2027-03-20' } })
      .then([verzeichnet('e1', '2027-03-20')]);
  });

  it('given a listed day, when it is listed with the same date again, then nothing happens', () => {
    spec([verzeichnet('e1', '2027-03-20')])
      .when({ type: 'VerzeichneEinsatz', data: { einsatzId: 'e1', datum: '2027-03-20' } })
      .then([]);
  });

  it('given a listed day, when its date moves, then the new date is listed and counts', () => {
    spec([verzeichnet('e1', '2027-03-20')])
      .when({ type: 'VerzeichneEinsatz', data: { einsatzId: 'e1', datum: '2027-03-27' } })
      .then([verzeichnet('e1', '2027-03-27')]);
    expect(fold(einsatzVerzeichnisDecider, [verzeichnet('e1', '2027-03-20'), verzeichnet('e1', '2027-03-27')])).toEqual({
      e1: '2027-03-27',
    });
  });

  it('the days not over yet are those on or after today, in date order; a moved day counts with its latest date', () => {
    const verzeichnis = fold(einsatzVerzeichnisDecider, [
      verzeichnet('e1', '2027-03-20'),
      verzeichnet('e2', '2027-03-10'),
      verzeichnet('e3', '2027-06-12'),
      verzeichnet('e4', '2027-05-01'),
      verzeichnet('e2', '2027-03-12'),
      verzeichnet('e4', '2027-03-01'),
    ]);
    expect(einsaetzeAb(verzeichnis, '2027-03-12')).toEqual(['e2', 'e1', 'e3']);
    expect(einsaetzeAb(verzeichnis, '2027-07-01')).toEqual([]);
  });

  it('a snapshot gives back the same list', () => {
    const codec = einsatzVerzeichnisDecider.snapshot!;
    const verzeichnis = fold(einsatzVerzeichnisDecider, [verzeichnet('e1', '2027-03-20'), verzeichnet('e2', '2027-03-10')]);
    expect(codec.fromJson(JSON.parse(JSON.stringify(codec.toJson(verzeichnis))))).toEqual(verzeichnis);
  });
});
