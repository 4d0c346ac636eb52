import type pg from 'pg';
import { parsePosition } from '../event-store/event-store.js';
import { eventHash, GENESIS_HASH } from '../event-store/hash-chain.js';
import { type Anker, pruefeAnkerSelbst } from './anker.js';

/**
 * Evidence files (docs/audit.md, "Evidence files"): a selection of the log's events as JSON Lines,
 * raw as stored (personal fields sealed, as in the database) with their hashes, plus the anchor that
 * covers them, so anyone can check them with tools/beweis-pruefen.mjs — without this code base.
 *
 * Line 1 `{art: 'anker', format, erstellt, auswahl, ereignisse, anker}`; then, per stream that holds
 * a selected event, every revision from 0 up to the stream's head at the anchor's position: an
 * `ereignis` line (the event in full) for a selected event, a `glied` line (revision and hashes)
 * for the others, which link the selection to the signed head.
 */

const BEWEIS_FORMAT = 'waldkita-beweis/1';

export type Auswahl = {
  /** Whole streams. */
  streams?: readonly string[];
  /** Every event whose data names this id (a family, a group …), and its stream `eltern-{id}`. */
  id?: string;
  /** Event types. */
  typen?: readonly string[];
  /** Exactly these events (a case report's). */
  ereignisse?: readonly string[];
};

type Zeile = {
  stream_name: string;
  stream_revision: string | number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  transaction_id: string;
  global_position: string | number;
};

const gewaehlt = (auswahl: Auswahl, z: Zeile) =>
  (auswahl.streams?.includes(z.stream_name) ?? false) ||
  (auswahl.typen?.includes(z.event_type) ?? false) ||
  (auswahl.ereignisse?.includes(z.event_id) ?? false) ||
  (auswahl.id !== undefined && (z.stream_name === `eltern-${auswahl.id}` || JSON.stringify(z.data).includes(auswahl.id)));

/**
 * Writes the evidence file for a selection, up to the anchor's position (Postgres log). The anchor
 * must hold by itself; the heads come from it, so a log changed since then yields a file the
 * checker refuses. Answers the lines (a selection is small: a family, a week, a swap).
 */
export async function beweisDatei(pool: pg.Pool, anker: Anker, auswahl: Auswahl, jetzt = new Date()): Promise<string> {
  const position = parsePosition(anker.position);
  const fehler = pruefeAnkerSelbst(anker);
  if (!position || fehler.length > 0) throw new Error(fehler[0] ?? 'Die Position des Ankers ist keine Log-Position.');
  const bis = `(transaction_id < $1::text::xid8 OR (transaction_id = $1::text::xid8 AND global_position <= $2))`;
  const werte = [String(position.commit), position.prepare];
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const streams = await client.query<{ stream_name: string }>(
      `SELECT DISTINCT stream_name FROM events WHERE ${bis}
         AND (stream_name = ANY($3) OR event_type = ANY($4) OR event_id = ANY($6::uuid[])
              OR ($5::text IS NOT NULL AND (stream_name = 'eltern-' || $5 OR strpos(data::text, $5) > 0)))
       ORDER BY stream_name`,
      [...werte, auswahl.streams ?? [], auswahl.typen ?? [], auswahl.id ?? null, auswahl.ereignisse ?? []],
    );
    const zeilen: string[] = [];
    let ereignisse = 0;
    for (const { stream_name } of streams.rows) {
      const { rows } = await client.query<Zeile>(
        `SELECT stream_name, stream_revision, event_id, event_type, data, metadata, transaction_id::text, global_position
         FROM events WHERE stream_name = $3 AND ${bis} ORDER BY stream_revision`,
        [...werte, stream_name],
      );
      let vorher = GENESIS_HASH;
      for (const z of rows) {
        const revision = Number(z.stream_revision);
        const metadata = z.metadata ?? {};
        // An event from before the hash chain has none of its own: the one verify computes for it.
        const hash =
          typeof metadata.hash === 'string'
            ? metadata.hash
            : eventHash(vorher, { streamName: z.stream_name, revision, id: z.event_id, type: z.event_type, data: z.data, metadata });
        vorher = hash;
        if (gewaehlt(auswahl, z)) {
          ereignisse++;
          zeilen.push(
            JSON.stringify({
              art: 'ereignis',
              streamName: z.stream_name,
              revision,
              id: z.event_id,
              type: z.event_type,
              data: z.data,
              metadata,
              position: `${z.transaction_id}/${z.global_position}`,
            }),
          );
        } else
          zeilen.push(JSON.stringify({ art: 'glied', streamName: z.stream_name, revision, hash, vorherigerHash: metadata.vorherigerHash }));
      }
    }
    await client.query('COMMIT');
    const kopf = { art: 'anker', format: BEWEIS_FORMAT, erstellt: jetzt.toISOString(), auswahl, ereignisse, anker };
    return `${[JSON.stringify(kopf), ...zeilen].join('\n')}\n`;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
