import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream, normalisiereEmail, pruefeElternAngaben, type Rolle } from '@waldkita/domain/eltern/eltern';
import { hashPassword } from '@waldkita/platform/auth/passwords';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { planePasswortLinks, schreibePasswortLinks } from '../auth/passwort-links.js';
import type { CommandDeps } from '../deps.js';
import { beanspruecheZugaenge, EmailVergebenError } from './zugaenge.js';

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
 * Registers a family account. The e-mail is unique through the credentials table; its row (and
 * the welcome link's) is written with `ElternRegistriert` in one transaction on the Postgres
 * store, so a crash leaves either the whole account or nothing. On EventStoreDB the row is a
 * reservation first; one whose family never got registered is taken over by the next attempt.
 */
export async function registriereEltern(
  deps: Pick<CommandDeps, 'store' | 'pool' | 'tokens'>,
  neu: NeueEltern,
  context: CommandContext,
): Promise<RegistrierungsErgebnis> {
  pruefeElternAngaben(neu);
  const email = normalisiereEmail(neu.email);
  const { rows } = await deps.pool.query<{ eltern_id: string }>('SELECT eltern_id::text FROM credentials WHERE email = $1', [email]);
  const reserviert = rows[0]?.eltern_id;
  if (reserviert && (await deps.store.readStream(elternStream(reserviert))).revision !== null)
    return { status: 'existiert', elternId: reserviert };
  const elternId = reserviert ?? randomUUID();
  const passwordHash = neu.passwort ? await hashPassword(neu.passwort) : null;
  const links = passwordHash ? new Map() : planePasswortLinks([elternId], 'willkommen', context.now ?? new Date());
  const link = links.get(elternId);
  try {
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
      {
        side: {
          claim: async (db) => {
            await beanspruecheZugaenge(db, [{ elternId, email, passwordHash }]);
            await schreibePasswortLinks(db, deps.tokens, links);
          },
        },
      },
    );
    return { status: 'angelegt', elternId, position };
  } catch (error) {
    // Registered at the same moment by another request.
    if (error instanceof EmailVergebenError) return { status: 'existiert', elternId: error.elternId };
    throw error;
  }
}
