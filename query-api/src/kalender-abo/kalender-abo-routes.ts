import { istSprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin, isoWocheVon, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { KalenderAboStatus } from '@waldkita/domain/kalender-abo/antworten';
import { enthaeltUngueltigeZeichen } from '@waldkita/platform/http/eingabe-zeichen';
import { FEED_TOKEN_FORM, feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { logHeadReader } from '@waldkita/platform/read-your-writes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';
import { MAX_WAIT_MS } from '../read-your-writes.js';
import {
  type DienstZeile,
  feedEintraege,
  feedEtag,
  feedText,
  type SchichtZeile,
  type TagesZeile,
  type TerminZeile,
  type WochenZeile,
} from './kalender-feed.js';

const rm = READ_MODEL_SCHEMA;

/** What an unknown, renewed or ended feed address (or no address at all) answers. */
const FEED_NICHT_GEFUNDEN = 'Dieses Kalender-Abo gibt es nicht (mehr). Bitte richten Sie es im Elternportal neu ein.';

/** How far back the feed reaches: entries that ended more than this many days ago are left out. */
const RUECKBLICK_TAGE = 365;

const FAMILIE = `SELECT k.eltern_id, e.sprache FROM ${rm}.kalender_abo k
  JOIN ${rm}.eltern e ON e.eltern_id = k.eltern_id AND NOT e.entfernt
  WHERE k.token_digest = $1`;

const DIENSTE = `SELECT w.wasserdienst_id, w.jahr, w.kalenderwoche, g.name AS gruppe_name
  FROM ${rm}.wasserdienst w LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id AND NOT g.entfernt
  WHERE w.eltern_id = $1 AND (w.jahr, w.kalenderwoche) >= ($2, $3)
  ORDER BY w.jahr, w.kalenderwoche, w.wasserdienst_id`;

const TERMINE = `SELECT d.dienst_id, COALESCE(a.name, 'Dienst') AS dienstart, to_char(d.von, 'YYYY-MM-DD') AS von,
    to_char(d.bis, 'YYYY-MM-DD') AS bis, g.name AS gruppe_name
  FROM ${rm}.dienst d LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = d.dienstart_id
  LEFT JOIN ${rm}.gruppe g ON d.bereich_id <> 'kita' AND g.gruppe_id::text = d.bereich_id
  WHERE d.eltern_id = $1 AND d.bis >= $2::date
  ORDER BY d.von, d.dienst_id`;

/** The shifts of work days the family is signed up for (not on a waiting list; not cancelled, not removed). */
const SCHICHTEN = `SELECT s.schicht_id, x.titel, to_char(x.datum, 'YYYY-MM-DD') AS datum, x.ort, s.aufgabe, s.beginn, s.ende
  FROM ${rm}.einsatz_anmeldung a
  JOIN ${rm}.einsatz_schicht s ON s.schicht_id = a.schicht_id AND NOT s.entfernt
  JOIN ${rm}.einsatz x ON x.einsatz_id = a.einsatz_id AND NOT x.abgesagt
  WHERE a.eltern_id = $1::text AND a.status = 'eingetragen' AND x.datum >= $2::date
  ORDER BY x.datum, s.beginn, s.schicht_id`;

const SCHLIESSWOCHEN = `SELECT id, jahr, kalenderwoche, beschreibung, ferienart FROM ${rm}.schliesswoche
  WHERE (jahr, kalenderwoche) >= ($1, $2) ORDER BY jahr, kalenderwoche, id`;

const TAGE = (tabelle: 'schliesstag' | 'kita_event') =>
  `SELECT id, to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung FROM ${rm}.${tabelle} WHERE datum >= $1 ORDER BY datum, id`;

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
  const kopf = logHeadReader(deps.store, deps.pool);
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
      // A calendar app sends no X-Min-Position: the feed waits (bounded, as read-your-writes does)
      // until the projector has passed everything in the log when the request came, so an address
      // works the moment its renewal answers and a revoked one stops at once.
      const bisHier = await kopf(null).catch(() => null);
      if (bisHier) await deps.watermark.waitFor(bisHier, MAX_WAIT_MS);
      const digest = feedDigest(request.params.datei.slice(0, -4));
      const familie = (await deps.pool.query<{ eltern_id: string; sprache: string }>(FAMILIE, [digest])).rows[0];
      if (!familie) return nichtGefunden(reply);

      // The feed speaks the family's own language (docs/i18n.md); a calendar app's Accept-Language is not the family's choice.
      const sprache = istSprache(familie.sprache) ? familie.sprache : STANDARD_SPRACHE;
      const ab = plusTage(heuteInBerlin(deps.now()), -RUECKBLICK_TAGE);
      // The week that contains the first day still shown, so a week that ends after it stays in.
      const abWoche = isoWocheVon(ab);
      const [dienste, termine, schliesswochen, schliesstage, events, schichten] = await Promise.all([
        deps.pool.query<DienstZeile>(DIENSTE, [familie.eltern_id, abWoche.jahr, abWoche.kalenderwoche]),
        deps.pool.query<TerminZeile>(TERMINE, [familie.eltern_id, ab]),
        deps.pool.query<WochenZeile>(SCHLIESSWOCHEN, [abWoche.jahr, abWoche.kalenderwoche]),
        deps.pool.query<TagesZeile>(TAGE('schliesstag'), [ab]),
        deps.pool.query<TagesZeile>(TAGE('kita_event'), [ab]),
        deps.pool.query<SchichtZeile>(SCHICHTEN, [familie.eltern_id, ab]),
      ]);
      const eintraege = feedEintraege(
        {
          dienste: dienste.rows,
          termine: termine.rows,
          schichten: schichten.rows,
          schliesswochen: schliesswochen.rows,
          schliesstage: schliesstage.rows,
          events: events.rows,
        },
        deps.config.APP_URL,
        sprache,
      );
      const etag = feedEtag(eintraege, sprache);
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
