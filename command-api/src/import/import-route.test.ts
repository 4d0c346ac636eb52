import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { elternDecider } from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { importStream } from '@waldkita/domain/import/saison-import';
import { SAISON_STREAM } from '@waldkita/domain/saison/saison';
import { fold } from '@waldkita/domain/shared/decider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiRouteTest, expectError, expectNoNewEvents, expectResponse, familie, gruppe, multipart } from '../testing/route-test.js';

/** The server's clock: Friday 20 November 2026 (KW 47), 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('the yearly import (POST /api/admin/import-eltern)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, leitung.stream);
  });
  afterAll(() => t?.close());

  const ereignisse = async () => (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;

  it('refuses a past deadline with 400 in German before anything is imported', async () => {
    const form = new FormData();
    form.append('csvFile', new Blob(['Nachname;Vorname;Gruppe;E-Mail\nNeu;Kind;Füchse;neu@example.org\n'], { type: 'text/csv' }), 'e.csv');
    form.append('deadline', '2026-03-10');
    const vorher = await ereignisse();
    await t
      .when({ method: 'POST', url: '/api/admin/import-eltern', payload: form, als: leitung })
      .then(
        expectError(400, 'Die Frist 10.03.2026 liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.'),
        expectNoNewEvents(SAISON_STREAM),
      );
    // No family came in, no plan was retired: the log is as it was.
    expect(await ereignisse()).toBe(vorher);
  });
});

type RouteTest = Awaited<ReturnType<typeof commandApiRouteTest>>;

/** The upload as the Admin Center sends it: the file as `csvFile`, the deadline beside it. */
const hochladen = async (datei: { name: string; type: string; bytes: Uint8Array } | null, deadline = '2027-03-31') => {
  const form = new FormData();
  if (datei) form.append('csvFile', new Blob([datei.bytes], { type: datei.type }), datei.name);
  if (deadline) form.append('deadline', deadline);
  return { method: 'POST' as const, url: '/api/admin/import-eltern', ...(await multipart(form)) };
};
const csv = (text: string, name = 'eltern.csv') => ({ name, type: 'text/csv', bytes: new TextEncoder().encode(text) });
const anzahlEvents = async (t: RouteTest) => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

/** The active families as their streams say: "nachname gruppe nameKind", sorted. */
const familienImLog = async (t: RouteTest) => {
  const { rows } = await t.db.pool.query<{ stream_name: string }>(
    "SELECT DISTINCT stream_name FROM events WHERE stream_name LIKE 'eltern-%' ORDER BY stream_name",
  );
  const zeilen: string[] = [];
  for (const { stream_name } of rows) {
    const state = fold(elternDecider, (await t.store.readStream(stream_name)).events as never);
    if (state.status !== 'aktiv') continue;
    const { nachname, nameKind, gruppeId } = state.eltern;
    const gruppe = gruppeId ? fold(gruppeDecider, (await t.store.readStream(gruppeStream(gruppeId))).events as never) : null;
    zeilen.push(`${nachname} ${gruppe?.status === 'aktiv' ? gruppe.name : '-'} ${nameKind ?? ''}`.trim());
  }
  return zeilen.sort();
};

