import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * A family's calendar subscription (iCal / webcal): one secret feed address per family. The
 * token in the address is made by the command side, handed to the family once and never
 * recorded; the log keeps only its SHA-256 digest, which the feed looks the family up by. A new
 * token replaces the old one, which stops working at once; ending the subscription stops it too.
 * One stream per family, so renewing never waits on anyone else's write.
 */
export const kalenderAboStream = (elternId: string) => `kalender-abo-${elternId}`;

/** A token digest as the log keeps it: SHA-256, 64 lower-case hex digits. */
const DIGEST_FORM = /^[0-9a-f]{64}$/;

export type KalenderAboEvent =
  /** A new feed address: the first one, or one replacing the address before (which then answers 404). */
  | { type: 'KalenderAboErneuert'; data: { elternId: string; tokenDigest: string } }
  /** The family switched its feed off: the last address answers 404. */
  | { type: 'KalenderAboBeendet'; data: { elternId: string } };

export type KalenderAboCommand =
  /** `tokenDigest`: the SHA-256 digest (hex) of a fresh random token chosen by the caller. */
  | { type: 'ErneuereKalenderAbo'; data: { elternId: string; tokenDigest: string } }
  | { type: 'BeendeKalenderAbo'; data: { elternId: string } };

/** The digest of the address that works now, or null when the family has none. */
export type KalenderAboState = { tokenDigest: string | null };

export const KEIN_KALENDER_ABO = 'Sie haben derzeit kein Kalender-Abo.';
export const UNGUELTIGER_DIGEST = 'Ungültiger Kalender-Schlüssel.';
export const SCHLUESSEL_SCHON_VERWENDET = 'Dieser Kalender-Schlüssel wurde bereits verwendet.';

const decide = (command: KalenderAboCommand, state: KalenderAboState): KalenderAboEvent[] => {
  switch (command.type) {
    case 'ErneuereKalenderAbo': {
      const { elternId, tokenDigest } = command.data;
      if (!DIGEST_FORM.test(tokenDigest)) throw new DomainError('ungueltig', UNGUELTIGER_DIGEST);
      // A token is drawn fresh each time; the same one again would mean a broken random source.
      if (tokenDigest === state.tokenDigest) throw new DomainError('konflikt', SCHLUESSEL_SCHON_VERWENDET);
      return [{ type: 'KalenderAboErneuert', data: { elternId, tokenDigest } }];
    }
    case 'BeendeKalenderAbo':
      if (state.tokenDigest === null) throw new DomainError('nicht_gefunden', KEIN_KALENDER_ABO);
      return [{ type: 'KalenderAboBeendet', data: { elternId: command.data.elternId } }];
    default:
      return assertNever(command);
  }
};

const evolve = (_state: KalenderAboState, event: KalenderAboEvent): KalenderAboState => {
  switch (event.type) {
    case 'KalenderAboErneuert':
      return { tokenDigest: event.data.tokenDigest };
    case 'KalenderAboBeendet':
      return { tokenDigest: null };
    default:
      return assertNever(event);
  }
};

export const kalenderAboDecider: Decider<KalenderAboCommand, KalenderAboEvent, KalenderAboState> = {
  decide,
  evolve,
  initialState: () => ({ tokenDigest: null }),
};
