import { randomUUID } from 'node:crypto';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026: the offerable weeks run 47…53 of 2026 and 1…5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'wasser123';

type Familie = { elternId: string; token: string; gruppeId: string };

describe('water duty and swap exchange on the real app', () => {
  let app: TestApp;
  let fuechse: string;
  let eulen: string;
  let fuchs: Familie;
  let bauer: Familie;
  let wagner: Familie;
  let eule: Familie;
  let admin: string;
  let ohneGruppe: string;
  /** wasserdienstId by "nachname jahr/kw" as first assigned. */
  const dienst: Record<string, string> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  const familie = async (nachname: string, gruppeId: string | null, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { elternId, position } = await app.familie({
      email,
      passwort: PASSWORT,
      nachname,
      nameKind: `Kind ${nachname}`,
      gruppeId,
      rollen,
    });
    remember(position);
    return { elternId, token: await anmelden(email), gruppeId: gruppeId ?? '' };
  };

  const weise = async (gruppeId: string, eintraege: [Familie, string, number, number][]) => {
    const { zuweisungen, position } = await weiseWasserdiensteZu(
      app.runtime,
      gruppeId,
      eintraege.map(([f, , jahr, kalenderwoche]) => ({ elternId: f.elternId, jahr, kalenderwoche })),
      { actorId: null },
    );
    remember(position); // the next read waits until the projector has it
    zuweisungen.forEach((z, i) => {
      dienst[eintraege[i]![1]] = z.wasserdienstId;
    });
  };

  /** The read model's owners must equal the owners folded from the stream itself. */
  const expectReadModelMatchesStream = async (gruppeId: string) => {
    const state = fold(dienstplanDecider, (await app.runtime.store.readStream(dienstplanStream(gruppeId))).events as never);
    const ausStream = Object.fromEntries([...state.dienste.values()].map((d) => [d.wasserdienstId, d.elternId]));
    await get(fuchs.token, '/api/gruppen'); // waits for the projector to pass our last write
    const { rows } = await app.db.pool.query<{ wasserdienst_id: string; eltern_id: string }>(
      `SELECT wasserdienst_id, eltern_id FROM ${READ_MODEL_SCHEMA}.wasserdienst WHERE gruppe_id = $1`,
      [gruppeId],
    );
    expect(Object.fromEntries(rows.map((r) => [r.wasserdienst_id, r.eltern_id]))).toEqual(ausStream);
    const offen = [...state.tausche.values()]
      .filter((t) => t.status === 'offen')
      .map((t) => t.tauschId)
      .sort();
    const { rows: tausche } = await app.db.pool.query<{ tausch_id: string }>(
      `SELECT tausch_id FROM ${READ_MODEL_SCHEMA}.tausch WHERE gruppe_id = $1 AND status = 'offen' ORDER BY tausch_id`,
      [gruppeId],
    );
    expect(tausche.map((t) => t.tausch_id)).toEqual(offen);
  };

  const eigeneDienste = async (f: Familie) =>
    (await get(f.token, '/api/wasserdienst/my-assignments')).body as {
      id: string;
      kalenderwoche: number;
      jahr: number;
      freitag: string;
      tauschbar: boolean;
      angeboten: boolean;
    }[];

  const biete = async (f: Familie, wasserdienstId: string) =>
    call(f.token, 'POST', '/api/tausch', { elternId: f.elternId, wasserdienstId });

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const ctx = { actorId: null };
    const { legeGruppeAn } = await import('@waldkita/command-api/gruppe/lege-gruppe-an');
    fuechse = (await legeGruppeAn(app.runtime, 'Füchse', ctx)).gruppeId;
    eulen = (await legeGruppeAn(app.runtime, 'Eulen', ctx)).gruppeId;
    [fuchs, bauer, wagner, eule] = await Promise.all([
      familie('Fuchs', fuechse),
      familie('Bauer', fuechse),
      familie('Wagner', fuechse),
      familie('Eule', eulen),
    ]);
    admin = (await familie('Leitung', null, ['ROLE_ADMIN'])).token;
    ohneGruppe = (await familie('Ohnegruppe', null)).token;
    await weise(fuechse, [
      [fuchs, 'fuchs 2026/40', 2026, 40],
      [fuchs, 'fuchs 2026/48', 2026, 48],
      [fuchs, 'fuchs 2026/53', 2026, 53],
      [bauer, 'bauer 2026/50', 2026, 50],
      [bauer, 'bauer 2027/1', 2027, 1],
      [wagner, 'wagner 2026/51', 2026, 51],
      [wagner, 'wagner 2027/2', 2027, 2],
      [fuchs, 'fuchs 2027/8', 2027, 8],
    ]);
    await weise(eulen, [[eule, 'eule 2026/48', 2026, 48]]);
  }, 60_000);
  afterAll(() => app?.close());

  describe('reading the plan', () => {
    it('lists a family’s own duties with the Friday of each week, week 53 of 2026 ending on Friday 01.01.2027', async () => {
      const mine = await eigeneDienste(fuchs);
      expect(mine.map((d) => [d.jahr, d.kalenderwoche, d.freitag, d.tauschbar])).toEqual([
        [2026, 40, '2026-10-02', false],
        [2026, 48, '2026-11-27', true],
        [2026, 53, '2027-01-01', true],
        [2027, 8, '2027-02-26', false],
      ]);
    });

    it('shows a parent the calendar of their own group only, Monday to Sunday, own entries marked', async () => {
      const { status, body } = await get(fuchs.token, '/api/wasserdienst/events');
      expect(status).toBe(200);
      const titles = body.map((e: { title: string }) => e.title);
      expect(titles).toContain('Bauer');
      expect(titles).not.toContain('Eule');
      const kw53 = body.find((e: { kalenderwoche: number; jahr: number }) => e.jahr === 2026 && e.kalenderwoche === 53);
      expect(kw53).toMatchObject({ title: 'Fuchs', start: '2026-12-28', end: '2027-01-04', allDay: true, eigener: true });
      expect(body.find((e: { title: string }) => e.title === 'Bauer').eigener).toBe(false);
      expect((await get(fuchs.token, '/api/wasserdienst/events/my')).body).toHaveLength(4);
    });

    it('refuses a parent another group’s plan, swaps and group record (403), and answers a family without group', async () => {
      expect((await get(eule.token, `/api/wasserdienst/events?gruppe=${fuechse}`)).status).toBe(403);
      expect((await get(eule.token, `/api/tausch/gruppe/${fuechse}`)).status).toBe(403);
      expect((await get(eule.token, `/api/wasserdienst/gruppen-eltern/${fuechse}`)).status).toBe(403);
      expect((await get(eule.token, `/api/gruppen/${fuechse}`)).status).toBe(403);
      expect((await get(eule.token, '/api/gruppen')).body).toEqual([{ gruppenID: eulen, gruppenName: 'Eulen' }]);
      const ohne = await get(ohneGruppe, '/api/wasserdienst/events');
      expect(ohne).toMatchObject({ status: 404, body: { message: 'Keine Gruppe gefunden' } });
    });

    it('shows an admin every group, titles prefixed with the group name', async () => {
      const { body } = await get(admin, '/api/wasserdienst/events');
      const titles = body.map((e: { title: string }) => e.title);
      expect(titles).toEqual(expect.arrayContaining(['Füchse: Fuchs', 'Füchse: Bauer', 'Eulen: Eule']));
      const nurEulen = await get(admin, `/api/wasserdienst/events?gruppe=${eulen}`);
      expect(nurEulen.body.map((e: { title: string }) => e.title)).toEqual(['Eulen: Eule']);
      expect((await get(admin, '/api/gruppen')).body.map((g: { gruppenName: string }) => g.gruppenName)).toEqual(['Eulen', 'Füchse']);
    });

    it('maps each duty of the group to its family in the group map', async () => {
      const { body } = await get(bauer.token, `/api/wasserdienst/gruppen-eltern/${fuechse}`);
      expect(body[`id=${dienst['bauer 2026/50']}, kalenderwoche=50, jahr=2026`]).toMatchObject({ id: bauer.elternId, nachname: 'Bauer' });
    });
  });

  describe('offering and the rules around it', () => {
    it('refuses a duty of another family, a past one, one too far ahead and an elternId that is not the caller', async () => {
      expect(await biete(fuchs, dienst['bauer 2026/50']!)).toMatchObject({
        status: 403,
        body: { message: 'Sie können nur Ihre eigenen Wasserdienste tauschen.' },
      });
      expect(await biete(fuchs, dienst['fuchs 2026/40']!)).toMatchObject({
        status: 400,
        body: { message: 'Vergangene Wasserdienste können nicht mehr getauscht werden.' },
      });
      expect((await biete(fuchs, dienst['fuchs 2027/8']!)).status).toBe(400);
      const fremd = await call(fuchs.token, 'POST', '/api/tausch', { elternId: bauer.elternId, wasserdienstId: dienst['bauer 2026/50'] });
      expect(fremd).toMatchObject({ status: 403, body: { message: 'Sie können nur für sich selbst tauschen.' } });
      expect(await call(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId })).toMatchObject({
        status: 400,
        body: { message: 'Bitte wählen Sie einen Wasserdienst aus' },
      });
      // A duty of another group is not even found in the caller's plan.
      expect((await biete(fuchs, dienst['eule 2026/48']!)).status).toBe(404);
    });

    it('offers week 53 of 2026, shows it to the group as open and refuses to offer it twice', async () => {
      const offer = await biete(fuchs, dienst['fuchs 2026/53']!);
      expect(offer.status).toBe(201);
      expect(offer.body).toBe('Tausch-Anfrage erfolgreich erstellt!');
      expect(offer.headers.get('x-event-position')).toMatch(/^\d+\/\d+$/);
      const list = (await get(bauer.token, `/api/tausch/gruppe/${fuechse}`)).body;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: offer.headers.get('x-tausch-id'),
        requestEltern: { id: fuchs.elternId, nachname: 'Fuchs', nameKind: 'Kind Fuchs' },
        requestWasserdienst: { id: dienst['fuchs 2026/53'], kalenderwoche: 53, jahr: 2026 },
        resolveEltern: null,
        bestaetigt: false,
      });
      expect((await eigeneDienste(fuchs)).find((d) => d.kalenderwoche === 53)?.angeboten).toBe(true);
      expect(await biete(fuchs, dienst['fuchs 2026/53']!)).toMatchObject({
        status: 409,
        body: { message: 'Für diesen Wasserdienst gibt es bereits ein offenes Tausch-Angebot.' },
      });
      // Nobody outside the group can act on it.
      const id = offer.headers.get('x-tausch-id');
      expect((await call(eule.token, 'PUT', `/api/tausch/${id}/accept`, { resolveWasserdienstId: dienst['eule 2026/48'] })).status).toBe(
        404,
      );
      expect((await call(bauer.token, 'DELETE', `/api/tausch/${id}`)).status).toBe(403);
      expect((await call(fuchs.token, 'PUT', `/api/tausch/${id}/accept`, { resolveWasserdienstId: dienst['fuchs 2026/48'] })).status).toBe(
        403,
      );
      await call(fuchs.token, 'DELETE', `/api/tausch/${id}`);
      expect((await get(bauer.token, `/api/tausch/gruppe/${fuechse}`)).body).toEqual([]);
    });
  });

  describe('accepting', () => {
    it('swaps both duties in one step; both families see the exchanged weeks at once and the offerer sees "accepted by"', async () => {
      const offer = await biete(fuchs, dienst['fuchs 2026/48']!);
      const id = offer.headers.get('x-tausch-id')!;
      const accepted = await call(bauer.token, 'PUT', `/api/tausch/${id}/accept`, {
        resolveElternId: bauer.elternId,
        resolveWasserdienstId: dienst['bauer 2026/50'],
      });
      expect(accepted).toMatchObject({ status: 200, body: { id, bestaetigt: true } });
      const wochen = async (f: Familie) =>
        (await eigeneDienste(f)).filter((d) => d.jahr === 2026 && d.tauschbar).map((d) => d.kalenderwoche);
      expect(await wochen(fuchs)).toEqual([50, 53]);
      expect(await wochen(bauer)).toEqual([48]);
      const swap = (await get(fuchs.token, `/api/tausch/gruppe/${fuechse}`)).body.find((t: { id: string }) => t.id === id);
      expect(swap).toMatchObject({
        bestaetigt: true,
        resolveEltern: { id: bauer.elternId, nachname: 'Bauer' },
        resolveWasserdienst: { kalenderwoche: 50, jahr: 2026 },
      });
      const calendar = (await get(fuchs.token, '/api/wasserdienst/events')).body;
      expect(calendar.find((e: { kalenderwoche: number; jahr: number }) => e.jahr === 2026 && e.kalenderwoche === 48).title).toBe('Bauer');
      expect(calendar.find((e: { kalenderwoche: number; jahr: number }) => e.jahr === 2026 && e.kalenderwoche === 50).title).toBe('Fuchs');
      await expectReadModelMatchesStream(fuechse);
    });

    it('two families accepting the same offer at the same moment: exactly one wins, the other gets 409', async () => {
      for (let round = 0; round < 3; round++) {
        const angebot = (await eigeneDienste(fuchs)).find((d) => d.tauschbar && !d.angeboten)!;
        const id = (await biete(fuchs, angebot.id)).headers.get('x-tausch-id')!;
        const [b, w] = await Promise.all(
          [bauer, wagner].map(async (f) => (await eigeneDienste(f)).find((d) => d.tauschbar && !d.angeboten)!),
        );
        const results = await Promise.all([
          call(bauer.token, 'PUT', `/api/tausch/${id}/accept`, { resolveElternId: bauer.elternId, resolveWasserdienstId: b!.id }),
          call(wagner.token, 'PUT', `/api/tausch/${id}/accept`, { resolveElternId: wagner.elternId, resolveWasserdienstId: w!.id }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(results.find((r) => r.status === 409)!.body).toEqual({ message: 'Dieses Angebot wurde bereits angenommen.' });
        const winner = results[0]!.status === 200 ? bauer : wagner;
        const swap = (await get(fuchs.token, `/api/tausch/gruppe/${fuechse}`)).body.find((t: { id: string }) => t.id === id);
        expect(swap.resolveEltern.id).toBe(winner.elternId);
        const events = (await app.runtime.store.readStream(dienstplanStream(fuechse))).events;
        expect(events.filter((e) => e.type === 'TauschAngenommen' && (e.data as { tauschId: string }).tauschId === id)).toHaveLength(1);
        await expectReadModelMatchesStream(fuechse);
      }
    });

    it('accept racing withdraw: one of them wins, the other gets 409, and the plan agrees with the log', async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < 4; round++) {
        const angebot = (await eigeneDienste(fuchs)).find((d) => d.tauschbar && !d.angeboten)!;
        const id = (await biete(fuchs, angebot.id)).headers.get('x-tausch-id')!;
        const gegen = (await eigeneDienste(bauer)).find((d) => d.tauschbar && !d.angeboten)!;
        const [accept, withdraw] = await Promise.all([
          call(bauer.token, 'PUT', `/api/tausch/${id}/accept`, { resolveElternId: bauer.elternId, resolveWasserdienstId: gegen.id }),
          call(fuchs.token, 'DELETE', `/api/tausch/${id}`),
        ]);
        expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
        const list = (await get(fuchs.token, `/api/tausch/gruppe/${fuechse}`)).body as { id: string; bestaetigt: boolean }[];
        if (accept.status === 200) {
          expect(withdraw.body).toEqual({ message: 'Dieses Angebot wurde bereits angenommen.' });
          expect(list.find((t) => t.id === id)?.bestaetigt).toBe(true);
          outcomes.add('accept');
        } else {
          expect(accept.body).toEqual({ message: 'Dieses Angebot wurde bereits zurückgezogen.' });
          expect(list.find((t) => t.id === id)).toBeUndefined();
          outcomes.add('withdraw');
        }
        await expectReadModelMatchesStream(fuechse);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  describe('the older trade-request paths answer from the same stream', () => {
    it('request → my-requests (PENDING) → accept needs a duty in return → decline only by the offerer', async () => {
      const own = (await eigeneDienste(wagner)).find((d) => d.tauschbar && !d.angeboten)!;
      const request = await call(wagner.token, 'POST', '/api/wasserdienst/tausch/request', {
        wasserdienstId: own.id,
        requesterElternId: wagner.elternId,
        message: 'Wir sind im Urlaub',
      });
      expect(request.status).toBe(201);
      expect(request.body).toMatchObject({
        wasserdienstId: own.id,
        requesterElternId: wagner.elternId,
        status: 'PENDING',
        message: 'Wir sind im Urlaub',
      });
      const mine = (await get(wagner.token, '/api/wasserdienst/tausch/my-requests')).body;
      expect(mine.find((r: { id: string }) => r.id === request.body.id)).toMatchObject({ status: 'PENDING', requesterName: 'Wagner' });
      // The same offer appears in the new swap exchange.
      expect((await get(bauer.token, `/api/tausch/gruppe/${fuechse}`)).body.some((t: { id: string }) => t.id === request.body.id)).toBe(
        true,
      );

      const ohneGegen = await call(bauer.token, 'POST', `/api/wasserdienst/tausch/${request.body.id}/accept`, {});
      expect(ohneGegen).toMatchObject({ status: 400, body: { message: 'Bitte wählen Sie Ihren Tauschdienst aus.' } });
      expect((await call(bauer.token, 'POST', `/api/wasserdienst/tausch/${request.body.id}/decline`)).status).toBe(403);
      const declined = await call(wagner.token, 'POST', `/api/wasserdienst/tausch/${request.body.id}/decline`);
      expect(declined).toMatchObject({ status: 200, body: { status: 'WITHDRAWN' } });
      const after = (await get(wagner.token, '/api/wasserdienst/tausch/my-requests')).body;
      expect(after.find((r: { id: string }) => r.id === request.body.id).status).toBe('WITHDRAWN');
    });
  });
});
