import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin: weeks up to 46 are done, 47 on are still planned. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'verteilung-123';

type Familie = { elternId: string; token: string; nachname: string };

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
  const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
  return { out, err };
};

describe('fairness over the seasons on the real app: distribution, shares, balance', () => {
  let app: TestApp;
  let admin: Familie;
  const f: Record<string, Familie> = {};
  const gruppe: Record<string, string> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = async (
    nachname: string,
    gruppenName?: string,
    rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN' | 'ROLE_AUDITOR')[] = ['ROLE_ELTERN'],
  ) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppenName, rollen);
    return { elternId: x.elternId, token: x.token, nachname };
  };
  const weise = async (gruppeId: string, eintraege: [Familie, number, number][]) => {
    const { position } = await weiseWasserdiensteZu(
      app.runtime,
      gruppeId,
      eintraege.map(([x, jahr, kalenderwoche]) => ({ elternId: x.elternId, jahr, kalenderwoche })),
      { actorId: null },
    );
    remember(position);
  };
  const zeile = (x: Familie, geleistet: number, geplant: number, anteil = 1) => ({
    elternId: x.elternId,
    nachname: x.nachname,
    geleistet,
    geplant,
    anteil,
  });

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN', 'ROLE_AUDITOR']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    f.Eule = await familie('Eule', 'Eulen');
    for (const name of ['Dachs', 'Igel', 'Vorstand']) f[name] = await familie(name, 'Dachse');
    const { rows } = await app.db.pool.query<{ gruppe_id: string; name: string }>('SELECT gruppe_id, name FROM rm.gruppe');
    for (const r of rows) gruppe[r.name] = r.gruppe_id;
    // Füchse: weeks 40–46 are done, 47–50 still to come; KW 43 nobody's.
    await weise(gruppe.Füchse!, [
      [f.Fuchs!, 2026, 40],
      [f.Bauer!, 2026, 41],
      [f.Wagner!, 2026, 42],
      [f.Fuchs!, 2026, 44],
      [f.Bauer!, 2026, 45],
      [f.Fuchs!, 2026, 46],
      [f.Wagner!, 2026, 47],
      [f.Fuchs!, 2026, 48],
      [f.Bauer!, 2026, 49],
      [f.Bauer!, 2026, 50],
    ]);
  }, 60_000);
  afterAll(() => app?.close());

  describe('GET /api/wasserdienst/verteilung', () => {
    it('shows a parent every family of the own group: duties done before the current week, still planned from it on, share 1', async () => {
      expect(await get(f.Bauer!.token, '/api/wasserdienst/verteilung')).toEqual({
        status: 200,
        body: [zeile(f.Bauer!, 2, 2), zeile(f.Fuchs!, 3, 1), zeile(f.Wagner!, 1, 1)],
      });
      expect((await get(f.Eule!.token, '/api/wasserdienst/verteilung')).body).toEqual([zeile(f.Eule!, 0, 0)]);
    });

    it('refuses a parent another group (403, German) and lets an admin choose any group; unknown groups are 404', async () => {
      expect(await get(f.Eule!.token, `/api/wasserdienst/verteilung?gruppe=${gruppe.Füchse}`)).toEqual({
        status: 403,
        body: { message: expect.stringMatching(/Berechtigung/) },
      });
      expect((await get(admin.token, `/api/wasserdienst/verteilung?gruppe=${gruppe.Füchse}`)).body).toEqual([
        zeile(f.Bauer!, 2, 2),
        zeile(f.Fuchs!, 3, 1),
        zeile(f.Wagner!, 1, 1),
      ]);
      expect(await get(admin.token, '/api/wasserdienst/verteilung')).toEqual({
        status: 400,
        body: { message: 'Bitte wählen Sie eine Gruppe aus.' },
      });
      expect((await get(admin.token, '/api/wasserdienst/verteilung?gruppe=9b1c3c52-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('counts a swapped duty for the family that does it', async () => {
      const eigene = (await get(f.Fuchs!.token, '/api/wasserdienst/my-assignments')).body as { id: string; kalenderwoche: number }[];
      const bauers = (await get(f.Bauer!.token, '/api/wasserdienst/my-assignments')).body as { id: string; kalenderwoche: number }[];
      const angebot = await call(f.Fuchs!.token, 'POST', '/api/tausch', { wasserdienstId: eigene.find((d) => d.kalenderwoche === 48)!.id });
      const tauschId = angebot.headers.get('x-tausch-id');
      const annahme = await call(f.Bauer!.token, 'PUT', `/api/tausch/${tauschId}/accept`, {
        resolveWasserdienstId: bauers.find((d) => d.kalenderwoche === 49)!.id,
      });
      expect(annahme.status).toBe(200);
      const calendar = (await get(f.Fuchs!.token, '/api/wasserdienst/events')).body as { kalenderwoche: number; title: string }[];
      expect(calendar.find((e) => e.kalenderwoche === 48)!.title).toBe('Bauer');
      // A swap of two planned weeks leaves the counts as they were; the week is Bauer's now.
      expect((await get(f.Fuchs!.token, '/api/wasserdienst/verteilung')).body).toEqual([
        zeile(f.Bauer!, 2, 2),
        zeile(f.Fuchs!, 3, 1),
        zeile(f.Wagner!, 1, 1),
      ]);
    });
  });

  describe('PUT /api/admin/eltern/{id}/anteil', () => {
    it('refuses parents (403) and wrong shares, a missing or too long reason and unknown families, in German', async () => {
      const pfad = `/api/admin/eltern/${f.Wagner!.elternId}/anteil`;
      expect((await call(f.Fuchs!.token, 'PUT', pfad, { anteil: 0, grund: 'Ich will nicht' })).status).toBe(403);
      const falsch = { status: 400, body: { message: 'Der Anteil muss eine ganze Zahl von 0 bis 5 sein.' } };
      for (const anteil of [6, -1, 1.5, '2', null]) expect(await call(admin.token, 'PUT', pfad, { anteil, grund: 'Test' })).toEqual(falsch);
      expect(await call(admin.token, 'PUT', pfad, { anteil: 2 })).toEqual({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund für den Anteil an.' },
      });
      expect(await call(admin.token, 'PUT', pfad, { anteil: 2, grund: '  ' })).toEqual({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund für den Anteil an.' },
      });
      expect(await call(admin.token, 'PUT', pfad, { anteil: 2, grund: 'x'.repeat(301) })).toEqual({
        status: 400,
        body: { message: 'Der Grund darf höchstens 300 Zeichen lang sein.' },
      });
      expect(
        await call(admin.token, 'PUT', '/api/admin/eltern/9b1c3c52-0000-4000-8000-000000000000/anteil', { anteil: 2, grund: 'x' }),
      ).toEqual({
        status: 404,
        body: { message: 'Elternteil nicht gefunden.' },
      });
      expect(
        (await get(f.Wagner!.token, '/api/wasserdienst/verteilung')).body.find((z: { nachname: string }) => z.nachname === 'Wagner').anteil,
      ).toBe(1);
    });

    it('sets a share with its reason: the distribution shows it and the history tells it in German', async () => {
      expect(
        await call(admin.token, 'PUT', `/api/admin/eltern/${f.Wagner!.elternId}/anteil`, { anteil: 2, grund: 'Zwei Kinder in der Gruppe' }),
      ).toEqual({
        status: 200,
        body: { id: f.Wagner!.elternId, anteil: 2, message: 'Der Anteil von Familie Wagner ist jetzt 2.' },
      });
      expect((await get(f.Fuchs!.token, '/api/wasserdienst/verteilung')).body).toContainEqual(zeile(f.Wagner!, 1, 1, 2));
      // The Admin Center's list carries each family's share and the reason of its last change.
      const liste = (await get(admin.token, '/api/admin/eltern')).body as { id: string; anteil: number; anteilGrund: string | null }[];
      expect(liste.find((e) => e.id === f.Wagner!.elternId)).toMatchObject({ anteil: 2, anteilGrund: 'Zwei Kinder in der Gruppe' });
      expect(liste.find((e) => e.id === f.Fuchs!.elternId)).toMatchObject({ anteil: 1, anteilGrund: null });
      const { events } = await app.runtime.store.readStream(`eltern-${f.Wagner!.elternId}`);
      expect(events.at(-1)).toMatchObject({ type: 'AnteilGesetzt', data: { anteil: 2, grund: 'Zwei Kinder in der Gruppe' } });
      const verlauf = (await get(admin.token, '/api/audit/events')).body;
      expect(JSON.stringify(verlauf)).toContain(
        'Der Anteil von Familie Wagner am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder in der Gruppe“',
      );
    });
  });

  describe('planning with shares and the balance of the earlier season', () => {
    it('plans in proportion to the shares, starting from last season’s balance, and tells the admin the balance used', async () => {
      const dachse = gruppe.Dachse!;
      // Last season: Dachs (share 2) did 6 duties, Igel 2; Vorstand nothing.
      await weise(dachse, [
        ...[30, 31, 32, 33, 34, 35].map((kw): [Familie, number, number] => [f.Dachs!, 2026, kw]),
        [f.Igel!, 2026, 36],
        [f.Igel!, 2026, 37],
      ]);
      for (const [x, anteil, grund] of [
        [f.Dachs!, 2, 'Zwei Kinder'],
        [f.Vorstand!, 0, 'Vorstand'],
      ] as const) {
        expect((await call(admin.token, 'PUT', `/api/admin/eltern/${x.elternId}/anteil`, { anteil, grund })).status).toBe(200);
      }
      expect((await get(admin.token, `/api/wasserdienst/verteilung?gruppe=${dachse}`)).body).toEqual([
        zeile(f.Dachs!, 6, 0, 2),
        zeile(f.Igel!, 2, 0),
        zeile(f.Vorstand!, 0, 0, 0),
      ]);
      // The yearly import retires the plan: 8 duties done, due by share 5.33 (Dachs) and 2.67 (Igel).
      const reset = await handleCommand(
        app.runtime.store,
        dienstplanStream(dachse),
        dienstplanDecider,
        { type: 'SetzeDienstplanZurueck', data: { gruppeId: dachse, importId: 'import-2026' } },
        { actorId: null, now: JETZT },
      );
      remember(reset.position);
      expect((await get(admin.token, `/api/wasserdienst/verteilung?gruppe=${dachse}`)).body).toEqual([
        zeile(f.Dachs!, 0, 0, 2),
        zeile(f.Igel!, 0, 0),
        zeile(f.Vorstand!, 0, 0, 0),
      ]);

      const plan = await call(admin.token, 'POST', '/api/admin/wasserdienst/bulk-assign', {
        jahr: 2027,
        startKW: 10,
        endKW: 21,
        gruppeId: dachse,
      });
      expect(plan.status).toBe(200);
      expect(plan.body.gruppen[0].zugewiesen).toBe(12);
      expect(plan.body.gruppen[0].saldo).toEqual(
        [
          { elternId: f.Dachs!.elternId, saldo: 0.67, anteil: 2 },
          { elternId: f.Igel!.elternId, saldo: -0.67, anteil: 1 },
          { elternId: f.Vorstand!.elternId, saldo: 0, anteil: 0 },
        ].sort((a, b) => (a.elternId < b.elternId ? -1 : 1)),
      );
      // Due this season: 12 × 2/3 − 0.67 = 7.33 and 12 × 1/3 + 0.67 = 4.67 → 7 and 5; Vorstand exempt.
      expect((await get(admin.token, `/api/wasserdienst/verteilung?gruppe=${dachse}`)).body).toEqual([
        zeile(f.Dachs!, 0, 7, 2),
        zeile(f.Igel!, 0, 5),
        zeile(f.Vorstand!, 0, 0, 0),
      ]);
      const { events } = await app.runtime.store.readStream(dienstplanStream(dachse));
      const geplant = events.find((e) => e.type === 'RotaGeplant')!.data as { saldo: unknown[]; anteile: unknown[] };
      expect(geplant.saldo).toHaveLength(3);
      expect(geplant.anteile).toContainEqual({ elternId: f.Vorstand!.elternId, anteil: 0 });
    });

    it('replay --check: a fresh fold of the log gives the same read models, shares and earlier seasons included', async () => {
      await get(admin.token, '/api/gruppen');
      const io = ausgabe();
      expect(await replay(app.runtime.config, ['--check'], io)).toBe(0);
      const { rows } = await app.db.pool.query('SELECT count(*)::int AS n FROM rm.dienst_frueher');
      expect(rows[0].n).toBe(2);
    });
  });
});
