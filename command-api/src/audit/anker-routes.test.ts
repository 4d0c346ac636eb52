import { ANKER_STREAM } from '@waldkita/domain/audit/anker';
import { neuesSchluesselpaar } from '@waldkita/platform/audit/anker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiRouteTest, expectNewEvents, expectNoNewEvents, expectResponse, familie, gruppe } from '../testing/route-test.js';

/** 'Integrität prüfen' in the app (docs/audit.md, "Anchors"): an anchor signed on demand. Its checks: query-api/src/audit. */
describe('an anchor signed on demand (POST /api/audit/anker)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const pruefer = familie('Sommer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await commandApiRouteTest({ env: { AUDIT_ANKER_SCHLUESSEL: neuesSchluesselpaar().privat } });
    await t.appendEvents(fuechse.stream, pruefer.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  it('given a family, then it may not sign one', async () => {
    await t.when({ method: 'POST', url: '/api/audit/anker', als: fuchs }).then(expectResponse(403), expectNoNewEvents(ANKER_STREAM));
  });

  it('given an auditor, then the anchor over the log is signed (201) and recorded as one AnkerErstellt', async () => {
    const signiert = await t
      .when({ method: 'POST', url: '/api/audit/anker', als: pruefer })
      .then(
        expectResponse(201, expect.objectContaining({ format: 'waldkita-anker/1', wurzel: expect.stringMatching(/^[0-9a-f]{64}$/) })),
        expectNewEvents(ANKER_STREAM, [
          { type: 'AnkerErstellt', data: expect.objectContaining({ anlass: 'app', wurzel: expect.stringMatching(/^[0-9a-f]{64}$/) }) },
        ]),
      );
    expect(signiert.json().koepfe).toBeUndefined();
  });
});

describe('without a key for anchors', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ env: { AUDIT_ANKER_SCHLUESSEL: '', AUDIT_ANKER_SCHLUESSEL_FILE: '' } });
    await t.appendEvents(leitung.stream);
  });
  afterAll(() => t?.close());

  it('refuses to sign with a German message that names the setting', async () => {
    await t
      .when({ method: 'POST', url: '/api/audit/anker', als: leitung })
      .then(expectResponse(503, { message: expect.stringContaining('AUDIT_ANKER_SCHLUESSEL_FILE') }), expectNoNewEvents(ANKER_STREAM));
  });
});
