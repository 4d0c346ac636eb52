import { randomUUID } from 'node:crypto';
import { MITTEILUNGEN_STREAM } from '@waldkita/domain/mitteilung/mitteilung';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

const JETZT = new Date('2026-11-20T09:15:00.000Z');

describe('announcements (GET /api/mitteilungen)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const liste = (als?: ReturnType<typeof familie>) => ({ method: 'GET' as const, url: '/api/mitteilungen', als });

  it('starts empty; visitors who are not signed in get 401', async () => {
    await t.when(liste(fuchs)).then(expectResponse(200, []));
    await t.when(liste()).then(expectError(401, 'Bitte melden Sie sich an.'));
  });

  it('everyone signed in reads the announcements newest first, with date and author; deleted ones are gone', async () => {
    const [laternenfest, gummistiefel, geloescht] = [randomUUID(), randomUUID(), randomUUID()];
    const vonLeitung = { actorId: leitung.elternId };
    const eintrag = (id: string, text: string) => ({
      id,
      text,
      veroeffentlichtAm: JETZT.toISOString(),
      autor: { id: leitung.elternId, nachname: 'Leitung' },
    });
    await t
      .given(
        existingStream(MITTEILUNGEN_STREAM, [
          {
            type: 'MitteilungVeroeffentlicht',
            data: { mitteilungId: laternenfest, text: 'Am Freitag ist Laternenfest!' },
            metadata: vonLeitung,
          },
          {
            type: 'MitteilungVeroeffentlicht',
            data: { mitteilungId: gummistiefel, text: 'Bitte Gummistiefel mitbringen.\nDanke!' },
            metadata: vonLeitung,
          },
          { type: 'MitteilungVeroeffentlicht', data: { mitteilungId: geloescht, text: 'Vertippt' }, metadata: vonLeitung },
          { type: 'MitteilungGeloescht', data: { mitteilungId: geloescht }, metadata: vonLeitung },
        ]),
      )
      .when(liste(fuchs))
      .then(
        expectResponse(200, [
          eintrag(gummistiefel, 'Bitte Gummistiefel mitbringen.\nDanke!'),
          eintrag(laternenfest, 'Am Freitag ist Laternenfest!'),
        ]),
      );
    await t
      .when(liste(leitung))
      .then(expectResponse(200, [expect.objectContaining({ id: gummistiefel }), expect.objectContaining({ id: laternenfest })]));
  });
});
