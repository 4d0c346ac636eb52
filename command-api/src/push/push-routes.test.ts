import { createECDH, randomBytes } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
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

const JETZT = new Date('2026-11-20T10:00:00+01:00');
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The one push service allowed here; nothing listens on port 9, and route tests send no push anyway. */
const DIENST = 'http://127.0.0.1:9/push/';
const UNGUELTIG = 'Die Anmeldung für Push-Benachrichtigungen ist ungültig. Bitte versuchen Sie es erneut.';
const NICHT_DA = 'Dieses Gerät ist nicht (mehr) angemeldet.';

/** A browser's PushSubscription as `JSON.stringify` gives it: an endpoint at the push service, a P-256 key and an auth secret. */
const geraet = (name: string, dienst = DIENST) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${dienst}${name}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

describe('push devices and choices (POST/DELETE /api/push/abos, PUT /api/push/einstellungen)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const eule = familie('Eule', fuechse.gruppeId);
  const pruefer = familie('Pruefer', null, ['ROLE_AUDITOR']);
  const handy = geraet('fuchs-handy');
  const tablet = geraet('fuchs-tablet');
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT, env: { PUSH_ENDPOINT_ALLOWLIST: DIENST } });
    await t.appendEvents(fuechse.stream, fuchs.stream, eule.stream, pruefer.stream);
  });
  afterAll(() => t?.close());

  /** POST /api/push/abos as the browser sends it: the subscription as JSON, from a device with the given User-Agent. */
  const abonniere = (als: typeof fuchs, abo: unknown, userAgent = ANDROID) => ({
    method: 'POST' as const,
    url: '/api/push/abos',
    headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
    payload: JSON.stringify(abo),
    als,
  });
  const stream = benachrichtigungenStream(fuchs.elternId);

  it('registers a browser’s subscription, labelled from its User-Agent, sealed in the log; the same subscription again changes nothing', async () => {
    const erst = await t.when(abonniere(fuchs, handy)).then(
      expectResponse(201, { id: expect.any(String), message: 'Dieses Gerät erhält jetzt Benachrichtigungen.' }),
      expectNewEvents(stream, [
        {
          type: 'PushGeraetAngemeldet',
          data: expect.objectContaining({ elternId: fuchs.elternId, bezeichnung: 'Chrome auf Android' }),
        },
      ]),
    );
    await t.when(abonniere(fuchs, handy)).then(expectResponse(200, erst.json()), expectNoNewEvents(stream));
    await t
      .when(abonniere(fuchs, tablet, IPHONE))
      .then(
        expectResponse(201),
        expectNewEvents(stream, [{ type: 'PushGeraetAngemeldet', data: expect.objectContaining({ bezeichnung: 'Safari auf iPhone' }) }]),
      );
    const { events } = await t.store.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['PushGeraetAngemeldet', 'PushGeraetAngemeldet']);
    // The log holds the subscription sealed: neither the endpoint nor the keys in clear.
    const log = JSON.stringify(events);
    expect(log).not.toContain(handy.endpoint);
    expect(log).not.toContain(handy.keys.auth);
    expect(log).not.toContain(handy.keys.p256dh);
  });

  it('refuses a push service not on the allow-list with 400 in German, storing nothing', async () => {
    const fremd = geraet('fremd', 'http://127.0.0.1:10/push/');
    for (const endpoint of [fremd.endpoint, 'https://evil.example/push/x', 'http://127.0.0.1:9/anders/x', 'http://user@127.0.0.1:9/push/x'])
      await t
        .when(abonniere(fuchs, { ...fremd, endpoint }))
        .then(
          expectError(
            400,
            'Dieser Push-Dienst wird nicht unterstützt. Bitte verwenden Sie einen aktuellen Browser (Chrome, Edge, Firefox oder Safari).',
          ),
          expectNoNewEvents(stream),
        );
  });

  it('refuses malformed or oversized subscriptions with 400 in German, and callers not signed in with 401', async () => {
    const abo = geraet('kaputt');
    for (const body of [
      {},
      { ...abo, keys: undefined },
      { ...abo, keys: { ...abo.keys, p256dh: abo.keys.auth } },
      { ...abo, keys: { ...abo.keys, auth: 'kurz' } },
      { ...abo, keys: { ...abo.keys, p256dh: 'x'.repeat(10_000) } },
      { ...abo, endpoint: `${DIENST}${'x'.repeat(3000)}` },
      { ...abo, endpoint: 42 },
      'kein json-objekt',
    ])
      await t.when(abonniere(fuchs, body)).then(expectError(400, UNGUELTIG), expectNoNewEvents(stream));
    await t.when({ method: 'POST', url: '/api/push/abos', payload: abo }).then(expectError(401, 'Bitte melden Sie sich an.'));
  });

  it('saves the choice of push and mail per notice, and refuses a choice that is not push and mail for each', async () => {
    const wahl = { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: false } };
    await t
      .when({ method: 'PUT', url: '/api/push/einstellungen', payload: wahl, als: eule })
      .then(
        expectResponse(200, { wahl, message: 'Ihre Auswahl ist gespeichert.' }),
        expectNewEvents(benachrichtigungenStream(eule.elternId), [
          { type: 'BenachrichtigungenGewaehlt', data: { elternId: eule.elternId, wahl } },
        ]),
      );
    await t
      .when({ method: 'PUT', url: '/api/push/einstellungen', payload: { ...wahl, neuesAngebot: { push: 'ja' } }, als: eule })
      .then(
        expectError(400, 'Bitte wählen Sie für jede Benachrichtigung Push und E-Mail.'),
        expectNoNewEvents(benachrichtigungenStream(eule.elternId)),
      );
  });

  it('removes a device by endpoint (the browser unsubscribing) and by id (the list); a device not there is a German 404', async () => {
    await t
      .when({ method: 'DELETE', url: '/api/push/abos', payload: { endpoint: tablet.endpoint }, als: fuchs })
      .then(
        expectResponse(200, { message: 'Gerät entfernt.' }),
        expectNewEvents(stream, [
          { type: 'PushGeraetEntfernt', data: { elternId: fuchs.elternId, geraetId: expect.any(String), grund: 'abgemeldet' } },
        ]),
      );
    await t
      .when({ method: 'DELETE', url: '/api/push/abos', payload: { endpoint: tablet.endpoint }, als: fuchs })
      .then(expectError(404, NICHT_DA), expectNoNewEvents(stream));
    const handyId = (await t.store.readStream(stream)).events
      .filter((e) => e.type === 'PushGeraetAngemeldet')
      .map((e) => e.data as { geraetId: string; bezeichnung: string })
      .find((g) => g.bezeichnung === 'Chrome auf Android')!.geraetId;
    // Another family's device id is not found among one's own.
    await t
      .when({ method: 'DELETE', url: `/api/push/abos/${handyId}`, als: eule })
      .then(expectError(404, NICHT_DA), expectNoNewEvents(stream));
    await t
      .when({ method: 'DELETE', url: `/api/push/abos/${handyId}`, als: fuchs })
      .then(
        expectResponse(200, { message: 'Gerät entfernt.' }),
        expectNewEvents(stream, [
          { type: 'PushGeraetEntfernt', data: { elternId: fuchs.elternId, geraetId: handyId, grund: 'abgemeldet' } },
        ]),
      );
    await t.when({ method: 'DELETE', url: '/api/push/abos/kein-geraet', als: fuchs }).then(expectError(404, NICHT_DA));
    await t.when({ method: 'DELETE', url: '/api/push/abos', payload: {}, als: fuchs }).then(expectError(400, UNGUELTIG));
  });

  it('an auditor (read-only) manages devices and choices of its own account, and still writes nothing else', async () => {
    const eigenes = benachrichtigungenStream(pruefer.elternId);
    const abo = geraet('pruefer-handy');
    await t.when(abonniere(pruefer, abo)).then(expectResponse(201));
    const wahl = { ...STANDARD_WAHL, dienstErinnerung: { push: true, mail: false } };
    await t.when({ method: 'PUT', url: '/api/push/einstellungen', payload: wahl, als: pruefer }).then(expectResponse(200));
    await t.when({ method: 'DELETE', url: '/api/push/abos', payload: { endpoint: abo.endpoint }, als: pruefer }).then(expectResponse(200));
    expect((await t.store.readStream(eigenes)).events.map((e) => e.type)).toEqual([
      'PushGeraetAngemeldet',
      'BenachrichtigungenGewaehlt',
      'PushGeraetEntfernt',
    ]);
    await t
      .when({ method: 'POST', url: '/api/abwesenheit', payload: { jahr: 2027, kalenderwoche: 3 }, als: pruefer })
      .then(expectResponse(403), expectNoNewEvents(abwesenheitenStream(pruefer.elternId)));
  });
});
