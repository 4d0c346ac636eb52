import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { berlinLokalSekunde } from '@waldkita/domain/audit/zeit';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { importStream } from '@waldkita/domain/import/saison-import';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { SAISON_STREAM } from '@waldkita/domain/saison/saison';
import { FILTER_ZU_LANG } from '@waldkita/domain/shared/eingabe';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';
import { PortAuditLog, PostgresAuditLog } from './audit-log.js';

const KEIN_ZUGRIFF = 'Den Verlauf dürfen nur Prüfer und die Leitung einsehen.';
const WOCHE_UNGUELTIG = 'Bitte geben Sie die Woche als ISO-Woche an, z. B. 2026-W53.';

type Eintrag = {
  position: string;
  streamName: string;
  type: string;
  kategorie: string;
  zeit: string;
  akteur: string;
  beschreibung: string;
  familien: string[];
  tauschId: string | null;
  importId: string | null;
  gruppeId: string | null;
  hash: string;
  vorherigerHash: string;
  roh: { data: unknown; metadata: unknown };
};
type PlanZeile = { kalenderwoche: number; jahr: number; kw: string; datum: string; familie: string };
type Woche = { art: 'belegt' | 'frei' | 'ferien'; kw: string; datum: string; familie: string | null; beschreibung: string | null };
type AbwesenheitZeile = { kw: string; datum: string; importId?: string; zeit?: string };
type AbwesenheitenAntwort = {
  asOf: { art: string; text: string };
  stand: { ereignisse: number; von: number };
  familien: { elternId: string; familie: string; gemeldet: AbwesenheitZeile[]; zurueckgesetzt: AbwesenheitZeile[] }[];
  anzahl: { familien: number; gemeldet: number; zurueckgesetzt: number };
};

describe('audit trail filters (GET /api/audit/events)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const pruefer = familie('Sommer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs49 = wasserdienst(fuchs, 2026, 49);
  const bauer51 = wasserdienst(bauer, 2026, 51);
  const tauschId = randomUUID();

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      ...[fuechse, eulen, fuchs, bauer, eule, pruefer, leitung].map((x) => x.stream),
      existingStream(dienstplanStream(fuechse.gruppeId), [
        ...[fuchs49, wasserdienst(fuchs, 2026, 50), bauer51].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        { type: 'TauschAngeboten', data: { ...fuchs49, tauschId, nachricht: null } },
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: fuechse.gruppeId,
            tauschId,
            wasserdienstId: fuchs49.wasserdienstId,
            woche: { jahr: 2026, kalenderwoche: 49 },
            angebotVon: fuchs.elternId,
            gegenWasserdienstId: bauer51.wasserdienstId,
            gegenWoche: { jahr: 2026, kalenderwoche: 51 },
            angenommenVon: bauer.elternId,
          },
        },
      ]),
      existingStream(dienstplanStream(eulen.gruppeId), [{ type: 'WasserdienstZugewiesen', data: wasserdienst(eule, 2026, 49) }]),
    );
  });
  afterAll(() => t?.close());

  const beschreibungen = async (query: string) => {
    const response = await t.when({ method: 'GET', url: `/api/audit/events?${query}`, als: pruefer }).then(expectResponse(200));
    return (response.json().eintraege as { beschreibung: string }[]).map((e) => e.beschreibung);
  };

  it('given a family, then everything that happened to it, across its own stream and its group’s plan', async () => {
    const geschichte = await beschreibungen(`familie=${fuchs.elternId}`);
    expect(geschichte).toContain('Familie Fuchs wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Füchse“).');
    expect(geschichte).toContain('Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.');
    expect(geschichte.some((b) => b.includes('Familie Eule'))).toBe(false);
    expect(geschichte.some((b) => b.includes('KW 51/2026 eingeteilt'))).toBe(false);
  });

  it('given an ISO week, then only the events about that week, of every group', async () => {
    expect(await beschreibungen('woche=2026-W51')).toEqual([
      'Familie Bauer wird für den Wasserdienst KW 51/2026 eingeteilt (Gruppe „Füchse“).',
      'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.',
    ]);
    expect(await beschreibungen('woche=2026-W49&order=asc')).toContain(
      'Familie Eule wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Eulen“).',
    );
    expect(await beschreibungen('woche=2026-W53')).toEqual([]);
  });

  it('given an unknown or malformed filter, then a German refusal (400) instead of everything', async () => {
    const fehler = (query: string, message: string | RegExp) =>
      t
        .when({ method: 'GET', url: `/api/audit/events?${query}`, als: pruefer })
        .then(expectResponse(400, { message: typeof message === 'string' ? message : expect.stringMatching(message) }));
    await fehler('familie_name=Fuchs', /^Unbekannter Filter „familie_name“\. Möglich sind: stream, type, kategorie/);
    await fehler('familie=Fuchs', 'Bitte geben Sie die Familie als ihre Kennung (UUID) an.');
    await fehler('woche=2025-W53', WOCHE_UNGUELTIG);
    await fehler('woche=KW51', WOCHE_UNGUELTIG);
    await fehler('q=x', 'Bitte suchen Sie nach mindestens 2 Zeichen.');
  });

  it('answers the auditor and the admin; refuses a parent (403) and the signed-out (401)', async () => {
    await t.when({ method: 'GET', url: '/api/audit/events', als: leitung }).then(expectResponse(200));
    await t.when({ method: 'GET', url: '/api/audit/events', als: fuchs }).then(expectError(403, KEIN_ZUGRIFF));
    await t.when({ method: 'GET', url: '/api/audit/events' }).then(expectError(401, 'Bitte melden Sie sich an.'));
  });

  it('given a repeated or too long filter, then a German refusal naming it', async () => {
    await t
      .when({ method: 'GET', url: '/api/audit/events?stream=eltern-&stream=gruppe-', als: leitung })
      .then(expectError(400, 'Das Feld „stream“ hat nicht die erwartete Form.'));
    await t
      .when({ method: 'GET', url: `/api/audit/events?gruppe=${'g'.repeat(201)}`, als: leitung })
      .then(expectError(400, FILTER_ZU_LANG));
  });

  it('names a family’s choice of language in German', async () => {
    const jung = familie('Jung', eulen.gruppeId);
    await t.appendEvents(
      jung.stream,
      existingStream(elternStream(jung.elternId), [{ type: 'SpracheGewaehlt', data: { elternId: jung.elternId, sprache: 'uk' } }]),
    );
    expect(await beschreibungen(`familie=${jung.elternId}`)).toContain('Familie Jung wählt die Sprache Ukrainisch.');
  });
});

