import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  type KalenderAboEvent,
  KEIN_KALENDER_ABO,
  kalenderAboDecider,
  kalenderAboStream,
  SCHLUESSEL_SCHON_VERWENDET,
  UNGUELTIGER_DIGEST,
} from './kalender-abo.js';

const spec = deciderSpec(kalenderAboDecider);
const ALT = 'a'.repeat(64);
const NEU = `${'0123456789abcdef'.repeat(4)}`;

const erneuert = (tokenDigest: string): KalenderAboEvent => ({ type: 'KalenderAboErneuert', data: { elternId: 'fuchs', tokenDigest } });
const beendet: KalenderAboEvent = { type: 'KalenderAboBeendet', data: { elternId: 'fuchs' } };
const erneuere = (tokenDigest: string) => ({ type: 'ErneuereKalenderAbo' as const, data: { elternId: 'fuchs', tokenDigest } });
const beende = { type: 'BeendeKalenderAbo' as const, data: { elternId: 'fuchs' } };

describe('Kalender-Abo', () => {
  it('is kept on a stream of the family', () => expect(kalenderAboStream('fuchs')).toBe('kalender-abo-fuchs'));

  it('given no subscription, when one is asked for, then the digest of its token is recorded', () =>
    spec([])
      .when(erneuere(NEU))
      .then([erneuert(NEU)]));

  it('given a subscription, when it is renewed, then the new digest replaces the old one', () => {
    spec([erneuert(ALT)])
      .when(erneuere(NEU))
      .then([erneuert(NEU)]);
    expect(fold(kalenderAboDecider, [erneuert(ALT), erneuert(NEU)])).toEqual({ tokenDigest: NEU });
  });

  it('given a subscription that was ended, when one is asked for again, then it starts afresh', () =>
    spec([erneuert(ALT), beendet])
      .when(erneuere(NEU))
      .then([erneuert(NEU)]));

  it('when the digest is not 64 lower-case hex digits (a token itself, say), then it is refused and nothing is recorded', () => {
    spec([]).when(erneuere('kurz')).thenThrows('ungueltig', UNGUELTIGER_DIGEST);
    spec([]).when(erneuere(NEU.toUpperCase())).thenThrows('ungueltig', UNGUELTIGER_DIGEST);
    spec([])
      .when(erneuere('A'.repeat(43)))
      .thenThrows('ungueltig', UNGUELTIGER_DIGEST);
  });

  it('given a subscription, when the same digest comes again, then it is refused as a conflict', () =>
    spec([erneuert(ALT)])
      .when(erneuere(ALT))
      .thenThrows('konflikt', SCHLUESSEL_SCHON_VERWENDET));

  it('given a subscription, when it is ended, then that is recorded and no address is left', () => {
    spec([erneuert(ALT)])
      .when(beende)
      .then([beendet]);
    expect(fold(kalenderAboDecider, [erneuert(ALT), beendet])).toEqual({ tokenDigest: null });
  });

  it('given no subscription (never, or already ended), when it is ended, then it is refused as not found', () => {
    spec([]).when(beende).thenThrows('nicht_gefunden', KEIN_KALENDER_ABO);
    spec([erneuert(ALT), beendet])
      .when(beende)
      .thenThrows('nicht_gefunden', KEIN_KALENDER_ABO);
  });
});
