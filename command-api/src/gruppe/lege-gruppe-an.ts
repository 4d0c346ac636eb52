import { randomUUID } from 'node:crypto';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { CommandDeps } from '../deps.js';

export async function legeGruppeAn(deps: Pick<CommandDeps, 'store'>, name: string, context: CommandContext) {
  const gruppeId = randomUUID();
  const { position } = await handleCommand(
    deps.store,
    gruppeStream(gruppeId),
    gruppeDecider,
    { type: 'LegeGruppeAn', data: { gruppeId, name } },
    context,
  );
  return { gruppeId, position };
}
