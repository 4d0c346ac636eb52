import { neuesSchluesselpaar, pruefeAnkerSelbst } from '@waldkita/platform/audit/anker';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKER_ZEITPLAN, ankerDerNacht } from './anker-nacht.js';

describe('the nightly anchor', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('waldkita_anker_nacht');
    store = new PostgresEventStore(db.pool);
    await store.appendToStream('gruppe-1', [newEvent('GruppeAngelegt', { gruppeId: '1', name: 'Füchse' })], 'no_stream');
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('runs at 02:30 in Europe/Berlin, before the retention job may erase anything', () => {
    expect(ANKER_ZEITPLAN).toEqual({ pattern: '30 2 * * *', tz: 'Europe/Berlin' });
  });

  it('given no key, when the night comes, then it signs nothing and says why', async () => {
    expect(await ankerDerNacht({ store, pool: db.pool, schluessel: undefined }, new Date())).toEqual({
      signiert: false,
      grund: 'no AUDIT_ANKER_SCHLUESSEL_FILE configured',
    });
    expect((await store.readStream('audit-anker')).events).toEqual([]);
  });

  it('given a key, when the night comes, then the anchor is signed for that night, recorded and handed on to be sent', async () => {
    const versendet: unknown[] = [];
    const nacht = new Date('2026-11-27T01:30:00Z');
    const ergebnis = await ankerDerNacht(
      { store, pool: db.pool, schluessel: neuesSchluesselpaar().privat, versende: async (anker) => void versendet.push(anker) },
      nacht,
    );
    expect(ergebnis).toMatchObject({ signiert: true, wurzel: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [aufgezeichnet] = (await store.readStream('audit-anker')).events;
    expect(aufgezeichnet?.data).toMatchObject({ anlass: 'nacht', zeitpunkt: nacht.toISOString(), ereignisse: 1, streams: 1 });
    expect(versendet).toHaveLength(1);
    expect(pruefeAnkerSelbst(versendet[0] as never)).toEqual([]);
  });
});
