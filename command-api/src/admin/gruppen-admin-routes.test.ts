import { gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiRouteTest, expectError, expectNoNewEvents, expectResponse, familie } from '../testing/route-test.js';

describe('groups in the Admin Center (POST /api/admin/gruppen)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(leitung.stream);
  });
  afterAll(() => t?.close());

  const legeAn = (gruppenName: string) => ({ method: 'POST' as const, url: '/api/admin/gruppen', payload: { gruppenName }, als: leitung });

  it('creates a group (201, GruppeAngelegt); the same name in another case is taken (409), a blank name refused (400)', async () => {
    const dachse = await t.when(legeAn('Dachse')).then(expectResponse(201));
    const id = dachse.json().id as string;
    await t.when(legeAn('Igel')).then(
      expectResponse(201, {
        id: expect.any(String),
        gruppenID: expect.any(String),
        gruppenName: 'Igel',
        message: 'Gruppe Igel wurde angelegt.',
      }),
    );
    const { events } = await t.store.readStream(gruppeStream(id));
    expect(events.map((e) => ({ type: e.type, data: e.data }))).toEqual([
      { type: 'GruppeAngelegt', data: { gruppeId: id, name: 'Dachse' } },
    ]);
    await t
      .when(legeAn('dachse'))
      .then(expectError(409, 'Eine Gruppe mit dem Namen "dachse" gibt es bereits.'), expectNoNewEvents(gruppeStream(id)));
    await t.when(legeAn(' ')).then(expectError(400, 'Bitte geben Sie einen Gruppennamen an.'));
  });
});
