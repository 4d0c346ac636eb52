import { neuesSchluesselpaar, privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker } from '@waldkita/platform/audit/anker-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** 'Integrität prüfen' in the app (docs/audit.md, "Anchors"): list, check and download anchors. Signing: command-api/src/audit. */
describe('anchors and the integrity check (GET /api/audit/integritaet, /api/audit/anker…)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const schluessel = neuesSchluesselpaar();
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const pruefer = familie('Sommer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ env: { AUDIT_ANKER_SCHLUESSEL: schluessel.privat } });
    await t.appendEvents(fuechse.stream, leitung.stream, pruefer.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const get = (url: string, als: ReturnType<typeof familie>) => ({ method: 'GET' as const, url, als });

  it('given a family, then it may neither check nor list anchors', async () => {
    await t.when(get('/api/audit/integritaet', fuchs)).then(expectResponse(403));
    await t.when(get('/api/audit/anker', fuchs)).then(expectResponse(403));
  });

  it('given no anchor yet, then the check shows the intact chain and no anchor', async () => {
    const { kette, anker } = (await t.when(get('/api/audit/integritaet', pruefer)).then(expectResponse(200))).json();
    expect(kette).toMatchObject({ intakt: true, bruchstellen: 0, bruch: null });
    expect(kette.ereignisse).toBeGreaterThan(3);
    expect(anker).toBeNull();
  });

  it('given an anchor signed by an auditor, then it is listed with its fingerprint, the check matches it and its file downloads with every head', async () => {
    // As POST /api/audit/anker signs one (command-api/src/audit/anker-routes.ts).
    const ergebnis = await erstelleAnker({ store: t.store, pool: t.db.pool }, privaterSchluessel(schluessel.privat), {
      anlass: 'app',
      actorId: pruefer.elternId,
    });
    if ('fehler' in ergebnis) throw new Error(ergebnis.fehler);
    const signiert = ergebnis.anker;

    await t.when(get('/api/audit/anker', pruefer)).then(
      expectResponse(200, [
        expect.objectContaining({
          position: signiert.position,
          anlass: 'app',
          signaturGueltig: true,
          fingerabdruck: expect.stringMatching(/^([0-9a-f]{4}:){7}[0-9a-f]{4}$/),
        }),
      ]),
    );
    const check = (await t.when(get('/api/audit/integritaet', leitung)).then(expectResponse(200))).json();
    expect(check.anker).toMatchObject({ position: signiert.position, passt: true, abweichungen: [] });

    const datei = await t.when(get(`/api/audit/anker/${signiert.position.replace('/', '-')}`, pruefer)).then(expectResponse(200));
    expect(datei.headers['content-disposition']).toMatch(/^attachment; filename="anker-\d{4}-\d{2}-\d{2}-\d+-\d+\.json"$/);
    expect(datei.json().koepfe).toHaveLength(signiert.streams);
    expect(datei.json().signatur).toBe(signiert.signatur);
    await t.when(get('/api/audit/anker/1-1', pruefer)).then(expectResponse(404));
  });

  it('given the log changed below the anchor by a superuser, then the check says the log no longer gives the signed root', async () => {
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE events DISABLE TRIGGER USER');
      await client.query(
        `DELETE FROM events WHERE global_position = (SELECT max(global_position) FROM events WHERE stream_name LIKE 'eltern-%')`,
      );
      await client.query('ALTER TABLE events ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const check = (await t.when(get('/api/audit/integritaet', pruefer)).then(expectResponse(200))).json();
    expect(check.anker.passt).toBe(false);
    expect(check.anker.abweichungen[0]).toMatch(/ergibt nicht die signierte Wurzel des Ankers/);
  });
});
