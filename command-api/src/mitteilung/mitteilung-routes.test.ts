import { randomUUID } from 'node:crypto';
import { MITTEILUNGEN_STREAM } from '@waldkita/domain/mitteilung/mitteilung';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
} from '../testing/route-test.js';

const KEINE_BERECHTIGUNG = 'Sie haben keine Berechtigung für diese Aktion.';

describe('announcements (POST/DELETE /api/admin/mitteilungen)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', null);
  beforeAll(async () => {
    t = await commandApiRouteTest();
    await t.appendEvents(leitung.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const veroeffentliche = (payload: object, als = leitung) => ({ method: 'POST' as const, url: '/api/admin/mitteilungen', payload, als });
  const loesche = (id: string, als = leitung) => ({ method: 'DELETE' as const, url: `/api/admin/mitteilungen/${id}`, als });

  it('refuses parents: POST and DELETE are 403 and nothing is published', async () => {
    await t
      .when(veroeffentliche({ text: 'Von einer Familie' }, fuchs))
      .then(expectError(403, KEINE_BERECHTIGUNG), expectNoNewEvents(MITTEILUNGEN_STREAM));
    await t.when(loesche(randomUUID(), fuchs)).then(expectError(403, KEINE_BERECHTIGUNG), expectNoNewEvents(MITTEILUNGEN_STREAM));
  });

  it('refuses blank, too long and non-text messages with 400 in German', async () => {
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: null }])
      await t
        .when(veroeffentliche(body))
        .then(expectError(400, 'Bitte geben Sie eine Nachricht ein.'), expectNoNewEvents(MITTEILUNGEN_STREAM));
    await t
      .when(veroeffentliche({ text: 'x'.repeat(2001) }))
      .then(expectError(400, 'Eine Nachricht darf höchstens 2000 Zeichen lang sein.'), expectNoNewEvents(MITTEILUNGEN_STREAM));
    await t.when(veroeffentliche({ text: 42 })).then(expectResponse(400), expectNoNewEvents(MITTEILUNGEN_STREAM));
  });

  it('an admin publishes the trimmed text (201, one MitteilungVeroeffentlicht)', async () => {
    await t.when(veroeffentliche({ text: '  Am Freitag ist Laternenfest!  ' })).then(
      expectResponse(201, {
        id: expect.any(String),
        text: 'Am Freitag ist Laternenfest!',
        message: 'Nachricht erfolgreich gespeichert!',
      }),
      expectNewEvents(MITTEILUNGEN_STREAM, [
        { type: 'MitteilungVeroeffentlicht', data: { mitteilungId: expect.any(String), text: 'Am Freitag ist Laternenfest!' } },
      ]),
    );
  });

  it('an admin deletes one; deleting it again, an unknown id or no uuid is 404', async () => {
    const mitteilungId = randomUUID();
    await t
      .given(existingStream(MITTEILUNGEN_STREAM, [{ type: 'MitteilungVeroeffentlicht', data: { mitteilungId, text: 'Elternabend' } }]))
      .when(loesche(mitteilungId))
      .then(
        expectResponse(200, { id: mitteilungId, message: 'Nachricht gelöscht!' }),
        expectNewEvents(MITTEILUNGEN_STREAM, [{ type: 'MitteilungGeloescht', data: { mitteilungId } }]),
      );
    for (const id of [mitteilungId, randomUUID(), 'kein-uuid'])
      await t.when(loesche(id)).then(expectError(404, 'Nachricht nicht gefunden.'), expectNoNewEvents(MITTEILUNGEN_STREAM));
  });
});