describe('the yearly CSV import (POST /api/admin/import-eltern)', () => {
  let t: RouteTest;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', null);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(leitung.stream, fuchs.stream);
    // Through the routes, as an import finds families by their e-mail and groups by their name (tables the routes write).
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Füchse' }, als: leitung }).then(expectResponse(201));
    const alt = await t
      .when({
        method: 'POST',
        url: '/api/admin/eltern',
        payload: { nachname: 'Altfamilie', email: 'alt@example.org', gruppe: 'Füchse' },
        als: leitung,
      })
      .then(expectResponse(201));
    await t
      .when({
        method: 'PUT',
        url: `/api/admin/eltern/${alt.json().id}/reset-password`,
        payload: { newPassword: 'alt-passwort' },
        als: leitung,
      })
      .then(expectResponse(200));
  });
  afterAll(() => t?.close());

  const anmelden = (email: string, kennwort: string) => ({
    method: 'POST' as const,
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, kennwort }).toString(),
  });

  it('refuses a parent (403) and an import before the holidays are confirmed (409), appending nothing', async () => {
    const vorher = await anzahlEvents(t);
    await t
      .when({ ...(await hochladen(csv('Nachname;Vorname;Gruppe;E-Mail\n'))), als: fuchs })
      .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'));
    await t
      .when({ ...(await hochladen(csv('Nachname;Vorname;Gruppe;E-Mail\nA;B;C;d@example.org\n'))), als: leitung })
      .then(expectError(409, 'Ferientermine müssen zuerst bestätigt werden'));
    expect(await anzahlEvents(t)).toBe(vorher);
    await t.when({ method: 'POST', url: '/api/admin/confirm-holidays', als: leitung }).then(expectResponse(200));
  });

  it('refuses a missing file, another file type, a file over 2 MB, a missing deadline and a missing header, each in German', async () => {
    const vorher = await anzahlEvents(t);
    await t.when({ ...(await hochladen(null)), als: leitung }).then(expectError(400, 'Bitte wählen Sie eine CSV-Datei aus'));
    const xlsx = {
      name: 'eltern.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: new Uint8Array([80, 75, 3, 4]),
    };
    await t.when({ ...(await hochladen(xlsx)), als: leitung }).then(expectError(400, 'Bitte wählen Sie eine gültige CSV-Datei aus'));
    await t
      .when({ ...(await hochladen(csv(`Nachname;Vorname;Gruppe;E-Mail\n${'x'.repeat(2 * 1024 * 1024 + 10)}`))), als: leitung })
      .then(expectError(413, 'Die Datei ist zu groß: höchstens 2 MB sind erlaubt.'));
    await t
      .when({ ...(await hochladen(csv('Nachname;Vorname;Gruppe;E-Mail\nA;B;C;d@example.org\n'), '')), als: leitung })
      .then(expectError(400, 'Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus.'));
    const ohneKopf = await t
      .when({ ...(await hochladen(csv('Fuchs;Mila;Füchse;f@example.org\n'))), als: leitung })
      .then(expectResponse(400));
    expect(ohneKopf.json().message).toContain('Spaltennamen');
    expect(await anzahlEvents(t)).toBe(vorher);
  });

  it('given a bad row on line 37, then nothing changes and every problem is listed with its line', async () => {
    const zeilen = ['Nachname;Vorname;Gruppe;E-Mail'];
    for (let i = 2; i <= 40; i++) zeilen.push(`Familie${i};Kind;Eulen;${i === 37 ? 'kaputt' : `f${i}@example.org`}`);
    const vorher = await anzahlEvents(t);
    await t.when({ ...(await hochladen(csv(zeilen.join('\n')))), als: leitung }).then(
      expectResponse(400, {
        successCount: 0,
        skippedCount: 0,
        errorCount: 1,
        errors: ['Zeile 37: "kaputt" ist keine gültige E-Mail-Adresse.'],
        message: 'Die Datei enthält Fehler. Es wurde nichts geändert.',
      }),
    );
    expect(await anzahlEvents(t)).toBe(vorher);
    await t.when(anmelden('alt@example.org', 'alt-passwort')).then(expectResponse(200));
  });

  it('imports 2,000 families in one go', async () => {
    const zeilen = ['Nachname,Vorname,Gruppe,E-Mail'];
    for (let i = 0; i < 2000; i++)
      zeilen.push(`Familie${i},Kind${i},${['Füchse', 'Eulen', 'Dachse', 'Igel'][i % 4]},familie${i}@example.org`);
    const start = performance.now();
    const antwort = await t.when({ ...(await hochladen(csv(zeilen.join('\n')))), als: leitung }).then(expectResponse(200));
    console.log(`import of 2,000 rows: ${Math.round(performance.now() - start)} ms`);
    expect(antwort.json()).toMatchObject({ successCount: 2000, errorCount: 0, neueFamilien: 2000 });
    // The admin stays, the families not in the file (Altfamilie) leave; Füchse stays, three groups are new.
    const familien = await familienImLog(t);
    expect(familien).toHaveLength(2000 + 2); // with Leitung and Fuchs, who were never in the e-mail table
    expect(familien).not.toContain('Altfamilie Füchse');
    const { rows } = await t.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE event_type = 'GruppeAngelegt'");
    expect(Number(rows[0]!.n)).toBe(4);
  }, 120_000);
});