/** A group's duties, an offer and its acceptance as the log keeps them, each step a minute after the one before (10:00 Berlin on). */
describe('the audit trail’s story: a role, a swap, a withdrawn offer, a family named like a formula, the yearly import', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const START = new Date('2026-11-20T10:00:00+01:00');
  /** `minute` minutes after START, as the events' time; with an actor, in the role it held. */
  const um = (minute: number, akteur?: { elternId: string }, rolle?: 'admin' | 'eltern', fuer?: { elternId: string }) => ({
    occurredAt: new Date(START.getTime() + minute * 60_000).toISOString(),
    actorId: akteur?.elternId ?? null,
    ...(rolle ? { rolle } : {}),
    ...(fuer ? { fuerElternId: fuer.elternId } : {}),
  });
  const mit = (events: { type: string; data: unknown }[], metadata: ReturnType<typeof um>) => events.map((e) => ({ ...e, metadata }));
  /** A family as registration with a password leaves it: ElternRegistriert and PasswortGesetzt (its sessions from then on: version 2). */
  const registriert = (f: ReturnType<typeof familie>) =>
    existingStream(
      f.stream.stream,
      mit([...f.stream.events, { type: 'PasswortGesetzt', data: { elternId: f.elternId, grund: 'erstanlage' } }], um(0)),
    );
  const HYPERLINK = '=HYPERLINK("http://boese.example","klick")';

  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const pruefer = familie('Sommer', fuechse.gruppeId);
  const formel = { ...familie(HYPERLINK, fuechse.gruppeId), email: 'formel@example.org' };
  /** An auditor for a moment (who may read it), who leaves with the import. */
  const winter = familie('Winter', fuechse.gruppeId);
  const [fuchs49, fuchs50, bauer51] = [wasserdienst(fuchs, 2026, 49), wasserdienst(fuchs, 2026, 50), wasserdienst(bauer, 2026, 51)];
  const [tauschId, zurueckgezogen] = [randomUUID(), randomUUID()];
  const plan = dienstplanStream(fuechse.gruppeId);
  let angebotPosition = '';
  let annahmePosition = '';

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => new Date(START.getTime() + 7 * 60_000) });
    await t.appendEvents(
      existingStream(fuechse.stream.stream, mit(fuechse.stream.events, um(0))),
      existingStream(eulen.stream.stream, mit(eulen.stream.events, um(0))),
      ...[fuchs, bauer, eule, leitung].map((f) => existingStream(f.stream.stream, mit(f.stream.events, um(0)))),
      registriert(pruefer),
      existingStream(
        plan,
        mit(
          [fuchs49, fuchs50, bauer51].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
          um(0),
        ),
      ),
      // 60 weeks for the Eulen: more than one page of the audit list
      existingStream(
        dienstplanStream(eulen.gruppeId),
        mit(
          Array.from({ length: 60 }, (_, i) => ({
            type: 'WasserdienstZugewiesen',
            data: i < 52 ? wasserdienst(eule, 2027, i + 1) : wasserdienst(eule, 2028, i - 51),
          })),
          um(0),
        ),
      ),
    );
    // The admin makes Familie Sommer an auditor.
    await t.appendEvents(
      existingStream(pruefer.stream.stream, [
        {
          type: 'RollenGeaendert',
          data: { elternId: pruefer.elternId, rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] },
          metadata: um(1, leitung, 'admin', pruefer),
        },
      ]),
    );
    // Fuchs offers KW 49, Bauer takes it and gives KW 51; Fuchs offers KW 50 and withdraws it.
    await t.appendEvents(
      existingStream(plan, [
        { type: 'TauschAngeboten', data: { ...fuchs49, tauschId, nachricht: null }, metadata: um(2, fuchs, 'eltern') },
      ]),
    );
    await t.appendEvents(
      existingStream(plan, [
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: fuechse.gruppeId,
            tauschId,
            wasserdienstId: fuchs49.wasserdienstId,
            woche: { jahr: 2026, kalenderwoche: 49 },
            angebotVon: fuchs.elternId,
            gegenWasserdienstId: bauer51.wasserdienstId,
            gegenWoche: { jahr: 2026, kalenderwoche: 51 },
            angenommenVon: bauer.elternId,
          },
          metadata: um(3, bauer, 'eltern'),
        },
      ]),
    );
    await t.appendEvents(
      existingStream(
        plan,
        mit(
          [
            { type: 'TauschAngeboten', data: { ...fuchs50, tauschId: zurueckgezogen, nachricht: null } },
            {
              type: 'TauschZurueckgezogen',
              data: {
                gruppeId: fuechse.gruppeId,
                tauschId: zurueckgezogen,
                wasserdienstId: fuchs50.wasserdienstId,
                elternId: fuchs.elternId,
              },
            },
          ],
          um(4, fuchs, 'eltern'),
        ),
      ),
    );
    // A family whose name is a spreadsheet formula, created by the admin.
    await t.appendEvents(
      existingStream(
        formel.stream.stream,
        mit(
          [{ type: 'ElternRegistriert', data: { ...(formel.stream.events[0]!.data as object), nameKind: null, email: formel.email } }],
          um(5, leitung, 'admin', formel),
        ),
      ),
    );
    prueferToken = await t.token(pruefer, 2); // the session version after PasswortGesetzt at revision 1
    const { events } = await t.store.readStream(plan);
    angebotPosition = formatPosition(events.find((e) => e.type === 'TauschAngeboten')!.position);
    annahmePosition = formatPosition(events.find((e) => e.type === 'TauschAngenommen')!.position);
  });
  afterAll(() => t?.close());

  let prueferToken = '';
  const get = (url: string, als?: ReturnType<typeof familie>) =>
    als === pruefer
      ? { method: 'GET' as const, url, headers: { authorization: `Bearer ${prueferToken}` } }
      : { method: 'GET' as const, url, als };
  const ok = async (url: string, als: ReturnType<typeof familie> = pruefer) =>
    (await t.when(get(url, als)).then(expectResponse(200))).json();
  const eintraege = async (query: string, als: ReturnType<typeof familie> = pruefer) =>
    (await ok(`/api/audit/events?${query}`, als)).eintraege as Eintrag[];
  const beschreibungen = async (query: string) => (await eintraege(query)).map((e) => e.beschreibung);
  const planAm = async (asOf: string, als: ReturnType<typeof familie> = pruefer) =>
    (await ok(`/api/audit/dienstplan/${fuechse.gruppeId}?asOf=${encodeURIComponent(asOf)}`, als)) as {
      eintraege: PlanZeile[];
      stand: { ereignisse: number; position: string | null };
    };
  const besitzer = (zeilen: PlanZeile[]) => Object.fromEntries(zeilen.map((z) => [z.kw, z.familie]));

  describe('who may read it', () => {
    const pfade = () => [
      '/api/audit/events',
      '/api/audit/events?kategorie=Tausch&page=1',
      '/api/audit/gruppen',
      '/api/audit/events/export?format=csv',
      `/api/audit/streams/dienstplan-${fuechse.gruppeId}`,
      `/api/audit/streams/dienstplan-${fuechse.gruppeId}/export?format=json`,
      `/api/audit/tausch/${tauschId}`,
      `/api/audit/dienstplan/${fuechse.gruppeId}?asOf=${annahmePosition}`,
    ];

    it('refuses a parent every audit endpoint with 403 and a German message, and the signed-out with 401', async () => {
      for (const pfad of pfade()) {
        await t.when(get(pfad, fuchs)).then(expectError(403, KEIN_ZUGRIFF));
        await t.when(get(pfad)).then(expectError(401, 'Bitte melden Sie sich an.'));
      }
      await t.when(get(`/api/audit/import/${randomUUID()}`, fuchs)).then(expectError(403, KEIN_ZUGRIFF));
    });

    it('answers the auditor and the admin (200)', async () => {
      for (const pfad of pfade()) {
        await t.when(get(pfad, pruefer)).then(expectResponse(200));
        await t.when(get(pfad, leitung)).then(expectResponse(200));
      }
      // every group for the filters, although the auditor's own family is in one group only
      expect(await ok('/api/audit/gruppen')).toEqual([
        { gruppeId: eulen.gruppeId, gruppenName: 'Eulen', entfernt: false },
        { gruppeId: fuechse.gruppeId, gruppenName: 'Füchse', entfernt: false },
      ]);
    });

    it('judges by the current record, not the token: a role taken away closes the trail at once', async () => {
      const zweiter = winter;
      const rollen = (liste: string[]) =>
        existingStream(zweiter.stream.stream, [
          { type: 'RollenGeaendert', data: { elternId: zweiter.elternId, rollen: liste }, metadata: um(5, leitung, 'admin', zweiter) },
        ]);
      // One token all along, signed when Winter was a parent only.
      const token = await t.token(zweiter);
      const anfrage = { method: 'GET' as const, url: '/api/audit/events', headers: { authorization: `Bearer ${token}` } };
      await t
        .given(zweiter.stream, rollen(['ROLE_ELTERN', 'ROLE_AUDITOR']))
        .when(anfrage)
        .then(expectResponse(200));
      await t
        .given(rollen(['ROLE_ELTERN']))
        .when(anfrage)
        .then(expectError(403, KEIN_ZUGRIFF));
    });
  });

  describe('the questions a complaint asks', () => {
    it('given search words, then events naming a family by its name or containing the words, combined with the other filters', async () => {
      expect(await beschreibungen('q=bauer&kategorie=Tausch')).toEqual([
        'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.',
      ]);
      // The type's name, and a family's name from the read model: Sommer's role change only.
      expect(await beschreibungen('q=RollenGeaendert&order=asc')).toContain(
        'Familie Sommer hat jetzt die Rollen: Eltern, Prüfer (Verlauf).',
      );
      expect(await beschreibungen('q=sommer&type=RollenGeaendert')).toEqual([
        'Familie Sommer hat jetzt die Rollen: Eltern, Prüfer (Verlauf).',
      ]);
      expect(await beschreibungen('q=50%25_')).toEqual([]);
    });

    it('given the admin acted for a family, then the entry names the role at that moment and on whose behalf, with the raw event and its hashes', async () => {
      const [rolle] = await eintraege(`type=RollenGeaendert&familie=${pruefer.elternId}`);
      expect(rolle).toMatchObject({ akteur: 'Leitung', rolle: 'Leitung', fuer: 'Sommer', durch: 'durch die Leitung für Familie Sommer' });
      expect(rolle!.roh.metadata).toMatchObject({ rolle: 'admin', fuerElternId: pruefer.elternId, actorId: leitung.elternId });
      const [angebot] = await eintraege(`type=TauschAngeboten&familie=${fuchs.elternId}`);
      expect(angebot).toMatchObject({ akteur: 'Familie Fuchs', rolle: 'Eltern', fuer: null, durch: null });
      expect(angebot!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(angebot!.vorherigerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(angebot!.roh.data).toMatchObject({ elternId: fuchs.elternId, kalenderwoche: 49 });
    });

    it('given someone looks at or exports the trail, then that is itself in the log — without the search words', async () => {
      await t.when(get(`/api/audit/events?kategorie=Tausch&q=${encodeURIComponent('Fuchs')}`, pruefer)).then(expectResponse(200));
      await t.when(get(`/api/audit/events/export?format=csv&familie=${fuchs.elternId}`, leitung)).then(expectResponse(200));
      const antwort = await t.when(get('/api/audit/events?type=VerlaufEingesehen&order=desc', pruefer)).then(expectResponse(200));
      const saetze = (antwort.json().eintraege as Eintrag[]).map((e) => e.beschreibung);
      expect(saetze).toContain(
        `Familie Leitung lädt den Verlauf herunter (/api/audit/events/export; format=csv, familie=${fuchs.elternId}).`,
      );
      expect(saetze).toContain('Familie Sommer sieht den Verlauf ein (/api/audit/events; kategorie=Tausch, mit Suchwörtern).');
      expect(antwort.body).not.toContain('q=Fuchs');
      // An ordinary list does not fill up with its own looks.
      expect((await eintraege('order=desc')).some((e) => e.type === 'VerlaufEingesehen')).toBe(false);
    });
  });

  describe('the history in German', () => {
    it('lists the swap in German sentences, with time, family and a link to the swap', async () => {
      const antwort = await ok(`/api/audit/events?kategorie=Tausch&gruppe=${fuechse.gruppeId}`);
      const liste = antwort.eintraege as Eintrag[];
      expect(liste.map((e) => [e.zeit, e.akteur, e.beschreibung])).toEqual([
        ['20.11.2026 10:02:00', 'Familie Fuchs', 'Familie Fuchs bietet den Wasserdienst KW 49/2026 zum Tausch an.'],
        ['20.11.2026 10:03:00', 'Familie Bauer', 'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.'],
        ['20.11.2026 10:04:00', 'Familie Fuchs', 'Familie Fuchs bietet den Wasserdienst KW 50/2026 zum Tausch an.'],
        ['20.11.2026 10:04:00', 'Familie Fuchs', 'Das Tausch-Angebot von Familie Fuchs für KW 50/2026 wird zurückgezogen.'],
      ]);
      expect(liste[1]).toMatchObject({ tauschId, gruppeId: fuechse.gruppeId, kategorie: 'Tausch', streamName: plan });
      expect(antwort).toMatchObject({ seite: 1, gesamt: 4, hasMore: false });
    });

    it('names the admin as Leitung and seeding as System', async () => {
      expect((await eintraege('type=RollenGeaendert', leitung))[0]).toMatchObject({
        akteur: 'Leitung',
        beschreibung: 'Familie Sommer hat jetzt die Rollen: Eltern, Prüfer (Verlauf).',
      });
      expect((await eintraege(`stream=${plan}&page=1`, leitung))[0]).toMatchObject({
        akteur: 'System',
        beschreibung: 'Familie Fuchs wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Füchse“).',
      });
    });

    it('pages by 50 in global order and says whether more follow', async () => {
      const erste = await ok(`/api/audit/events?gruppe=${eulen.gruppeId}`);
      const zweite = await ok(`/api/audit/events?gruppe=${eulen.gruppeId}&page=2`);
      // GruppeAngelegt, ElternRegistriert (Eule) and 60 duties
      expect(erste).toMatchObject({ seite: 1, seitenGroesse: 50, gesamt: 62, seiten: 2, hasMore: true });
      expect(erste.eintraege).toHaveLength(50);
      expect(zweite).toMatchObject({ seite: 2, hasMore: false });
      expect(zweite.eintraege).toHaveLength(12);
      const positionen = [...erste.eintraege, ...zweite.eintraege].map((e: Eintrag) => e.position.split('/').map(Number));
      for (let i = 1; i < positionen.length; i++) {
        const [a, b] = [positionen[i - 1]!, positionen[i]!];
        expect(a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!)).toBe(true);
      }
      expect((await eintraege(`gruppe=${eulen.gruppeId}&order=desc`))[0]!.beschreibung).toBe(
        'Familie Eule wird für den Wasserdienst KW 8/2028 eingeteilt (Gruppe „Eulen“).',
      );
    });

    it('filters by stream prefix, by type and by time (Berlin wall clock, dates inclusive)', async () => {
      const praefix = await eintraege('stream=dienstplan-');
      expect(new Set(praefix.map((e) => e.streamName.split('-')[0]))).toEqual(new Set(['dienstplan']));
      expect((await eintraege('from=2026-11-20T10:03&to=2026-11-20T10:03')).map((e) => e.type)).toEqual(['TauschAngenommen']);
      expect((await ok('/api/audit/events?from=2026-11-20&to=2026-11-20&type=TauschAngeboten,TauschZurueckgezogen')).gesamt).toBe(3);
      expect((await ok('/api/audit/events?from=2026-11-21')).gesamt).toBe(0);
      await t
        .when(get('/api/audit/events?from=gestern', pruefer))
        .then(expectError(400, 'Bitte geben Sie Zeitpunkte als Datum (JJJJ-MM-TT) oder Datum mit Uhrzeit (JJJJ-MM-TTTHH:MM) an.'));
      await t.when(get('/api/audit/events?kategorie=Sonstiges', pruefer)).then(expectResponse(400));
    });

    it('shows one stream’s whole history, and 404 for a stream that does not exist', async () => {
      const { eintraege: verlauf } = await ok(`/api/audit/streams/eltern-${pruefer.elternId}`);
      expect(verlauf.map((e: Eintrag) => e.type)).toEqual(['ElternRegistriert', 'PasswortGesetzt', 'RollenGeaendert']);
      expect(verlauf[0].beschreibung).toBe('Familie Sommer wird angelegt (in der Gruppe „Füchse“, Kind: Kind Sommer).');
      await t.when(get('/api/audit/streams/gibt-es-nicht', pruefer)).then(expectError(404, 'Diesen Verlauf gibt es nicht.'));
    });
  });

  describe('the plan as it stood', () => {
    it('before and after the swap differs by exactly that swap: the two weeks changed families, nothing else', async () => {
      const vorher = await planAm(angebotPosition);
      const nachher = await planAm(annahmePosition);
      expect(besitzer(vorher.eintraege)).toEqual({ 'KW 49/2026': 'Fuchs', 'KW 50/2026': 'Fuchs', 'KW 51/2026': 'Bauer' });
      expect(besitzer(nachher.eintraege)).toEqual({ 'KW 49/2026': 'Bauer', 'KW 50/2026': 'Fuchs', 'KW 51/2026': 'Fuchs' });
      expect(nachher.stand.ereignisse).toBe(vorher.stand.ereignisse + 1);
      expect(nachher.stand.position).toBe(annahmePosition);
      expect(nachher.eintraege[0]).toMatchObject({ kalenderwoche: 49, jahr: 2026, datum: '04.12.2026' });
    });

    it('by a moment in Berlin time, the same two plans', async () => {
      expect(besitzer((await planAm('2026-11-20T10:02', leitung)).eintraege)['KW 49/2026']).toBe('Fuchs');
      expect(besitzer((await planAm('2026-11-20T10:03', leitung)).eintraege)['KW 49/2026']).toBe('Bauer');
      expect((await planAm('2026-11-20T09:00', leitung)).eintraege).toEqual([]);
      await t.when(get(`/api/audit/dienstplan/${fuechse.gruppeId}?asOf=bald`, leitung)).then(expectResponse(400));
      await t.when(get(`/api/audit/dienstplan/${randomUUID()}`, leitung)).then(expectResponse(404));
    });
  });

  describe('deep links', () => {
    it('tells one swap’s story: offered and accepted, with both families and weeks', async () => {
      const geschichte = await ok(`/api/audit/tausch/${tauschId}`);
      expect(geschichte).toMatchObject({
        tauschId,
        gruppenName: 'Füchse',
        status: 'angenommen',
        statusText: 'Angenommen',
        angebot: { familie: 'Fuchs', woche: { jahr: 2026, kalenderwoche: 49, kw: 'KW 49/2026' }, freitag: '04.12.2026' },
        annahme: { familie: 'Bauer', woche: { jahr: 2026, kalenderwoche: 51, kw: 'KW 51/2026' }, freitag: '18.12.2026' },
      });
      expect(geschichte.eintraege.map((e: Eintrag) => e.type)).toEqual(['TauschAngeboten', 'TauschAngenommen']);
      await t.when(get(`/api/audit/tausch/${randomUUID()}`, pruefer)).then(expectResponse(404));
    });
  });

  describe('export for the parents’ council', () => {
    it('writes CSV with BOM and semicolons, and defuses a family name that is a formula', async () => {
      const antwort = await t
        .when(get(`/api/audit/streams/eltern-${formel.elternId}/export?format=csv`, pruefer))
        .then(expectResponse(200));
      expect(antwort.headers['content-type']).toContain('text/csv');
      expect(antwort.headers['content-disposition']).toBe(`attachment; filename="verlauf-eltern-${formel.elternId}.csv"`);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(antwort.rawPayload);
      expect(text.startsWith('\uFEFF"Position";"Zeit";"Verlauf";"Ereignis"')).toBe(true);
      expect(text).toContain(`;"'=HYPERLINK(""http://boese.example"",""klick"")";`);
      expect(text).not.toContain(';"=HYPERLINK');
    });

    it('exports the filtered list as JSON with the same entries', async () => {
      const antwort = await t
        .when(get(`/api/audit/events/export?format=json&kategorie=Tausch&gruppe=${fuechse.gruppeId}`, pruefer))
        .then(expectResponse(200));
      expect(antwort.headers['content-disposition']).toBe('attachment; filename="verlauf.json"');
      expect(antwort.json().anzahl).toBe(4);
      expect(antwort.json().filter).toMatchObject({ kategorie: 'Tausch', gruppe: fuechse.gruppeId });
      expect(antwort.json().eintraege[1].beschreibung).toBe(
        'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.',
      );
      await t.when(get('/api/audit/events/export?format=xlsx', pruefer)).then(expectResponse(400));
    });
  });

  describe('the yearly import’s story', () => {
    it('who, when, which file, the counts and what it replaced', async () => {
      // As the import leaves them (command-api/src/import/import-route.test.ts): the auditor's family stays
      // (same e-mail), Fuchs comes with a new address, Igel is new; every other family leaves, the plans are reset.
      const importId = randomUUID();
      const neuerFuchs = familie('Fuchs', fuechse.gruppeId);
      const igel = familie('Igel', eulen.gruppeId);
      const metadata = { ...um(6, leitung, 'admin'), correlationId: importId };
      const datei = { sha256: 'a'.repeat(64), bytes: 118, kodierung: 'UTF-8' };
      await t.appendEvents(
        ...[fuechse, eulen].map((g) =>
          existingStream(dienstplanStream(g.gruppeId), [
            { type: 'DienstplanZurueckgesetzt', data: { gruppeId: g.gruppeId, importId }, metadata },
          ]),
        ),
        ...[neuerFuchs, igel].map((f) => existingStream(f.stream.stream, mit(f.stream.events, metadata))),
        existingStream(pruefer.stream.stream, [
          {
            type: 'ElternAktualisiert',
            data: { elternId: pruefer.elternId, nachname: 'Sommer', nameKind: 'Lotta', gruppeId: fuechse.gruppeId },
            metadata,
          },
        ]),
        ...[formel.elternId, bauer.elternId, eule.elternId, fuchs.elternId, winter.elternId].map((elternId) =>
          existingStream(elternStream(elternId), [{ type: 'ElternEntfernt', data: { elternId }, metadata }]),
        ),
        existingStream(SAISON_STREAM, [{ type: 'AbwesenheitsfristGesetzt', data: { frist: '2027-01-15', quelle: 'import' }, metadata }]),
        existingStream(importStream(importId), [
          {
            type: 'ImportAbgeschlossen',
            data: {
              importId,
              successCount: 3,
              skippedCount: 0,
              neueFamilien: 2,
              bekannteFamilien: 1,
              entfernteFamilien: 5,
              dateiname: 'eltern-2027.csv',
              datei,
              frist: '2027-01-15',
              errorCount: 0,
              errors: [],
              zurueckgesetztePlaene: 2,
              zurueckgesetzteAbwesenheiten: 0,
            },
            metadata,
          },
        ]),
      );

      const geschichte = await ok(`/api/audit/import/${importId}`);
      expect(geschichte).toMatchObject({
        importId,
        abgeschlossen: true,
        dateiname: 'eltern-2027.csv',
        datei,
        fristText: '15.01.2027',
        akteur: 'Leitung',
        zeit: '20.11.2026 10:06:00',
        zahlen: { successCount: 3, neueFamilien: 2, bekannteFamilien: 1, entfernteFamilien: 5 },
      });
      expect([...geschichte.neueFamilien].sort()).toEqual(['Fuchs', 'Igel']);
      expect(geschichte.bekannteFamilien).toEqual(['Sommer']);
      expect([...geschichte.ersetzt.entfernteFamilien].sort()).toEqual([HYPERLINK, 'Bauer', 'Eule', 'Fuchs', 'Winter'].sort());
      expect(geschichte.ersetzt.plaene).toEqual(
        expect.arrayContaining([
          { gruppeId: fuechse.gruppeId, gruppenName: 'Füchse', dienste: 3, offeneTausche: 0 },
          { gruppeId: eulen.gruppeId, gruppenName: 'Eulen', dienste: 60, offeneTausche: 0 },
        ]),
      );
      const letzter = geschichte.eintraege.at(-1) as Eintrag;
      expect(letzter).toMatchObject({ type: 'ImportAbgeschlossen', importId, akteur: 'Leitung' });
      expect(letzter.beschreibung).toBe('Import „eltern-2027.csv“: 3 Familien übernommen, 5 entfernt, Frist 15.01.2027.');
      expect(geschichte.eintraege.every((e: Eintrag) => e.importId === importId)).toBe(true);

      // after the import the plan is empty, but as of the swap it is still there
      expect((await planAm(formatPosition({ commit: Number.MAX_SAFE_INTEGER, prepare: 0 }), leitung)).eintraege).toEqual([]);
      expect(besitzer((await planAm(annahmePosition, leitung)).eintraege)['KW 49/2026']).toBe('Bauer');
      await t.when(get(`/api/audit/import/${randomUUID()}`, leitung)).then(expectResponse(404));
    });
  });
});

