import { parseArgs } from 'node:util';
import type { Config } from '@waldkita/platform/config';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { checkReadModels, replayReadModels } from '@waldkita/projector/app';
import { ReplayVerificationError } from '@waldkita/projector/runtime/replay';
import { type ReplayPhase, type ReplayProgress, ReplayReadError, ReplayRunningError } from '@waldkita/projector/runtime/replay-fold';
import type { TableChecksum } from '@waldkita/projector/runtime/table-checksums';
import cliProgress from 'cli-progress';
import { openRuntime } from '../runtime.js';
import { REPLAY_OPTIONS, REPLAY_USAGE } from './usage.js';

/** Where the command writes: stdout for its answer, stderr for progress and errors. */
type Output = { write: (text: string) => unknown; isTTY?: boolean };
export type ReplayIo = { out: Output; err: Output };

/** Seconds without a line on a non-terminal stderr (CI logs): one progress line at most this often. */
const LINE_EVERY_MS = 3000;

const PHASE_TEXT: Record<Exclude<ReplayPhase, 'fold'>, string> = {
  verify: 'Verifying: every event read once, row count and checksum of each table…',
  swap: 'Both folds agree; taking the tail of the log and swapping rm_next in for rm…',
};

const seconds = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);

/**
 * Progress on stderr: a bar with events/s and the remaining time on a terminal; on anything else
 * (CI, a log file) a plain line every few seconds instead.
 */
function progressReporter(err: Output, label: string) {
  let bar: cliProgress.SingleBar | null = null;
  let lastLine = 0;
  let phase: ReplayPhase = 'fold';
  let last: ReplayProgress | null = null;
  const line = ({ applied, total, eventsPerSecond }: ReplayProgress) => {
    const rate = Math.round(eventsPerSecond);
    const share = total ? ` (${Math.floor((applied / total) * 100)}%)` : '';
    const eta = total && rate > 0 ? `, ETA ${seconds((total - applied) / rate)}` : '';
    err.write(`${label}: ${applied}${total ? `/${total}` : ''} events${share}, ${rate} events/s${eta}\n`);
  };
  const update = (progress: ReplayProgress) => {
    const { phase: next, applied, total, eventsPerSecond } = progress;
    if (next !== phase) {
      bar?.stop();
      bar = null;
      if (!err.isTTY && last) line(last); // where the fold ended
      phase = next;
      err.write(`${PHASE_TEXT[next as Exclude<ReplayPhase, 'fold'>]}\n`);
      return;
    }
    if (phase !== 'fold') return; // the tail under the lock is short: no bar for it
    last = progress;
    const rate = Math.round(eventsPerSecond);
    if (err.isTTY) {
      if (!bar) {
        bar = new cliProgress.SingleBar(
          {
            stream: err as NodeJS.WritableStream,
            format: `${label} |{bar}| {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}`,
            hideCursor: true,
            etaBuffer: 20,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total ?? applied, 0, { rate });
      }
      if (total === null || total < applied) bar.setTotal(applied);
      bar.update(applied, { rate });
      return;
    }
    const now = performance.now();
    if (now - lastLine < LINE_EVERY_MS) return;
    lastLine = now;
    last = null;
    line(progress);
  };
  return {
    update,
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

const sum = (s: TableChecksum | null) => (s ? `${s.rows} rows, checksum ${s.checksum}` : 'missing');

/**
 * `replay`: rebuilds every read model from the log beside the live ones, verifies them against a
 * second fold and swaps them in. `replay --check`: only compares the live read models with a
 * fresh fold and names the tables that differ (exit code 1), changing nothing.
 */
export async function replay(
  config: Config,
  argv: string[] = [],
  io: ReplayIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  let check: boolean;
  try {
    check = parseArgs({ args: argv, options: REPLAY_OPTIONS }).values.check;
  } catch (error) {
    io.err.write(`${(error as Error).message}\n${REPLAY_USAGE}\n`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  const progress = progressReporter(io.err, check ? 'check' : 'replay');
  try {
    if (check) {
      const result = await checkReadModels(runtime.store, runtime.pool, { onProgress: progress.update });
      progress.stop();
      const at = result.position ? formatPosition(result.position) : 'the start';
      if (result.differences.length === 0) {
        io.out.write(`The live read models match a fresh fold of ${result.applied} events at ${at} (${result.tables.length} tables).\n`);
        return 0;
      }
      io.out.write(
        `The live read models differ from a fresh fold of ${result.applied} events at ${at} in ${result.differences.length} of ${result.tables.length} tables:\n`,
      );
      for (const d of result.differences) io.out.write(`  rm.${d.table}: live ${sum(d.live)} | rebuilt ${sum(d.rebuilt)}\n`);
      io.out.write('`npm run replay` rebuilds them.\n');
      return 1;
    }
    const result = await replayReadModels(runtime.store, runtime.pool, { onProgress: progress.update });
    progress.stop();
    io.out.write(
      `Replayed ${result.applied} events in ${result.seconds.toFixed(2)} s (${Math.round(result.eventsPerSecond)} events/s). ` +
        `Both folds agree on all ${result.tables.length} tables; read models swapped in at ${result.position ? formatPosition(result.position) : 'the start'} ` +
        `(live projector paused ${result.lockedSeconds.toFixed(2)} s).\n`,
    );
    const width = Math.max(...result.tables.map((t) => t.table.length));
    for (const t of result.tables) io.out.write(`  ${t.table.padEnd(width)}  ${String(t.rows).padStart(9)} rows  checksum ${t.checksum}\n`);
    return 0;
  } catch (error) {
    progress.stop();
    if (error instanceof ReplayVerificationError) {
      io.err.write(`${error.message}\n`);
      for (const d of error.differences) io.err.write(`  ${d.table}: rebuilt ${sum(d.rebuilt)} | second fold ${sum(d.secondFold)}\n`);
      return 1;
    }
    if (error instanceof ReplayReadError || error instanceof ReplayRunningError) {
      io.err.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await runtime.close();
  }
}
