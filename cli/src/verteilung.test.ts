// Whole app: planning with shares and last season's balance (bulk-assign reads the read models), and replay --check.
// The distribution and the share's refusals: query-api/src/wasserdienst, command-api/src/admin (route tests).
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
