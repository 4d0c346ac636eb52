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
 * The reads of every duty kind (docs/api-dienste.md) on the real app: the events are appended
 * straight to the store (the write routes are tested on their own), the projector builds the read
 * models, and the query API answers — each family only its own dates, the offers of its own
 * group's plans and of the whole kindergarten's.
 */
describe('duty kinds on the real app: kinds, own dates, offers, distribution, calendar feed and data export', () => {
  let app: TestApp;
  let admin: Familie;
  let fuchs: Familie;
  let bauer: Familie;
  let eule: Familie;
  const gruppe: Record<string, string> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);
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

  it('GET /api/dienstarten: the active kinds to every family, Wasserdienst (built in) first, then by name', async () => {
    const answer = await get(fuchs.token, '/api/dienstarten');
    expect(answer.status).toBe(200);
    expect(answer.body.map((a: { id: string; name: string }) => [a.id, a.name])).toEqual([
      ['wasserdienst', 'Wasserdienst'],
      [putz, 'Putzdienst'],
      [tee, 'Tee kochen'],
    ]);
    expect(answer.body[0]).toMatchObject({ rhythmus: 'woche', bereich: 'gruppe', eingebaut: true, archiviert: false });
    expect(answer.body[2]).toEqual({
      id: tee,
      name: 'Tee kochen',
      beschreibung: '',
      rhythmus: 'wochentage',
      wochentage: [1, 3],
      aktivVonMonat: 11,
      aktivBisMonat: 3,
      bereich: 'kita',
      familienProTermin: 1,
      stunden: 0.5,
      pausiertBeiSchliessung: true,
      eingebaut: false,
      archiviert: false,
    });
  });

  it('GET /api/admin/dienstarten: every kind, the archived one last, to admins only', async () => {
    expect(await get(fuchs.token, '/api/admin/dienstarten')).toEqual({ status: 403, body: { message: expect.any(String) } });
    const answer = await get(admin.token, '/api/admin/dienstarten');
    expect(answer.status).toBe(200);
    expect(answer.body.map((a: { name: string; archiviert: boolean }) => [a.name, a.archiviert])).toEqual([
      ['Wasserdienst', false],
      ['Putzdienst', false],
      ['Tee kochen', false],
      ['Altpapier', true],
    ]);
  });

  it('GET /api/dienste/meine: every date of the family, Wasserdienst included (Monday–Friday), oldest first; done, offered, swappable', async () => {
    const answer = await get(fuchs.token, '/api/dienste/meine');
    expect(answer.status).toBe(200);
    const fuechse = gruppe.Füchse!;
    const dienst = (id: string, dienstartId: string, dienstart: string, von: string, bis: string, mehr: object) => ({
      id,
      dienstartId,
      dienstart,
      von,
      bis,
      gruppeId: fuechse,
      erledigt: false,
      angeboten: false,
      tauschbar: true,
      ...mehr,
    });
    expect(answer.body).toEqual([
      dienst(w46, 'wasserdienst', 'Wasserdienst', '2026-11-09', '2026-11-13', { erledigt: true, tauschbar: false }),
      dienst(d1, putz, 'Putzdienst', '2026-11-14', '2026-11-15', { erledigt: true, tauschbar: false }),
      dienst(d2, putz, 'Putzdienst', '2026-11-21', '2026-11-22', { angeboten: true }),
      dienst(w48, 'wasserdienst', 'Wasserdienst', '2026-11-23', '2026-11-27', {}),
      // beyond the next 12 ISO weeks
      dienst(d4, putz, 'Putzdienst', '2027-03-06', '2027-03-07', { tauschbar: false }),
    ]);
    // a date of a kind of the whole kindergarten has no group
    expect((await get(bauer.token, '/api/dienste/meine')).body).toEqual([
      expect.objectContaining({ id: k1, dienstart: 'Tee kochen', von: '2026-11-23', bis: '2026-11-23', gruppeId: null, tauschbar: true }),
      expect.objectContaining({ id: d3, dienstart: 'Putzdienst', gruppeId: gruppe.Füchse }),
    ]);
  });

  it('GET /api/dienste/tausch: open offers of the own group and of the whole kindergarten, never another group’s', async () => {
    const fuchsSieht = await get(fuchs.token, '/api/dienste/tausch');
    expect(fuchsSieht).toEqual({
      status: 200,
      body: [
        {
          id: tFuchs,
          dienstartId: putz,
          dienstart: 'Putzdienst',
          dienstId: d2,
          von: '2026-11-21',
          bis: '2026-11-22',
          eltern: { id: fuchs.elternId, nachname: 'Fuchs' },
          nachricht: null,
          abgeben: false,
          eigenes: true,
        },
        {
          id: tTee,
          dienstartId: tee,
          dienstart: 'Tee kochen',
          dienstId: k2,
          von: '2026-11-25',
          bis: '2026-11-25',
          eltern: { id: eule.elternId, nachname: 'Eule' },
          // sealed in the log, opened for the reader
          nachricht: 'Arzttermin',
          abgeben: false,
          eigenes: false,
        },
      ],
    });
    const bauerSieht = (await get(bauer.token, '/api/dienste/tausch')).body;
    expect(bauerSieht.map((t: { id: string; eigenes: boolean }) => [t.id, t.eigenes])).toEqual([
      [tFuchs, false],
      [tTee, false],
    ]);
    const euleSieht = (await get(eule.token, '/api/dienste/tausch')).body;
    expect(euleSieht.map((t: { id: string; eigenes: boolean; abgeben: boolean }) => [t.id, t.eigenes, t.abgeben])).toEqual([
      [tEule, true, true],
      [tTee, true, false],
    ]);
  });

  it('GET /api/dienste/verteilung: per family of the group (or the whole kindergarten), done before today, planned from today, share', async () => {
    expect(await get(fuchs.token, `/api/dienste/verteilung?dienstart=${putz}`)).toEqual({
      status: 200,
      body: [
        { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 1, anteil: 2 },
        { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 1, geplant: 2, anteil: 1 },
      ],
    });
    expect((await get(fuchs.token, `/api/dienste/verteilung?dienstart=${tee}`)).body).toEqual([
      { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 1, anteil: 1 },
      { elternId: eule.elternId, nachname: 'Eule', geleistet: 0, geplant: 1, anteil: 1 },
      { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 0, geplant: 0, anteil: 1 },
    ]);
    expect((await get(fuchs.token, '/api/dienste/verteilung?dienstart=wasserdienst')).body).toEqual([
      { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 0, anteil: 1 },
      { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 1, geplant: 1, anteil: 1 },
    ]);
    expect((await get(admin.token, `/api/dienste/verteilung?dienstart=${putz}&gruppe=${gruppe.Eulen}`)).body).toEqual([
      { elternId: eule.elternId, nachname: 'Eule', geleistet: 0, geplant: 1, anteil: 1 },
    ]);
    expect((await get(fuchs.token, `/api/dienste/verteilung?dienstart=${putz}&gruppe=${gruppe.Eulen}`)).status).toBe(403);
    expect(await get(admin.token, `/api/dienste/verteilung?dienstart=${putz}`)).toEqual({
      status: 400,
      body: { message: 'Bitte wählen Sie eine Gruppe aus.' },
    });
    expect(await get(fuchs.token, `/api/dienste/verteilung?dienstart=${randomUUID()}`)).toEqual({
      status: 404,
      body: { message: 'Dienstart nicht gefunden.' },
    });
    expect(await get(fuchs.token, '/api/dienste/verteilung?dienstart=gibtsnicht')).toEqual({
      status: 404,
      body: { message: 'Dienstart nicht gefunden.' },
    });
    expect((await get(fuchs.token, '/api/dienste/verteilung')).status).toBe(400);
  });

  it('refuses reads without a session', async () => {
    for (const pfad of [
      '/api/dienstarten',
      '/api/admin/dienstarten',
      '/api/dienste/meine',
      '/api/dienste/tausch',
      '/api/dienste/verteilung',
    ])
      expect((await fetch(`${app.baseUrl}${pfad}`)).status).toBe(401);
  });

  it('the calendar feed lists the family’s dates of every other kind all-day, beside its water duties', async () => {
    const abo = await call(bauer.token, 'POST', '/api/kalender/abo');
    expect(abo.status).toBe(200);
    // waits (read-your-writes) until the projector has the new address, then fetches as a calendar program does
    await get(bauer.token, '/api/kalender/abo');
    const feed = await (await fetch(`${app.baseUrl}${new URL(abo.body.url).pathname}`)).text();
    const entfaltet = feed.replace(/\r\n[ \t]/g, '');
    expect(entfaltet).toContain(`UID:dienst-${d3}@`);
    expect(entfaltet).toMatch(/DTSTART;VALUE=DATE:20261128\r\nDTEND;VALUE=DATE:20261130\r\n/);
    expect(entfaltet).toContain('SUMMARY:Putzdienst\r\n');
    expect(entfaltet).toContain(`UID:dienst-${k1}@`);
    expect(entfaltet).toMatch(/DTSTART;VALUE=DATE:20261123\r\nDTEND;VALUE=DATE:20261124\r\n/);
    expect(entfaltet).toContain('SUMMARY:Tee kochen\r\n');
    expect(entfaltet).toContain('Ihr Dienst Tee kochen: Mo 23.11.2026 (ganze Kita).');
    expect(entfaltet).not.toContain(d2);
  });

  it('the data export lists the family’s dates of every kind and its share per kind', async () => {
    const daten = (await get(bauer.token, '/api/eltern/ich/export')).body;
    expect(daten.dienste).toEqual([
      { dienstId: k1, dienstartId: tee, dienstart: 'Tee kochen', von: '2026-11-23', bis: '2026-11-23', gruppe: null },
      { dienstId: d3, dienstartId: putz, dienstart: 'Putzdienst', von: '2026-11-28', bis: '2026-11-29', gruppe: 'Füchse' },
    ]);
    expect(daten.anteile).toEqual([
      { dienstartId: putz, dienstart: 'Putzdienst', anteil: 2, grund: 'Zwei Kinder', gesetztAm: expect.any(String) },
    ]);
    // the history names the kind (from the read model of the kinds) and the family's own dates
    const verlauf = daten.verlauf.map((e: { text: string }) => e.text);
    expect(verlauf).toContain('Der Anteil von Familie Bauer an der Dienstart „Putzdienst“ ist jetzt 2. Grund: „Zwei Kinder“');
    expect(verlauf).toContain('Familie Bauer wird für den Dienst „Tee kochen“ eingeteilt: Mo 23.11.2026 (ganze Kita).');
    const fuchsDaten = (await get(fuchs.token, '/api/eltern/ich/export')).body;
    expect(fuchsDaten.dienste.map((d: { dienstart: string; von: string }) => `${d.dienstart} ${d.von}`)).toEqual([
      'Wasserdienst 2026-11-09',
      'Putzdienst 2026-11-14',
      'Putzdienst 2026-11-21',
      'Wasserdienst 2026-11-23',
      'Putzdienst 2027-03-06',
    ]);
    expect(fuchsDaten.dienstTausch.angebote).toEqual([
      expect.objectContaining({ tauschId: tFuchs, dienstart: 'Putzdienst', von: '2026-11-21', status: 'offen', statusText: 'Offen' }),
    ]);
  });

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
