import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
} from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

describe('the calendar feed’s address (POST/DELETE /api/kalender/abo)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const pruefer = familie('Pruefer', null, ['ROLE_AUDITOR']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, fuchs.stream, bauer.stream, pruefer.stream);
  });
  afterAll(() => t?.close());

  /** The token of a feed address as POST answers it. */
  const tokenVon = (url: string) => url.slice(`${t.config.APP_URL}/api/kalender/`.length, -'.ics'.length);

  it('needs a sign-in (401); a family without a feed is told so in German and nothing is appended', async () => {
    await t.when({ method: 'POST', url: '/api/kalender/abo' }).then(expectError(401, 'Bitte melden Sie sich an.'));
    await t
      .when({ method: 'DELETE', url: '/api/kalender/abo', als: fuchs })
      .then(expectError(404, 'Sie haben derzeit kein Kalender-Abo.'), expectNoNewEvents(kalenderAboStream(fuchs.elternId)));
  });

  it('sets the feed up (one KalenderAboErneuert) and says so in the language the request asks for', async () => {
    const dachs = familie('Dachs', fuechse.gruppeId);
    await t
      .given(dachs.stream)
      .when({ method: 'POST', url: '/api/kalender/abo', headers: { 'accept-language': 'en' }, als: dachs })
      .then(
        expectResponse(200, {
          url: expect.stringMatching(/^http.*\/api\/kalender\/[A-Za-z0-9_-]{43}\.ics$/),
          webcal: expect.stringMatching(/^webcal:\/\//),
          message: 'Your calendar subscription is set up.',
        }),
        expectNewEvents(kalenderAboStream(dachs.elternId), [
          { type: 'KalenderAboErneuert', data: { elternId: dachs.elternId, tokenDigest: expect.stringMatching(/^[0-9a-f]{64}$/) } },
        ]),
      );
  });

  it('POST answers the feed address once, as https (APP_URL) and webcal; the log keeps only its SHA-256 digest', async () => {
    const stream = kalenderAboStream(bauer.elternId);
    const answer = await t
      .when({ method: 'POST', url: '/api/kalender/abo', als: bauer })
      .then(expectResponse(200), expectNewEvents(stream, [{ type: 'KalenderAboErneuert', data: expect.any(Object) }]));
    const basis = t.config.APP_URL;
    const token = tokenVon(answer.json().url);
    expect(token).toMatch(TOKEN);
    expect(answer.json()).toEqual({
      url: `${basis}/api/kalender/${token}.ics`,
      webcal: `${basis.replace(/^https?:/, 'webcal:')}/api/kalender/${token}.ics`,
      message: 'Ihr Kalender-Abo ist eingerichtet.',
    });
    const imLog = await t.db.pool.query(`SELECT event_type FROM events WHERE data::text || metadata::text LIKE '%' || $1 || '%'`, [token]);
    expect(imLog.rows).toEqual([]);
    const { rows } = await t.db.pool.query(`SELECT event_type AS type, data FROM events WHERE stream_name = $1`, [stream]);
    expect(rows).toEqual([{ type: 'KalenderAboErneuert', data: { elternId: bauer.elternId, tokenDigest: feedDigest(token) } }]);
  });

  it('renewing gives a new address (a new digest in the log)', async () => {
    const stream = kalenderAboStream(fuchs.elternId);
    const erste = (await t.when({ method: 'POST', url: '/api/kalender/abo', als: fuchs }).then(expectResponse(200))).json().url as string;
    const zweite = await t
      .when({ method: 'POST', url: '/api/kalender/abo', als: fuchs })
      .then(
        expectResponse(200),
        expectNewEvents(stream, [{ type: 'KalenderAboErneuert', data: { elternId: fuchs.elternId, tokenDigest: expect.any(String) } }]),
      );
    const url = zweite.json().url as string;
    expect(url).not.toBe(erste);
    const { events } = await t.store.readStream(stream);
    expect(events.at(-1)?.data).toEqual({ elternId: fuchs.elternId, tokenDigest: feedDigest(tokenVon(url)) });
  });

  it('DELETE switches the feed off (one KalenderAboBeendet); a second DELETE is a 404', async () => {
    const stream = kalenderAboStream(fuchs.elternId);
    await t
      .when({ method: 'DELETE', url: '/api/kalender/abo', als: fuchs })
      .then(
        expectResponse(200, { message: 'Ihr Kalender-Abo ist beendet.' }),
        expectNewEvents(stream, [{ type: 'KalenderAboBeendet', data: { elternId: fuchs.elternId } }]),
      );
    await t
      .when({ method: 'DELETE', url: '/api/kalender/abo', als: fuchs })
      .then(expectError(404, 'Sie haben derzeit kein Kalender-Abo.'), expectNoNewEvents(stream));
  });

  it('an auditor (read-only) manages a feed of its own, and stays read-only everywhere else', async () => {
    const stream = kalenderAboStream(pruefer.elternId);
    await t
      .when({ method: 'POST', url: '/api/kalender/abo', als: pruefer })
      .then(expectResponse(200), expectNewEvents(stream, [expect.objectContaining({ type: 'KalenderAboErneuert' })]));
    await t
      .when({ method: 'DELETE', url: '/api/kalender/abo', als: pruefer })
      .then(expectResponse(200), expectNewEvents(stream, [{ type: 'KalenderAboBeendet', data: { elternId: pruefer.elternId } }]));
    await t
      .when({ method: 'POST', url: '/api/abwesenheit', payload: { jahr: 2027, kalenderwoche: 3 }, als: pruefer })
      .then(expectResponse(403), expectNoNewEvents(abwesenheitenStream(pruefer.elternId)));
  });
});
