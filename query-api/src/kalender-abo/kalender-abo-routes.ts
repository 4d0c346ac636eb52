import { istSprache, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin, isoWocheVon, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { KalenderAboStatus } from '@waldkita/domain/kalender-abo/antworten';
import { comparePositions, type Position } from '@waldkita/platform/event-store/event-store';
import { enthaeltUngueltigeZeichen } from '@waldkita/platform/http/eingabe-zeichen';
import { FEED_TOKEN_FORM, feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { CHECKPOINT, READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { logHeadReader } from '@waldkita/platform/read-your-writes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import pg from 'pg';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { MAX_WAIT_MS } from '../read-your-writes.js';
import { type FeedEintrag, type FeedInhalt, feedEintraege, feedEtag, feedText } from './kalender-feed.js';

const rm = READ_MODEL_SCHEMA;

/** What an unknown, renewed or ended feed address (or no address at all) answers. */
const FEED_NICHT_GEFUNDEN = 'Dieses Kalender-Abo gibt es nicht (mehr). Bitte richten Sie es im Elternportal neu ein.';

/** How far back the feed reaches: entries that ended more than this many days ago are left out. */
const RUECKBLICK_TAGE = 365;

/** How many families' feeds are kept made, entries and ETag (a kindergarten has about 50 families). */
const GEMERKTE_FEEDS = 100;

/**
 * The family whose feed address has the digest `$1` (`FAMILIE`) with everything its feed shows,
 * for one statement (one round trip, one snapshot). `inhalt` is the `FeedInhalt` as JSON text:
 * each part an array of the rows `feedEintraege` reads, in its order (dates as 'YYYY-MM-DD' text,
 * integers as numbers). `$2`/`$3` is the ISO week of `$4`, the first day still shown. No family
 * (unknown, renewed or ended address; removed family): one row all the same, `eltern_id` NULL and
 * the parts empty.
 */
const FEED_TEILE = `f.eltern_id, f.sprache, json_build_object(
    'dienste', (SELECT COALESCE(json_agg(json_build_object('wasserdienst_id', w.wasserdienst_id, 'jahr', w.jahr,
        'kalenderwoche', w.kalenderwoche, 'gruppe_name', g.name) ORDER BY w.jahr, w.kalenderwoche, w.wasserdienst_id), '[]')
      FROM ${rm}.wasserdienst w LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id AND NOT g.entfernt
      WHERE w.eltern_id = f.eltern_id AND (w.jahr, w.kalenderwoche) >= ($2::integer, $3::integer)),
    'termine', (SELECT COALESCE(json_agg(json_build_object('dienst_id', d.dienst_id, 'dienstart', COALESCE(a.name, 'Dienst'),
        'von', to_char(d.von, 'YYYY-MM-DD'), 'bis', to_char(d.bis, 'YYYY-MM-DD'), 'gruppe_name', g.name) ORDER BY d.von, d.dienst_id), '[]')
      FROM ${rm}.dienst d LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = d.dienstart_id
      LEFT JOIN ${rm}.gruppe g ON d.bereich_id <> 'kita' AND g.gruppe_id::text = d.bereich_id
      WHERE d.eltern_id = f.eltern_id AND d.bis >= $4::date),
    -- the shifts of work days the family is signed up for (not on a waiting list; not cancelled, not removed)
    'schichten', (SELECT COALESCE(json_agg(json_build_object('schicht_id', s.schicht_id, 'titel', x.titel, 'datum', to_char(x.datum, 'YYYY-MM-DD'),
        'ort', x.ort, 'aufgabe', s.aufgabe, 'beginn', s.beginn, 'ende', s.ende) ORDER BY x.datum, s.beginn, s.schicht_id), '[]')
      FROM ${rm}.einsatz_anmeldung a
      JOIN ${rm}.einsatz_schicht s ON s.schicht_id = a.schicht_id AND NOT s.entfernt
      JOIN ${rm}.einsatz x ON x.einsatz_id = a.einsatz_id AND NOT x.abgesagt
      WHERE a.eltern_id = f.eltern_id::text AND a.status = 'eingetragen' AND x.datum >= $4::date),
    'schliesswochen', (SELECT COALESCE(json_agg(json_build_object('id', w.id, 'jahr', w.jahr, 'kalenderwoche', w.kalenderwoche,
        'beschreibung', w.beschreibung, 'ferienart', w.ferienart) ORDER BY w.jahr, w.kalenderwoche, w.id), '[]')
      FROM ${rm}.schliesswoche w
      WHERE f.eltern_id IS NOT NULL AND (w.jahr, w.kalenderwoche) >= ($2::integer, $3::integer)),
    'schliesstage', (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'datum', to_char(t.datum, 'YYYY-MM-DD'),
        'beschreibung', t.beschreibung) ORDER BY t.datum, t.id), '[]')
      FROM ${rm}.schliesstag t WHERE f.eltern_id IS NOT NULL AND t.datum >= $4::date),
    'events', (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'datum', to_char(t.datum, 'YYYY-MM-DD'),
        'beschreibung', t.beschreibung) ORDER BY t.datum, t.id), '[]')
      FROM ${rm}.kita_event t WHERE f.eltern_id IS NOT NULL AND t.datum >= $4::date)
  )::text AS inhalt`;

const FAMILIE = `WITH f AS (
    SELECT k.eltern_id, e.sprache FROM ${rm}.kalender_abo k
    JOIN ${rm}.eltern e ON e.eltern_id = k.eltern_id AND NOT e.entfernt
    WHERE k.token_digest = $1
    LIMIT 1
  )`;

/**
 * The feed on its own (a store whose log is not in Postgres). Named, so each connection parses
 * and plans it once rather than on every request (a replay's swap of `rm` plans it anew).
 */
const FEED = {
  name: 'waldkita_kalender_feed',
  text: `${FAMILIE}
  SELECT ${FEED_TEILE}
  FROM (SELECT 1) AS eins LEFT JOIN f ON true`,
};

/**
 * The feed, the head of the Postgres event log (read as `postgresHead` in
 * platform/src/read-your-writes.ts reads it) and the projector's checkpoint, in one snapshot.
 * When the checkpoint has reached the head, the read models in this snapshot hold every event the
 * log held: an address renewed or ended before the request came is already in them.
 */
const FEED_MIT_STAND = {
  name: 'waldkita_kalender_feed_stand',
  text: `${FAMILIE}
  SELECT ${FEED_TEILE}, kopf.kopf_commit, kopf.kopf_prepare, stand.commit_pos AS stand_commit, stand.prepare_pos AS stand_prepare
  FROM (SELECT 1) AS eins LEFT JOIN f ON true
  LEFT JOIN (SELECT transaction_id::text AS kopf_commit, global_position AS kopf_prepare FROM events
    ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS kopf ON true
  LEFT JOIN projector_checkpoints stand ON stand.name = ${pg.escapeLiteral(CHECKPOINT)}`,
};

type FeedZeile = {
  eltern_id: string | null;
  sprache: string | null;
  /** The `FeedInhalt` as JSON text. */
  inhalt: string;
  /** `FEED_MIT_STAND` only: the log's head (NULL for an empty log) and the projector's checkpoint (NULL before its first batch). */
  kopf_commit?: string | null;
  kopf_prepare?: number | string | null;
  stand_commit?: number | string | null;
  stand_prepare?: number | string | null;
};

const position = (commit: number | string | null | undefined, prepare: number | string | null | undefined): Position | null =>
  commit === null || commit === undefined ? null : { commit: Number(commit), prepare: Number(prepare) };

/** `If-None-Match` names the feed's ETag, by weak comparison (RFC 9110 §13.1.2), or is `*`. */
const passtZu = (ifNoneMatch: string | undefined, etag: string) => {
  const ohneW = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || ohneW(tag) === ohneW(etag)) ?? false;
};

const nichtGefunden = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').send({ message: FEED_NICHT_GEFUNDEN });

/**
 * `GET /api/kalender/abo`: whether the signed-in family has a feed (its address is not shown
 * again: only its digest is kept). `GET /api/kalender/{token}.ics`: the feed itself, without
 * sign-in — the token is the key (docs/kalender-abo.md).
 */
export function kalenderAboRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  const kopfLesen = logHeadReader(deps.store, deps.pool);
  /**
   * The last entries and ETag of each family's feed, by the digest of its address, with the rows
   * they were made from: a feed whose rows are the same as last time (a calendar polling an
   * unchanged plan) skips making them again. The rows are read every time, so a revoked address
   * is a 404 at once.
   */
  const gemerkt = new Map<string, { inhalt: string; sprache: Sprache; eintraege: FeedEintrag[]; etag: string }>();
  app.get(
    '/api/kalender/abo',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) => {
      const { rows } = await deps.pool.query<{ erneuert_am: Date }>(`SELECT erneuert_am FROM ${rm}.kalender_abo WHERE eltern_id = $1`, [
        wer.elternId,
      ]);
      const abo = rows[0];
      return { aktiv: abo !== undefined, erneuertAm: abo ? abo.erneuert_am.toISOString() : null } satisfies KalenderAboStatus;
    }),
  );

  type Datei = { Params: { datei: string } };
  app.get<Datei>(
    '/api/kalender/:datei',
    {
      // Before anything else looks at the path: a name that cannot be a feed is a 404 like any
      // unknown feed. A NUL character or a lone surrogate is left to the check every route has
      // (400 'ungültige Zeichen'), as everywhere else.
      onRequest: async (request, reply) => {
        const datei = request.params.datei;
        if (enthaeltUngueltigeZeichen([request.params, request.query])) return;
        if (!datei.endsWith('.ics') || !FEED_TOKEN_FORM.test(datei.slice(0, -4))) return nichtGefunden(reply);
      },
    },
    async (request, reply) => {
      // A calendar app sends no X-Min-Position: the feed is answered from read models that hold
      // everything in the log when the request came (waiting, bounded, as read-your-writes does),
      // so an address works the moment its renewal answers and a revoked one stops at once.
      const digest = feedDigest(request.params.datei.slice(0, -4));
      const ab = plusTage(heuteInBerlin(deps.now()), -RUECKBLICK_TAGE);
      // The week that contains the first day still shown, so a week that ends after it stays in.
      const abWoche = isoWocheVon(ab);
      const parameter = [digest, abWoche.jahr, abWoche.kalenderwoche, ab];
      const lies = async ({ name, text }: { name: string; text: string }) =>
        (await deps.pool.query<FeedZeile>({ name, text, values: parameter })).rows[0]!;
      let zeile: FeedZeile;
      if (deps.store.kind === 'postgres') {
        // The log's head, the checkpoint and the feed in one snapshot: when the projector has passed
        // the head (the common case) this one statement is the whole answer; otherwise wait for it
        // to pass that head and read once more. A first read that fails (as the app starts, the
        // read models may still be being created) waits for the head read on its own, as before.
        const erst = await lies(FEED_MIT_STAND).catch(() => null);
        const kopf = erst ? position(erst.kopf_commit, erst.kopf_prepare) : await kopfLesen(null).catch(() => null);
        const stand = erst && position(erst.stand_commit, erst.stand_prepare);
        if (erst && (!kopf || (stand && comparePositions(stand, kopf) >= 0))) zeile = erst;
        else {
          if (kopf) await deps.watermark.waitFor(kopf, MAX_WAIT_MS);
          zeile = await lies(FEED_MIT_STAND);
        }
      } else {
        // Another store keeps its log elsewhere: its head first (read on from what the projector
        // has passed), then the feed once the projector has passed it.
        const bisHier = await kopfLesen(deps.watermark.current()).catch(() => null);
        if (bisHier) await deps.watermark.waitFor(bisHier, MAX_WAIT_MS);
        zeile = await lies(FEED);
      }
      if (zeile.eltern_id === null) {
        gemerkt.delete(digest);
        return nichtGefunden(reply);
      }

      // The feed speaks the family's own language (docs/i18n.md); a calendar app's Accept-Language is not the family's choice.
      const sprache = istSprache(zeile.sprache) ? zeile.sprache : STANDARD_SPRACHE;
      let feed = gemerkt.get(digest);
      if (!feed || feed.inhalt !== zeile.inhalt || feed.sprache !== sprache) {
        const eintraege = feedEintraege(JSON.parse(zeile.inhalt) as FeedInhalt, deps.config.APP_URL, sprache);
        feed = { inhalt: zeile.inhalt, sprache, eintraege, etag: feedEtag(eintraege, sprache) };
      }
      // The most recently asked for last: the least recently asked for goes first.
      gemerkt.delete(digest);
      gemerkt.set(digest, feed);
      if (gemerkt.size > GEMERKTE_FEEDS) gemerkt.delete(gemerkt.keys().next().value!);
      const { eintraege, etag } = feed;
      // The address is a secret: no shared cache keeps the answer; clients ask again with the ETag.
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-robots-tag', 'noindex, nofollow');
      if (passtZu(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="waldkita.ics"')
        .send(feedText(eintraege, deps.now(), sprache));
    },
  );
}
