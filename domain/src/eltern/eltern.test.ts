import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import { ADMIN_NICHT_LOESCHBAR, BEREITS_REGISTRIERT, type ElternEvent, elternDecider, NICHT_GEFUNDEN } from './eltern.js';

const given = deciderSpec(elternDecider);
const id = '7d1f0c52-6f0e-4a58-9a43-3c2c7f7b9a01';
const registriert = (
  rollen: ElternEvent & { type: 'ElternRegistriert' } extends { data: { rollen: infer R } } ? R : never,
): ElternEvent => ({
  type: 'ElternRegistriert',
  data: { elternId: id, nachname: 'Fuchs', nameKind: 'Mila', email: 'fuchs@example.org', gruppeId: 'g1', rollen },
});

describe('Eltern decider', () => {
  describe('RegistriereEltern', () => {
    it('registers a family with a normalised e-mail and trimmed surname', () =>
      given([])
        .when({
          type: 'RegistriereEltern',
          data: {
            elternId: id,
            nachname: ' Fuchs ',
            nameKind: 'Mila',
            email: ' Fuchs@Example.ORG ',
            gruppeId: 'g1',
            rollen: ['ROLE_ELTERN'],
            mitPasswort: false,
          },
        })
        .then([registriert(['ROLE_ELTERN'])]));

    it('records that a first password was set, never the password itself', () =>
      given([])
        .when({
          type: 'RegistriereEltern',
          data: {
            elternId: id,
            nachname: 'Fuchs',
            nameKind: 'Mila',
            email: 'fuchs@example.org',
            gruppeId: 'g1',
            rollen: ['ROLE_ADMIN', 'ROLE_ADMIN'],
            mitPasswort: true,
          },
        })
        .then([registriert(['ROLE_ADMIN']), { type: 'PasswortGesetzt', data: { elternId: id, grund: 'erstanlage' } }]));

    it('refuses to register the same family twice', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({
          type: 'RegistriereEltern',
          data: {
            elternId: id,
            nachname: 'Fuchs',
            nameKind: null,
            email: 'fuchs@example.org',
            gruppeId: null,
            rollen: ['ROLE_ELTERN'],
            mitPasswort: false,
          },
        })
        .thenThrows('konflikt', BEREITS_REGISTRIERT));
  });

  describe('AendereRollen', () => {
    it('grants the admin role', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({ type: 'AendereRollen', data: { elternId: id, rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] } })
        .then([{ type: 'RollenGeaendert', data: { elternId: id, rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] } }]));

    it('changes nothing when the roles are already the same, in any order', () =>
      given([registriert(['ROLE_ELTERN', 'ROLE_AUDITOR'])])
        .when({ type: 'AendereRollen', data: { elternId: id, rollen: ['ROLE_AUDITOR', 'ROLE_ELTERN'] } })
        .then([]));

    it('refuses an unknown family', () =>
      given([])
        .when({ type: 'AendereRollen', data: { elternId: id, rollen: ['ROLE_ADMIN'] } })
        .thenThrows('nicht_gefunden', NICHT_GEFUNDEN));
  });

  describe('EntferneEltern', () => {
    it('removes a parent', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({ type: 'EntferneEltern', data: { elternId: id } })
        .then([{ type: 'ElternEntfernt', data: { elternId: id } }]));

    it('never removes an admin account', () =>
      given([registriert(['ROLE_ELTERN', 'ROLE_ADMIN'])])
        .when({ type: 'EntferneEltern', data: { elternId: id } })
        .thenThrows('konflikt', ADMIN_NICHT_LOESCHBAR));

    it('does not remove a family twice', () =>
      given([registriert(['ROLE_ELTERN']), { type: 'ElternEntfernt', data: { elternId: id } }])
        .when({ type: 'EntferneEltern', data: { elternId: id } })
        .thenThrows('nicht_gefunden', NICHT_GEFUNDEN));

    it('keeps a demoted former admin removable', () =>
      given([registriert(['ROLE_ELTERN', 'ROLE_ADMIN']), { type: 'RollenGeaendert', data: { elternId: id, rollen: ['ROLE_ELTERN'] } }])
        .when({ type: 'EntferneEltern', data: { elternId: id } })
        .then([{ type: 'ElternEntfernt', data: { elternId: id } }]));
  });

  describe('SetzePasswort', () => {
    it('records a password change of an active family', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({ type: 'SetzePasswort', data: { elternId: id, grund: 'aenderung' } })
        .then([{ type: 'PasswortGesetzt', data: { elternId: id, grund: 'aenderung' } }]));

    it('refuses it for a removed family', () =>
      given([registriert(['ROLE_ELTERN']), { type: 'ElternEntfernt', data: { elternId: id } }])
        .when({ type: 'SetzePasswort', data: { elternId: id, grund: 'aenderung' } })
        .thenThrows('nicht_gefunden'));
  });
});
