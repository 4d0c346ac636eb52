import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { benachrichtigungenStream } from '@waldkita/domain/push/benachrichtigungen';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { feedDigest, neuerFeedToken } from '@waldkita/platform/kalender-abo/feed-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

// The mails in the export (the SMTP stand-in, the mail log across a replay) and the secrets it must not hold: cli/src/datenschutz-export.test.ts.
describe('GET /api/eltern/ich/export: a family downloads its own data', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const mitKind = (f: ReturnType<typeof familie>, nameKind: string | null) => ({
    ...f,
    nameKind,
    stream: existingStream(f.stream.stream, [{ type: 'ElternRegistriert', data: { ...(f.stream.events[0]!.data as object), nameKind } }]),
  });
  const fuchs = mitKind(familie('Fuchs', fuechse.gruppeId), 'Mila');
  const bauer = mitKind(familie('Bauer', fuechse.gruppeId), 'Jonas');
  const eule = mitKind(familie('Eule', eulen.gruppeId), 'Ida');
  const admin = mitKind(familie('Schmidt', null, ['ROLE_ADMIN']), null);
  const [fuchs48, bauer49, fuchs51, eule48] = [
    wasserdienst(fuchs, 2026, 48),
    wasserdienst(bauer, 2026, 49),
    wasserdienst(fuchs, 2026, 51),
    wasserdienst(eule, 2026, 48),
  ];
  const [tauschId, euleTausch, geraetId] = [randomUUID(), randomUUID(), randomUUID()];
  const als = (f: { elternId: string }) => ({ actorId: f.elternId });
  const exportVon = (f: typeof fuchs, url = '/api/eltern/ich/export') => t.when({ method: 'GET', url, als: f }).then(expectResponse(200));

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      fuechse.stream,
      eulen.stream,
      fuchs.stream,
      bauer.stream,
      eule.stream,
      admin.stream,
      existingStream(dienstplanStream(fuechse.gruppeId), [
        ...[fuchs48, bauer49, fuchs51].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        // a swap: Fuchs offers week 48 with a message, Bauer takes it and gives week 49
        { type: 'TauschAngeboten', data: { ...fuchs48, tauschId, nachricht: 'Wir sind im Urlaub' }, metadata: als(fuchs) },
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: fuechse.gruppeId,
            tauschId,
            wasserdienstId: fuchs48.wasserdienstId,
            woche: { jahr: 2026, kalenderwoche: 48 },
            angebotVon: fuchs.elternId,
            gegenWasserdienstId: bauer49.wasserdienstId,
            gegenWoche: { jahr: 2026, kalenderwoche: 49 },
            angenommenVon: bauer.elternId,
          },
          metadata: als(bauer),
        },
      ]),
      // Eule offers its week too (another group): none of it may reach Fuchs's export
      existingStream(dienstplanStream(eulen.gruppeId), [
        { type: 'WasserdienstZugewiesen', data: eule48 },
        { type: 'TauschAngeboten', data: { ...eule48, tauschId: euleTausch, nachricht: 'Eulen-Nachricht' }, metadata: als(eule) },
      ]),
      // the kindergarten's management sets Fuchs's share of the duty
      existingStream(elternStream(fuchs.elternId), [
        { type: 'AnteilGesetzt', data: { elternId: fuchs.elternId, anteil: 2, grund: 'Zwei Kinder in der Kita' }, metadata: als(admin) },
      ]),
      existingStream(abwesenheitenStream(fuchs.elternId), [
        {
          type: 'AbwesenheitGemeldet',
          data: { abwesenheitId: randomUUID(), elternId: fuchs.elternId, jahr: 2026, kalenderwoche: 50 },
          metadata: als(fuchs),
        },
      ]),
      existingStream(abwesenheitenStream(eule.elternId), [
        {
          type: 'AbwesenheitGemeldet',
          data: { abwesenheitId: randomUUID(), elternId: eule.elternId, jahr: 2026, kalenderwoche: 52 },
          metadata: als(eule),
        },
      ]),
      // a push device and a calendar feed
      existingStream(benachrichtigungenStream(fuchs.elternId), [
        {
          type: 'PushGeraetAngemeldet',
          data: {
            elternId: fuchs.elternId,
            geraetId,
            endpunktKennung: 'kennung-des-endpunkts',
            fingerabdruck: 'fingerabdruck-des-abos',
            abo: 'versiegeltes-abo',
            bezeichnung: 'Chrome auf Android',
          },
          metadata: als(fuchs),
        },
      ]),
      existingStream(kalenderAboStream(fuchs.elternId), [
        {
          type: 'KalenderAboErneuert',
          data: { elternId: fuchs.elternId, tokenDigest: feedDigest(neuerFeedToken()) },
          metadata: als(fuchs),
        },
      ]),
    );
  });
  afterAll(() => t?.close());

  it('answers a JSON download named after today, not kept by any cache, in the documented shape', async () => {
    const antwort = await exportVon(fuchs);
    expect(antwort.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(antwort.headers['content-disposition']).toBe('attachment; filename="waldkita-meine-daten-2026-11-20.json"');
    expect(antwort.headers['cache-control']).toBe('no-store');
    expect(Object.keys(antwort.json())).toEqual([
      'format',
      'erstelltAm',
      'erstellt',
      'konto',
      'kind',
      'gruppe',
      'wasserdienste',
      'wasserdiensteFrueher',
      'tausch',
      'dienste',
      'anteile',
      'dienstTausch',
      'abwesenheiten',
      'stunden',
      'pushGeraete',
      'benachrichtigungen',
      'kalenderAbo',
      'verlauf',
      'mails',
      'pushNachrichten',
    ]);
    expect(antwort.json()).toMatchObject({
      format: 'waldkita-datenexport/1',
      erstelltAm: JETZT.toISOString(),
      erstellt: '20.11.2026 10:00:00',
    });
  });

  it('holds the family’s account, child, group, duties, swap, absence, device and feed', async () => {
    const daten = (await exportVon(fuchs)).json();
    expect(daten.konto).toEqual({
      elternId: fuchs.elternId,
      nachname: 'Fuchs',
      email: fuchs.email,
      rollen: ['ROLE_ELTERN'],
      registriertAm: expect.any(String),
      anteil: { anteil: 2, grund: 'Zwei Kinder in der Kita', gesetztAm: expect.any(String) },
    });
    expect(daten.kind).toEqual({ name: 'Mila' });
    expect(daten.gruppe).toEqual({ gruppeId: fuechse.gruppeId, name: 'Füchse' });
    // after the swap: week 49 (from Bauer) and week 51; Fridays as the plan shows them
    expect(daten.wasserdienste.map((d: { kw: string; freitagText: string; gruppe: string }) => [d.kw, d.freitagText, d.gruppe])).toEqual([
      ['KW 49/2026', '04.12.2026', 'Füchse'],
      ['KW 51/2026', '18.12.2026', 'Füchse'],
    ]);
    expect(daten.tausch.angebote).toEqual([
      {
        tauschId,
        woche: { jahr: 2026, kalenderwoche: 48, kw: 'KW 48/2026', freitag: '2026-11-27', freitagText: '27.11.2026' },
        abgeben: false,
        nachricht: 'Wir sind im Urlaub',
        status: 'angenommen',
        statusText: 'Angenommen',
        angebotenAm: expect.any(String),
        entschiedenAm: expect.any(String),
        gegenWoche: { jahr: 2026, kalenderwoche: 49, kw: 'KW 49/2026', freitag: '2026-12-04', freitagText: '04.12.2026' },
      },
    ]);
    expect(daten.tausch.angenommen).toEqual([]);
    expect(daten.abwesenheiten.map((a: { kw: string }) => a.kw)).toEqual(['KW 50/2026']);
    const geraete = (await t.when({ method: 'GET', url: '/api/push/abos', als: fuchs }).then(expectResponse(200))).json() as {
      id: string;
      bezeichnung: string;
      seit: string;
    }[];
    expect(geraete).toHaveLength(1);
    expect(daten.pushGeraete).toEqual(geraete.map((g) => ({ geraetId: g.id, bezeichnung: g.bezeichnung, seit: g.seit })));
    expect(daten.kalenderAbo).toEqual({ aktiv: true, seit: expect.any(String) });
    expect(daten.benachrichtigungen).toMatchObject({ gewaehlt: false });

    // the family that took the offer sees the same swap from its side
    const vonBauer = (await exportVon(bauer)).json();
    expect(vonBauer.tausch.angebote).toEqual([]);
    expect(vonBauer.tausch.angenommen).toEqual([
      {
        tauschId,
        woche: expect.objectContaining({ kw: 'KW 48/2026' }),
        gegenWoche: expect.objectContaining({ kw: 'KW 49/2026' }),
        abgeben: false,
        angenommenAm: expect.any(String),
      },
    ]);
  });

  it('lists the history entries that concern the family, as the audit trail words them, other families unnamed', async () => {
    const { verlauf } = (await exportVon(fuchs)).json() as { verlauf: { zeit: string; akteur: string; text: string }[] };
    const texte = verlauf.map((e) => e.text);
    expect(texte).toEqual(
      expect.arrayContaining([
        'Familie Fuchs wird angelegt (in der Gruppe „Füchse“, Kind: Mila).',
        'Familie Fuchs wird für den Wasserdienst KW 48/2026 eingeteilt (Gruppe „Füchse“).',
        'Familie Fuchs bietet den Wasserdienst KW 48/2026 zum Tausch an. Nachricht: „Wir sind im Urlaub“',
        'Familie (andere Familie) übernimmt KW 48/2026 von Familie Fuchs und gibt dafür KW 49/2026 ab.',
        'Familie Fuchs meldet sich für KW 50/2026 abwesend.',
        'Familie Fuchs richtet ein Kalender-Abo ein oder erneuert dessen Link; ein früherer Link gilt nicht mehr.',
      ]),
    );
    expect(texte.some((text) => text.startsWith('Familie Fuchs meldet ein Gerät für Push-Benachrichtigungen an'))).toBe(true);
    // the management acted: named by its function, not by the admin's name
    expect(verlauf.find((e) => e.text.startsWith('Der Anteil von Familie Fuchs'))).toMatchObject({
      akteur: 'Leitung',
      text: 'Der Anteil von Familie Fuchs am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder in der Kita“',
    });
    // the swap was accepted by the other family: the entry says so without its name
    expect(verlauf.find((e) => e.text.startsWith('Familie (andere Familie) übernimmt'))!.akteur).toBe('Familie (andere Familie)');
    expect(verlauf.every((e) => /^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/.test(e.zeit))).toBe(true);
    // nothing of Bauer's own duty, nor of the other group
    expect(texte.filter((text) => text.includes('KW 52/2026') || text.includes('Eulen'))).toEqual([]);
  });

  it('is always the caller’s own: a parameter naming another family changes nothing, an admin gets its own account', async () => {
    const mitParameter = (await exportVon(fuchs, `/api/eltern/ich/export?elternId=${bauer.elternId}`)).json();
    expect(mitParameter.konto.nachname).toBe('Fuchs');
    const vonAdmin = (await exportVon(admin)).json();
    expect(vonAdmin.konto).toMatchObject({ nachname: 'Schmidt', rollen: ['ROLE_ADMIN'] });
    expect(vonAdmin.gruppe).toBeNull();
    expect(vonAdmin.wasserdienste).toEqual([]);
    const text = JSON.stringify(vonAdmin);
    for (const f of [fuchs, bauer, eule]) expect(text).not.toContain(f.email);
  });

  it('without sign-in (or with a broken token): 401 in German', async () => {
    await t.when({ method: 'GET', url: '/api/eltern/ich/export' }).then(expectError(401, 'Bitte melden Sie sich an.'));
    await t
      .when({ method: 'GET', url: '/api/eltern/ich/export', headers: { authorization: 'Bearer kein.gueltiges.token' } })
      .then(expectError(401, 'Bitte melden Sie sich an.'));
  });
});
