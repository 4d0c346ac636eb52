import { elternStream } from '@waldkita/domain/eltern/eltern';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  familie,
  gruppe,
  wasserdienst,
} from '../testing/route-test.js';

const NUR_LESEN = 'Prüfer haben nur Lesezugriff.';

describe('auditors only read (command-api/src/auth/aufrufer.ts)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs50 = wasserdienst(fuchs, 2026, 50);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      fuechse.stream,
      fuchs.stream,
      leitung.stream,
      existingStream(dienstplanStream(fuechse.gruppeId), [{ type: 'WasserdienstZugewiesen', data: fuchs50 }]),
    );
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Eulen' }, als: leitung }).then(expectResponse(201));
  });
  afterAll(() => t?.close());

  const anzahlEvents = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

  it('refuses every write of an auditor with 403 and changes nothing', async () => {
    const pruefer = familie('Sommer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
    await t.appendEvents(pruefer.stream);
    const vorher = await anzahlEvents();
    const versuche: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/api/tausch', { elternId: pruefer.elternId, wasserdienstId: fuchs50.wasserdienstId }],
      ['DELETE', `/api/tausch/${fuchs50.wasserdienstId}`],
      ['POST', '/api/abwesenheit', { kalenderwoche: 5, jahr: 2027 }],
      ['POST', '/api/admin/gruppen', { gruppenName: 'Dachse' }],
      ['PUT', `/api/admin/eltern/${pruefer.elternId}/role`, { role: 'ROLE_ADMIN' }],
    ];
    for (const [method, url, payload] of versuche) await t.when({ method, url, payload, als: pruefer }).then(expectError(403, NUR_LESEN));
    expect(await anzahlEvents()).toBe(vorher);
  });

  it('still lets the auditor change their own password', async () => {
    // Through the routes: changing a password checks the old one (the routes write the credentials).
    const id = (
      await t
        .when({
          method: 'POST',
          url: '/api/admin/eltern',
          payload: { nachname: 'Winter', email: 'winter@example.org', gruppe: 'Eulen' },
          als: leitung,
        })
        .then(expectResponse(201))
    ).json().id as string;
    await t
      .when({ method: 'PUT', url: `/api/admin/eltern/${id}/reset-password`, payload: { newPassword: 'pruefen123' }, als: leitung })
      .then(expectResponse(200));
    await t
      .when({ method: 'PUT', url: `/api/admin/eltern/${id}/role`, payload: { role: 'ROLE_AUDITOR' }, als: leitung })
      .then(expectResponse(200));
    // Signed in after the admin set the password (which ended the sessions before it).
    const anmeldung = await t
      .when({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'winter@example.org', kennwort: 'pruefen123' }).toString(),
      })
      .then(expectResponse(200));
    await t
      .when({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${anmeldung.json().jwt}` },
        payload: new URLSearchParams({ oldPassword: 'pruefen123', newPassword: 'neues-pruefen-1' }).toString(),
      })
      .then(
        expectResponse(200),
        expectNewEvents(elternStream(id), [{ type: 'PasswortGesetzt', data: { elternId: id, grund: 'aenderung' } }]),
      );
  });

  it('an admin who is also an auditor still writes', async () => {
    const chefin = familie('Chefin', null, ['ROLE_ADMIN']);
    await t
      .given(chefin.stream)
      .when({
        method: 'PUT',
        url: `/api/admin/eltern/${chefin.elternId}/role`,
        payload: { roles: ['ROLE_ADMIN', 'ROLE_AUDITOR'] },
        als: leitung,
      })
      .then(expectResponse(200));
    await t
      .when({
        method: 'POST',
        url: '/api/admin/gruppen',
        payload: { gruppenName: 'Dachse' },
        als: { ...chefin, rollen: ['ROLE_ADMIN', 'ROLE_AUDITOR'] },
      })
      .then(expectResponse(201));
  });
});
