import { describe, expect, it } from 'vitest';
import { nurAdminZugaenge } from './seed-demo.js';

const admin = (elternId: string) => [
  {
    type: 'ElternRegistriert',
    data: { elternId, nachname: 'Leitung', email: `${elternId}@example.org`, gruppeId: null, rollen: ['ROLE_ADMIN'] },
  },
  { type: 'PasswortGesetzt', data: { elternId, grund: 'erstanlage' } },
];

describe('seed-demo adds to a store that holds nothing but the admins of create-admin', () => {
  it('given nothing, demo data may be added', () => {
    expect(nurAdminZugaenge([])).toBe(true);
  });

  it('given one or two admins created by the operator, demo data may be added', () => {
    expect(nurAdminZugaenge(admin('a1'))).toBe(true);
    expect(nurAdminZugaenge([...admin('a1'), ...admin('a2')])).toBe(true);
  });

  it('given a family, a group or a changed password, the store is in use and is left alone', () => {
    const familie = {
      type: 'ElternRegistriert',
      data: { elternId: 'f1', nachname: 'Fuchs', email: 'f@example.org', gruppeId: 'g1', rollen: ['ROLE_ELTERN'] },
    };
    expect(nurAdminZugaenge([...admin('a1'), familie])).toBe(false);
    expect(nurAdminZugaenge([...admin('a1'), { type: 'GruppeAngelegt', data: { gruppeId: 'g1', name: 'Füchse' } }])).toBe(false);
    expect(nurAdminZugaenge([...admin('a1'), { type: 'PasswortGesetzt', data: { elternId: 'a1', grund: 'aenderung' } }])).toBe(false);
  });

  it('given an admin in a group, or a password of nobody registered, the store is left alone', () => {
    const inGruppe = admin('a1').map((e) => (e.type === 'ElternRegistriert' ? { ...e, data: { ...e.data, gruppeId: 'g1' } } : e));
    expect(nurAdminZugaenge(inGruppe)).toBe(false);
    expect(nurAdminZugaenge([{ type: 'PasswortGesetzt', data: { elternId: 'x', grund: 'erstanlage' } }])).toBe(false);
  });
});
