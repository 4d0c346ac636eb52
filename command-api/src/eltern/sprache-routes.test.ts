import { elternStream } from '@waldkita/domain/eltern/eltern';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiRouteTest, expectError, expectNewEvents, expectNoNewEvents, expectResponse, familie } from '../testing/route-test.js';

const SPRACHEN = 'Bitte wählen Sie eine dieser Sprachen: de, en, tr, uk, ar, pl.';

describe('a family chooses its language (PUT /api/eltern/ich/sprache)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  beforeAll(async () => {
    t = await commandApiRouteTest();
  });
  afterAll(() => t?.close());

  const waehle = (als: ReturnType<typeof familie> | undefined, payload: unknown, headers: Record<string, string> = {}) => ({
    method: 'PUT' as const,
    url: '/api/eltern/ich/sprache',
    payload: payload as object,
    headers,
    als,
  });

  it('records the choice in the family’s own stream and answers in German', async () => {
    const yilmaz = familie('Yilmaz', null);
    const nachbar = familie('Nachbar', null);
    await t
      .given(yilmaz.stream, nachbar.stream)
      .when(waehle(yilmaz, { sprache: 'tr' }))
      .then(
        expectResponse(200, { sprache: 'tr', message: 'Ihre Sprache ist gespeichert.' }),
        expectNewEvents(elternStream(yilmaz.elternId), [{ type: 'SpracheGewaehlt', data: { elternId: yilmaz.elternId, sprache: 'tr' } }]),
        expectNoNewEvents(elternStream(nachbar.elternId)),
      );
  });

  it('refuses an unknown language in German and records nothing', async () => {
    const nowak = familie('Nowak', null);
    const stream = elternStream(nowak.elternId);
    await t
      .given(nowak.stream)
      .when(waehle(nowak, { sprache: 'fr' }))
      .then(expectError(400, SPRACHEN), expectNoNewEvents(stream));
    for (const body of [{ sprache: 'PL' }, {}, { sprache: 7 }])
      await t.when(waehle(nowak, body)).then(expectError(400, SPRACHEN), expectNoNewEvents(stream));
  });

  it('answers the success and a refusal in the language asked for, with its values; German without the header', async () => {
    const bauer = familie('Bauer', null);
    await t
      .given(bauer.stream)
      .when(waehle(bauer, { sprache: 'en' }, { 'accept-language': 'en' }))
      .then(expectResponse(200, { sprache: 'en', message: 'Your language has been saved.' }));
    await t
      .when(waehle(bauer, { sprache: 'fr' }, { 'accept-language': 'tr' }))
      .then(expectError(400, 'Lütfen şu dillerden birini seçin: de, en, tr, uk, ar, pl.'));
    await t
      .when(waehle(bauer, { sprache: 'fr' }, { 'accept-language': 'ar' }))
      .then(expectError(400, 'يرجى اختيار إحدى هذه اللغات: de, en, tr, uk, ar, pl.'));
    await t.when(waehle(bauer, { sprache: 'de' })).then(expectResponse(200, { sprache: 'de', message: 'Ihre Sprache ist gespeichert.' }));
  });

  it('needs a signed-in family (401); an auditor may choose too, as it touches only the own account', async () => {
    await t.when(waehle(undefined, { sprache: 'en' })).then(expectError(401, 'Bitte melden Sie sich an.'));
    const pruefer = familie('Prüfer', null, ['ROLE_AUDITOR']);
    await t
      .given(pruefer.stream)
      .when(waehle(pruefer, { sprache: 'en' }))
      .then(expectResponse(200), expectNewEvents(elternStream(pruefer.elternId), [expect.objectContaining({ type: 'SpracheGewaehlt' })]));
  });

  it('with an Idempotency-Key, a double submit records one choice, and a repeat answers as the first time', async () => {
    const smith = familie('Smith', null);
    const stream = elternStream(smith.elternId);
    await t.appendEvents(smith.stream);
    const key = { 'idempotency-key': 'sprache-doppelt-1' };
    const [x, y] = await Promise.all([t.send(waehle(smith, { sprache: 'en' }, key)), t.send(waehle(smith, { sprache: 'en' }, key))]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([x.headers['idempotent-replayed'], y.headers['idempotent-replayed']].filter((h) => h === 'true')).toHaveLength(1);
    const wieder = await t
      .when(waehle(smith, { sprache: 'ar' }, key))
      .then(expectResponse(200, expect.objectContaining({ sprache: 'en' })), expectNoNewEvents(stream));
    expect(wieder.headers['idempotent-replayed']).toBe('true');
    const { events } = await t.store.readStream(stream);
    expect(events.filter((e) => e.type === 'SpracheGewaehlt').map((e) => e.data)).toEqual([{ elternId: smith.elternId, sprache: 'en' }]);
  });
});
