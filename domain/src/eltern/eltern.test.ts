import { describe, expect, it } from 'vitest';
import { EMAIL_ZU_LANG, MAX_EMAIL, MAX_NACHNAME, MAX_NAME_KIND, NACHNAME_ZU_LANG, NAME_KIND_ZU_LANG } from '../shared/eingabe.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  ADMIN_NICHT_LOESCHBAR,
  ANTEIL_GRUND_FEHLT,
  ANTEIL_GRUND_ZU_LANG,
  ANTEIL_UNGUELTIG,
  BEREITS_REGISTRIERT,
  type ElternEvent,
  elternDecider,
  GELOESCHTE_FAMILIE,
  geloeschteEmail,
  kontoAusEvents,
  MAX_ANTEIL_GRUND,
  NICHT_GEFUNDEN,
  NOCH_IM_KINDERGARTEN,
  spracheVon,
} from './eltern.js';

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

    it('refuses a surname, children’s names or e-mail address over their limits, and accepts them at the limit', () => {
      const neu = (data: { nachname?: string; nameKind?: string; email?: string }) => ({
        type: 'RegistriereEltern' as const,
        data: {
          elternId: id,
          nachname: 'Fuchs',
          nameKind: null,
          email: 'fuchs@example.org',
          gruppeId: null,
          rollen: ['ROLE_ELTERN' as const],
          mitPasswort: false,
          ...data,
        },
      });
      given([])
        .when(neu({ nachname: 'N'.repeat(MAX_NACHNAME + 1) }))
        .thenThrows('ungueltig', NACHNAME_ZU_LANG);
      given([])
        .when(neu({ nameKind: 'K'.repeat(MAX_NAME_KIND + 1) }))
        .thenThrows('ungueltig', NAME_KIND_ZU_LANG);
      given([])
        .when(neu({ email: `${'e'.repeat(MAX_EMAIL - 10)}@example.de` }))
        .thenThrows('ungueltig', EMAIL_ZU_LANG);
      given([])
        .when(neu({ nachname: '🦊'.repeat(MAX_NACHNAME), email: `${'e'.repeat(MAX_EMAIL - 11)}@example.de` }))
        .then([
          {
            type: 'ElternRegistriert',
            data: {
              elternId: id,
              nachname: '🦊'.repeat(MAX_NACHNAME),
              nameKind: null,
              email: `${'e'.repeat(MAX_EMAIL - 11)}@example.de`,
              gruppeId: null,
              rollen: ['ROLE_ELTERN'],
            },
          },
        ]);
    });

    it('refuses a too long surname when the import updates a family', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({
          type: 'AktualisiereEltern',
          data: { elternId: id, nachname: 'N'.repeat(MAX_NACHNAME + 1), nameKind: null, gruppeId: null },
        })
        .thenThrows('ungueltig', NACHNAME_ZU_LANG));
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

  describe('WaehleSprache', () => {
    it('records the language a family chooses', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'ar' } })
        .then([{ type: 'SpracheGewaehlt', data: { elternId: id, sprache: 'ar' } }]));

    it('records nothing when the language is already the chosen one, German included before any choice', () => {
      given([registriert(['ROLE_ELTERN'])])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'de' } })
        .then([]);
      given([registriert(['ROLE_ELTERN']), { type: 'SpracheGewaehlt', data: { elternId: id, sprache: 'tr' } }])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'tr' } })
        .then([]);
    });

    it('switches back to German after another language', () =>
      given([registriert(['ROLE_ELTERN']), { type: 'SpracheGewaehlt', data: { elternId: id, sprache: 'pl' } }])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'de' } })
        .then([{ type: 'SpracheGewaehlt', data: { elternId: id, sprache: 'de' } }]));

    it('refuses an unknown or removed family', () => {
      given([])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'en' } })
        .thenThrows('nicht_gefunden', NICHT_GEFUNDEN);
      given([registriert(['ROLE_ELTERN']), { type: 'ElternEntfernt', data: { elternId: id } }])
        .when({ type: 'WaehleSprache', data: { elternId: id, sprache: 'en' } })
        .thenThrows('nicht_gefunden', NICHT_GEFUNDEN);
    });

    it('folds the choice into the family’s language, German by default', () => {
      const fold = (events: ElternEvent[]) => events.reduce(elternDecider.evolve, elternDecider.initialState());
      expect(spracheVon(fold([registriert(['ROLE_ELTERN'])]))).toBe('de');
      expect(spracheVon(fold([registriert(['ROLE_ELTERN']), { type: 'SpracheGewaehlt', data: { elternId: id, sprache: 'uk' } }]))).toBe(
        'uk',
      );
    });
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

  describe('SetzeAnteil (share of the water duty)', () => {
    const gesetzt = (anteil: number, grund: string): ElternEvent => ({ type: 'AnteilGesetzt', data: { elternId: id, anteil, grund } });
    const setze = (anteil: number, grund = 'Vorstand') => ({ type: 'SetzeAnteil' as const, data: { elternId: id, anteil, grund } });

    it('records a new share with its trimmed reason; 0 exempts, 5 is the most', () => {
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(0, ' Vorstand '))
        .then([gesetzt(0, 'Vorstand')]);
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(5, 'Drei Kinder'))
        .then([gesetzt(5, 'Drei Kinder')]);
    });

    it('records nothing when the share does not change (1 is every family’s default)', () => {
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(1))
        .then([]);
      given([registriert(['ROLE_ELTERN']), gesetzt(2, 'Zwei Kinder')])
        .when(setze(2, 'nochmal'))
        .then([]);
      given([registriert(['ROLE_ELTERN']), gesetzt(2, 'Zwei Kinder')])
        .when(setze(1, 'Ein Kind weniger'))
        .then([gesetzt(1, 'Ein Kind weniger')]);
    });

    it('refuses a share that is not a whole number from 0 to 5, a missing or too long reason, and unknown or removed families', () => {
      for (const anteil of [-1, 6, 1.5, Number.NaN])
        given([registriert(['ROLE_ELTERN'])])
          .when(setze(anteil))
          .thenThrows('ungueltig', ANTEIL_UNGUELTIG);
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(2, '   '))
        .thenThrows('ungueltig', ANTEIL_GRUND_FEHLT);
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(2, 'x'.repeat(MAX_ANTEIL_GRUND + 1)))
        .thenThrows('ungueltig', ANTEIL_GRUND_ZU_LANG);
      given([registriert(['ROLE_ELTERN'])])
        .when(setze(2, '😀'.repeat(MAX_ANTEIL_GRUND)))
        .then([gesetzt(2, '😀'.repeat(MAX_ANTEIL_GRUND))]);
      given([]).when(setze(2)).thenThrows('nicht_gefunden', NICHT_GEFUNDEN);
      given([registriert(['ROLE_ELTERN']), { type: 'ElternEntfernt', data: { elternId: id } }])
        .when(setze(2))
        .thenThrows('nicht_gefunden', NICHT_GEFUNDEN);
    });
  });

  describe('LoeschePersonendaten', () => {
    const loesche = { type: 'LoeschePersonendaten', data: { elternId: id, grund: 'antrag' } } as const;
    const entfernt: ElternEvent = { type: 'ElternEntfernt', data: { elternId: id } };
    const geloescht: ElternEvent = { type: 'PersonendatenGeloescht', data: { elternId: id, grund: 'antrag' } };

    it('erases the personal data of a family that left', () =>
      given([registriert(['ROLE_ELTERN']), entfernt])
        .when(loesche)
        .then([geloescht]));

    it('asks to remove a family that is still in the kindergarten first', () =>
      given([registriert(['ROLE_ELTERN'])])
        .when(loesche)
        .thenThrows('konflikt', NOCH_IM_KINDERGARTEN));

    it('does not know a family that never registered', () => given([]).when(loesche).thenThrows('nicht_gefunden', NICHT_GEFUNDEN));

    it('changes nothing the second time', () =>
      given([registriert(['ROLE_ELTERN']), entfernt, geloescht])
        .when(loesche)
        .then([]));

    it('an erased family is not brought back by a later import, and reads as the placeholders', () => {
      const state = [
        registriert(['ROLE_ELTERN']),
        entfernt,
        geloescht,
        { type: 'ElternAktualisiert', data: { elternId: id, nachname: 'Fuchs', nameKind: 'Mila', gruppeId: 'g1' } } as ElternEvent,
      ].reduce(elternDecider.evolve, elternDecider.initialState());
      expect(state).toEqual({
        status: 'geloescht',
        eltern: {
          elternId: id,
          nachname: GELOESCHTE_FAMILIE,
          nameKind: null,
          email: geloeschteEmail(id),
          gruppeId: 'g1',
          rollen: ['ROLE_ELTERN'],
        },
      });
    });
  });

  describe('kontoAusEvents (for readers of the log)', () => {
    it('names a family from its events, erased ones as the placeholder, and none that never registered', () => {
      expect(kontoAusEvents([])).toBeNull();
      expect(kontoAusEvents([registriert(['ROLE_ELTERN'])])).toEqual({ nachname: 'Fuchs', rollen: ['ROLE_ELTERN'] });
      expect(
        kontoAusEvents([
          registriert(['ROLE_ELTERN']),
          { type: 'ElternEntfernt', data: { elternId: id } },
          { type: 'PersonendatenGeloescht', data: { elternId: id, grund: 'aufbewahrungsfrist' } },
        ]),
      ).toEqual({ nachname: GELOESCHTE_FAMILIE, rollen: ['ROLE_ELTERN'] });
    });
  });
});
