// Needs the whole app: accepts racing each other and a withdrawal across command, projector and query, the read model equal to the stream.
// Each route alone (refusals, answers, events, the swapped weeks): command-api/src/tausch, query-api/src/tausch, query-api/src/wasserdienst.
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
  let fuchs: Familie;
  let bauer: Familie;
  let wagner: Familie;
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
    [fuchs, bauer, wagner] = await Promise.all([familie('Fuchs', fuechse), familie('Bauer', fuechse), familie('Wagner', fuechse)]);
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
  }, 60_000);
  afterAll(() => app?.close());

  describe('accepting', () => {
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
});
