import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';

describe('calendar and absence projections', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('kalender_projection');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('given creations, edits and deletions: applied once, one by one or twice, the rows are the same', async () => {
    const [w1, w2, tag, fest, a1, a2] = Array.from({ length: 6 }, () => randomUUID());
    const fuchs = randomUUID();
    await store.appendToStream(
      'kalender',
      [
        newEvent('SchliesswocheAngelegt', { id: w1, jahr: 2027, kalenderwoche: 2, beschreibung: 'Winterpause' }),
        newEvent('SchliesswocheAngelegt', { id: w2, jahr: 2027, kalenderwoche: 3, beschreibung: 'Winterpause' }),
        newEvent('SchliesswocheGeaendert', { id: w1, beschreibung: 'Ferien' }),
        newEvent('SchliesswocheGeloescht', { id: w2 }),
        newEvent('SchliesstagAngelegt', { id: tag, datum: '2026-12-24', beschreibung: 'Heiligabend' }),
        newEvent('KitaEventAngelegt', { id: fest, datum: '2027-06-12', beschreibung: 'Sommerfest' }),
        newEvent('KitaEventGeaendert', { id: fest, beschreibung: 'Sommerfest im Wald' }),
      ],
      'no_stream',
    );
    await store.appendToStream(
      `abwesenheiten-${fuchs}`,
      [
        newEvent('AbwesenheitGemeldet', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 4 }),
        newEvent('AbwesenheitGemeldet', { abwesenheitId: a2, elternId: fuchs, jahr: 2027, kalenderwoche: 5 }),
        newEvent('AbwesenheitGeloescht', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 4 }),
      ],
      'no_stream',
    );
    await store.appendToStream('saison', [newEvent('AbwesenheitsfristGesetzt', { frist: '2026-11-30', quelle: 'admin' })], 'no_stream');
    const events = [
      ...(await store.readStream('kalender')).events,
      ...(await store.readStream(`abwesenheiten-${fuchs}`)).events,
      ...(await store.readStream('saison')).events,
    ];

    const snapshot = async (schema: string) => ({
      wochen: (await db.pool.query(`SELECT id, kalenderwoche, beschreibung FROM "${schema}".schliesswoche ORDER BY kalenderwoche`)).rows,
      tage: (await db.pool.query(`SELECT id, to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung FROM "${schema}".schliesstag`)).rows,
      events: (await db.pool.query(`SELECT id, beschreibung FROM "${schema}".kita_event`)).rows,
      abwesenheiten: (await db.pool.query(`SELECT abwesenheit_id, kalenderwoche FROM "${schema}".abwesenheit`)).rows,
      frist: (await db.pool.query(`SELECT to_char(frist, 'YYYY-MM-DD') AS frist FROM "${schema}".saison`)).rows,
    });
    const client = await db.pool.connect();
    try {
      for (const schema of ['rm_batch', 'rm_single', 'rm_twice']) await createReadModelSchema(client, schema);
      await applyEvents(client, 'rm_batch', events);
      for (const event of events) await applyEvents(client, 'rm_single', [event]);
      await applyEvents(client, 'rm_twice', events);
      await applyEvents(client, 'rm_twice', events);
    } finally {
      client.release();
    }
    const batch = await snapshot('rm_batch');
    expect(await snapshot('rm_single')).toEqual(batch);
    expect(await snapshot('rm_twice')).toEqual(batch);
    expect(batch).toEqual({
      wochen: [{ id: w1, kalenderwoche: 2, beschreibung: 'Ferien' }],
      tage: [{ id: tag, datum: '2026-12-24', beschreibung: 'Heiligabend' }],
      events: [{ id: fest, beschreibung: 'Sommerfest im Wald' }],
      abwesenheiten: [{ abwesenheit_id: a2, kalenderwoche: 5 }],
      frist: [{ frist: '2026-11-30' }],
    });
  });
});
