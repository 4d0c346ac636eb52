import { ANPASSUNGEN_STREAM } from '@waldkita/domain/dienste/anpassung';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};

/** Friday of ISO week 47 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'dienstarten-123';

type Familie = { elternId: string; token: string; nachname: string };
type Dienst = { id: string; dienstartId: string; dienstart: string; von: string; bis: string; gruppeId: string | null };

const putzdienst = {
  name: 'Putzdienst',
  beschreibung: 'Am Wochenende den Bauwagen putzen und die Wasserkanister auffüllen.',
  rhythmus: 'wochenende',
  bereich: 'kita',
  familienProTermin: 1,
  stunden: 2,
};
const tee = { name: 'Tee kochen', rhythmus: 'woche', aktivVonMonat: 11, aktivBisMonat: 3, bereich: 'gruppe', stunden: 0.5 };

describe('duty kinds on the real app: define, plan, swap, closings', () => {
  let app: TestApp;
  let admin: Familie;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);
  let putzId = '';
  let teeId = '';

  const familie = async (nachname: string, gruppenName?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppenName, rollen);
    return { elternId: x.elternId, token: x.token, nachname };
  };
  const meine = async (x: Familie, dienstartId?: string) =>
    ((await get(x.token, '/api/dienste/meine')).body as Dienst[]).filter((d) => !dienstartId || d.dienstartId === dienstartId);

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    for (const name of ['Eule', 'Lang', 'Moser']) f[name] = await familie(name, 'Eulen');
  }, 60_000);
  afterAll(() => app?.close());

  describe('the Admin Center defines kinds', () => {
    it('creates Putzdienst and Tee kochen (201, with their ids); Wasserdienst is there built in', async () => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/dienstarten', putzdienst);
      expect(angelegt).toMatchObject({
        status: 201,
        body: { ...putzdienst, pausiertBeiSchliessung: true, eingebaut: false, archiviert: false },
      });
      putzId = angelegt.body.id;
      teeId = (await call(admin.token, 'POST', '/api/admin/dienstarten', tee)).body.id;
      const arten = (await get(f.Fuchs!.token, '/api/dienstarten')).body as { id: string; name: string }[];
      expect(arten.map((a) => a.name)).toEqual(['Wasserdienst', 'Putzdienst', 'Tee kochen']);
      expect(arten[0]!.id).toBe('wasserdienst');
    });

    it('refuses in German: a name taken (409), a wrong shape (400), a parent (403), an unknown kind (404)', async () => {
      expect(await call(admin.token, 'POST', '/api/admin/dienstarten', { ...putzdienst, name: 'putzdienst' })).toMatchObject({
        status: 409,
        body: { message: 'Eine Dienstart mit diesem Namen gibt es bereits.' },
      });
      expect(await call(admin.token, 'POST', '/api/admin/dienstarten', { ...putzdienst, rhythmus: 'monatlich' })).toMatchObject({
        status: 400,
        body: { message: 'Bitte wählen Sie einen Rhythmus: wöchentlich, am Wochenende oder an bestimmten Wochentagen.' },
      });
      expect(await call(admin.token, 'POST', '/api/admin/dienstarten', { ...putzdienst, name: 'x'.repeat(10_000) })).toMatchObject({
        status: 400,
        body: { message: 'Der Name darf höchstens 60 Zeichen lang sein.' },
      });
      expect((await call(f.Fuchs!.token, 'POST', '/api/admin/dienstarten', { ...putzdienst, name: 'Holz' })).status).toBe(403);
      expect(await call(admin.token, 'PUT', '/api/admin/dienstarten/gibt-es-nicht', putzdienst)).toMatchObject({
        status: 404,
        body: { message: 'Dienstart nicht gefunden.' },
      });
      expect(await call(admin.token, 'DELETE', '/api/admin/dienstarten/wasserdienst')).toMatchObject({
        status: 400,
        body: { message: 'Der Wasserdienst ist fest eingebaut und kann nicht archiviert werden.' },
      });
    });

    it('changes a kind’s hours; archives a kind, which then refuses planning, and keeps it in the admin list', async () => {
      expect(await call(admin.token, 'PUT', `/api/admin/dienstarten/${putzId}`, { ...putzdienst, stunden: 2.5 })).toMatchObject({
        status: 200,
        body: { stunden: 2.5 },
      });
      const holz = (
        await call(admin.token, 'POST', '/api/admin/dienstarten', { name: 'Holz hacken', rhythmus: 'wochenende', bereich: 'kita' })
      ).body;
      expect(await call(admin.token, 'DELETE', `/api/admin/dienstarten/${holz.id}`)).toMatchObject({
        status: 200,
        body: { archiviert: true },
      });
      expect(
        await call(admin.token, 'POST', `/api/admin/dienstarten/${holz.id}/planen`, { von: '2026-12-01', bis: '2027-01-31' }),
      ).toMatchObject({
        status: 409,
        body: { message: 'Diese Dienstart ist archiviert.' },
      });
      expect(((await get(f.Fuchs!.token, '/api/dienstarten')).body as { name: string }[]).map((a) => a.name)).not.toContain('Holz hacken');
      const alle = (await get(admin.token, '/api/admin/dienstarten')).body as { name: string; archiviert: boolean }[];
      expect(alle.find((a) => a.name === 'Holz hacken')?.archiviert).toBe(true);
    });
  });

  describe('planning', () => {
    it('plans the water duty, then Putzdienst for the whole kindergarten and Tee kochen per group, fairly and answering what it used', async () => {
      const wasser = await call(admin.token, 'POST', '/api/admin/dienstarten/wasserdienst/planen', {
        von: '2026-11-30',
        bis: '2027-03-26',
      });
      expect(wasser).toMatchObject({ status: 200, body: { dienstartId: 'wasserdienst' } });
      expect(wasser.body.plaene).toHaveLength(2);
      const putz = await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2026-11-23', bis: '2027-03-28' });
      // 18 weekends (28.11.2026 … 27.03.2027) for six families of both groups: 3 each.
      expect(putz).toMatchObject({ status: 200, body: { plaene: [{ gruppeId: null, zugewiesen: 18, nichtBesetzt: [] }] } });
      expect(putz.body.message).toBe('Putzdienst: 18 Termine vergeben.');
      const teeAntwort = await call(admin.token, 'POST', `/api/admin/dienstarten/${teeId}/planen`, {
        von: '2026-11-23',
        bis: '2027-04-30',
      });
      // Weekly from 23.11. to the end of March: 19 ISO weeks (KW 53 included), per group.
      expect(teeAntwort.body.plaene.map((p: { zugewiesen: number }) => p.zugewiesen)).toEqual([19, 19]);
      for (const x of Object.values(f)) {
        const dates = await meine(x, putzId);
        expect(dates).toHaveLength(3);
        expect(dates.every((d) => d.dienstart === 'Putzdienst' && d.gruppeId === null)).toBe(true);
        const teeDates = await meine(x, teeId);
        expect(teeDates.length === 6 || teeDates.length === 7).toBe(true);
        // Weekly tea never after March.
        expect(teeDates.every((d) => d.von < '2027-04-01')).toBe(true);
      }
    });

    it('refuses a plan period in the wrong order or of wrong dates, in German', async () => {
      expect(
        await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-02-01', bis: '2027-01-01' }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Der Zeitraum ist leer: das Enddatum liegt vor dem Startdatum.' },
      });
      expect(
        await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-02-31', bis: '2027-03-01' }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie Start- und Enddatum im Format JJJJ-MM-TT an.' },
      });
    });

    it('sets a family’s share per kind: Vorstand Moser is exempt from Putzdienst, the water duty share stays', async () => {
      const antwort = await call(admin.token, 'PUT', `/api/admin/eltern/${f.Moser!.elternId}/anteil`, {
        anteil: 0,
        grund: 'Vorstand',
        dienstartId: putzId,
      });
      expect(antwort).toMatchObject({
        status: 200,
        body: { anteil: 0, dienstartId: putzId, message: 'Familie Moser ist vom Putzdienst befreit.' },
      });
      expect(
        await call(admin.token, 'PUT', `/api/admin/eltern/${f.Moser!.elternId}/anteil`, { anteil: 1, grund: 'x', dienstartId: 'nope' }),
      ).toMatchObject({
        status: 404,
        body: { message: 'Dienstart nicht gefunden.' },
      });
      const verteilung = (await get(admin.token, `/api/dienste/verteilung?dienstart=${putzId}`)).body as {
        nachname: string;
        anteil: number;
      }[];
      expect(verteilung.find((v) => v.nachname === 'Moser')?.anteil).toBe(0);
      const wasser = (await get(admin.token, `/api/wasserdienst/verteilung?gruppe=${(await meine(f.Moser!, 'wasserdienst'))[0]!.gruppeId}`))
        .body as {
        nachname: string;
        anteil: number;
      }[];
      expect(wasser.find((v) => v.nachname === 'Moser')?.anteil).toBe(1);
    });
  });

  describe('swaps of any kind through the Tausch-Börse', () => {
    it('Fuchs offers a Putzdienst weekend, Eule (other group, same kindergarten-wide kind) swaps with one of hers; both change hands', async () => {
      const fuchs = (await meine(f.Fuchs!, putzId)).find((d) => d.von >= '2026-11-23' && d.von <= '2027-02-10')!;
      const eule = (await meine(f.Eule!, putzId)).find((d) => d.von >= '2026-11-23' && d.von <= '2027-02-10' && d.von !== fuchs.von)!;
      const angebot = await call(f.Fuchs!.token, 'POST', '/api/tausch', { dienstId: fuchs.id });
      expect(angebot).toMatchObject({ status: 201, body: 'Tausch-Anfrage erfolgreich erstellt!' });
      const tauschId = angebot.headers.get('x-tausch-id')!;
      const offen = (await get(f.Eule!.token, '/api/dienste/tausch')).body as { id: string; eigenes: boolean }[];
      expect(offen.find((o) => o.id === tauschId)?.eigenes).toBe(false);
      // A water-duty week in return is another kind.
      const wasser = (await meine(f.Eule!, 'wasserdienst'))[0]!;
      expect(await call(f.Eule!.token, 'PUT', `/api/tausch/${tauschId}/accept`, { resolveDienstId: wasser.id })).toMatchObject({
        status: 400,
        body: { message: 'Getauscht werden nur Dienste derselben Dienstart.' },
      });
      expect(await call(f.Eule!.token, 'PUT', `/api/tausch/${tauschId}/accept`, { resolveDienstId: eule.id })).toMatchObject({
        status: 200,
        body: { bestaetigt: true, message: 'Tausch-Anfrage erfolgreich angenommen!' },
      });
      expect((await meine(f.Eule!, putzId)).map((d) => d.id)).toContain(fuchs.id);
      expect((await meine(f.Fuchs!, putzId)).map((d) => d.id)).toContain(eule.id);
    });

    it('a date given away is taken over by exactly one of six families racing for it', async () => {
      const bauer = (await meine(f.Bauer!, putzId)).find((d) => d.von >= '2026-11-23' && d.von <= '2027-02-10')!;
      const angebot = await call(f.Bauer!.token, 'POST', '/api/tausch', { dienstId: bauer.id, abgeben: true });
      expect(angebot.status).toBe(201);
      const tauschId = angebot.headers.get('x-tausch-id')!;
      const bewerber = [f.Fuchs!, f.Wagner!, f.Eule!, f.Lang!, f.Moser!];
      const antworten = await Promise.all(bewerber.map((x) => call(x.token, 'PUT', `/api/tausch/${tauschId}/accept`, {})));
      const ok = antworten.filter((a) => a.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body.message).toBe('Dienst übernommen!');
      for (const a of antworten.filter((x) => x.status !== 200))
        expect([
          { status: 409, message: 'Dieses Angebot wurde bereits angenommen.' },
          { status: 409, message: 'Sie haben an diesem Termin bereits diesen Dienst.' },
        ]).toContainEqual({ status: a.status, message: a.body.message });
      expect((await meine(f.Bauer!, putzId)).map((d) => d.id)).not.toContain(bauer.id);
    });

    it('a family cannot offer another family’s date, nor a date of another group’s plan', async () => {
      const wagnerTee = (await meine(f.Wagner!, teeId))[0]!;
      expect(await call(f.Eule!.token, 'POST', '/api/tausch', { dienstId: wagnerTee.id })).toMatchObject({
        status: 404,
        body: { message: 'Dienst nicht gefunden.' },
      });
      const wagnerPutz = (await meine(f.Wagner!, putzId))[0]!;
      expect(await call(f.Eule!.token, 'POST', '/api/tausch', { dienstId: wagnerPutz.id })).toMatchObject({
        status: 403,
        body: { message: 'Sie können nur Ihre eigenen Dienste tauschen.' },
      });
    });
  });

  describe('a closing week after planning', () => {
    it('frees the dates in it in every kind, evens every plan out again, and sums up per family in one event', async () => {
      const vorher = await Promise.all(Object.values(f).map((x) => meine(x)));
      // KW 51/2026 closes (14.–18.12.): Wasserdienst, Tee kochen and the weekend 19./20.12.
      const antwort = await call(admin.token, 'POST', '/api/api/schliesszeiten', {
        jahr: 2026,
        kalenderwoche: 51,
        beschreibung: 'Umzug des Bauwagens',
      });
      expect(antwort.status).toBe(201);
      const nachher = await Promise.all(Object.values(f).map((x) => meine(x)));
      for (const dates of nachher) expect(dates.some((d) => d.von >= '2026-12-14' && d.von <= '2026-12-20')).toBe(false);
      expect(nachher.flat().length).toBeLessThan(vorher.flat().length);
      // Putzdienst: 17 weekends left for 5 families (Moser exempt since the share, not re-planned): within one of the due.
      const putzProFamilie = nachher.map((d) => d.filter((x) => x.dienstartId === putzId).length);
      expect(putzProFamilie.reduce((a, b) => a + b, 0)).toBe(17);
      const { events } = await app.runtime.store.readStream(ANPASSUNGEN_STREAM);
      expect(events).toHaveLength(1);
      const summe = events[0]!.data as { anlass: string; familien: { elternId: string; entfallen: { dienstart: string }[] }[] };
      expect(summe.anlass).toBe('Schließzeit: Umzug des Bauwagens');
      expect(new Set(summe.familien.map((x) => x.elternId)).size).toBe(summe.familien.length);
      expect(new Set(summe.familien.flatMap((x) => x.entfallen.map((e) => e.dienstart)))).toEqual(
        new Set(['Wasserdienst', 'Tee kochen', 'Putzdienst']),
      );
      const putzPlan = await app.runtime.store.readStream(diensteStream(putzId, KITA_BEREICH));
      expect(putzPlan.events.some((e) => e.type === 'DienstFreigegeben')).toBe(true);
    });
  });

  describe('history, erasure of a family that left, and the log', () => {
    it('tells the events of duty kinds in German in the audit history', async () => {
      const pruefer = await familie('Pruefer', undefined, ['ROLE_ADMIN', 'ROLE_AUDITOR' as 'ROLE_ADMIN']);
      const arten = await get(pruefer.token, '/api/audit/streams/dienstarten');
      expect(arten.status).toBe(200);
      const texte = (arten.body.eintraege as { beschreibung: string }[]).map((e) => e.beschreibung);
      expect(texte.some((t) => t.includes('„Putzdienst“'))).toBe(true);
      const plan = await get(pruefer.token, `/api/audit/streams/${encodeURIComponent(diensteStream(putzId, KITA_BEREICH))}`);
      const planTexte = (plan.body.eintraege as { beschreibung: string }[]).map((e) => e.beschreibung);
      expect(planTexte.length).toBeGreaterThan(18);
      // Every sentence is German prose, none a raw event type.
      for (const t of planTexte) expect(t).not.toMatch(/^Dienst[A-Z]\w+$/);
    });

    it('a family that leaves gives up its future dates of every kind', async () => {
      const vorher = await meine(f.Lang!, putzId);
      expect(vorher.length).toBeGreaterThan(0);
      expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${f.Lang!.elternId}`)).status).toBe(200);
      const plan = await app.runtime.store.readStream(diensteStream(putzId, KITA_BEREICH));
      // freed because the family left (a date freed earlier by the closing week carries `schliessung`)
      const frei = plan.events.filter((e) => {
        const data = e.data as { elternId: string; schliessung?: unknown };
        return e.type === 'DienstFreigegeben' && data.elternId === f.Lang!.elternId && data.schliessung === undefined;
      });
      expect(frei.length).toBe(vorher.filter((d) => d.bis >= '2026-11-20').length);
    });

    it('the hash chain verifies and a fresh fold of the log gives the same read models, with several kinds in it', async () => {
      const stdout = ausgabe();
      const stderr = ausgabe();
      expect(await audit(app.runtime.config, ['verify'], { stdout, stderr } as never), stdout.text + stderr.text).toBe(0);
      const pruefung = { out: ausgabe(), err: ausgabe() };
      expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text + pruefung.err.text).toBe(0);
    });
  });
});
