import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';

describe('announcement projection', () => {
  const probe = projektionsTest('mitteilung_projection');

  it('given publications and a deletion: applied once, one by one or twice, the rows are the same, in the order of the log', async () => {
    const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()];
    const admin = randomUUID();
    const am = '2026-11-20T09:30:00.000Z';
    const mitAutor = (event: ReturnType<typeof newEvent>) => ({
      ...event,
      metadata: { ...event.metadata, actorId: admin, occurredAt: am },
    });
    // Three announcements with the same timestamp: only the log's order tells which is newest.
    await probe.store.appendToStream(
      'mitteilungen',
      [
        mitAutor(newEvent('MitteilungVeroeffentlicht', { mitteilungId: m1, text: 'Laternenfest am Freitag' })),
        mitAutor(newEvent('MitteilungVeroeffentlicht', { mitteilungId: m2, text: 'Bitte Gummistiefel mitbringen' })),
        mitAutor(newEvent('MitteilungVeroeffentlicht', { mitteilungId: m3, text: 'Elternabend verschoben' })),
        mitAutor(newEvent('MitteilungGeloescht', { mitteilungId: m2 })),
      ],
      'no_stream',
    );
    const events = (await probe.store.readStream('mitteilungen')).events;

    const snapshot = async (schema: string) =>
      (
        await probe.db.pool.query(
          `SELECT id, text, to_char(veroeffentlicht_am AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS am, autor_id, geloescht
           FROM "${schema}".mitteilung ORDER BY log_commit DESC, log_prepare DESC`,
        )
      ).rows;
    const { batch, single, twice } = await probe.dreifach(events, snapshot);
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    const row = (id: string, text: string, geloescht = false) => ({ id, text, am: '2026-11-20T09:30', autor_id: admin, geloescht });
    expect(batch).toEqual([
      row(m3, 'Elternabend verschoben'),
      row(m2, 'Bitte Gummistiefel mitbringen', true),
      row(m1, 'Laternenfest am Freitag'),
    ]);
  });
});
