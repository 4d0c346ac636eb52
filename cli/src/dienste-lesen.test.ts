// Whole app: `replay --check` (the CLI command) against the read models the running projector built.
// The reads of every duty kind are route tests: query-api/src/dienste/dienste-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import type { NewEvent } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin: swaps reach up to ISO week 5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'dienste-lesen-123';

type Familie = { elternId: string; token: string; nachname: string };

const ANGABEN = { beschreibung: '', familienProTermin: 1, stunden: 2, pausiertBeiSchliessung: true };

/**
 * The read models of every duty kind on the real app: the events are appended straight to the
 * store, the running projector builds the read models, and `replay --check` (the CLI command)
 * folds the log afresh and compares. The reads themselves: query-api/src/dienste/dienste-routes.test.ts.
 */
describe('duty kinds on the real app: the read models are replay-safe', () => {
  let app: TestApp;
  let admin: Familie;
  let fuchs: Familie;
  let bauer: Familie;
  let eule: Familie;
  const gruppe: Record<string, string> = {};
  const { get, remember } = apiClient(() => app.baseUrl);
  const [putz, tee, alt] = [randomUUID(), randomUUID(), randomUUID()];
  const [d1, d2, d3, d4, e1, k1, k2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [w46, w48] = [randomUUID(), randomUUID()];
  const [tFuchs, tEule, tTee] = [randomUUID(), randomUUID(), randomUUID()];

  const familie = async (nachname: string, gruppenName?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppenName, rollen);
    return { elternId: x.elternId, token: x.token, nachname };
  };
  const haenge = async (stream: string, events: NewEvent[]) =>
    remember((await app.runtime.store.appendToStream(stream, events, 'any')).position);

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    fuchs = await familie('Fuchs', 'Füchse');
    bauer = await familie('Bauer', 'Füchse');
    eule = await familie('Eule', 'Eulen');
    const { rows } = await app.db.pool.query<{ gruppe_id: string; name: string }>('SELECT gruppe_id, name FROM rm.gruppe');
    for (const r of rows) gruppe[r.name] = r.gruppe_id;
    const fuechse = gruppe.Füchse!;
    const eulen = gruppe.Eulen!;

    await haenge('dienstarten', [
      newEvent('DienstartAngelegt', { dienstartId: putz, name: 'Putzdienst', ...ANGABEN, rhythmus: 'wochenende', bereich: 'gruppe' }),
      newEvent('DienstartAngelegt', {
        dienstartId: tee,
        name: 'Tee kochen',
        ...ANGABEN,
        rhythmus: 'wochentage',
        wochentage: [1, 3],
        aktivVonMonat: 11,
        aktivBisMonat: 3,
        bereich: 'kita',
        stunden: 0.5,
      }),
      newEvent('DienstartAngelegt', { dienstartId: alt, name: 'Altpapier', ...ANGABEN, rhythmus: 'woche', bereich: 'kita' }),
      newEvent('DienstartArchiviert', { dienstartId: alt, name: 'Altpapier' }),
    ]);
    const zugewiesen = (dienstartId: string, bereichId: string, dienstId: string, von: string, bis: string, elternId: string) =>
      newEvent('DienstZugewiesen', { dienstartId, bereichId, dienstId, von, bis, elternId });
    await haenge(`dienste-${putz}-${fuechse}`, [
      zugewiesen(putz, fuechse, d1, '2026-11-14', '2026-11-15', fuchs.elternId),
      zugewiesen(putz, fuechse, d2, '2026-11-21', '2026-11-22', fuchs.elternId),
      zugewiesen(putz, fuechse, d3, '2026-11-28', '2026-11-29', bauer.elternId),
      zugewiesen(putz, fuechse, d4, '2027-03-06', '2027-03-07', fuchs.elternId),
      newEvent('DienstTauschAngeboten', {
        dienstartId: putz,
        bereichId: fuechse,
        tauschId: tFuchs,
        dienstId: d2,
        von: '2026-11-21',
        bis: '2026-11-22',
        elternId: fuchs.elternId,
        nachricht: null,
      }),
    ]);
    await haenge(`dienste-${putz}-${eulen}`, [
      zugewiesen(putz, eulen, e1, '2026-11-21', '2026-11-22', eule.elternId),
      newEvent('DienstTauschAngeboten', {
        dienstartId: putz,
        bereichId: eulen,
        tauschId: tEule,
        dienstId: e1,
        von: '2026-11-21',
        bis: '2026-11-22',
        elternId: eule.elternId,
        nachricht: 'Nur für Eulen',
        abgeben: true,
      }),
    ]);
    await haenge(`dienste-${tee}-kita`, [
      zugewiesen(tee, 'kita', k1, '2026-11-23', '2026-11-23', bauer.elternId),
      zugewiesen(tee, 'kita', k2, '2026-11-25', '2026-11-25', eule.elternId),
      newEvent('DienstTauschAngeboten', {
        dienstartId: tee,
        bereichId: 'kita',
        tauschId: tTee,
        dienstId: k2,
        von: '2026-11-25',
        bis: '2026-11-25',
        elternId: eule.elternId,
        nachricht: 'Arzttermin',
      }),
    ]);
    await haenge(`dienstplan-${fuechse}`, [
      newEvent('WasserdienstZugewiesen', {
        gruppeId: fuechse,
        wasserdienstId: w46,
        jahr: 2026,
        kalenderwoche: 46,
        elternId: fuchs.elternId,
      }),
      newEvent('WasserdienstZugewiesen', {
        gruppeId: fuechse,
        wasserdienstId: w48,
        jahr: 2026,
        kalenderwoche: 48,
        elternId: fuchs.elternId,
      }),
    ]);
    await haenge(`eltern-${bauer.elternId}`, [
      newEvent('AnteilGesetzt', { elternId: bauer.elternId, anteil: 2, grund: 'Zwei Kinder', dienstartId: putz }),
    ]);
  }, 60_000);
  afterAll(() => app?.close());

  it('replay --check: a fresh fold of the log gives the same read models of every kind (sealed messages included)', async () => {
    await get(admin.token, '/api/dienstarten');
    const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
    const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
    expect(await replay(app.runtime.config, ['--check'], { out, err })).toBe(0);
    expect(out.text).toContain('The live read models match a fresh fold');
    const { rows } = await app.db.pool.query(
      `SELECT (SELECT count(*)::int FROM rm.dienstart) AS arten, (SELECT count(*)::int FROM rm.dienst) AS dienste,
              (SELECT count(*)::int FROM rm.dienst_tausch) AS tausche, (SELECT count(*)::int FROM rm.dienst_anteil_art) AS anteile`,
    );
    expect(rows[0]).toEqual({ arten: 3, dienste: 7, tausche: 3, anteile: 1 });
  });
});
