import { randomUUID } from 'node:crypto';
import { GRUPPENNAME_FEHLT, gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import { HttpError } from '@waldkita/platform/http/errors';
import type { CommandDeps } from '../deps.js';

export const GRUPPE_EXISTIERT = (name: string) => `Eine Gruppe mit dem Namen "${name}" gibt es bereits.`;

/**
 * Creates a group. Its name is claimed in `gruppen_namen` first (unique without case); the claim is
 * released when the append fails, so a name is never blocked by a group that does not exist.
 */
export async function legeGruppeAn(deps: Pick<CommandDeps, 'store' | 'pool'>, name: string, context: CommandContext) {
  const gruppeId = randomUUID();
  const trimmed = name.trim();
  if (trimmed === '') throw new HttpError(400, GRUPPENNAME_FEHLT);
  const claimed = await deps.pool.query('INSERT INTO gruppen_namen (name_key, gruppe_id) VALUES (lower($1), $2) ON CONFLICT DO NOTHING', [
    trimmed,
    gruppeId,
  ]);
  if (claimed.rowCount === 0) throw new HttpError(409, GRUPPE_EXISTIERT(trimmed));
  try {
    const { position } = await handleCommand(
      deps.store,
      gruppeStream(gruppeId),
      gruppeDecider,
      { type: 'LegeGruppeAn', data: { gruppeId, name: trimmed } },
      context,
    );
    return { gruppeId, position };
  } catch (error) {
    await deps.pool.query('DELETE FROM gruppen_namen WHERE gruppe_id = $1', [gruppeId]);
    throw error;
  }
}

/** Frees a removed group's name for a new group. */
export const gibGruppennamenFrei = (deps: Pick<CommandDeps, 'pool'>, gruppeId: string) =>
  deps.pool.query('DELETE FROM gruppen_namen WHERE gruppe_id::text = $1', [gruppeId]);
