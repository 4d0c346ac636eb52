import { randomUUID } from 'node:crypto';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';

const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('swap board (GET /api/tausch/gruppe/{gruppeId}, /api/wasserdienst/tausch/my-requests)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs48 = wasserdienst(fuchs, 2026, 48);
  const fuchs53 = wasserdienst(fuchs, 2026, 53);
  const fuchs51 = wasserdienst(fuchs, 2026, 51);
  const bauer50 = wasserdienst(bauer, 2026, 50);
  const eule48 = wasserdienst(eule, 2026, 48);
  const [angenommen, offen, zurueck, eulenTausch] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const angeboten = (tauschId: string, d: typeof fuchs48, nachricht: string | null = null) => ({
    type: 'TauschAngeboten',
    data: { ...d, tauschId, nachricht },
  });

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      fuechse.stream,
      eulen.stream,
      fuchs.stream,
      bauer.stream,
      eule.stream,
      leitung.stream,
      existingStream(dienstplanStream(fuechse.gruppeId), [
        ...[fuchs48, fuchs53, fuchs51, bauer50].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        angeboten(angenommen, fuchs48),
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: fuechse.gruppeId,
            tauschId: angenommen,
            wasserdienstId: fuchs48.wasserdienstId,
            woche: { jahr: 2026, kalenderwoche: 48 },
            angebotVon: fuchs.elternId,
            gegenWasserdienstId: bauer50.wasserdienstId,
            gegenWoche: { jahr: 2026, kalenderwoche: 50 },
            angenommenVon: bauer.elternId,
          },
        },
        angeboten(offen, fuchs53, 'Wir sind im Urlaub'),
        angeboten(zurueck, fuchs51),
        {
          type: 'TauschZurueckgezogen',
          data: { gruppeId: fuechse.gruppeId, tauschId: zurueck, wasserdienstId: fuchs51.wasserdienstId, elternId: fuchs.elternId },
        },
      ]),
      existingStream(dienstplanStream(eulen.gruppeId), [{ type: 'WasserdienstZugewiesen', data: eule48 }, angeboten(eulenTausch, eule48)]),
    );
  });
  afterAll(() => t?.close());

  const offenesAngebot = {
    id: offen,
    requestEltern: { id: fuchs.elternId, nachname: 'Fuchs', nameKind: 'Kind Fuchs' },
    requestWasserdienst: { id: fuchs53.wasserdienstId, kalenderwoche: 53, jahr: 2026 },
    resolveEltern: null,
    resolveWasserdienst: null,
    bestaetigt: false,
    angebotenAm: JETZT.toISOString(),
    abgeben: false,
  };
  const angenommenesAngebot = {
    id: angenommen,
    requestEltern: { id: fuchs.elternId, nachname: 'Fuchs', nameKind: 'Kind Fuchs' },
    requestWasserdienst: { id: fuchs48.wasserdienstId, kalenderwoche: 48, jahr: 2026 },
    resolveEltern: { id: bauer.elternId, nachname: 'Bauer', nameKind: 'Kind Bauer' },
    resolveWasserdienst: { id: bauer50.wasserdienstId, kalenderwoche: 50, jahr: 2026 },
    bestaetigt: true,
    angebotenAm: JETZT.toISOString(),
    abgeben: false,
  };

  it('shows a parent the open and accepted offers of their own group, withdrawn ones left out', async () => {
    const response = await t
      .when({ method: 'GET', url: `/api/tausch/gruppe/${fuechse.gruppeId}`, als: bauer })
      .then(expectResponse(200, expect.arrayContaining([offenesAngebot, angenommenesAngebot])));
    expect(response.json()).toHaveLength(2);
  });

  it('refuses a parent another group’s board (403) and shows them their own group only', async () => {
    await t
      .when({ method: 'GET', url: `/api/tausch/gruppe/${fuechse.gruppeId}`, als: eule })
      .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'));
    await t
      .when({ method: 'GET', url: `/api/tausch/gruppe/${eulen.gruppeId}`, als: eule })
      .then(
        expectResponse(200, [expect.objectContaining({ id: eulenTausch, requestEltern: expect.objectContaining({ nachname: 'Eule' }) })]),
      );
  });

  it('shows an admin any group’s board, and asks for a session (401)', async () => {
    await t
      .when({ method: 'GET', url: `/api/tausch/gruppe/${eulen.gruppeId}`, als: leitung })
      .then(expectResponse(200, [expect.objectContaining({ id: eulenTausch })]));
    await t.when({ method: 'GET', url: `/api/tausch/gruppe/${fuechse.gruppeId}` }).then(expectError(401, 'Bitte melden Sie sich an.'));
  });

  it('marks a duty given away („Dienst abgeben“) on the group’s board as abgeben', async () => {
    const igel = gruppe('Igel');
    const geber = familie('Geber', igel.gruppeId);
    const nehmer = familie('Nehmer', igel.gruppeId);
    const dienst = wasserdienst(geber, 2026, 48);
    const tauschId = randomUUID();
    await t
      .given(
        igel.stream,
        geber.stream,
        nehmer.stream,
        existingStream(dienstplanStream(igel.gruppeId), [
          { type: 'WasserdienstZugewiesen', data: dienst },
          { type: 'TauschAngeboten', data: { ...dienst, tauschId, nachricht: null, abgeben: true } },
        ]),
      )
      .when({ method: 'GET', url: `/api/tausch/gruppe/${igel.gruppeId}`, als: nehmer })
      .then(
        expectResponse(200, [
          expect.objectContaining({
            id: tauschId,
            abgeben: true,
            bestaetigt: false,
            requestEltern: expect.objectContaining({ nachname: 'Geber' }),
          }),
        ]),
      );
  });

  it('lists the caller’s own offers in the older shape (PENDING, ACCEPTED, WITHDRAWN)', async () => {
    const response = await t.when({ method: 'GET', url: '/api/wasserdienst/tausch/my-requests', als: fuchs }).then(expectResponse(200));
    const status = Object.fromEntries((response.json() as { id: string; status: string }[]).map((r) => [r.id, r.status]));
    expect(status).toEqual({ [offen]: 'PENDING', [angenommen]: 'ACCEPTED', [zurueck]: 'WITHDRAWN' });
    expect(response.json()).toContainEqual(expect.objectContaining({ id: offen, requesterName: 'Fuchs', message: 'Wir sind im Urlaub' }));
  });
});
