import { GELOESCHTE_FAMILIE, geloeschteEmail } from '@waldkita/domain/eltern/eltern';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainEvents, eventHash, GENESIS_HASH } from '../event-store/hash-chain.js';
import { hatKlartext, istVersiegelt, neuerSchluessel, oeffne, oeffneEvent, versiegle, versiegleEvent } from './personendaten.js';

const id = '7d1f0c52-6f0e-4a58-9a43-3c2c7f7b9a01';
const registriert = {
  type: 'ElternRegistriert',
  data: { elternId: id, nachname: 'Fuchs', nameKind: 'Mila', email: 'fuchs@example.org', gruppeId: 'g1', rollen: ['ROLE_ELTERN'] },
};

describe('personal fields sealed per family', () => {
  it('given a family key, when an event is sealed, then the names and e-mail are unreadable and the rest is unchanged', () => {
    const key = neuerSchluessel();
    const sealed = versiegleEvent(registriert, key);
    const data = sealed.data as Record<string, unknown>;
    for (const feld of ['nachname', 'nameKind', 'email']) expect(istVersiegelt(data[feld])).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/Fuchs|Mila|fuchs@/);
    expect(data).toMatchObject({ elternId: id, gruppeId: 'g1', rollen: ['ROLE_ELTERN'] });
    expect(hatKlartext(registriert)).toBe(true);
    expect(hatKlartext(sealed)).toBe(false);
    expect(oeffneEvent(sealed, key)).toEqual(registriert);
  });

  it('given the key destroyed, when the event is read, then it reads as the placeholders', () => {
    const sealed = versiegleEvent(registriert, neuerSchluessel());
    expect(oeffneEvent(sealed, undefined).data).toEqual({
      ...registriert.data,
      nachname: GELOESCHTE_FAMILIE,
      nameKind: null,
      email: geloeschteEmail(id),
    });
  });

  it("given another family's key, or the text moved to another field, then nothing opens", () => {
    const key = neuerSchluessel();
    const text = versiegle(key, id, 'ElternRegistriert', 'nachname', 'Fuchs');
    expect(oeffne(key, id, 'ElternRegistriert', 'nachname', text)).toBe('Fuchs');
    expect(oeffne(neuerSchluessel(), id, 'ElternRegistriert', 'nachname', text)).toBeNull();
    expect(oeffne(key, id, 'ElternRegistriert', 'email', text)).toBeNull();
    expect(oeffne(key, 'another-family', 'ElternRegistriert', 'nachname', text)).toBeNull();
    expect(oeffne(key, id, 'ElternRegistriert', 'nachname', 'pd1:kurz')).toBeNull();
  });

  it('any text, over the whole range of Unicode, comes back the same', () => {
    const key = neuerSchluessel();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(oeffne(key, id, 'TauschAngeboten', 'nachricht', versiegle(key, id, 'TauschAngeboten', 'nachricht', text))).toBe(text);
      }),
    );
  });

  it('events without personal fields, and plain events of a log not yet migrated, pass unchanged', () => {
    const zugewiesen = { type: 'WasserdienstZugewiesen', data: { elternId: id, jahr: 2026, kalenderwoche: 53 } };
    expect(versiegleEvent(zugewiesen, neuerSchluessel())).toBe(zugewiesen);
    expect(oeffneEvent(registriert, undefined)).toBe(registriert);
  });

  it('the hash chain covers the sealed text: verifiable without the key, and the same before and after the erasure', () => {
    const sealed = versiegleEvent(registriert, neuerSchluessel());
    const event = {
      id: '0b7a2c52-0000-4000-8000-000000000001',
      ...sealed,
      metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: 'x' },
    };
    const { lastHash } = chainEvents('eltern-x', 0, GENESIS_HASH, [event]);
    expect(eventHash(GENESIS_HASH, { streamName: 'eltern-x', revision: 0, ...event, metadata: event.metadata })).toBe(lastHash);
  });
});
