import { KALENDER_STREAM, type KalenderCommand, type KalenderEvent, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import { anpassungsBefehle } from '@waldkita/platform/dienste/plane-dienstart';
import type { CommandDeps } from '../deps.js';

/**
 * Runs a command of the calendar. When it closes weeks or days (closing weeks and days, holidays),
 * every duty plan is adapted in the same append as the calendar's events — one transaction on
 * Postgres — so the calendar and the plans never disagree: the dates on the closing are freed,
 * the plans are evened out again (each family within one date of its due, per kind), and one
 * DienstplaeneAngepasst tells per family what changed, for one mail each
 * (platform/src/dienste/plane-dienstart.ts, anpassungsBefehle).
 */
export async function kalenderBefehl(deps: CommandDeps, command: KalenderCommand, context: CommandContext) {
  const kalender = await deps.store.readStream(KALENDER_STREAM);
  const vorher = fold(kalenderDecider, kalender.events as never);
  // Decided once beforehand only to learn what closes; a refusal is the answer right away.
  const neu = kalenderDecider.decide(command, vorher);
  const nachher = neu.reduce(kalenderDecider.evolve, vorher);
  const anpassung = await anpassungsBefehle(deps, vorher, nachher, neu, { ...context, now: context.now ?? deps.now() });
  const { position, results } = await handleCommands(
    deps.store,
    [streamCommand(KALENDER_STREAM, kalenderDecider, command), ...anpassung],
    context,
    { read: new Map([[KALENDER_STREAM, kalender]]) },
  );
  const [eigene, ...plaene] = results;
  return {
    position,
    events: eigene!.events as KalenderEvent[],
    freigegeben: plaene.flatMap((r) => (r.events as DienstplanEvent[]).filter((e) => e.type === 'WasserdienstFreigegeben')),
  };
}
