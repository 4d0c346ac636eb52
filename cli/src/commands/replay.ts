import type { Config } from '@waldkita/platform/config';
import { replayReadModels } from '@waldkita/projector/runtime/replay';
import cliProgress from 'cli-progress';
import { openRuntime } from '../runtime.js';

/** `replay`: rebuilds every read model from position 0 beside the live ones, then swaps them in. */
export async function replay(config: Config): Promise<number> {
  const runtime = await openRuntime(config, { redis: false });
  const bar = new cliProgress.SingleBar(
    {
      format: 'replay |{bar}| {value}/{total} events | {rate} events/s | ETA {eta_formatted}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 2000,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    let started = false;
    const result = await replayReadModels(runtime.store, runtime.pool, {
      onProgress: ({ applied, total, eventsPerSecond }) => {
        if (!started) {
          bar.start(total ?? applied, 0, { rate: 0 });
          started = true;
        }
        if (total === null) bar.setTotal(applied);
        bar.update(applied, { rate: Math.round(eventsPerSecond) });
      },
    });
    if (started) bar.stop();
    console.log(
      `Replayed ${result.applied} events in ${result.seconds.toFixed(2)} s (${Math.round(result.eventsPerSecond)} events/s); read models swapped in.`,
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
