import { randomUUID } from 'node:crypto';
import { benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

const JETZT = new Date('2026-11-20T10:00:00+01:00');

/** A device as the log keeps it (PushGeraetAngemeldet): the subscription sealed, its endpoint as a keyed hash. */
const angemeldet = (f: { elternId: string }, bezeichnung: string) => {
  const geraetId = randomUUID();
  return {
    geraetId,
    event: {
      type: 'PushGeraetAngemeldet',
      data: {
        elternId: f.elternId,
        geraetId,
        endpunktKennung: `kennung-${geraetId}`,
        fingerabdruck: `fingerabdruck-${geraetId}`,
        abo: `versiegelt-${geraetId}`,
        bezeichnung,
      },
    },
  };
};

describe('push reads (GET /api/push/vapid-public-key, /api/push/abos, /api/push/einstellungen)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const pruefer = familie('Pruefer', null, ['ROLE_AUDITOR']);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, fuchs.stream, bauer.stream, pruefer.stream);
  });
  afterAll(() => t?.close());

  it('gives the VAPID public key without sign-in: an uncompressed P-256 key', async () => {
    const response = await t.when({ method: 'GET', url: '/api/push/vapid-public-key' }).then(expectResponse(200));
    const bytes = Buffer.from(response.json().publicKey, 'base64url');
    expect([bytes.length, bytes[0]]).toEqual([65, 4]);
  });

  it('lists the family’s devices with label and date, never the sealed subscription; a device removed is gone', async () => {
    const [handy, tablet, alt, bauers] = [
      angemeldet(fuchs, 'Chrome auf Android'),
      angemeldet(fuchs, 'Safari auf iPhone'),
      angemeldet(fuchs, 'Firefox auf Linux'),
      angemeldet(bauer, 'Chrome auf Android'),
    ];
    const response = await t
      .given(
        existingStream(benachrichtigungenStream(fuchs.elternId), [
          handy.event,
          tablet.event,
          alt.event,
          { type: 'PushGeraetEntfernt', data: { elternId: fuchs.elternId, geraetId: alt.geraetId, grund: 'abgemeldet' } },
        ]),
        existingStream(benachrichtigungenStream(bauer.elternId), [bauers.event]),
      )
      .when({ method: 'GET', url: '/api/push/abos', als: fuchs })
      .then(
        expectResponse(200, [
          { id: handy.geraetId, bezeichnung: 'Chrome auf Android', seit: JETZT.toISOString() },
          { id: tablet.geraetId, bezeichnung: 'Safari auf iPhone', seit: JETZT.toISOString() },
        ]),
      );
    expect(response.body).not.toContain('versiegelt');
    expect(response.body).not.toContain('kennung');
    await t
      .when({ method: 'GET', url: '/api/push/abos', als: bauer })
      .then(expectResponse(200, [{ id: bauers.geraetId, bezeichnung: 'Chrome auf Android', seit: JETZT.toISOString() }]));
    await t.when({ method: 'GET', url: '/api/push/abos' }).then(expectError(401, 'Bitte melden Sie sich an.'));
  });

  it('gives the default choice until the family has chosen, then its own', async () => {
    await t
      .when({ method: 'GET', url: '/api/push/einstellungen', als: bauer })
      .then(expectResponse(200, { wahl: STANDARD_WAHL, gewaehlt: false }));
    const wahl = { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: false } };
    await t
      .given(
        existingStream(benachrichtigungenStream(bauer.elternId), [
          { type: 'BenachrichtigungenGewaehlt', data: { elternId: bauer.elternId, wahl } },
        ]),
      )
      .when({ method: 'GET', url: '/api/push/einstellungen', als: bauer })
      .then(expectResponse(200, { wahl, gewaehlt: true }));
  });

  it('an auditor (read-only) reads the devices and choice of its own account', async () => {
    const handy = angemeldet(pruefer, 'Chrome auf Android');
    await t
      .given(existingStream(benachrichtigungenStream(pruefer.elternId), [handy.event]))
      .when({ method: 'GET', url: '/api/push/abos', als: pruefer })
      .then(expectResponse(200, [{ id: handy.geraetId, bezeichnung: 'Chrome auf Android', seit: JETZT.toISOString() }]));
    await t
      .when({ method: 'GET', url: '/api/push/einstellungen', als: pruefer })
      .then(expectResponse(200, { wahl: STANDARD_WAHL, gewaehlt: false }));
  });
});
