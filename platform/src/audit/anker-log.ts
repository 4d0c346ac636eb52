import type { KeyObject } from 'node:crypto';
import { ANKER_STREAM, type AnkerErstelltDaten } from '@waldkita/domain/audit/anker';
import type pg from 'pg';
import { type EventStore, formatPosition, type Position, parsePosition } from '../event-store/event-store.js';
import { type KoepfeBis, type VerifyResult, verifyEventStoreHashChain, verifyHashChain } from '../event-store/verify-hash-chain.js';
import { type Anker, pruefeAnkerSelbst, signiereAnker, vergleicheMitAnker } from './anker.js';

/**
 * Anchors against the log (docs/audit.md, "Anchors"): make one over the log as it is, or check the
 * log against one. Both walk the whole log with the hash-chain check (verify-hash-chain.ts), which
 * also collects every stream's head at the anchor's position.
 */

type Log = { store: EventStore; pool: pg.Pool };
type Fortschritt = (p: { checked: number; total: number | null }) => void;

const pruefeLog = (log: Log, bis: KoepfeBis['position'] | 'stabil', onProgress?: Fortschritt) =>
  log.store.kind === 'postgres'
    ? verifyHashChain(log.pool, { koepfeBis: bis ?? { commit: 0, prepare: 0 }, ...(onProgress ? { onProgress } : {}) })
    : verifyEventStoreHashChain(log.store, { koepfeBis: bis ?? { commit: 0, prepare: 0 }, ...(onProgress ? { onProgress } : {}) });

const KEIN_ANKER_KETTE_VERAENDERT = 'Kein Anker: die Hash-Kette des Logs ist verändert. Erst klären, was `audit verify` meldet.';

/**
 * Makes and signs an anchor over the log's stable prefix and records it (`AnkerErstellt`, stream
 * audit-anker). Refused while the hash chain is broken: an anchor would vouch for a changed log.
 */
export async function erstelleAnker(
  log: Log,
  schluessel: KeyObject,
  optionen: { anlass: AnkerErstelltDaten['anlass']; jetzt?: Date; onProgress?: Fortschritt; actorId?: string | null },
): Promise<{ anker: Anker; pruefung: VerifyResult; position: Position } | { fehler: string; pruefung: VerifyResult }> {
  const pruefung = await pruefeLog(log, 'stabil', optionen.onProgress);
  if (pruefung.broken || !pruefung.bis) return { fehler: KEIN_ANKER_KETTE_VERAENDERT, pruefung };
  const { position, ereignisse, koepfe } = pruefung.bis;
  const anker = signiereAnker(
    { position: formatPosition(position ?? { commit: 0, prepare: 0 }), zeitpunkt: optionen.jetzt ?? new Date(), ereignisse, koepfe },
    schluessel,
  );
  const { koepfe: _koepfe, ...zusammenfassung } = anker;
  const { position: aufgezeichnet } = await log.store.appendToStream(
    ANKER_STREAM,
    [
      {
        id: crypto.randomUUID(),
        type: 'AnkerErstellt',
        data: { ...zusammenfassung, anlass: optionen.anlass } satisfies AnkerErstelltDaten,
        metadata: { actorId: optionen.actorId ?? null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: anker.zeitpunkt },
      },
    ],
    'any',
  );
  return { anker, pruefung, position: aufgezeichnet };
}

export type AnkerPruefung = {
  /** The file by itself: signature, key, heads against root (German reasons). */
  datei: string[];
  /** The log against the anchor: every stream whose head at the anchor's position differs. */
  log: string[];
  /** The plain hash-chain check, done on the same walk. */
  kette: VerifyResult;
};

/** Checks the log against an anchor; `erwarteterSchluessel` is the public key the auditor keeps (base64), if any. */
export async function pruefeGegenAnker(
  log: Log,
  anker: Anker,
  erwarteterSchluessel?: string,
  onProgress?: Fortschritt,
): Promise<AnkerPruefung> {
  const datei = pruefeAnkerSelbst(anker, erwarteterSchluessel);
  const position = parsePosition(anker.position);
  if (!position)
    return {
      datei: [...datei, `Die Position ${anker.position} ist keine Log-Position.`],
      log: [],
      kette: await pruefeLog(log, null, onProgress),
    };
  const kette = await pruefeLog(log, position, onProgress);
  const bis = kette.bis ?? { position, ereignisse: 0, koepfe: [] };
  return { datei, log: vergleicheMitAnker(anker, bis.koepfe, bis.ereignisse), kette };
}
