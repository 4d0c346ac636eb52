import { describe, expect, it } from 'vitest';
import { compareSideTables, type SideTableRows } from './side-tables.js';

const FAMILIE = '11111111-1111-4111-8111-111111111111';
const GRUPPE = '22222222-2222-4222-8222-222222222222';
const LINK = '33333333-3333-4333-8333-333333333333';
const FRUEHER = new Date('2026-11-01T10:00:00Z');

const rows = (over: Partial<SideTableRows> = {}): SideTableRows => ({
  credentials: [{ elternId: FAMILIE, email: 'fuchs@example.org', hatPasswort: true, angelegtAm: FRUEHER }],
  passwortLinks: [{ linkId: LINK, elternId: FAMILIE, angelegtAm: FRUEHER }],
  gruppenNamen: [{ nameKey: 'füchse', gruppeId: GRUPPE, angelegtAm: FRUEHER }],
  ...over,
});
const registriert = {
  type: 'ElternRegistriert',
  streamName: `eltern-${FAMILIE}`,
  data: { elternId: FAMILIE, email: 'Fuchs@Example.org ' },
};
const passwort = { type: 'PasswortGesetzt', streamName: `eltern-${FAMILIE}`, data: { elternId: FAMILIE, grund: 'erstanlage' } };
const link = { type: 'PasswortLinkAusgestellt', streamName: `eltern-${FAMILIE}`, data: { elternId: FAMILIE, linkId: LINK } };
const gruppe = { type: 'GruppeAngelegt', streamName: `gruppe-${GRUPPE}`, data: { gruppeId: GRUPPE, name: 'Füchse' } };
const alles = [registriert, passwort, link, gruppe];

describe('the tables beside the log, compared with the events that back them', () => {
  it('given every row with its event, finds nothing', () => {
    expect(compareSideTables(rows(), alles)).toEqual([]);
  });

  it('given a login, a link and a group name whose events never came (a crash between claim and append), names each row', () => {
    expect(compareSideTables(rows(), []).map((f) => [f.table, f.key, f.unbacked])).toEqual([
      ['credentials', FAMILIE, true],
      ['passwort_links', LINK, true],
      ['gruppen_namen', GRUPPE, true],
    ]);
  });

  it('given a password hash without PasswortGesetzt, or an e-mail other than the registered one, names the login', () => {
    expect(compareSideTables(rows(), [registriert, link, gruppe])[0]?.text).toContain('Passwort ohne PasswortGesetzt');
    const anders = rows({ credentials: [{ elternId: FAMILIE, email: 'dachs@example.org', hatPasswort: true, angelegtAm: FRUEHER }] });
    expect(compareSideTables(anders, alles)[0]?.text).toContain('registriert ist fuchs@example.org');
  });

  it('given the name of a removed group, names it: the name must be free again', () => {
    const entfernt = { type: 'GruppeEntfernt', streamName: `gruppe-${GRUPPE}`, data: { gruppeId: GRUPPE } };
    expect(compareSideTables(rows(), [...alles, entfernt])).toEqual([
      { table: 'gruppen_namen', key: GRUPPE, unbacked: true, text: `Gruppenname „füchse“ (${GRUPPE}): Gruppe entfernt` },
    ]);
    expect(compareSideTables(rows({ gruppenNamen: [] }), [...alles, entfernt])).toEqual([]);
  });

  it('given events whose rows are missing, names the family without login and the group without name', () => {
    const found = compareSideTables(rows({ credentials: [], passwortLinks: [], gruppenNamen: [] }), alles);
    expect(found.map((f) => [f.table, f.unbacked])).toEqual([
      ['credentials', false],
      ['gruppen_namen', false],
    ]);
  });

  it("given a family's key, backed while the family is registered, and no longer once its personal data is erased", () => {
    const schluessel = rows({ personenSchluessel: [{ elternId: FAMILIE, angelegtAm: FRUEHER }] });
    expect(compareSideTables(schluessel, alles)).toEqual([]);
    expect(
      compareSideTables(schluessel, [gruppe])
        .filter((f) => f.table === 'personen_schluessel')
        .map((f) => f.key),
    ).toEqual([FAMILIE]);
    const geloescht = { type: 'PersonendatenGeloescht', streamName: `eltern-${FAMILIE}`, data: { elternId: FAMILIE, grund: 'antrag' } };
    // erased: the key, the login and the link must all be gone
    expect(compareSideTables(schluessel, [...alles, geloescht]).map((f) => f.table)).toEqual([
      'credentials',
      'passwort_links',
      'personen_schluessel',
    ]);
    expect(compareSideTables(rows({ credentials: [], passwortLinks: [] }), [...alles, geloescht])).toEqual([]);
  });

  it('given rows younger than the settling time (a reservation whose append is under way), leaves them out', () => {
    const jung = new Date('2026-11-23T12:00:00Z');
    const reserviert = rows({
      credentials: [{ elternId: FAMILIE, email: 'fuchs@example.org', hatPasswort: false, angelegtAm: jung }],
      passwortLinks: [{ linkId: LINK, elternId: FAMILIE, angelegtAm: jung }],
      gruppenNamen: [{ nameKey: 'füchse', gruppeId: GRUPPE, angelegtAm: jung }],
    });
    expect(compareSideTables(reserviert, [], new Date('2026-11-23T11:59:00Z'))).toEqual([]);
    expect(compareSideTables(reserviert, [], new Date('2026-11-23T12:01:00Z'))).toHaveLength(3);
  });
});
