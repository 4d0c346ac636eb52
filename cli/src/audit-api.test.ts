import { createHash, randomUUID } from 'node:crypto';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { berlinLokal } from '@waldkita/domain/audit/zeit';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'pruefen123';
const NUR_LESEN = { message: 'Prüfer haben nur Lesezugriff.' };
const KEIN_ZUGRIFF = { message: 'Den Verlauf dürfen nur Prüfer und die Leitung einsehen.' };
const HYPERLINK = '=HYPERLINK("http://boese.example","klick")';

type Familie = { elternId: string; token: string; email: string };
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
};
type PlanZeile = { kalenderwoche: number; jahr: number; kw: string; datum: string; familie: string };

describe('the audit trail on the real app', () => {
  let app: TestApp;
  /** The app's clock: each step of the story happens a minute after the one before. */
  let jetzt = new Date('2026-11-20T10:00:00+01:00');
  const spaeter = () => {
    jetzt = new Date(jetzt.getTime() + 60_000);
    return jetzt;
  };
  const { call, get, remember } = apiClient(() => app.baseUrl);

  let fuechse: string;
  let eulen: string;
  let fuchs: Familie;
  let bauer: Familie;
  let eule: Familie;
  let admin: Familie;
  let pruefer: Familie;
  let tauschId: string;
  let angebotPosition: string;
  let annahmePosition: string;
  let angebotZeit: Date;
  let annahmeZeit: Date;
  let hyperlinkId: string;
  const dienst: Record<string, string> = {};

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  const familie = async (nachname: string, gruppeId: string | null, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    // On the app's clock, like everything in this story (the setup helpers would use the real one).
    const neu = await registriereEltern(
      app.runtime,
      { email, passwort: PASSWORT, nachname, nameKind: `Kind ${nachname}`, gruppeId, rollen },
      { actorId: null, now: jetzt },
    );
    if (neu.status !== 'angelegt') throw new Error('family exists');
    const { elternId, position } = neu;
    remember(position);
    return { elternId, token: await anmelden(email), email };
  };

  const weise = async (gruppeId: string, eintraege: [Familie, number, number][]) => {
    const { zuweisungen, position } = await weiseWasserdiensteZu(
      app.runtime,
      gruppeId,
      eintraege.map(([f, jahr, kalenderwoche]) => ({ elternId: f.elternId, jahr, kalenderwoche })),
      { actorId: null, now: jetzt },
    );
    remember(position);
    for (const z of zuweisungen) dienst[`${z.jahr}/${z.kalenderwoche}`] = z.wasserdienstId;
  };

  const plan = async (token: string, asOf: string) => {
    const answer = await get(token, `/api/audit/dienstplan/${fuechse}?asOf=${encodeURIComponent(asOf)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { eintraege: PlanZeile[]; stand: { ereignisse: number; position: string | null } };
  };
  const besitzer = (zeilen: PlanZeile[]) => Object.fromEntries(zeilen.map((z) => [z.kw, z.familie]));

  beforeAll(async () => {
    app = await startTestApp({ now: () => jetzt });
    fuechse = (await legeGruppeAn(app.runtime, 'Füchse', { actorId: null, now: jetzt })).gruppeId;
    eulen = (await legeGruppeAn(app.runtime, 'Eulen', { actorId: null, now: jetzt })).gruppeId;
    [fuchs, bauer, eule, admin, pruefer] = await Promise.all([
      familie('Fuchs', fuechse),
      familie('Bauer', fuechse),
      familie('Eule', eulen),
      familie('Leitung', null, ['ROLE_ADMIN']),
      familie('Sommer', fuechse),
    ]);
    await weise(fuechse, [
      [fuchs, 2026, 49],
      [fuchs, 2026, 50],
      [bauer, 2026, 51],
    ]);
    // 60 weeks for the Eulen: more than one page of the audit list
    await weise(
      eulen,
      Array.from({ length: 60 }, (_, i): [Familie, number, number] => (i < 52 ? [eule, 2027, i + 1] : [eule, 2028, i - 51])),
    );

    // The admin makes Familie Sommer an auditor, with the existing role call.
    spaeter();
    const rolle = await call(admin.token, 'PUT', `/api/admin/eltern/${pruefer.elternId}/role`, { role: 'ROLE_AUDITOR' });
    expect(rolle.body).toEqual({ id: pruefer.elternId, authorities: [{ authority: 'ROLE_ELTERN' }, { authority: 'ROLE_AUDITOR' }] });

    // Fuchs offers KW 49, Bauer takes it and gives KW 51; Fuchs offers KW 50 and withdraws it.
    angebotZeit = spaeter();
    const angebot = await call(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId, wasserdienstId: dienst['2026/49'] });
    expect(angebot.status, JSON.stringify(angebot.body)).toBe(201);
    angebotPosition = angebot.headers.get('x-event-position')!;
    const tausche = (await get(bauer.token, `/api/tausch/gruppe/${fuechse}`)).body as { id: string; requestWasserdienst: { id: string } }[];
    tauschId = tausche.find((t) => t.requestWasserdienst.id === dienst['2026/49'])!.id;
    annahmeZeit = spaeter();
    const annahme = await call(bauer.token, 'PUT', `/api/tausch/${tauschId}/accept`, {
      resolveElternId: bauer.elternId,
      resolveWasserdienstId: dienst['2026/51'],
    });
    expect(annahme.status, JSON.stringify(annahme.body)).toBe(200);
    annahmePosition = annahme.headers.get('x-event-position')!;
    spaeter();
    expect((await call(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId, wasserdienstId: dienst['2026/50'] })).status).toBe(
      201,
    );
    const offen = (await get(fuchs.token, `/api/tausch/gruppe/${fuechse}`)).body as { id: string; bestaetigt: boolean }[];
    expect((await call(fuchs.token, 'DELETE', `/api/tausch/${offen.find((t) => !t.bestaetigt)!.id}`)).status).toBe(200);

    // A family whose name is a spreadsheet formula, created by the admin.
    spaeter();
    const neu = await call(admin.token, 'POST', '/api/admin/eltern', {
      nachname: HYPERLINK,
      email: 'formel@example.org',
      gruppe: 'Füchse',
    });
    expect(neu.status, JSON.stringify(neu.body)).toBe(201);
    hyperlinkId = neu.body.id;
  }, 90_000);
  afterAll(() => app?.close());

  describe('who may read it', () => {
    const pfade = () => [
      '/api/audit/events',
      '/api/audit/events?kategorie=Tausch&page=1',
      '/api/audit/gruppen',
      '/api/audit/events/export?format=csv',
      `/api/audit/streams/dienstplan-${fuechse}`,
      `/api/audit/streams/dienstplan-${fuechse}/export?format=json`,
      `/api/audit/tausch/${tauschId}`,
      `/api/audit/dienstplan/${fuechse}?asOf=${annahmePosition}`,
    ];

    it('refuses a parent every audit endpoint with 403 and a German message, and the signed-out with 401', async () => {
      for (const pfad of pfade()) {
        expect(await get(fuchs.token, pfad), pfad).toEqual({ status: 403, body: KEIN_ZUGRIFF });
        const ohne = await fetch(`${app.baseUrl}${pfad}`);
        expect(ohne.status, pfad).toBe(401);
        expect((await json(ohne)).message).toBe('Bitte melden Sie sich an.');
      }
      expect(await get(fuchs.token, `/api/audit/import/${randomUUID()}`)).toEqual({ status: 403, body: KEIN_ZUGRIFF });
    });

    it('answers the auditor and the admin (200)', async () => {
      for (const pfad of pfade()) {
        expect((await get(pruefer.token, pfad)).status, pfad).toBe(200);
        expect((await get(admin.token, pfad)).status, pfad).toBe(200);
      }
      // every group for the filters, although the auditor's own family is in one group only
      expect((await get(pruefer.token, '/api/audit/gruppen')).body).toEqual([
        { gruppeId: eulen, gruppenName: 'Eulen', entfernt: false },
        { gruppeId: fuechse, gruppenName: 'Füchse', entfernt: false },
      ]);
    });

    it('judges by the current record, not the token: a role taken away closes the trail at once', async () => {
      const zweiter = await familie('Winter', fuechse);
      expect((await call(admin.token, 'PUT', `/api/admin/eltern/${zweiter.elternId}/role`, { role: 'ROLE_AUDITOR' })).status).toBe(200);
      expect((await get(zweiter.token, '/api/audit/events')).status).toBe(200);
      expect((await call(admin.token, 'PUT', `/api/admin/eltern/${zweiter.elternId}/role`, { roles: ['ROLE_ELTERN'] })).status).toBe(200);
      expect(await get(zweiter.token, '/api/audit/events')).toEqual({ status: 403, body: KEIN_ZUGRIFF });
    });
  });

  describe('the questions a complaint asks', () => {
    const beschreibungen = async (query: string) => {
      const { status, body } = await get(pruefer.token, `/api/audit/events?${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.eintraege as Eintrag[]).map((e) => e.beschreibung);
    };

    it('given a family, then everything that happened to it, across its own stream and its group’s plan', async () => {
      const fuchsGeschichte = await beschreibungen(`familie=${fuchs.elternId}`);
      expect(fuchsGeschichte).toContain('Familie Fuchs wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Füchse“).');
      expect(fuchsGeschichte).toContain('Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.');
      expect(fuchsGeschichte.some((b) => b.includes('Familie Eule'))).toBe(false);
      expect(fuchsGeschichte.some((b) => b.includes('KW 51/2026 eingeteilt'))).toBe(false);
    });

    it('given an ISO week, then only the events about that week', async () => {
      const woche = await beschreibungen('woche=2026-W51');
      expect(woche).toEqual([
        'Familie Bauer wird für den Wasserdienst KW 51/2026 eingeteilt (Gruppe „Füchse“).',
        'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.',
      ]);
    });

    it('given search words, then events naming a family by its name or containing the words, combined with the other filters', async () => {
      const bauerImTausch = await beschreibungen('q=bauer&kategorie=Tausch');
      expect(bauerImTausch).toEqual(['Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.']);
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
      const rolle = (await get(pruefer.token, '/api/audit/events?type=RollenGeaendert')).body.eintraege[0];
      expect(rolle).toMatchObject({ akteur: 'Leitung', rolle: 'Leitung', fuer: 'Sommer', durch: 'durch die Leitung für Familie Sommer' });
      expect(rolle.roh.metadata).toMatchObject({ rolle: 'admin', fuerElternId: pruefer.elternId, actorId: admin.elternId });
      const angebot = (await get(pruefer.token, `/api/audit/events?type=TauschAngeboten&familie=${fuchs.elternId}`)).body.eintraege[0];
      expect(angebot).toMatchObject({ akteur: 'Familie Fuchs', rolle: 'Eltern', fuer: null, durch: null });
      expect(angebot.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(angebot.vorherigerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(angebot.roh.data).toMatchObject({ elternId: fuchs.elternId, kalenderwoche: 49 });
    });

    it('given someone looks at or exports the trail, then that is itself in the log — without the search words', async () => {
      await get(pruefer.token, `/api/audit/events?kategorie=Tausch&q=${encodeURIComponent('Fuchs')}`);
      await get(admin.token, `/api/audit/events/export?format=csv&familie=${fuchs.elternId}`);
      const { body } = await get(pruefer.token, '/api/audit/events?type=VerlaufEingesehen&order=desc');
      const saetze = (body.eintraege as Eintrag[]).map((e) => e.beschreibung);
      expect(saetze).toContain(
        `Familie Leitung lädt den Verlauf herunter (/api/audit/events/export; format=csv, familie=${fuchs.elternId}).`,
      );
      expect(saetze).toContain('Familie Sommer sieht den Verlauf ein (/api/audit/events; kategorie=Tausch, mit Suchwörtern).');
      expect(JSON.stringify(body)).not.toContain('q=Fuchs');
      // An ordinary list does not fill up with its own looks.
      const liste = await get(pruefer.token, '/api/audit/events?order=desc');
      expect((liste.body.eintraege as Eintrag[]).some((e) => e.type === 'VerlaufEingesehen')).toBe(false);
    });

    it('given an unknown or malformed filter, then a German refusal instead of everything', async () => {
      const fehler = async (query: string) => {
        const { status, body } = await get(pruefer.token, `/api/audit/events?${query}`);
        expect(status).toBe(400);
        return body.message as string;
      };
      expect(await fehler('familie_name=Fuchs')).toMatch(/^Unbekannter Filter „familie_name“\. Möglich sind: stream, type, kategorie/);
      expect(await fehler('familie=Fuchs')).toBe('Bitte geben Sie die Familie als ihre Kennung (UUID) an.');
      expect(await fehler('woche=2025-W53')).toBe('Bitte geben Sie die Woche als ISO-Woche an, z. B. 2026-W53.');
      expect(await fehler('woche=KW51')).toBe('Bitte geben Sie die Woche als ISO-Woche an, z. B. 2026-W53.');
      expect(await fehler('q=x')).toBe('Bitte suchen Sie nach mindestens 2 Zeichen.');
      expect((await get(pruefer.token, '/api/audit/events?woche=2026-W53')).status).toBe(200);
    });
  });

  describe('the history in German', () => {
    it('lists the swap in German sentences, with time, family and a link to the swap', async () => {
      const { status, body } = await get(pruefer.token, `/api/audit/events?kategorie=Tausch&gruppe=${fuechse}`);
      expect(status).toBe(200);
      const eintraege = body.eintraege as Eintrag[];
      expect(eintraege.map((e) => [e.zeit, e.akteur, e.beschreibung])).toEqual([
        ['20.11.2026 10:02:00', 'Familie Fuchs', 'Familie Fuchs bietet den Wasserdienst KW 49/2026 zum Tausch an.'],
        ['20.11.2026 10:03:00', 'Familie Bauer', 'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.'],
        ['20.11.2026 10:04:00', 'Familie Fuchs', 'Familie Fuchs bietet den Wasserdienst KW 50/2026 zum Tausch an.'],
        ['20.11.2026 10:04:00', 'Familie Fuchs', 'Das Tausch-Angebot von Familie Fuchs für KW 50/2026 wird zurückgezogen.'],
      ]);
      expect(eintraege[1]).toMatchObject({ tauschId, gruppeId: fuechse, kategorie: 'Tausch', streamName: `dienstplan-${fuechse}` });
      expect(body).toMatchObject({ seite: 1, gesamt: 4, hasMore: false });
    });

    it('names the admin as Leitung and seeding as System', async () => {
      const rollen = (await get(admin.token, '/api/audit/events?type=RollenGeaendert')).body.eintraege as Eintrag[];
      expect(rollen[0]).toMatchObject({
        akteur: 'Leitung',
        beschreibung: 'Familie Sommer hat jetzt die Rollen: Eltern, Prüfer (Verlauf).',
      });
      const zuweisung = (await get(admin.token, `/api/audit/events?stream=dienstplan-${fuechse}&page=1`)).body.eintraege[0] as Eintrag;
      expect(zuweisung).toMatchObject({
        akteur: 'System',
        beschreibung: 'Familie Fuchs wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Füchse“).',
      });
    });

    it('pages by 50 in global order and says whether more follow', async () => {
      const erste = await get(pruefer.token, `/api/audit/events?gruppe=${eulen}`);
      const zweite = await get(pruefer.token, `/api/audit/events?gruppe=${eulen}&page=2`);
      // GruppeAngelegt, ElternRegistriert (Eule) and 60 duties
      expect(erste.body).toMatchObject({ seite: 1, seitenGroesse: 50, gesamt: 62, seiten: 2, hasMore: true });
      expect(erste.body.eintraege).toHaveLength(50);
      expect(zweite.body).toMatchObject({ seite: 2, hasMore: false });
      expect(zweite.body.eintraege).toHaveLength(12);
      const positionen = [...erste.body.eintraege, ...zweite.body.eintraege].map((e: Eintrag) => e.position.split('/').map(Number));
      for (let i = 1; i < positionen.length; i++) {
        const [a, b] = [positionen[i - 1]!, positionen[i]!];
        expect(a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!)).toBe(true);
      }
      const neueste = await get(pruefer.token, `/api/audit/events?gruppe=${eulen}&order=desc`);
      expect(neueste.body.eintraege[0].beschreibung).toBe('Familie Eule wird für den Wasserdienst KW 8/2028 eingeteilt (Gruppe „Eulen“).');
    });

    it('filters by stream prefix, by type and by time (Berlin wall clock, dates inclusive)', async () => {
      const praefix = (await get(pruefer.token, '/api/audit/events?stream=dienstplan-')).body;
      expect(new Set(praefix.eintraege.map((e: Eintrag) => e.streamName.split('-')[0]))).toEqual(new Set(['dienstplan']));
      const annahme = (await get(pruefer.token, `/api/audit/events?from=2026-11-20T10:03&to=2026-11-20T10:03`)).body;
      expect(annahme.eintraege.map((e: Eintrag) => e.type)).toEqual(['TauschAngenommen']);
      const tag = (await get(pruefer.token, `/api/audit/events?from=2026-11-20&to=2026-11-20&type=TauschAngeboten,TauschZurueckgezogen`))
        .body;
      expect(tag.gesamt).toBe(3);
      expect((await get(pruefer.token, '/api/audit/events?from=2026-11-21')).body.gesamt).toBe(0);
      expect((await get(pruefer.token, '/api/audit/events?from=gestern')).body.message).toBe(
        'Bitte geben Sie Zeitpunkte als Datum (JJJJ-MM-TT) oder Datum mit Uhrzeit (JJJJ-MM-TTTHH:MM) an.',
      );
      expect((await get(pruefer.token, '/api/audit/events?kategorie=Sonstiges')).status).toBe(400);
    });

    it('shows one stream’s whole history, and 404 for a stream that does not exist', async () => {
      const { body } = await get(pruefer.token, `/api/audit/streams/eltern-${pruefer.elternId}`);
      expect(body.eintraege.map((e: Eintrag) => e.type)).toEqual(['ElternRegistriert', 'PasswortGesetzt', 'RollenGeaendert']);
      expect(body.eintraege[0].beschreibung).toBe('Familie Sommer wird angelegt (in der Gruppe „Füchse“, Kind: Kind Sommer).');
      expect(await get(pruefer.token, '/api/audit/streams/gibt-es-nicht')).toEqual({
        status: 404,
        body: { message: 'Diesen Verlauf gibt es nicht.' },
      });
    });
  });

  describe('the plan as it stood', () => {
    it('before and after the swap differs by exactly that swap: the two weeks changed families, nothing else', async () => {
      const vorher = await plan(pruefer.token, angebotPosition);
      const nachher = await plan(pruefer.token, annahmePosition);
      expect(besitzer(vorher.eintraege)).toEqual({ 'KW 49/2026': 'Fuchs', 'KW 50/2026': 'Fuchs', 'KW 51/2026': 'Bauer' });
      expect(besitzer(nachher.eintraege)).toEqual({ 'KW 49/2026': 'Bauer', 'KW 50/2026': 'Fuchs', 'KW 51/2026': 'Fuchs' });
      expect(nachher.stand.ereignisse).toBe(vorher.stand.ereignisse + 1);
      expect(nachher.stand.position).toBe(annahmePosition);
      expect(nachher.eintraege[0]).toMatchObject({ kalenderwoche: 49, jahr: 2026, datum: '04.12.2026' });
    });

    it('by a moment in Berlin time, the same two plans', async () => {
      const vorher = await plan(admin.token, berlinLokal(angebotZeit));
      const nachher = await plan(admin.token, berlinLokal(annahmeZeit));
      expect(besitzer(vorher.eintraege)['KW 49/2026']).toBe('Fuchs');
      expect(besitzer(nachher.eintraege)['KW 49/2026']).toBe('Bauer');
      expect((await plan(admin.token, '2026-11-20T09:00')).eintraege).toEqual([]);
      expect((await get(admin.token, `/api/audit/dienstplan/${fuechse}?asOf=bald`)).status).toBe(400);
      expect((await get(admin.token, `/api/audit/dienstplan/${randomUUID()}`)).status).toBe(404);
    });
  });

  describe('deep links', () => {
    it('tells one swap’s story: offered and accepted, with both families and weeks', async () => {
      const { status, body } = await get(pruefer.token, `/api/audit/tausch/${tauschId}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        tauschId,
        gruppenName: 'Füchse',
        status: 'angenommen',
        statusText: 'Angenommen',
        angebot: { familie: 'Fuchs', woche: { jahr: 2026, kalenderwoche: 49, kw: 'KW 49/2026' }, freitag: '04.12.2026' },
        annahme: { familie: 'Bauer', woche: { jahr: 2026, kalenderwoche: 51, kw: 'KW 51/2026' }, freitag: '18.12.2026' },
      });
      expect(body.eintraege.map((e: Eintrag) => e.type)).toEqual(['TauschAngeboten', 'TauschAngenommen']);
      expect((await get(pruefer.token, `/api/audit/tausch/${randomUUID()}`)).status).toBe(404);
    });
  });

  describe('export for the parents’ council', () => {
    it('writes CSV with BOM and semicolons, and defuses a family name that is a formula', async () => {
      const answer = await fetch(`${app.baseUrl}/api/audit/streams/eltern-${hyperlinkId}/export?format=csv`, {
        headers: { authorization: `Bearer ${pruefer.token}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/csv');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="verlauf-eltern-${hyperlinkId}.csv"`);
      // read as bytes: Response.text() would drop the BOM
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer());
      expect(text.startsWith('\uFEFF"Position";"Zeit";"Verlauf";"Ereignis"')).toBe(true);
      expect(text).toContain(`;"'=HYPERLINK(""http://boese.example"",""klick"")";`);
      expect(text).not.toContain(';"=HYPERLINK');
    });

    it('exports the filtered list as JSON with the same entries', async () => {
      const answer = await get(pruefer.token, `/api/audit/events/export?format=json&kategorie=Tausch&gruppe=${fuechse}`);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="verlauf.json"');
      expect(answer.body.anzahl).toBe(4);
      expect(answer.body.filter).toMatchObject({ kategorie: 'Tausch', gruppe: fuechse });
      expect(answer.body.eintraege[1].beschreibung).toBe(
        'Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.',
      );
      expect((await get(pruefer.token, '/api/audit/events/export?format=xlsx')).status).toBe(400);
    });
  });

  describe('auditors only read', () => {
    it('refuses every write of an auditor with 403 and changes nothing', async () => {
      const vorher = (await get(admin.token, '/api/audit/events')).body.gesamt;
      const versuche: [string, string, unknown][] = [
        ['POST', '/api/tausch', { elternId: pruefer.elternId, wasserdienstId: dienst['2026/50'] }],
        ['DELETE', `/api/tausch/${tauschId}`, undefined],
        ['POST', '/api/abwesenheit', { kalenderwoche: 5, jahr: 2027 }],
        ['POST', '/api/admin/gruppen', { gruppenName: 'Dachse' }],
        ['PUT', `/api/admin/eltern/${pruefer.elternId}/role`, { role: 'ROLE_ADMIN' }],
      ];
      for (const [method, pfad, body] of versuche)
        expect(await call(pruefer.token, method, pfad, body), `${method} ${pfad}`).toEqual({ status: 403, body: NUR_LESEN });
      expect((await get(admin.token, '/api/audit/events')).body.gesamt).toBe(vorher);
    });

    it('still lets the auditor change their own password', async () => {
      const answer = await fetch(`${app.baseUrl}/api/auth/change-password`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pruefer.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ oldPassword: PASSWORT, newPassword: 'neues-pruefen-1' }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const token = answer.headers.get('x-auth-token');
      if (token) pruefer = { ...pruefer, token };
    });

    it('an admin who is also an auditor still writes', async () => {
      const chefin = await familie('Chefin', null, ['ROLE_ADMIN']);
      expect(
        (await call(admin.token, 'PUT', `/api/admin/eltern/${chefin.elternId}/role`, { roles: ['ROLE_ADMIN', 'ROLE_AUDITOR'] })).status,
      ).toBe(200);
      expect((await call(chefin.token, 'POST', '/api/admin/gruppen', { gruppenName: 'Dachse' })).status).toBe(201);
    });
  });

  describe('the yearly import’s story', () => {
    it('who, when, which file, the counts and what it replaced', async () => {
      expect((await call(admin.token, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
      spaeter();
      const form = new FormData();
      // the auditor's family stays (same e-mail), Fuchs comes with a new address, Igel is new
      const zeilen = [
        'Nachname;Vorname;Gruppe;E-Mail',
        'Fuchs;Mila;Füchse;neu-fuchs@example.org',
        'Igel;Ida;Eulen;igel@example.org',
        `Sommer;Lotta;Füchse;${pruefer.email}`,
      ];
      form.append('csvFile', new Blob([zeilen.join('\n')], { type: 'text/csv' }), 'eltern-2027.csv');
      form.append('deadline', '2027-01-15');
      const imported = await call(admin.token, 'POST', '/api/admin/import-eltern', form);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const importId = imported.body.importId as string;

      const { status, body } = await get(pruefer.token, `/api/audit/import/${importId}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        importId,
        abgeschlossen: true,
        dateiname: 'eltern-2027.csv',
        fristText: '15.01.2027',
        akteur: 'Leitung',
        zeit: '20.11.2026 10:06:00',
        zahlen: { successCount: 3, neueFamilien: 2, bekannteFamilien: 1, entfernteFamilien: 5 },
      });
      // The import is tied to its file: the SHA-256 of exactly the bytes sent, their size and encoding.
      const gesendet = Buffer.from(zeilen.join('\n'), 'utf8');
      expect(body.datei).toEqual({
        sha256: createHash('sha256').update(gesendet).digest('hex'),
        bytes: gesendet.length,
        kodierung: 'UTF-8',
      });
      expect([...body.neueFamilien].sort()).toEqual(['Fuchs', 'Igel']);
      expect(body.bekannteFamilien).toEqual(['Sommer']);
      // every family missing from the file left (the admins stay)
      expect([...body.ersetzt.entfernteFamilien].sort()).toEqual([HYPERLINK, 'Bauer', 'Eule', 'Fuchs', 'Winter'].sort());
      expect(body.ersetzt.plaene).toEqual(
        expect.arrayContaining([
          { gruppeId: fuechse, gruppenName: 'Füchse', dienste: 3, offeneTausche: 0 },
          { gruppeId: eulen, gruppenName: 'Eulen', dienste: 60, offeneTausche: 0 },
        ]),
      );
      const letzter = body.eintraege.at(-1) as Eintrag;
      expect(letzter).toMatchObject({ type: 'ImportAbgeschlossen', importId, akteur: 'Leitung' });
      expect(letzter.beschreibung).toBe('Import „eltern-2027.csv“: 3 Familien übernommen, 5 entfernt, Frist 15.01.2027.');
      expect(body.eintraege.every((e: Eintrag) => e.importId === importId)).toBe(true);

      // after the import the plan is empty, but as of the swap it is still there
      expect((await plan(admin.token, formatPosition({ commit: Number.MAX_SAFE_INTEGER, prepare: 0 }))).eintraege).toEqual([]);
      expect(besitzer((await plan(admin.token, annahmePosition)).eintraege)['KW 49/2026']).toBe('Bauer');
      expect((await get(admin.token, `/api/audit/import/${randomUUID()}`)).status).toBe(404);
    });
  });
});
