import { describe, it } from 'vitest';
import { GRUPPENNAME_ZU_LANG, MAX_GRUPPENNAME } from '../shared/eingabe.js';
import { deciderSpec } from '../shared/given-when-then.js';
import { GRUPPE_NICHT_GEFUNDEN, GRUPPENNAME_FEHLT, gruppeDecider } from './gruppe.js';

const given = deciderSpec(gruppeDecider);
const gruppeId = 'b0c5a7de-0000-4000-8000-000000000001';

describe('Gruppe decider', () => {
  it('creates a group with a trimmed name', () =>
    given([])
      .when({ type: 'LegeGruppeAn', data: { gruppeId, name: '  Füchse ' } })
      .then([{ type: 'GruppeAngelegt', data: { gruppeId, name: 'Füchse' } }]));

  it('refuses a blank name', () =>
    given([])
      .when({ type: 'LegeGruppeAn', data: { gruppeId, name: '   ' } })
      .thenThrows('ungueltig', GRUPPENNAME_FEHLT));

  it('refuses a name over the limit, counted as a user counts characters', () => {
    given([])
      .when({ type: 'LegeGruppeAn', data: { gruppeId, name: 'G'.repeat(MAX_GRUPPENNAME + 1) } })
      .thenThrows('ungueltig', GRUPPENNAME_ZU_LANG);
    given([])
      .when({ type: 'LegeGruppeAn', data: { gruppeId, name: ` ${'🦉'.repeat(MAX_GRUPPENNAME)} ` } })
      .then([{ type: 'GruppeAngelegt', data: { gruppeId, name: '🦉'.repeat(MAX_GRUPPENNAME) } }]);
  });

  it('refuses to create the same group twice', () =>
    given([{ type: 'GruppeAngelegt', data: { gruppeId, name: 'Füchse' } }])
      .when({ type: 'LegeGruppeAn', data: { gruppeId, name: 'Füchse' } })
      .thenThrows('konflikt'));

  it('removes an existing group, and only once', () => {
    given([{ type: 'GruppeAngelegt', data: { gruppeId, name: 'Eulen' } }])
      .when({ type: 'EntferneGruppe', data: { gruppeId } })
      .then([{ type: 'GruppeEntfernt', data: { gruppeId } }]);
    given([
      { type: 'GruppeAngelegt', data: { gruppeId, name: 'Eulen' } },
      { type: 'GruppeEntfernt', data: { gruppeId } },
    ])
      .when({ type: 'EntferneGruppe', data: { gruppeId } })
      .thenThrows('nicht_gefunden', GRUPPE_NICHT_GEFUNDEN);
  });
});