describe('the yearly CSV import of the files spreadsheet programs save', () => {
  let t: RouteTest;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  /** Files LibreOffice wrote (fixtures/README.md). */
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const lade = async (name: string, bytes: Uint8Array) => ({ ...(await hochladen({ name, type: 'text/csv', bytes })), als: leitung });
  const IMPORTIERT = [
    'D’Angelo Dachse Luca',
    'Leitung - Kind Leitung', // the harness's admin, with a child's name
    'Weiß Füchse Björn',
    'Öztürk Eulen Ümit',
    'Œhlenschläger Eulen Jörg',
    'Žukauskas Füchse Šarlota',
  ];

  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(leitung.stream);
    await t.when({ method: 'POST', url: '/api/admin/confirm-holidays', als: leitung }).then(expectResponse(200));
  });
  afterAll(() => t?.close());

  it('imports the list LibreOffice saved as Windows-1252 with Ž, Š, Œ and ’ intact', async () => {
    const antwort = await t.when(await lade('Familienliste.csv', fixture('familien-windows-1252.csv'))).then(expectResponse(200));
    expect(antwort.json()).toMatchObject({ successCount: 5, errorCount: 0, neueFamilien: 5 });
    expect(await familienImLog(t)).toEqual(IMPORTIERT);
  });

  it('imports the same list saved as UTF-16 ("Unicode") as the same families', async () => {
    const antwort = await t.when(await lade('Familienliste.csv', fixture('familien-utf-16le.csv'))).then(expectResponse(200));
    expect(antwort.json()).toMatchObject({ successCount: 5, errorCount: 0, bekannteFamilien: 5 });
    expect(await familienImLog(t)).toEqual(IMPORTIERT);
  });

  it('refuses the spreadsheet itself and a file with a NUL byte in German, and changes nothing', async () => {
    const vorher = await anzahlEvents(t);
    await t
      .when(await lade('Familienliste.csv', fixture('familien.xlsx')))
      .then(
        expectError(
          400,
          'Die Datei ist eine Tabellen-Datei (Excel/LibreOffice), keine CSV-Datei. Bitte speichern Sie sie in der Tabellenkalkulation als „CSV“ (Text CSV) und wählen Sie diese Datei aus.',
        ),
      );
    const mitNul = new TextEncoder().encode(
      'Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Eulen;f@example.org\nNeu\u0000;Ida;Igel;neu@example.org\n',
    );
    await t
      .when(await lade('Familienliste.csv', mitNul))
      .then(
        expectError(
          400,
          'Zeile 3 enthält ein unsichtbares Steuerzeichen oder ein unlesbares Zeichen. Bitte prüfen Sie die Zeile in der Tabellenkalkulation und speichern Sie die Datei erneut als „CSV“.',
        ),
      );
    expect(await anzahlEvents(t)).toBe(vorher);
    expect(await familienImLog(t)).toEqual(IMPORTIERT);
  });
});

describe('what the yearly import records (ImportAbgeschlossen; the audit trail tells it: query-api/src/audit/audit-routes.test.ts)', () => {
  let t: RouteTest;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(leitung.stream);
    await t.when({ method: 'POST', url: '/api/admin/confirm-holidays', als: leitung }).then(expectResponse(200));
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Füchse' }, als: leitung }).then(expectResponse(201));
    for (const [nachname, email] of [
      ['Sommer', 'sommer@example.org'],
      ['Bauer', 'bauer@example.org'],
    ])
      await t
        .when({ method: 'POST', url: '/api/admin/eltern', payload: { nachname, email, gruppe: 'Füchse' }, als: leitung })
        .then(expectResponse(201));
  });
  afterAll(() => t?.close());

  it('who, which file (the SHA-256 of exactly the bytes sent, their size and encoding), the deadline and the counts', async () => {
    // Sommer stays (same e-mail), Igel is new, Bauer leaves.
    const zeilen = ['Nachname;Vorname;Gruppe;E-Mail', 'Igel;Ida;Eulen;igel@example.org', 'Sommer;Lotta;Füchse;sommer@example.org'];
    const gesendet = Buffer.from(zeilen.join('\n'), 'utf8');
    const antwort = await t
      .when({ ...(await hochladen({ name: 'eltern-2027.csv', type: 'text/csv', bytes: gesendet }, '2027-01-15')), als: leitung })
      .then(expectResponse(200));
    const { importId } = antwort.json() as { importId: string };
    const { events } = await t.store.readStream(importStream(importId));
    expect(events.map((e) => ({ type: e.type, data: e.data }))).toEqual([
      {
        type: 'ImportAbgeschlossen',
        data: {
          importId,
          successCount: 2,
          skippedCount: 0,
          neueFamilien: 1,
          bekannteFamilien: 1,
          entfernteFamilien: 1,
          dateiname: 'eltern-2027.csv',
          datei: { sha256: createHash('sha256').update(gesendet).digest('hex'), bytes: gesendet.length, kodierung: 'UTF-8' },
          frist: '2027-01-15',
          errorCount: 0,
          errors: [],
          zurueckgesetztePlaene: 1,
          zurueckgesetzteAbwesenheiten: 0,
        },
      },
    ]);
    expect(events[0]!.metadata).toMatchObject({ actorId: leitung.elternId, rolle: 'admin', correlationId: importId });
    // Every event of the import carries its id, so the trail can tell the import's story.
    const { rows } = await t.db.pool.query<{ event_type: string }>(
      "SELECT event_type FROM events WHERE metadata->>'correlationId' = $1 ORDER BY event_type",
      [importId],
    );
    expect(rows.map((r) => r.event_type)).toEqual(
      expect.arrayContaining([
        'AbwesenheitsfristGesetzt',
        'ElternAktualisiert',
        'ElternEntfernt',
        'ElternRegistriert',
        'GruppeAngelegt',
        'ImportAbgeschlossen',
      ]),
    );
  });
});
