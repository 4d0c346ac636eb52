// Whole app: planning a kind and a closing week after it read the read models (the command route harness cannot plan), the
// history of a real plan, and the CLI's audit verify and replay. Defining kinds, shares, swaps, leaving: command-api, query-api route tests.
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

describe('duty kinds on the real app: plan, closings, history', () => {
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
  const meine = async (x: Familie, dienstartId?: string) => {
    const antwort = await get(x.token, '/api/dienste/meine');
    // A read that waited 2 s for the projector in vain says so: the test then names that, not a missing date.
    expect(antwort.headers.get('x-read-model-stale'), 'the projector had not reached the last write after 2 s').toBeNull();
    return (antwort.body as Dienst[]).filter((d) => !dienstartId || d.dienstartId === dienstartId);
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    for (const name of ['Eule', 'Lang', 'Moser']) f[name] = await familie(name, 'Eulen');
    const lege = async (art: object) => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/dienstarten', art);
      expect(angelegt.status).toBe(201);
      return angelegt.body.id as string;
    };
    putzId = await lege(putzdienst);
    teeId = await lege(tee);
  }, 60_000);
  afterAll(() => app?.close());

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
      // Putzdienst: of the 18 weekends, 17 are left (19./20.12. closed).
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

  describe('history and the log', () => {
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

    it('the hash chain verifies and a fresh fold of the log gives the same read models, with several kinds in it', async () => {
      const stdout = ausgabe();
      const stderr = ausgabe();
      expect(await audit(app.runtime.config, ['verify'], { stdout, stderr } as never), stdout.text + stderr.text).toBe(0);
      const pruefung = { out: ausgabe(), err: ausgabe() };
      expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text + pruefung.err.text).toBe(0);
    });
  });

  describe('a later period', () => {
    it('records with the plan only the absences and other dates of the weeks it plans, not the earlier ones', async () => {
      // The water duty and the tea dates run to the end of March; a plan from April on needs none of them.
      const spaeter = await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-04-05', bis: '2027-05-30' });
      expect(spaeter.status).toBe(200);
      const { events } = await app.runtime.store.readStream(diensteStream(putzId, KITA_BEREICH));
      const geplant = events.filter((e) => e.type === 'DiensteGeplant').at(-1) as unknown as {
        data: { von: string; belegt: { woche: { jahr: number; kalenderwoche: number } }[]; abwesenheiten: unknown[] };
      };
      expect(geplant.data.von).toBe('2027-04-05');
      expect(geplant.data.belegt).toEqual([]);
      // The first plan of the kind, over the winter, recorded the tea and water dates of its weeks.
      const erster = events.find((e) => e.type === 'DiensteGeplant') as unknown as typeof geplant;
      expect(erster.data.belegt.length).toBeGreaterThan(0);
      expect(erster.data.belegt.every(({ woche }) => woche.jahr * 100 + woche.kalenderwoche >= 202648)).toBe(true);
    });
  });

  describe('while the projector is behind the log', () => {
    it('plans nothing on old read models: 503 with a German text, no event; once it has caught up the plan runs', async () => {
      await app.stopProjector();
      try {
        // A family reports an absence: the plan must see it, so it must wait for the projector.
        const abwesend = await call(f.Fuchs!.token, 'POST', '/api/abwesenheit', { jahr: 2027, kalenderwoche: 23 });
        expect(abwesend.status).toBe(201);
        const vorher = await app.runtime.store.readStream(diensteStream(putzId, KITA_BEREICH));
        const start = Date.now();
        const antwort = await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, {
          von: '2027-06-07',
          bis: '2027-06-27',
        });
        expect(antwort).toEqual({
          status: 503,
          body: { message: 'Die letzten Änderungen werden noch verarbeitet. Bitte in einem Moment noch einmal planen.' },
        });
        expect(Date.now() - start).toBeGreaterThanOrEqual(4900);
        const nachher = await app.runtime.store.readStream(diensteStream(putzId, KITA_BEREICH));
        expect(nachher.events).toHaveLength(vorher.events.length);
      } finally {
        app.startProjector();
      }
      const danach = await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2027-06-07', bis: '2027-06-27' });
      expect(danach).toMatchObject({ status: 200, body: { plaene: [{ zugewiesen: 3, trotzAbwesenheit: [] }] } });
      // The absence reported while the projector stood still is in the plan: no date for Fuchs in KW 23.
      const fuchs = await meine(f.Fuchs!, putzId);
      expect(fuchs.filter((d) => d.von >= '2027-06-07' && d.von <= '2027-06-13')).toEqual([]);
    }, 30_000);
  });
});
