import { elternDecider, elternStream, type LoeschGrund } from '@waldkita/domain/eltern/eltern';
import { PSEUDONYME_STREAM, type PseudonymState, pseudonym, pseudonymDecider } from '@waldkita/domain/eltern/pseudonyme';
import { fold } from '@waldkita/domain/shared/decider';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { handleCommands, streamCommand } from '../command-handler.js';
import type { EventStore, Position } from '../event-store/event-store.js';
import { READ_MODEL_SCHEMA } from '../read-models.js';
import { entferneAusMailOrdner } from './mail-ordner.js';
import { PERSONENDATEN_FELDER } from './personendaten.js';
import { entferneRedisSpuren } from './redis-spuren.js';
import { vernichteSchluessel } from './schluessel-tresor.js';

export type LoeschDeps = {
  store: EventStore;
  pool: pg.Pool;
  redis: Redis | null;
  queuePrefix: string;
  now: () => Date;
  /** The mail folder (MAIL_DIR) when mails are written there (no SMTP_URL): the family's mails in it are removed too. */
  mailOrdner?: string | null;
};

/** The mail folder an erasure must clean: MAIL_DIR, unless mails go out through SMTP. */
export const mailOrdnerVon = (config: { SMTP_URL?: string | undefined; MAIL_DIR: string }) => (config.SMTP_URL ? null : config.MAIL_DIR);

/**
 * Erases a removed family's personal data (Art. 17 DSGVO, docs/datenschutz.md), for the admin's
 * 'Personendaten löschen' and the retention job alike. `PersonendatenGeloescht` is appended
 * together with the deletion of the family's key, login and password links (one transaction on
 * Postgres), and with the family's pseudonym from the register (domain/eltern/pseudonyme.ts): from
 * then on its sealed fields in the log read as 'Gelöschte Familie 2' (its number), and the read
 * models follow (projector/src/datenschutz). What the queues in Redis hold of the family is removed
 * before and after, and afterwards the mails of the mail folder that went to it or name it.
 * Erasing again changes nothing. Throws the decider's DomainError for an unknown
 * family or one still in the kindergarten.
 */
export async function loeschePersonendaten(
  deps: LoeschDeps,
  elternId: string,
  grund: LoeschGrund,
  actorId: string | null,
): Promise<{ geloescht: boolean; position: Position | null; pseudonym: string | null }> {
  const stream = elternStream(elternId);
  const { events } = await deps.store.readStream(stream);
  const state = fold(elternDecider, events as never);
  const texte = state.status === 'entfernt' ? await spurenVon(deps.pool, elternId, events) : [];
  // the name other families' queued mails get: the number the register would give now
  const erwartet = pseudonymVon(fold(pseudonymDecider, (await deps.store.readStream(PSEUDONYME_STREAM)).events as never), elternId);
  if (deps.redis && texte.length > 0) await entferneRedisSpuren(deps.redis, deps.queuePrefix, elternId, texte, erwartet);
  const {
    position,
    results: [familie, register],
  } = await handleCommands(
    deps.store,
    [
      streamCommand(stream, elternDecider, { type: 'LoeschePersonendaten', data: { elternId, grund } }),
      streamCommand(PSEUDONYME_STREAM, pseudonymDecider, { type: 'VergibPseudonym', data: { elternId } }),
    ],
    { actorId, now: deps.now() },
    {
      side: {
        release: async (db) => {
          await vernichteSchluessel(db, elternId);
          await db.query('DELETE FROM passwort_links WHERE eltern_id = $1', [elternId]);
          await db.query('DELETE FROM credentials WHERE eltern_id = $1', [elternId]);
        },
      },
    },
  );
  const name = pseudonymVon(register!.state as PseudonymState, elternId);
  // another erasure at the same moment took the number guessed above: its jobs get the right one now
  const nachher = name === erwartet ? texte : [...texte, erwartet];
  if (deps.redis && texte.length > 0) await entferneRedisSpuren(deps.redis, deps.queuePrefix, elternId, nachher, name);
  if (deps.mailOrdner) await entferneAusMailOrdner(deps.mailOrdner, elternId, texte);
  return { geloescht: familie!.events.length > 0, position, pseudonym: state.status === 'unbekannt' ? null : name };
}

/** The family's pseudonym in the register, or the one the register would give it next. */
const pseudonymVon = (register: PseudonymState, elternId: string) => pseudonym(register.nummern[elternId] ?? register.anzahl + 1);

/** Everything the family wrote or was called, as plain text: its names, child's names, e-mail, reasons and messages. */
async function spurenVon(pool: pg.Pool, elternId: string, events: readonly { type: string; data: unknown }[]) {
  const texte = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    for (const feld of PERSONENDATEN_FELDER[event.type] ?? []) if (typeof data[feld] === 'string') texte.add(data[feld] as string);
  }
  const { rows } = await pool.query<{ nachricht: string }>(
    `SELECT nachricht FROM ${READ_MODEL_SCHEMA}.tausch WHERE request_eltern_id = $1 AND nachricht IS NOT NULL`,
    [elternId],
  );
  for (const row of rows) texte.add(row.nachricht);
  return [...texte];
}