/** The auditor's as-of views (docs/audit.md, "As it stood"): a plan, absences, holidays and the yearly import that resets them. */
describe('the as-of views of plan, absences and calendar (GET /api/audit/dienstplan/{gruppeId}, /api/audit/abwesenheiten, /api/audit/schliesszeiten)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const START = new Date('2026-11-20T10:00:00+01:00');
  /** `minute` minutes after START (each step of the story a minute after the one before), as Berlin wall clock to the second. */
  const zeit = (minute: number) => new Date(START.getTime() + minute * 60_000);
  const um = (minute: number, akteur?: { elternId: string }) => ({
    occurredAt: zeit(minute).toISOString(),
    actorId: akteur?.elternId ?? null,
  });
  const mit = (events: { type: string; data: unknown }[], metadata: object) => events.map((e) => ({ ...e, metadata }));
  /** Moments of the story, as the auditor types them (Berlin, to the second). */
  const vorFerien = berlinLokalSekunde(zeit(4));
  const nachFerien = berlinLokalSekunde(zeit(6));
  const vorImport = berlinLokalSekunde(zeit(8));
  const jetzt = berlinLokalSekunde(zeit(10));

  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const pruefer = familie('Sommer', fuechse.gruppeId);
  const importId = randomUUID();

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => zeit(10) });
    await t.appendEvents(
      ...[fuechse, fuchs, bauer, leitung, pruefer].map((x) => existingStream(x.stream.stream, mit(x.stream.events, um(0)))),
    );
    await t.appendEvents(
      existingStream(pruefer.stream.stream, [
        {
          type: 'RollenGeaendert',
          data: { elternId: pruefer.elternId, rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] },
          metadata: um(1, leitung),
        },
      ]),
    );
    // The plan: KW 51/2026, KW 53/2026 and KW 2/2027; KW 52 and KW 1 have no family.
    await t.appendEvents(
      existingStream(
        dienstplanStream(fuechse.gruppeId),
        mit(
          [wasserdienst(fuchs, 2026, 51), wasserdienst(bauer, 2026, 53), wasserdienst(fuchs, 2027, 2)].map((data) => ({
            type: 'WasserdienstZugewiesen',
            data,
          })),
          um(2),
        ),
      ),
    );
    // Fuchs reports two absences, Bauer one.
    const meldet = (f: typeof fuchs, wochen: [number, number][]) =>
      existingStream(
        abwesenheitenStream(f.elternId),
        mit(
          wochen.map(([jahr, kalenderwoche]) => ({
            type: 'AbwesenheitGemeldet',
            data: { abwesenheitId: randomUUID(), elternId: f.elternId, jahr, kalenderwoche },
          })),
          um(3, f),
        ),
      );
    await t.appendEvents(
      meldet(fuchs, [
        [2026, 52],
        [2027, 5],
      ]),
      meldet(bauer, [[2027, 3]]),
    );
    // The Christmas holidays close KW 1/2027, a closing day and an event are entered.
    await t.appendEvents(
      existingStream(
        KALENDER_STREAM,
        mit(
          [
            { type: 'FerienwocheAngelegt', data: { id: randomUUID(), jahr: 2027, kalenderwoche: 1, art: 'Weihnachtsferien' } },
            { type: 'SchliesstagAngelegt', data: { id: randomUUID(), datum: '2026-12-23', beschreibung: 'Teamtag' } },
            { type: 'KitaEventAngelegt', data: { id: randomUUID(), datum: '2026-12-11', beschreibung: 'Adventsfeier' } },
          ],
          um(5, leitung),
        ),
      ),
    );
    await t.appendEvents(existingStream(KALENDER_STREAM, [{ type: 'FerienBestaetigt', data: {}, metadata: um(7, leitung) }]));
    // The yearly import, as it leaves the log (command-api/src/import/import-route.test.ts): every family stays,
    // the plan and the absences of the old season are reset.
    const metadata = { ...um(9, leitung), rolle: 'admin' as const, correlationId: importId };
    await t.appendEvents(
      existingStream(dienstplanStream(fuechse.gruppeId), [
        { type: 'DienstplanZurueckgesetzt', data: { gruppeId: fuechse.gruppeId, importId }, metadata },
      ]),
      ...[fuchs, bauer].map((f) =>
        existingStream(abwesenheitenStream(f.elternId), [
          { type: 'AbwesenheitenZurueckgesetzt', data: { elternId: f.elternId, importId }, metadata },
        ]),
      ),
      ...[fuchs, bauer, pruefer].map((f) =>
        existingStream(f.stream.stream, [
          {
            type: 'ElternAktualisiert',
            data: { elternId: f.elternId, nachname: f.nachname, nameKind: 'Kind', gruppeId: fuechse.gruppeId },
            metadata,
          },
        ]),
      ),
      existingStream(SAISON_STREAM, [{ type: 'AbwesenheitsfristGesetzt', data: { frist: '2027-03-31', quelle: 'import' }, metadata }]),
      existingStream(importStream(importId), [
        {
          type: 'ImportAbgeschlossen',
          data: {
            importId,
            successCount: 3,
            skippedCount: 0,
            neueFamilien: 0,
            bekannteFamilien: 3,
            entfernteFamilien: 0,
            dateiname: 'eltern-2027.csv',
            frist: '2027-03-31',
            errorCount: 0,
            errors: [],
            zurueckgesetztePlaene: 1,
            zurueckgesetzteAbwesenheiten: 2,
          },
          metadata,
        },
      ]),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string, als: ReturnType<typeof familie> = pruefer) => ({ method: 'GET' as const, url, als });
  const ok = async (url: string, als: ReturnType<typeof familie> = pruefer) =>
    (await t.when(get(url, als)).then(expectResponse(200))).json();
  const plan = async (asOf: string) =>
    (await ok(`/api/audit/dienstplan/${fuechse.gruppeId}?asOf=${encodeURIComponent(asOf)}`)) as { wochen: Woche[] };
  const abwesenheiten = async (asOf: string) =>
    (await ok(`/api/audit/abwesenheiten?asOf=${encodeURIComponent(asOf)}`)) as AbwesenheitenAntwort;
  const zeilen = (wochen: Woche[]) => wochen.map((w) => `${w.kw} ${w.datum} ${w.art === 'belegt' ? w.familie : w.art}`);

  it('shows the plan week by week: the families, free weeks as frei, and closed weeks as Ferien once they were entered', async () => {
    expect(zeilen((await plan(vorFerien)).wochen)).toEqual([
      'KW 51/2026 18.12.2026 Fuchs',
      'KW 52/2026 25.12.2026 frei',
      'KW 53/2026 01.01.2027 Bauer',
      'KW 1/2027 08.01.2027 frei',
      'KW 2/2027 15.01.2027 Fuchs',
    ]);
    const nachher = (await plan(nachFerien)).wochen;
    expect(zeilen(nachher)[3]).toBe('KW 1/2027 08.01.2027 ferien');
    expect(nachher[3]).toMatchObject({ beschreibung: 'Weihnachtsferien', ferienart: 'Weihnachtsferien', familie: null });
    // the import retired the plan: as of now it has no weeks at all
    expect((await plan(jetzt)).wochen).toEqual([]);
  });

  it('shows which families had reported which absences, and after the import the weeks it reset as such', async () => {
    const vorher = await abwesenheiten(vorImport);
    expect(vorher.familien.map((f) => [f.familie, f.gemeldet.map((a) => `${a.kw} ${a.datum}`), f.zurueckgesetzt])).toEqual([
      ['Bauer', ['KW 3/2027 22.01.2027'], []],
      ['Fuchs', ['KW 52/2026 25.12.2026', 'KW 5/2027 05.02.2027'], []],
    ]);
    expect(vorher.anzahl).toEqual({ familien: 2, gemeldet: 3, zurueckgesetzt: 0 });

    const nachher = await abwesenheiten(jetzt);
    const fuchsNachher = nachher.familien.find((f) => f.familie === 'Fuchs')!;
    expect(fuchsNachher.gemeldet).toEqual([]);
    expect(fuchsNachher.zurueckgesetzt.map((a) => a.kw)).toEqual(['KW 52/2026', 'KW 5/2027']);
    expect(fuchsNachher.zurueckgesetzt[0]).toMatchObject({ importId, zeit: expect.stringMatching(/^20\.11\.2026 \d\d:\d\d:\d\d$/) });
    expect(nachher.anzahl).toEqual({ familien: 2, gemeldet: 0, zurueckgesetzt: 3 });

    // before anything was reported there is nothing, and the answer says how many events it took
    const leer = await abwesenheiten('2026-01-01T00:00');
    expect(leer.familien).toEqual([]);
    expect(leer.stand.ereignisse).toBe(0);
    expect(leer.stand.von).toBeGreaterThanOrEqual(5);
  });

  it('shows the calendar as it stood: holidays, closing days and events appear only after they were entered', async () => {
    expect(await ok(`/api/audit/schliesszeiten?asOf=${encodeURIComponent(vorFerien)}`)).toMatchObject({
      schliesswochen: [],
      schliesstage: [],
      events: [],
      ferienBestaetigt: false,
    });
    const nachher = await ok(`/api/audit/schliesszeiten?asOf=${encodeURIComponent(nachFerien)}`);
    expect(nachher.schliesswochen).toEqual([
      expect.objectContaining({ kw: 'KW 1/2027', montagText: '04.01.2027', datum: '08.01.2027', ferienart: 'Weihnachtsferien' }),
    ]);
    expect(nachher.schliesstage).toEqual([expect.objectContaining({ datumText: '23.12.2026', beschreibung: 'Teamtag', ferienart: null })]);
    expect(nachher.events).toEqual([expect.objectContaining({ datumText: '11.12.2026', beschreibung: 'Adventsfeier' })]);
    expect(nachher.ferienBestaetigt).toBe(false);
    expect((await ok('/api/audit/schliesszeiten', leitung)).ferienBestaetigt).toBe(true);
  });

  it('filtering the trail by absences shows the reset absences under Abwesenheit, with their sentence; the import filter still has them', async () => {
    const abwesenheit = await ok('/api/audit/events?kategorie=Abwesenheit');
    const zurueck = abwesenheit.eintraege.filter((e: Eintrag) => e.type === 'AbwesenheitenZurueckgesetzt');
    expect(zurueck.map((e: Eintrag) => [e.kategorie, e.beschreibung]).sort()).toEqual([
      ['Abwesenheit', 'Die Abwesenheiten von Familie Bauer werden durch den Jahresimport zurückgesetzt.'],
      ['Abwesenheit', 'Die Abwesenheiten von Familie Fuchs werden durch den Jahresimport zurückgesetzt.'],
    ]);
    expect(zurueck.every((e: Eintrag) => e.importId === importId)).toBe(true);
    const imp = await ok('/api/audit/events?kategorie=Import');
    expect(imp.eintraege.filter((e: Eintrag) => e.type === 'AbwesenheitenZurueckgesetzt')).toHaveLength(2);
  });

  it('finds the families’ absence streams in the log, the same by SQL as through the port’s readAll (the EventStoreDB path)', async () => {
    const sql = await new PostgresAuditLog(t.db.pool).streamNamen('abwesenheiten-');
    expect(sql).toEqual([abwesenheitenStream(fuchs.elternId), abwesenheitenStream(bauer.elternId)].sort());
    expect(await new PortAuditLog(t.store).streamNamen('abwesenheiten-')).toEqual(sql);
  });

  it('refuses unknown parameters with 400 in German, a moment it cannot read, and a parent with 403', async () => {
    for (const pfad of [`/api/audit/dienstplan/${fuechse.gruppeId}`, '/api/audit/abwesenheiten', '/api/audit/schliesszeiten']) {
      await t.when(get(`${pfad}?asof=2026-11-20T10:00`)).then(expectError(400, 'Unbekannter Parameter „asof“. Möglich sind: asOf.'));
      await t
        .when(get(`${pfad}?asOf=gestern`))
        .then(
          expectError(400, 'Bitte geben Sie den Zeitpunkt als Datum mit Uhrzeit (JJJJ-MM-TTTHH:MM) oder als Position (commit/prepare) an.'),
        );
      await t.when(get(pfad, fuchs)).then(expectError(403, KEIN_ZUGRIFF));
      await t.when(get(pfad, leitung)).then(expectResponse(200));
    }
    // in the caller's language, as every server message
    await t
      .when({ ...get('/api/audit/abwesenheiten?stichtag=1'), headers: { 'accept-language': 'en' } })
      .then(expectError(400, 'Unknown parameter “stichtag”. Possible parameters: asOf.'));
  });

  it('every look at an as-of view leaves an access-log entry with the moment asked for', async () => {
    await abwesenheiten(vorImport);
    await ok(`/api/audit/schliesszeiten?asOf=${encodeURIComponent(nachFerien)}`);
    const zugriffe = await ok('/api/audit/events?type=VerlaufEingesehen&order=desc', leitung);
    const roh = zugriffe.eintraege.map((e: Eintrag) => e.roh.data);
    expect(roh).toContainEqual({
      elternId: pruefer.elternId,
      art: 'ansicht',
      teil: '/api/audit/abwesenheiten',
      parameter: { asOf: vorImport },
      suche: false,
    });
    expect(roh).toContainEqual({
      elternId: pruefer.elternId,
      art: 'ansicht',
      teil: '/api/audit/schliesszeiten',
      parameter: { asOf: nachFerien },
      suche: false,
    });
  });
});
