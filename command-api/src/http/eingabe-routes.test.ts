import { randomUUID } from 'node:crypto';
import { PASSWORT_ZU_LANG } from '@waldkita/domain/auth/passwort';
import { TEXT_ZU_LANG } from '@waldkita/domain/mitteilung/mitteilung';
import {
  EMAIL_ZU_LANG,
  GRUPPENNAME_ZU_LANG,
  MAX_GRUPPENNAME,
  MAX_NACHNAME,
  NACHNAME_ZU_LANG,
  NAME_KIND_ZU_LANG,
} from '@waldkita/domain/shared/eingabe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiRouteTest, expectError, expectResponse, familie } from '../testing/route-test.js';

/**
 * Input that crashed or bloated the app, answered in German by the write routes: bodies of the
 * wrong shape, megabyte names, too large bodies, unsupported formats, unreadable addresses. The
 * sweep over every route of the composed app, and what only the real server answers (the 404 of
 * an unknown address, 431): cli/src/eingabe-haertung.test.ts.
 */
describe('input hardening of the write routes', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(leitung.stream);
    // The group new families are put in, by name (gruppen_namen), as the admin created it.
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Füchse' }, als: leitung }).then(expectResponse(201));
  });
  afterAll(() => t?.close());

  const als = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => ({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    als: leitung,
  });
  /**
   * Every event in the log, in order: a refusal leaves it as it was. Read from the table itself:
   * `readAll` stops below the oldest transaction open anywhere on the server, which other test
   * files running alongside may hold back.
   */
  const log = async () =>
    (await t.db.pool.query<{ id: string }>('SELECT event_id::text AS id FROM events ORDER BY transaction_id, global_position')).rows.map(
      (r) => r.id,
    );

  it('names the field of a body of the wrong shape in German', async () => {
    await t.when(als('POST', '/api/admin/gruppen', [1])).then(expectError(400, 'Die gesendeten Daten haben nicht die erwartete Form.'));
    await t
      .when(als('PUT', `/api/admin/eltern/${randomUUID()}/role`, { roles: 'ROLE_ADMIN' }))
      .then(expectError(400, 'Das Feld „roles“ hat nicht die erwartete Form.'));
    await t
      .when(als('DELETE', '/api/admin/holiday-type?holidayType=Sommerferien&holidayType=Herbstferien&year=2027'))
      .then(expectError(400, 'Bitte Ferienart und Jahr angeben.'));
  });

  it('refuses a megabyte family name, child name, e-mail or group name with 400 and stores nothing', async () => {
    const vorher = await log();
    const gruppenVorher = (await t.db.pool.query('SELECT name_key FROM gruppen_namen ORDER BY name_key')).rows;
    const zugaengeVorher = (await t.db.pool.query('SELECT email FROM credentials ORDER BY email')).rows;
    const neu = (felder: Record<string, string>) =>
      als('POST', '/api/admin/eltern', {
        nachname: 'Dachs',
        email: `dachs-${randomUUID().slice(0, 6)}@example.org`,
        gruppe: 'Füchse',
        ...felder,
      });

    await t.when(neu({ nachname: 'N'.repeat(1_000_000) })).then(expectError(400, NACHNAME_ZU_LANG));
    await t.when(neu({ nachname: 'N'.repeat(MAX_NACHNAME + 1) })).then(expectError(400, NACHNAME_ZU_LANG));
    await t.when(neu({ nameKind: 'K'.repeat(500 * 1024) })).then(expectError(400, NAME_KIND_ZU_LANG));
    await t.when(neu({ email: `${'e'.repeat(500 * 1024)}@example.org` })).then(expectError(400, EMAIL_ZU_LANG));
    await t.when(als('POST', '/api/admin/gruppen', { gruppenName: 'G'.repeat(500 * 1024) })).then(expectError(400, GRUPPENNAME_ZU_LANG));
    await t
      .when(als('POST', '/api/admin/gruppen', { gruppenName: '🦊'.repeat(MAX_GRUPPENNAME + 1) }))
      .then(expectError(400, GRUPPENNAME_ZU_LANG));
    await t.when(als('POST', '/api/admin/mitteilungen', { text: 'M'.repeat(900_000) })).then(expectError(400, TEXT_ZU_LANG));
    await t
      .when(als('PUT', `/api/admin/eltern/${randomUUID()}/reset-password`, { newPassword: 'p'.repeat(1025) }))
      .then(expectError(400, PASSWORT_ZU_LANG));
    expect(await log()).toEqual(vorher);
    expect((await t.db.pool.query('SELECT name_key FROM gruppen_namen ORDER BY name_key')).rows).toEqual(gruppenVorher);
    expect((await t.db.pool.query('SELECT email FROM credentials ORDER BY email')).rows).toEqual(zugaengeVorher);

    // At the limit, counted as a user counts characters (an emoji is one), names are accepted.
    await t.when(als('POST', '/api/admin/gruppen', { gruppenName: '🦊'.repeat(MAX_GRUPPENNAME) })).then(expectResponse(201));
    await t
      .when(neu({ nachname: 'N'.repeat(MAX_NACHNAME) }))
      .then(expectResponse(201, expect.objectContaining({ nachname: 'N'.repeat(MAX_NACHNAME) })));
  });

  it('answers a too large body and an unsupported format in German', async () => {
    await t
      .when(als('POST', '/api/admin/mitteilungen', { text: 'M'.repeat(1_100_000) }))
      .then(expectError(413, 'Die gesendeten Daten sind zu groß.'));
    await t
      .when({
        method: 'POST',
        url: '/api/admin/mitteilungen',
        headers: { 'content-type': 'application/xml' },
        payload: '<text/>',
        als: leitung,
      })
      .then(expectError(415, 'Dieses Datenformat wird nicht unterstützt.'));
  });

  it('answers an address that is not valid percent-encoding in German', async () => {
    await t.when(als('DELETE', '/api/admin/eltern/%FF')).then(expectError(400, 'Die Adresse enthält ungültige Zeichen.'));
  });
});
