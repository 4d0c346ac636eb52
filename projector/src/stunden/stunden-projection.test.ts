import { randomUUID } from 'node:crypto';
import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { stundenjahrStream } from '@waldkita/domain/stunden/stundenjahr';
import { newEvent, readAllUntil } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';

const PUTZ = {
  name: 'Putzdienst',
  beschreibung: '',
  rhythmus: 'wochenende',
  bereich: 'kita',
  familienProTermin: 1,
  pausiertBeiSchliessung: true,
};

/** An event as it was recorded at `occurredAt` (the close's day is its 'today'). */
const am = (occurredAt: string, type: string, data: unknown) => {
  const event = newEvent(type, data);
  return { ...event, metadata: { ...event.metadata, occurredAt: new Date(occurredAt).toISOString() } };
};

describe('stunden projection', () => {
  const probe = projektionsTest('stunden_projection');

  it('freezes a closed year as it stood at the close: a kind’s hours changed right after it, in the same batch or not, leave the figures alone', async () => {
    const gruppeId = randomUUID();
    const elternId = randomUUID();
    const putz = randomUUID();
    await probe.store.appendToStream(
      gruppeStream(gruppeId),
      [am('2026-09-01T08:00:00Z', 'GruppeAngelegt', { gruppeId, name: 'Füchse' })],
      'any',
    );
    await probe.store.appendToStream(
      elternStream(elternId),
      [
        am('2026-09-01T08:00:00Z', 'ElternRegistriert', {
          elternId,
          nachname: 'Fuchs',
          nameKind: 'Kind Fuchs',
          email: `fuchs-${elternId.slice(0, 8)}@example.org`,
          gruppeId,
          rollen: ['ROLE_ELTERN'],
        }),
      ],
      'any',
    );
    await probe.store.appendToStream(
      DIENSTARTEN_STREAM,
      [am('2026-09-01T08:00:00Z', 'DienstartAngelegt', { dienstartId: putz, ...PUTZ, stunden: 2 })],
      'any',
    );
    await probe.store.appendToStream(
      diensteStream(putz, KITA_BEREICH),
      [
        am('2026-09-01T08:00:00Z', 'DienstZugewiesen', {
          dienstartId: putz,
          bereichId: KITA_BEREICH,
          dienstId: randomUUID(),
          von: '2026-10-10',
          bis: '2026-10-11',
          elternId,
        }),
      ],
      'any',
    );
    // 2 September 2027: the year 2026/27 is over and closed; then the kind's hours go up to 3.
    await probe.store.appendToStream(
      stundenjahrStream(2026),
      [am('2027-09-02T07:00:00Z', 'StundenjahrAbgeschlossen', { jahr: 2026 })],
      'any',
    );
    await probe.store.appendToStream(
      DIENSTARTEN_STREAM,
      [am('2027-09-02T07:05:00Z', 'DienstartGeaendert', { dienstartId: putz, ...PUTZ, stunden: 3 })],
      'any',
    );
    // The log shows new events once no older transaction of the server runs (other test files' too): read until both are there.
    const events = await readAllUntil(probe.store, null, (all) => all.some((e) => e.type === 'DienstartGeaendert'));
    expect(events.map((e) => e.type).slice(-2)).toEqual(['StundenjahrAbgeschlossen', 'DienstartGeaendert']);

    const lies = async (schema: string) =>
      (
        await probe.db.pool.query(
          `SELECT jahr, eltern_id::text, kinder, befreit, soll::float8, ist::float8, ausstehend::float8, offen::float8, betrag::float8
           FROM "${schema}".stunden_abschluss ORDER BY jahr, eltern_id`,
        )
      ).rows;
    // One batch (the close and the change together) and one event at a time. (Not the batch twice
    // over: a close applied again after the change would freeze anew; the projector's checkpoint
    // never applies an event twice.)
    const { batch, single } = await probe.dreifach(events, lies);
    expect(batch).toEqual([
      { jahr: 2026, eltern_id: elternId, kinder: 1, befreit: false, soll: 20, ist: 2, ausstehend: 0, offen: 18, betrag: 0 },
    ]);
    expect(single).toEqual(batch);
  });
});
