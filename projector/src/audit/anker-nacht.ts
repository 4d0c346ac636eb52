import { ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker } from '@waldkita/platform/audit/anker-log';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { zeitplanJob } from '../runtime/zeitplan.js';

/** The nightly anchor of the log (docs/audit.md, "Anchors"), signed when the server has a key. */
export const ANKER_QUEUE = 'anker';
export const ANKER_SCHEDULER = 'anker-nacht';
/** Every night at 02:30 in Europe/Berlin, before the retention job (03:00) may erase anything. */
export const ANKER_ZEITPLAN = { pattern: '30 2 * * *', tz: ZEITZONE };

const ANKER = zeitplanJob({
  queue: ANKER_QUEUE,
  scheduler: ANKER_SCHEDULER,
  zeitplan: ANKER_ZEITPLAN,
  jobName: 'anker',
  was: 'nightly anchor',
});
export const openAnkerQueue = ANKER.open;
export const planeAnker = ANKER.plane;

export type AnkerNachtDeps = {
  store: EventStore;
  pool: pg.Pool;
  /** The private key's PEM (config AUDIT_ANKER_SCHLUESSEL, best from its *_FILE); unset: no anchors. */
  schluessel: string | undefined;
  /** Called with each new anchor, to send it to the admins and auditors. */
  versende?: (anker: Awaited<ReturnType<typeof erstelleAnker>> & { anker: unknown }) => Promise<void>;
};

export type AnkerNachtErgebnis = { signiert: boolean; grund?: string; position?: string; wurzel?: string };

/** Signs the night's anchor; without a key or with a broken chain, says why and signs nothing. */
export async function ankerDerNacht(deps: AnkerNachtDeps, bezug: Date): Promise<AnkerNachtErgebnis> {
  if (!deps.schluessel) return { signiert: false, grund: 'no AUDIT_ANKER_SCHLUESSEL_FILE configured' };
  const ergebnis = await erstelleAnker(deps, privaterSchluessel(deps.schluessel), { anlass: 'nacht', jetzt: bezug });
  if ('fehler' in ergebnis) return { signiert: false, grund: 'the hash chain is broken (audit verify names where)' };
  await deps.versende?.(ergebnis);
  return { signiert: true, position: ergebnis.anker.position, wurzel: ergebnis.anker.wurzel };
}

export const startAnkerWorker = (deps: AnkerNachtDeps & { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning }) =>
  ANKER.starte(
    deps,
    (bezug) => ankerDerNacht(deps, bezug),
    (e) =>
      e.signiert
        ? `anchor: signed the log up to ${e.position}, root ${e.wurzel?.slice(0, 16)}…`
        : `anchor: none signed tonight, ${e.grund}`,
  );
