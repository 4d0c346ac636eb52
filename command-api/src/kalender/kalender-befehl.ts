import { aktuelleWoche } from '@waldkita/domain/kalender/iso-woche';
import {
  KALENDER_STREAM,
  type KalenderCommand,
  type KalenderEvent,
  kalenderDecider,
  neuGeschlosseneWochen,
} from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import { type DienstplanEvent, dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import type { CommandDeps } from '../deps.js';

/**
 * Runs a command of the calendar. When it closes weeks (closing weeks, holiday weeks), every
 * group's duties in those weeks from the current week on are freed (`GebeGeschlosseneWochenFrei`)
 * in the same append as the calendar's events — one transaction on Postgres — so the calendar and
 * the water-duty plans never disagree. The families concerned hear of it by mail (the mail reactor
 * on `WasserdienstFreigegeben` with a `schliessung`).
 */
export async function kalenderBefehl(deps: CommandDeps, command: KalenderCommand, context: CommandContext) {
  const kalender = await deps.store.readStream(KALENDER_STREAM);
  // Decided once beforehand only to learn which weeks close; a refusal is the answer right away.
  const wochen = neuGeschlosseneWochen(kalenderDecider.decide(command, fold(kalenderDecider, kalender.events as never)));
  const gruppen =
    wochen.length === 0
      ? []
      : (await deps.pool.query<{ gruppe_id: string }>('SELECT gruppe_id::text FROM gruppen_namen ORDER BY gruppe_id')).rows;
  const heute = aktuelleWoche(context.now ?? deps.now());
  const { position, results } = await handleCommands(
    deps.store,
    [
      streamCommand(KALENDER_STREAM, kalenderDecider, command),
      ...gruppen.map(({ gruppe_id: gruppeId }) =>
        streamCommand(dienstplanStream(gruppeId), dienstplanDecider, {
          type: 'GebeGeschlosseneWochenFrei',
          data: { gruppeId, wochen, heute },
        }),
      ),
    ],
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
