import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  type BenachrichtigungEvent,
  type BenachrichtigungsWahl,
  benachrichtigungDecider,
  GERAET_NICHT_GEFUNDEN,
  MAX_GERAETE,
  STANDARD_WAHL,
  ZU_VIELE_GERAETE,
} from './benachrichtigungen.js';
import { geraetBezeichnung } from './geraet-bezeichnung.js';

const given = deciderSpec(benachrichtigungDecider);
const elternId = 'e1';

const angemeldet = (geraetId: string, kennung = `k-${geraetId}`, fingerabdruck = `f-${geraetId}`): BenachrichtigungEvent => ({
  type: 'PushGeraetAngemeldet',
  data: { elternId, geraetId, endpunktKennung: kennung, fingerabdruck, abo: `abo-${fingerabdruck}`, bezeichnung: 'Chrome auf Android' },
});

const melde = (kennung: string, fingerabdruck: string, neueGeraetId = 'neu', bezeichnung = 'Chrome auf Android') => ({
  type: 'MeldePushGeraetAn' as const,
  data: { elternId, neueGeraetId, endpunktKennung: kennung, fingerabdruck, abo: `abo-${fingerabdruck}`, bezeichnung },
});

const ohnePushFuerAngebote: BenachrichtigungsWahl = { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: true } };

describe('Benachrichtigungen decider', () => {
  describe('MeldePushGeraetAn', () => {
    it('adds a device with the id chosen by the caller', () =>
      given([])
        .when(melde('k1', 'f1', 'g1'))
        .then([
          {
            type: 'PushGeraetAngemeldet',
            data: {
              elternId,
              geraetId: 'g1',
              endpunktKennung: 'k1',
              fingerabdruck: 'f1',
              abo: 'abo-f1',
              bezeichnung: 'Chrome auf Android',
            },
          },
        ]));

    it('records nothing when the same subscription comes again', () =>
      given([angemeldet('g1', 'k1', 'f1')])
        .when(melde('k1', 'f1'))
        .then([]));

    it('keeps the device id when the same endpoint comes with new keys', () =>
      given([angemeldet('g1', 'k1', 'f1')])
        .when(melde('k1', 'f2', 'g2'))
        .then([
          {
            type: 'PushGeraetAngemeldet',
            data: {
              elternId,
              geraetId: 'g1',
              endpunktKennung: 'k1',
              fingerabdruck: 'f2',
              abo: 'abo-f2',
              bezeichnung: 'Chrome auf Android',
            },
          },
        ]));

    it(`refuses a ${MAX_GERAETE + 1}th device, but still takes new keys of a known one`, () => {
      const voll = Array.from({ length: MAX_GERAETE }, (_, i) => angemeldet(`g${i}`));
      given(voll).when(melde('k-neu', 'f-neu')).thenThrows('konflikt', ZU_VIELE_GERAETE);
      given(voll)
        .when(melde('k-g3', 'f-anders'))
        .then([
          {
            type: 'PushGeraetAngemeldet',
            data: {
              elternId,
              geraetId: 'g3',
              endpunktKennung: 'k-g3',
              fingerabdruck: 'f-anders',
              abo: 'abo-f-anders',
              bezeichnung: 'Chrome auf Android',
            },
          },
        ]);
      const einerWeg: BenachrichtigungEvent = { type: 'PushGeraetEntfernt', data: { elternId, geraetId: 'g0', grund: 'abgemeldet' } };
      expect(
        benachrichtigungDecider.decide(
          melde('k-neu', 'f-neu'),
          [...voll, einerWeg].reduce(benachrichtigungDecider.evolve, benachrichtigungDecider.initialState()),
        ),
      ).toHaveLength(1);
    });

    it('bounds the label and names an empty one', () => {
      const [lang] = benachrichtigungDecider.decide(melde('k', 'f', 'g', 'x'.repeat(500)), benachrichtigungDecider.initialState());
      expect((lang!.data as { bezeichnung: string }).bezeichnung).toHaveLength(80);
      const [leer] = benachrichtigungDecider.decide(melde('k', 'f', 'g', '   '), benachrichtigungDecider.initialState());
      expect((leer!.data as { bezeichnung: string }).bezeichnung).toBe('Unbekanntes Gerät');
    });
  });

  describe('EntfernePushGeraet', () => {
    it('removes a device by id or by its endpoint', () => {
      given([angemeldet('g1', 'k1')])
        .when({ type: 'EntfernePushGeraet', data: { elternId, geraetId: 'g1', grund: 'abgemeldet' } })
        .then([{ type: 'PushGeraetEntfernt', data: { elternId, geraetId: 'g1', grund: 'abgemeldet' } }]);
      given([angemeldet('g1', 'k1')])
        .when({ type: 'EntfernePushGeraet', data: { elternId, endpunktKennung: 'k1', grund: 'abgelaufen' } })
        .then([{ type: 'PushGeraetEntfernt', data: { elternId, geraetId: 'g1', grund: 'abgelaufen' } }]);
    });

    it('tells the family a device is not there; the worker learning it twice records nothing', () => {
      const weg: BenachrichtigungEvent = { type: 'PushGeraetEntfernt', data: { elternId, geraetId: 'g1', grund: 'abgelaufen' } };
      given([angemeldet('g1'), weg])
        .when({ type: 'EntfernePushGeraet', data: { elternId, geraetId: 'g1', grund: 'abgemeldet' } })
        .thenThrows('nicht_gefunden', GERAET_NICHT_GEFUNDEN);
      given([angemeldet('g1'), weg])
        .when({ type: 'EntfernePushGeraet', data: { elternId, geraetId: 'g1', grund: 'abgelaufen' } })
        .then([]);
    });
  });

  describe('WaehleBenachrichtigungen', () => {
    it('records a choice that differs from the one in force (the default until the first choice)', () => {
      given([])
        .when({ type: 'WaehleBenachrichtigungen', data: { elternId, wahl: STANDARD_WAHL } })
        .then([]);
      given([])
        .when({ type: 'WaehleBenachrichtigungen', data: { elternId, wahl: ohnePushFuerAngebote } })
        .then([{ type: 'BenachrichtigungenGewaehlt', data: { elternId, wahl: ohnePushFuerAngebote } }]);
      given([{ type: 'BenachrichtigungenGewaehlt', data: { elternId, wahl: ohnePushFuerAngebote } }])
        .when({ type: 'WaehleBenachrichtigungen', data: { elternId, wahl: ohnePushFuerAngebote } })
        .then([]);
    });

    it('keeps only the four notices and their two ways', () =>
      given([])
        .when({
          type: 'WaehleBenachrichtigungen',
          data: {
            elternId,
            wahl: { ...ohnePushFuerAngebote, extra: { push: true }, dienstErinnerung: { push: true, mail: true, sms: true } } as never,
          },
        })
        .then([{ type: 'BenachrichtigungenGewaehlt', data: { elternId, wahl: ohnePushFuerAngebote } }]));
  });
});

describe('geraetBezeichnung', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome auf Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari auf iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox auf Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge auf Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari auf Mac',
    ],
    ['curl/8.5.0', 'Unbekanntes Gerät'],
    [undefined, 'Unbekanntes Gerät'],
  ])('%s → %s', (ua, name) => expect(geraetBezeichnung(ua)).toBe(name));
});
