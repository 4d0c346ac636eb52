import { randomUUID } from 'node:crypto';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { commandApiRouteTest, expectError, expectNoNewEvents, familie, gruppe } from '../testing/route-test.js';

describe('Admin Center writes (command-api/src/admin)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(fuechse.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  it('refuses every admin write to a parent with 403 and appends nothing', async () => {
    const id = randomUUID();
    const routes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/api/admin/eltern', { nachname: 'X', email: 'x@example.org', gruppe: 'Füchse' }],
      ['DELETE', `/api/admin/eltern/${id}`],
      ['PUT', `/api/admin/eltern/${id}/role`, { role: 'ROLE_ADMIN' }],
      ['PUT', `/api/admin/eltern/${id}/reset-password`, { newPassword: 'geheim123' }],
      ['POST', '/api/admin/gruppen', { gruppenName: 'Dachse' }],
      ['DELETE', `/api/admin/gruppen/${id}`],
      ['POST', '/api/admin/confirm-holidays'],
      ['POST', '/api/admin/holiday-weeks', { holidayType: 'Sommerferien', jahr: 2027, startKW: 32, endKW: 34 }],
      ['DELETE', '/api/admin/holiday-type?holidayType=Sommerferien&year=2027'],
      ['DELETE', `/api/admin/holiday-day/${id}`],
      ['DELETE', `/api/admin/holiday-week/${id}`],
      ['POST', '/api/admin/holidays-by-date-range', { holidayType: 'Herbstferien', startDate: '2027-11-01', endDate: '2027-11-05' }],
      ['PUT', '/api/admin/abwesenheit-frist', { deadline: '2027-01-31' }],
      ['POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2027, startKW: 1, endKW: 10 }],
    ];
    for (const [method, url, payload] of routes)
      await t
        .when({ method, url, payload, als: fuchs })
        .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'), expectNoNewEvents(KALENDER_STREAM));
  });
});
