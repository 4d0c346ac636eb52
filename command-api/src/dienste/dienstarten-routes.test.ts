import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
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

const putzdienst = {
  name: 'Putzdienst',
  beschreibung: 'Am Wochenende den Bauwagen putzen und die Wasserkanister auffüllen.',
  rhythmus: 'wochenende',
  bereich: 'kita',
  familienProTermin: 1,
  stunden: 2,
};

describe('duty kinds (POST/PUT/DELETE /api/admin/dienstarten…)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  let putzId = '';
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream);
    const angelegt = await t
      .when({ method: 'POST', url: '/api/admin/dienstarten', payload: putzdienst, als: leitung })
      .then(
        expectResponse(201, expect.objectContaining({ ...putzdienst, pausiertBeiSchliessung: true, eingebaut: false, archiviert: false })),
        expectNewEvents(DIENSTARTEN_STREAM, [expect.objectContaining({ type: 'DienstartAngelegt' })]),
      );
    putzId = angelegt.json().id;
  });
  afterAll(() => t?.close());

  const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, als = leitung) => ({ method, url, payload, als });

  it('refuses in German: a name taken (409), a wrong shape (400), a parent (403), an unknown kind (404), archiving the water duty (400)', async () => {
    const nichts = expectNoNewEvents(DIENSTARTEN_STREAM);
    await t
      .when(admin('POST', '/api/admin/dienstarten', { ...putzdienst, name: 'putzdienst' }))
      .then(expectError(409, 'Eine Dienstart mit diesem Namen gibt es bereits.'), nichts);
    await t
      .when(admin('POST', '/api/admin/dienstarten', { ...putzdienst, rhythmus: 'monatlich' }))
      .then(expectError(400, 'Bitte wählen Sie einen Rhythmus: wöchentlich, am Wochenende oder an bestimmten Wochentagen.'), nichts);
    await t
      .when(admin('POST', '/api/admin/dienstarten', { ...putzdienst, name: 'x'.repeat(10_000) }))
      .then(expectError(400, 'Der Name darf höchstens 60 Zeichen lang sein.'), nichts);
    await t.when(admin('POST', '/api/admin/dienstarten', { ...putzdienst, name: 'Holz' }, fuchs)).then(expectResponse(403), nichts);
    await t
      .when(admin('PUT', '/api/admin/dienstarten/gibt-es-nicht', putzdienst))
      .then(expectError(404, 'Dienstart nicht gefunden.'), nichts);
    await t
      .when(admin('DELETE', '/api/admin/dienstarten/wasserdienst'))
      .then(expectError(400, 'Der Wasserdienst ist fest eingebaut und kann nicht archiviert werden.'), nichts);
  });

  it('refuses a plan period in the wrong order or of wrong dates, in German', async () => {
    await t
      .when(admin('POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-02-01', bis: '2027-01-01' }))
      .then(expectError(400, 'Der Zeitraum ist leer: das Enddatum liegt vor dem Startdatum.'));
    await t
      .when(admin('POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-02-31', bis: '2027-03-01' }))
      .then(expectError(400, 'Bitte geben Sie Start- und Enddatum im Format JJJJ-MM-TT an.'));
  });

  it('creates a kind of each group active from November to March (201, with its id, one DienstartAngelegt)', async () => {
    const tee = { name: 'Tee kochen', rhythmus: 'woche', aktivVonMonat: 11, aktivBisMonat: 3, bereich: 'gruppe', stunden: 0.5 };
    const angelegt = await t
      .when(admin('POST', '/api/admin/dienstarten', tee))
      .then(
        expectResponse(201, expect.objectContaining({ ...tee, id: expect.any(String), eingebaut: false, archiviert: false })),
        expectNewEvents(DIENSTARTEN_STREAM, [
          { type: 'DienstartAngelegt', data: expect.objectContaining({ ...tee, dienstartId: expect.any(String) }) },
        ]),
      );
    expect(angelegt.json().id).not.toBe(putzId);
  });

  it('changes a kind’s hours; archives a kind, which then refuses planning (409)', async () => {
    await t
      .when(admin('PUT', `/api/admin/dienstarten/${putzId}`, { ...putzdienst, stunden: 2.5 }))
      .then(
        expectResponse(200, expect.objectContaining({ id: putzId, stunden: 2.5 })),
        expectNewEvents(DIENSTARTEN_STREAM, [
          { type: 'DienstartGeaendert', data: expect.objectContaining({ dienstartId: putzId, stunden: 2.5 }) },
        ]),
      );
    const holz = (
      await t
        .when(admin('POST', '/api/admin/dienstarten', { name: 'Holz hacken', rhythmus: 'wochenende', bereich: 'kita' }))
        .then(expectResponse(201))
    ).json().id as string;
    await t
      .when(admin('DELETE', `/api/admin/dienstarten/${holz}`))
      .then(
        expectResponse(200, expect.objectContaining({ id: holz, archiviert: true })),
        expectNewEvents(DIENSTARTEN_STREAM, [{ type: 'DienstartArchiviert', data: { dienstartId: holz, name: 'Holz hacken' } }]),
      );
    await t
      .when(admin('POST', `/api/admin/dienstarten/${holz}/planen`, { von: '2026-12-01', bis: '2027-01-31' }))
      .then(expectError(409, 'Diese Dienstart ist archiviert.'), expectNoNewEvents(DIENSTARTEN_STREAM));
  });
});
