import { describe, expect, it } from 'vitest';
import { familienName } from '../audit/beschreibung.js';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { type ElternEvent, elternDecider, kontoAusEvents } from './eltern.js';
import { familieMitNummer, istGeloeschteFamilie, type PseudonymEvent, pseudonym, pseudonymDecider } from './pseudonyme.js';

const given = deciderSpec(pseudonymDecider);
const fuchs = '7d1f0c52-6f0e-4a58-9a43-3c2c7f7b9a01';
const dachs = '0b6c1c1e-2f43-4f7e-8d55-5c0a1a4f2b10';
const vergeben = (elternId: string, nummer: number): PseudonymEvent => ({ type: 'PseudonymVergeben', data: { elternId, nummer } });

describe('register of pseudonyms', () => {
  it('the first erased family becomes number 1', () =>
    given([])
      .when({ type: 'VergibPseudonym', data: { elternId: fuchs } })
      .then([vergeben(fuchs, 1)]));

  it('the next erased family takes the next number', () =>
    given([vergeben(fuchs, 1)])
      .when({ type: 'VergibPseudonym', data: { elternId: dachs } })
      .then([vergeben(dachs, 2)]));

  it('a family keeps its number: giving it again changes nothing', () =>
    given([vergeben(fuchs, 1), vergeben(dachs, 2)])
      .when({ type: 'VergibPseudonym', data: { elternId: fuchs } })
      .then([]));

  it('folds to every family with its number', () =>
    expect(fold(pseudonymDecider, [vergeben(fuchs, 1), vergeben(dachs, 2)]).nummern).toEqual({ [fuchs]: 1, [dachs]: 2 }));
});

describe('pseudonyms in names', () => {
  it("reads 'Gelöschte Familie 2', and is never prefixed with 'Familie'", () => {
    expect(pseudonym(2)).toBe('Gelöschte Familie 2');
    expect(familienName(pseudonym(2))).toBe('Gelöschte Familie 2');
    expect(familienName('Gelöschte Familie')).toBe('Gelöschte Familie');
    expect(familienName('Fuchs')).toBe('Familie Fuchs');
  });

  it('tells pseudonyms from names that only look alike', () => {
    expect(istGeloeschteFamilie('Gelöschte Familie 12')).toBe(true);
    expect(istGeloeschteFamilie('Gelöschte Familie')).toBe(true);
    expect(istGeloeschteFamilie('Gelöschte Familie 0')).toBe(false);
    expect(istGeloeschteFamilie('Gelöschte Familie Fuchs')).toBe(false);
    expect(istGeloeschteFamilie('Fuchs')).toBe(false);
    expect(istGeloeschteFamilie(null)).toBe(false);
  });

  it('a family read with its key destroyed keeps its pseudonym through its erasure', () => {
    const events: ElternEvent[] = [
      {
        type: 'ElternRegistriert',
        data: {
          elternId: fuchs,
          nachname: pseudonym(3),
          nameKind: null,
          email: 'x@loeschung.invalid',
          gruppeId: null,
          rollen: ['ROLE_ELTERN'],
        },
      },
      { type: 'ElternEntfernt', data: { elternId: fuchs } },
      { type: 'PersonendatenGeloescht', data: { elternId: fuchs, grund: 'antrag' } },
    ];
    expect(kontoAusEvents(events)?.nachname).toBe('Gelöschte Familie 3');
    expect(fold(elternDecider, events).status).toBe('geloescht');
  });
});

describe('looking a pseudonym up', () => {
  it('finds the family bearing a number, and none for a number not given', () => {
    const register = [vergeben(fuchs, 1), vergeben(dachs, 2)];
    expect(familieMitNummer(register, 2)).toBe(dachs);
    expect(familieMitNummer(register, 3)).toBeUndefined();
  });
});
