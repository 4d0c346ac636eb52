import { randomUUID } from 'node:crypto';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { CommandDeps } from '../deps.js';

/** Assigns weeks of a group's plan to families (used by the demo seed now, by the rota planner later). */
export async function weiseWasserdiensteZu(
  deps: Pick<CommandDeps, 'store'>,
  gruppeId: string,
  zuweisungen: (IsoWoche & { elternId: string })[],
  context: CommandContext,
) {
  const mitIds = zuweisungen.map((z) => ({ ...z, wasserdienstId: randomUUID() }));
  const { position } = await handleCommand(
    deps.store,
    dienstplanStream(gruppeId),
    dienstplanDecider,
    { type: 'WeiseWasserdiensteZu', data: { gruppeId, zuweisungen: mitIds } },
    context,
  );
  return { position, zuweisungen: mitIds };
}
