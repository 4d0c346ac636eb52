import { randomUUID } from 'node:crypto';
import { gruppeDecider, gruppeStream, pruefeGruppenname } from '@waldkita/domain/gruppe/gruppe';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { CommandDeps } from '../deps.js';
import { beanspruecheGruppennamen } from '../eltern/zugaenge.js';

/**
 * Creates a group. Its name (unique without case) is claimed in `gruppen_namen` with the
 * `GruppeAngelegt` event, in one transaction on the Postgres store: a name taken by another group
 * refuses the append with 409, and a crash leaves neither the name nor the group.
 */
export async function legeGruppeAn(deps: Pick<CommandDeps, 'store' | 'pool'>, name: string, context: CommandContext) {
  const gruppeId = randomUUID();
  const trimmed = pruefeGruppenname(name);
  const { position } = await handleCommand(
    deps.store,
    gruppeStream(gruppeId),
    gruppeDecider,
    { type: 'LegeGruppeAn', data: { gruppeId, name: trimmed } },
    context,
    { side: { claim: (db) => beanspruecheGruppennamen(db, [{ gruppeId, name: trimmed }]) } },
  );
  return { gruppeId, position };
}
