import { randomUUID } from 'node:crypto';
import { benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';
import { pushProjection } from './push-projection.js';

describe('push projection', () => {
  const probe = projektionsTest('push_projection');

  it('devices and choices: applied once, one by one or twice, the rows are the same; new keys keep the first date', async () => {
    const elternId = randomUUID();
    const [g1, g2] = [randomUUID(), randomUUID()];
    const geraet = (geraetId: string, abo: string, bezeichnung: string) =>
      newEvent('PushGeraetAngemeldet', { elternId, geraetId, endpunktKennung: `k-${geraetId}`, fingerabdruck: abo, abo, bezeichnung });
    const wahl = { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: true } };
    await probe.store.appendToStream(
      benachrichtigungenStream(elternId),
      [geraet(g1, 'v1.a', 'Chrome auf Android'), geraet(g2, 'v1.b', 'Safari auf iPhone')],
      'no_stream',
    );
    await probe.store.appendToStream(
      benachrichtigungenStream(elternId),
      [
        geraet(g1, 'v1.c', 'Chrome auf Android'),
        newEvent('PushGeraetEntfernt', { elternId, geraetId: g2, grund: 'abgelaufen' }),
        newEvent('BenachrichtigungenGewaehlt', { elternId, wahl }),
      ],
      1,
    );
    const events = (await probe.store.readStream(benachrichtigungenStream(elternId))).events;
    const snapshot = async (schema: string) => ({
      geraete: (
        await probe.db.pool.query(
          `SELECT geraet_id, bezeichnung, abo, seit, log_commit, log_prepare FROM "${schema}".push_geraet ORDER BY geraet_id`,
        )
      ).rows,
      wahl: (await probe.db.pool.query(`SELECT eltern_id, wahl FROM "${schema}".benachrichtigung_wahl`)).rows,
    });
    const { batch, single, twice } = await probe.dreifach(events, snapshot, { projections: [pushProjection] });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch.geraete).toEqual([
      expect.objectContaining({
        geraet_id: g1,
        abo: 'v1.c',
        seit: new Date(events[0]!.metadata.occurredAt),
        log_commit: events[0]!.position.commit,
      }),
    ]);
    expect(batch.wahl).toEqual([{ eltern_id: elternId, wahl }]);
  });
});
