import { randomUUID } from 'node:crypto';
import { stundenjahrStream } from '@waldkita/domain/stunden/stundenjahr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
} from '../testing/route-test.js';

/** Friday, 20 November 2026, 10:00 in Berlin: kindergarten year 2026/27. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('the hours ledger’s writes (command-api/src/stunden)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const pruefer = familie('Prüfer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream, bauer.stream, pruefer.stream);
  });
  afterAll(() => t?.close());

  it('refuses in German: a parent (403), odd rules (400), an unknown family (404), an exemption without reason (400)', async () => {
    const regeln = (payload: unknown, als = leitung) => ({
      method: 'PUT' as const,
      url: '/api/admin/stunden/regeln',
      payload: payload as object,
      als,
    });
    await t
      .when(regeln({ sollProFamilie: 1, stundensatz: 1, jahresbeginnMonat: 9 }, fuchs))
      .then(expectResponse(403, { message: expect.any(String) }));
    await t
      .when(regeln({ sollProFamilie: -1, stundensatz: 15, jahresbeginnMonat: 9 }))
      .then(expectError(400, 'Soll-Stunden: bitte eine Zahl von 0 bis 1000 mit höchstens zwei Nachkommastellen.'));
    await t
      .when(regeln({ sollProFamilie: 10, stundensatz: 15, jahresbeginnMonat: 13 }))
      .then(expectError(400, 'Jahresbeginn: bitte einen Monat von 1 bis 12.'));
    await t
      .when({
        method: 'PUT',
        url: '/api/admin/stunden/regeln',
        payload: '"kaputt"',
        headers: { 'content-type': 'application/json' },
        als: leitung,
      })
      .then(expectResponse(400));
    await t
      .when({
        method: 'PUT',
        url: '/api/admin/stunden/familien/8e3c3c52-0000-4000-8000-000000000000',
        payload: { kinder: 1 },
        als: leitung,
      })
      .then(expectError(404, 'Familie nicht gefunden.'));
    await t
      .when({ method: 'PUT', url: `/api/admin/stunden/familien/${bauer.elternId}`, payload: { befreit: true }, als: leitung })
      .then(expectError(400, 'Bitte geben Sie einen Grund an.'));
  });

  it('refuses hours out of range, a future date, a date before last year, a missing description and a read-only account, in German', async () => {
    const versuch = (payload: object, als: ReturnType<typeof familie> | null = fuchs) => ({
      method: 'POST' as const,
      url: '/api/stunden',
      payload,
      als: als ?? undefined,
    });
    const STUNDEN = 'Bitte geben Sie die Stunden als Zahl über 0 und höchstens 24 an, mit höchstens zwei Nachkommastellen.';
    for (const stunden of [0, -2, 24.5, 1.234, '3', null])
      await t.when(versuch({ datum: '2026-11-14', stunden, beschreibung: 'x' })).then(expectError(400, STUNDEN));
    await t
      .when(versuch({ datum: '2026-11-21', stunden: 1, beschreibung: 'x' }))
      .then(expectError(400, 'Stunden lassen sich erst eintragen, wenn die Arbeit getan ist: das Datum liegt in der Zukunft.'));
    await t
      .when(versuch({ datum: '2025-08-31', stunden: 1, beschreibung: 'x' }))
      .then(expectError(400, 'Stunden lassen sich nur für das laufende oder das vergangene Kita-Jahr eintragen.'));
    await t
      .when(versuch({ datum: '14.11.2026', stunden: 1, beschreibung: 'x' }))
      .then(expectError(400, 'Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.'));
    await t
      .when(versuch({ datum: '2026-11-14', stunden: 1, beschreibung: '  ' }))
      .then(expectError(400, 'Bitte beschreiben Sie kurz, was Sie gemacht haben.'));
    await t.when(versuch({ datum: '2026-11-14', stunden: 1, beschreibung: 'x' }, pruefer)).then(expectResponse(403));
    await t.when(versuch({ datum: '2026-11-14', stunden: 1, beschreibung: 'x' }, null)).then(expectResponse(401));
  });
});

describe('the hours ledger’s writes through the year (a clock that moves)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  let jetzt = JETZT;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const jahr2026 = stundenjahrStream(2026);
  const GESCHLOSSEN = 'Dieses Kita-Jahr ist abgeschlossen. Änderungen sind erst nach einer Wiedereröffnung möglich.';
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => jetzt });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream, bauer.stream);
  });
  afterAll(() => t?.close());

  const admin = (method: 'POST' | 'PUT', url: string, payload?: object) => ({ method, url, payload, als: leitung });
  const eingetragen = (eintragId: string, datum: string, stunden: number, beschreibung: string) => ({
    type: 'StundenEingetragen',
    data: { jahr: 2026, eintragId, elternId: fuchs.elternId, datum, stunden, beschreibung },
  });

  it('an admin sets the rules and a family’s children for the current kindergarten year', async () => {
    await t
      .when(admin('PUT', '/api/admin/stunden/regeln', { sollProFamilie: 10, sollProKind: 5, stundensatz: 15, jahresbeginnMonat: 9 }))
      .then(
        expectResponse(200, expect.objectContaining({ jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15 })),
        expectNewEvents(jahr2026, [
          { type: 'StundenRegelnGesetzt', data: { jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15, jahresbeginnMonat: 9 } },
        ]),
      );
    await t.when(admin('PUT', `/api/admin/stunden/familien/${fuchs.elternId}`, { kinder: 2 })).then(
      expectResponse(200, expect.objectContaining({ jahr: 2026, kinder: 2, befreit: false })),
      expectNewEvents(jahr2026, [
        {
          type: 'StundenFamilieGesetzt',
          data: expect.objectContaining({ jahr: 2026, elternId: fuchs.elternId, kinder: 2, befreit: false }),
        },
      ]),
    );
  });

  it('a family records its work: it waits for confirmation', async () => {
    await t
      .when({
        method: 'POST',
        url: '/api/stunden',
        payload: { datum: '2026-11-14', stunden: 3, beschreibung: 'Zaun repariert' },
        als: fuchs,
      })
      .then(
        expectResponse(201, expect.objectContaining({ datum: '2026-11-14', stunden: 3, quelle: 'eigen', status: 'ausstehend' })),
        expectNewEvents(jahr2026, [
          {
            type: 'StundenEingetragen',
            data: {
              jahr: 2026,
              eintragId: expect.any(String),
              elternId: fuchs.elternId,
              datum: '2026-11-14',
              stunden: 3,
              beschreibung: 'Zaun repariert',
            },
          },
        ]),
      );
  });

  it('an admin confirms one entry and refuses another with a reason; a parent may not decide; a decided refusal stays; unknown entries are 404', async () => {
    const [zaun, kuchen] = [randomUUID(), randomUUID()];
    await t.appendEvents(
      existingStream(jahr2026, [
        eingetragen(zaun, '2026-11-14', 3, 'Zaun repariert'),
        eingetragen(kuchen, '2026-11-15', 2.5, 'Kuchen gebacken'),
      ]),
    );
    const entscheide = (id: string, payload: object, als = leitung) => ({
      method: 'PUT' as const,
      url: `/api/admin/stunden/${id}`,
      payload,
      als,
    });
    const nichts = expectNoNewEvents(jahr2026);
    await t.when(entscheide(zaun, { status: 'bestaetigt' }, fuchs)).then(expectResponse(403), nichts);
    await t
      .when(entscheide(zaun, { status: 'bestaetigt' }))
      .then(
        expectResponse(200, expect.objectContaining({ id: zaun, status: 'bestaetigt' })),
        expectNewEvents(jahr2026, [
          { type: 'StundenBestaetigt', data: { jahr: 2026, eintragId: zaun, elternId: fuchs.elternId, stunden: 3 } },
        ]),
      );
    await t.when(entscheide(kuchen, { status: 'abgelehnt' })).then(expectError(400, 'Bitte geben Sie einen Grund an.'), nichts);
    await t
      .when(entscheide(kuchen, { status: 'vielleicht' }))
      .then(expectError(400, 'Bitte wählen Sie als Status „bestaetigt“ oder „abgelehnt“.'), nichts);
    await t.when(entscheide(kuchen, { status: 'abgelehnt', grund: 'Kuchen zählt beim Sommerfest' })).then(
      expectResponse(200, expect.objectContaining({ status: 'abgelehnt', grund: 'Kuchen zählt beim Sommerfest' })),
      expectNewEvents(jahr2026, [
        {
          type: 'StundenAbgelehnt',
          data: { jahr: 2026, eintragId: kuchen, elternId: fuchs.elternId, stunden: 2.5, grund: 'Kuchen zählt beim Sommerfest' },
        },
      ]),
    );
    await t.when(entscheide(kuchen, { status: 'bestaetigt' })).then(expectError(409, 'Dieser Eintrag ist bereits abgelehnt.'), nichts);
    await t.when(entscheide('gibt-es-nicht', { status: 'bestaetigt' })).then(expectError(404, 'Eintrag nicht gefunden.'), nichts);
  });

  it('an admin corrects a family’s hours, also downwards, only with a reason and for a known family', async () => {
    const korrektur = (payload: object) => admin('POST', '/api/admin/stunden/korrektur', payload);
    await t
      .when(korrektur({ elternId: bauer.elternId, datum: '2026-12-01', stunden: -1.5 }))
      .then(expectError(400, 'Bitte geben Sie einen Grund an.'), expectNoNewEvents(jahr2026));
    await t
      .when(korrektur({ elternId: '8e3c3c52-0000-4000-8000-000000000000', datum: '2026-12-01', stunden: 1, grund: 'x' }))
      .then(expectError(404, 'Familie nicht gefunden.'), expectNoNewEvents(jahr2026));
    await t
      .when(korrektur({ elternId: bauer.elternId, datum: '2026-12-01', stunden: -1.5, grund: 'Putzdienst am 1. Advent nur halb erledigt' }))
      .then(
        expectResponse(201, expect.objectContaining({ quelle: 'korrektur', stunden: -1.5, status: 'bestaetigt' })),
        expectNewEvents(jahr2026, [
          {
            type: 'StundenKorrigiert',
            data: {
              jahr: 2026,
              korrekturId: expect.any(String),
              elternId: bauer.elternId,
              datum: '2026-12-01',
              stunden: -1.5,
              grund: 'Putzdienst am 1. Advent nur halb erledigt',
            },
          },
        ]),
      );
  });

  it('closes a year only after its last day; then refuses entries, decisions, corrections and settings (409); reopens only with a reason', async () => {
    const offen = randomUUID();
    await t.appendEvents(existingStream(jahr2026, [eingetragen(offen, '2027-01-09', 1, 'Laub gerecht')]));
    const schliesse = (als = leitung) => ({ method: 'POST' as const, url: '/api/admin/stunden/jahr/2026/abschliessen', als });
    await t
      .when(schliesse())
      .then(expectError(409, 'Ein Kita-Jahr lässt sich erst nach seinem letzten Tag abschließen.'), expectNoNewEvents(jahr2026));
    try {
      // 2 September 2027: kindergarten year 2027/28 has begun.
      jetzt = new Date('2027-09-02T09:00:00+02:00');
      await t.when(schliesse(fuchs)).then(expectResponse(403), expectNoNewEvents(jahr2026));
      await t
        .when(schliesse())
        .then(
          expectResponse(200, expect.objectContaining({ abgeschlossen: true })),
          expectNewEvents(jahr2026, [{ type: 'StundenjahrAbgeschlossen', data: { jahr: 2026 } }]),
        );
      await t.when(schliesse()).then(expectError(409, 'Dieses Kita-Jahr ist bereits abgeschlossen.'), expectNoNewEvents(jahr2026));
      const zu = expectError(409, GESCHLOSSEN);
      await t
        .when({ method: 'POST', url: '/api/stunden', payload: { datum: '2027-08-20', stunden: 1, beschreibung: 'Nachtrag' }, als: fuchs })
        .then(zu, expectNoNewEvents(jahr2026));
      await t.when(admin('PUT', `/api/admin/stunden/${offen}`, { status: 'bestaetigt' })).then(zu, expectNoNewEvents(jahr2026));
      await t
        .when(
          admin('POST', '/api/admin/stunden/korrektur', { elternId: fuchs.elternId, datum: '2027-05-01', stunden: 2, grund: 'Nachtrag' }),
        )
        .then(zu, expectNoNewEvents(jahr2026));
      await t
        .when(admin('PUT', `/api/admin/stunden/familien/${fuchs.elternId}`, { kinder: 3, jahr: 2026 }))
        .then(zu, expectNoNewEvents(jahr2026));

      const oeffne = (jahr: number, payload: object) => admin('POST', `/api/admin/stunden/jahr/${jahr}/wiedereroeffnen`, payload);
      await t.when(oeffne(2026, {})).then(expectError(400, 'Bitte geben Sie einen Grund an.'), expectNoNewEvents(jahr2026));
      await t
        .when(oeffne(2027, { grund: 'x' }))
        .then(expectError(409, 'Dieses Kita-Jahr ist nicht abgeschlossen.'), expectNoNewEvents(stundenjahrStream(2027)));
      await t
        .when(oeffne(2026, { grund: 'Nachtrag Familie Fuchs' }))
        .then(
          expectResponse(200, expect.objectContaining({ abgeschlossen: false })),
          expectNewEvents(jahr2026, [{ type: 'StundenjahrWiedereroeffnet', data: { jahr: 2026, grund: 'Nachtrag Familie Fuchs' } }]),
        );
      // reopened, corrections are taken again
      await t
        .when(
          admin('POST', '/api/admin/stunden/korrektur', { elternId: fuchs.elternId, datum: '2027-05-01', stunden: 2, grund: 'Nachtrag' }),
        )
        .then(expectResponse(201), expectNewEvents(jahr2026, [expect.objectContaining({ type: 'StundenKorrigiert' })]));
    } finally {
      jetzt = JETZT;
    }
  });
});
