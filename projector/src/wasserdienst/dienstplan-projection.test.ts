import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../app.js';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';
import { projektionsTest } from '../testing/projektions-test.js';

describe('dienstplan projection', () => {
  const probe = projektionsTest('dienstplan_projection');

  const gruppeId = randomUUID();
  const [fuchs, bauer, wagner] = [randomUUID(), randomUUID(), randomUUID()];
  const [w48, w50, w51] = [randomUUID(), randomUUID(), randomUUID()];
  const [t1, t2] = [randomUUID(), randomUUID()];
  const stream = `dienstplan-${gruppeId}`;
  const history = [
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w48, jahr: 2026, kalenderwoche: 48, elternId: fuchs }),
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w50, jahr: 2026, kalenderwoche: 50, elternId: bauer }),
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w51, jahr: 2026, kalenderwoche: 51, elternId: wagner }),
    newEvent('TauschAngeboten', {
      gruppeId,
      tauschId: t1,
      wasserdienstId: w48,
      jahr: 2026,
      kalenderwoche: 48,
      elternId: fuchs,
      nachricht: null,
    }),
    newEvent('TauschAngeboten', {
      gruppeId,
      tauschId: t2,
      wasserdienstId: w51,
      jahr: 2026,
      kalenderwoche: 51,
      elternId: wagner,
      nachricht: 'Urlaub',
    }),
    newEvent('TauschAngenommen', {
      gruppeId,
      tauschId: t1,
      wasserdienstId: w48,
      woche: { jahr: 2026, kalenderwoche: 48 },
      angebotVon: fuchs,
      gegenWasserdienstId: w50,
      gegenWoche: { jahr: 2026, kalenderwoche: 50 },
      angenommenVon: bauer,
    }),
    newEvent('TauschZurueckgezogen', { gruppeId, tauschId: t2, wasserdienstId: w51, elternId: wagner }),
  ];

  const snapshot = async (schema: string) => ({
    dienste: (
      await probe.db.pool.query(`SELECT wasserdienst_id, kalenderwoche, eltern_id FROM "${schema}".wasserdienst ORDER BY kalenderwoche`)
    ).rows,
    tausche: (
      await probe.db.pool.query(
        `SELECT tausch_id, status, request_eltern_id, resolve_eltern_id, resolve_kalenderwoche, nachricht FROM "${schema}".tausch ORDER BY kalenderwoche`,
      )
    ).rows,
  });

  it('given offers, a swap and a withdrawal: one batch, one event at a time and twice over all give the same rows', async () => {
    await probe.store.appendToStream(stream, history, 'no_stream');
    const events = (await probe.store.readStream(stream)).events;
    const { batch, single, twice } = await probe.dreifach(events, snapshot, { einzelnDazu: true });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);

    // What the families see: Bauer now has week 48, Fuchs week 50; the offer is accepted by Bauer.
    expect(batch.dienste).toEqual([
      { wasserdienst_id: w48, kalenderwoche: 48, eltern_id: bauer },
      { wasserdienst_id: w50, kalenderwoche: 50, eltern_id: fuchs },
      { wasserdienst_id: w51, kalenderwoche: 51, eltern_id: wagner },
    ]);
    expect(batch.tausche).toEqual([
      {
        tausch_id: t1,
        status: 'angenommen',
        request_eltern_id: fuchs,
        resolve_eltern_id: bauer,
        resolve_kalenderwoche: 50,
        nachricht: null,
      },
      {
        tausch_id: t2,
        status: 'zurueckgezogen',
        request_eltern_id: wagner,
        resolve_eltern_id: null,
        resolve_kalenderwoche: null,
        nachricht: 'Urlaub',
      },
    ]);
  });

  it('given a give-away, a take-over, weeks freed and re-assigned, a share and a yearly reset: every way of batching gives the same rows', async () => {
    const g = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [d40, d41, d47, d48, d49, neu49] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const t = randomUUID();
    const zugewiesen = (wasserdienstId: string, kalenderwoche: number, elternId: string) =>
      newEvent('WasserdienstZugewiesen', { gruppeId: g, wasserdienstId, jahr: 2026, kalenderwoche, elternId });
    const plan = `dienstplan-${g}`;
    await probe.store.appendToStream(
      plan,
      [
        zugewiesen(d40, 40, a),
        zugewiesen(d41, 41, a),
        zugewiesen(d47, 47, b),
        zugewiesen(d48, 48, c),
        zugewiesen(d49, 49, c),
        newEvent('TauschAngeboten', {
          gruppeId: g,
          tauschId: t,
          wasserdienstId: d47,
          jahr: 2026,
          kalenderwoche: 47,
          elternId: b,
          nachricht: null,
          abgeben: true,
        }),
        newEvent('DienstUebernommen', {
          gruppeId: g,
          tauschId: t,
          wasserdienstId: d47,
          woche: { jahr: 2026, kalenderwoche: 47 },
          abgegebenVon: b,
          uebernommenVon: a,
        }),
        // c leaves: 48 and 49 are free; 49 is assigned again, 48 stays free.
        newEvent('WasserdienstFreigegeben', { gruppeId: g, wasserdienstId: d48, jahr: 2026, kalenderwoche: 48, elternId: c }),
        newEvent('WasserdienstFreigegeben', { gruppeId: g, wasserdienstId: d49, jahr: 2026, kalenderwoche: 49, elternId: c }),
        zugewiesen(neu49, 49, b),
      ],
      'no_stream',
    );
    await probe.store.appendToStream(`eltern-${a}`, [newEvent('AnteilGesetzt', { elternId: a, anteil: 2, grund: 'Zwei Kinder' })], 'any');
    // read by stream: readAll holds back events newer than the oldest transaction still running on
    // the server, which another test file's may be
    const vorReset = [...(await probe.store.readStream(plan)).events, ...(await probe.store.readStream(`eltern-${a}`)).events];
    const client = await probe.db.pool.connect();
    const zeilen = async (schema: string) => ({
      dienste: (await client.query(`SELECT kalenderwoche, eltern_id FROM "${schema}".wasserdienst WHERE gruppe_id = $1 ORDER BY 1`, [g]))
        .rows,
      tausch: (await client.query(`SELECT status, abgeben, resolve_eltern_id FROM "${schema}".tausch WHERE gruppe_id = $1`, [g])).rows,
      frei: (await client.query(`SELECT kalenderwoche FROM "${schema}".wasserdienst_frei WHERE gruppe_id = $1 ORDER BY 1`, [g])).rows,
      anteil: (await client.query(`SELECT eltern_id, anteil FROM "${schema}".dienst_anteil ORDER BY 1`)).rows,
      frueher: (
        await client.query(`SELECT eltern_id, geleistet, anteil FROM "${schema}".dienst_frueher WHERE gruppe_id = $1 ORDER BY 1`, [g])
      ).rows,
    });
    try {
      for (const schema of ['rm_b2', 'rm_s2', 'rm_t2']) await createReadModelSchema(client, schema, PROJECTIONS);
      const alle = async () => {
        await applyEvents(client, 'rm_b2', vorReset, PROJECTIONS);
        for (const event of vorReset) await applyEvents(client, 'rm_s2', [event], PROJECTIONS);
        await applyEvents(client, 'rm_t2', vorReset, PROJECTIONS);
        await applyEvents(client, 'rm_t2', vorReset, PROJECTIONS);
      };
      await alle();
      const vorher = await zeilen('rm_b2');
      expect(await zeilen('rm_s2')).toEqual(vorher);
      expect(await zeilen('rm_t2')).toEqual(vorher);
      expect(vorher.dienste).toEqual([
        { kalenderwoche: 40, eltern_id: a },
        { kalenderwoche: 41, eltern_id: a },
        { kalenderwoche: 47, eltern_id: a },
        { kalenderwoche: 49, eltern_id: b },
      ]);
      expect(vorher.tausch).toEqual([{ status: 'angenommen', abgeben: true, resolve_eltern_id: a }]);
      expect(vorher.frei).toEqual([{ kalenderwoche: 48 }]);
      expect(vorher.anteil).toEqual([{ eltern_id: a, anteil: 2 }]);

      // The yearly import retires the plan on Friday of KW 47: weeks 40 and 41 were done (by a, share 2).
      const reset = newEvent('DienstplanZurueckgesetzt', { gruppeId: g, importId: 'import-1' });
      await probe.store.appendToStream(plan, [reset], 'any');
      const resetEvent = (await probe.store.readStream(plan)).events.at(-1)!;
      const mitZeit = { ...resetEvent, metadata: { ...resetEvent.metadata, occurredAt: '2026-11-20T09:00:00.000Z' } };
      await applyEvents(client, 'rm_b2', [mitZeit], PROJECTIONS);
      await applyEvents(client, 'rm_s2', [mitZeit], PROJECTIONS);
      await applyEvents(client, 'rm_t2', [mitZeit], PROJECTIONS);
      await applyEvents(client, 'rm_t2', [mitZeit], PROJECTIONS);
      const nachher = await zeilen('rm_b2');
      expect(await zeilen('rm_s2')).toEqual(nachher);
      expect(await zeilen('rm_t2')).toEqual(nachher);
      expect(nachher).toMatchObject({ dienste: [], tausch: [], frei: [], frueher: [{ eltern_id: a, geleistet: 2, anteil: 2 }] });
    } finally {
      client.release();
    }
  });
});
