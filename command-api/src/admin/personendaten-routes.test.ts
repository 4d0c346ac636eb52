import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { commandApiRouteTest, expectError, expectNoNewEvents, familie, gruppe } from '../testing/route-test.js';

// The erasure itself (nothing left in a database dump or in Redis, pseudonyms, the chain): cli/src/personendaten-loeschen.test.ts.
describe('erasing a family’s personal data (DELETE /api/admin/eltern/{id}/personendaten)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const bauer = familie('Bauer', fuechse.gruppeId);
  const zwetschge = familie('Zwetschgenbaum', fuechse.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ELTERN', 'ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-23T10:00:00+01:00') });
    await t.appendEvents(fuechse.stream, bauer.stream, zwetschge.stream, leitung.stream);
  });
  afterAll(() => t?.close());

  const loesche = (id: string, als: typeof leitung) => ({ method: 'DELETE' as const, url: `/api/admin/eltern/${id}/personendaten`, als });

  it('refuses parents (403), unknown families (404) and admins (409), in German, appending nothing', async () => {
    await t
      .when(loesche(zwetschge.elternId, bauer))
      .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'), expectNoNewEvents(zwetschge.stream.stream));
    await t.when(loesche(randomUUID(), leitung)).then(expectError(404, 'Elternteil nicht gefunden.'));
    await t
      .when(loesche(leitung.elternId, leitung))
      .then(expectError(409, 'Admin-Accounts können nicht gelöscht werden.'), expectNoNewEvents(leitung.stream.stream));
  });
});
