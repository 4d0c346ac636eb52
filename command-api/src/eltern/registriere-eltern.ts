import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream, normalisiereEmail, type Rolle } from '@waldkita/domain/eltern/eltern';
import { hashPassword } from '@waldkita/platform/auth/passwords';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { neuerPasswortLink } from '../auth/passwort-links.js';
import type { CommandDeps } from '../deps.js';

export type NeueEltern = {
  nachname: string;
  nameKind: string | null;
  email: string;
  gruppeId: string | null;
  rollen: Rolle[];
  /** Set by an operator (CLI); families created by admins or the import get a welcome link by mail instead. */
  passwort?: string;
};

export type RegistrierungsErgebnis =
  | { status: 'angelegt'; elternId: string; position: Position | null }
  | { status: 'existiert'; elternId: string };

/**
 * Registers a family account. The e-mail is unique through the credentials table, claimed before
 * the events are appended; a claim whose append never happened (a crash in between) is completed
 * by the next attempt instead of blocking the address for good.
 */
export async function registriereEltern(
  deps: Pick<CommandDeps, 'store' | 'pool' | 'tokens'>,
  neu: NeueEltern,
  context: CommandContext,
): Promise<RegistrierungsErgebnis> {
  const email = normalisiereEmail(neu.email);
  const passwordHash = neu.passwort ? await hashPassword(neu.passwort) : null;
  const claimed = await deps.pool.query<{ eltern_id: string }>(
    `INSERT INTO credentials (eltern_id, email, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING eltern_id`,
    [randomUUID(), email, passwordHash],
  );
  let elternId = claimed.rows[0]?.eltern_id;
  if (!elternId) {
    const existing = await deps.pool.query<{ eltern_id: string }>('SELECT eltern_id FROM credentials WHERE email = $1', [email]);
    elternId = existing.rows[0]!.eltern_id;
    if ((await deps.store.readStream(elternStream(elternId))).revision !== null) return { status: 'existiert', elternId };
    if (passwordHash) await deps.pool.query('UPDATE credentials SET password_hash = $2 WHERE eltern_id = $1', [elternId, passwordHash]);
  }
  try {
    const link = passwordHash ? null : await neuerPasswortLink(deps, elternId, 'willkommen', context.now ?? new Date());
    const { position } = await handleCommand(
      deps.store,
      elternStream(elternId),
      elternDecider,
      {
        type: 'RegistriereEltern',
        data: {
          elternId,
          nachname: neu.nachname,
          nameKind: neu.nameKind,
          email,
          gruppeId: neu.gruppeId,
          rollen: neu.rollen,
          mitPasswort: passwordHash !== null,
          ...(link ? { willkommensLink: { linkId: link.linkId, gueltigBis: link.gueltigBis } } : {}),
        },
      },
      context,
    );
    return { status: 'angelegt', elternId, position };
  } catch (error) {
    if (claimed.rows[0]) await deps.pool.query('DELETE FROM credentials WHERE eltern_id = $1', [elternId]);
    throw error;
  }
}
