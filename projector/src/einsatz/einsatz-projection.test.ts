import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';
import { einsatzProjection } from './einsatz-projection.js';

describe('einsatz projection', () => {
  const probe = projektionsTest('einsatz_projection');

  it('a day, a changed and a removed shift, sign-ups, the waiting list moving up, attendance and a cancellation: every way of batching gives the same rows', async () => {
    const einsatzId = randomUUID();
    const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
    const [fuchs, bauer, wagner, eule] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const tag = {
      einsatzId,
      titel: 'Frühjahrsputz',
      datum: '2027-03-20',
      ort: 'Bauwagen',
      beschreibung: null,
      anmeldeschluss: '2027-03-18',
      schichten: [
        { schichtId: s1, aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
        { schichtId: s2, aufgabe: 'Kuchen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5 },
      ],
    };
    const k = (schichtId: string, elternId: string) => ({ einsatzId, schichtId, elternId });
    await probe.store.appendToStream(
      `einsatz-${einsatzId}`,
      [
        newEvent('EinsatzAngelegt', tag),
        newEvent('SchichtEingetragen', k(s1, fuchs)),
        newEvent('AufWartelisteGesetzt', k(s1, bauer)),
        newEvent('AufWartelisteGesetzt', k(s1, wagner)),
        newEvent('SchichtEingetragen', k(s2, eule)),
        newEvent('SchichtAusgetragen', { ...k(s1, fuchs), vonWarteliste: false }),
        newEvent('VonWartelisteNachgerueckt', k(s1, bauer)),
        newEvent('SchichtEingetragen', k(s2, fuchs)),
        newEvent('EinsatzGeaendert', {
          ...tag,
          titel: 'Frühjahrsputz im Wald',
          schichten: [
            { ...tag.schichten[0]!, beginn: '08:30', stunden: 3.5 },
            { schichtId: s3, aufgabe: 'Grill', beginn: '14:00', ende: '16:00', plaetze: 3, stunden: 2 },
          ],
        }),
        newEvent('AnwesenheitErfasst', { ...k(s1, bauer), anwesend: false }),
        newEvent('AnwesenheitErfasst', { ...k(s3, eule), anwesend: true }),
        newEvent('EinsatzAbgesagt', { einsatzId }),
      ],
      'any',
    );
    const events = (await probe.store.readStream(`einsatz-${einsatzId}`)).events;
    const position = (n: number) => events[n]!.position.prepare;
    const lies = async (schema: string) => {
      const q = async (sql: string) => (await probe.db.pool.query(sql)).rows;
      return {
        einsatz: await q(
          `SELECT einsatz_id, titel, datum::text AS datum, ort, beschreibung, anmeldeschluss::text AS anmeldeschluss, abgesagt FROM "${schema}".einsatz`,
        ),
        schichten: await q(
          `SELECT schicht_id, aufgabe, beginn, ende, plaetze, stunden::float8 AS stunden, entfernt FROM "${schema}".einsatz_schicht ORDER BY aufgabe`,
        ),
        anmeldungen: await q(
          `SELECT schicht_id, eltern_id, status, reihenfolge::int AS reihenfolge, anwesend FROM "${schema}".einsatz_anmeldung ORDER BY reihenfolge`,
        ),
      };
    };
    const { batch, single, twice } = await probe.dreifach(events, lies, { projections: [einsatzProjection] });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch.einsatz).toEqual([
      {
        einsatz_id: einsatzId,
        titel: 'Frühjahrsputz im Wald',
        datum: '2027-03-20',
        ort: 'Bauwagen',
        beschreibung: null,
        anmeldeschluss: '2027-03-18',
        abgesagt: true,
      },
    ]);
    expect(batch.schichten).toEqual([
      { schicht_id: s3, aufgabe: 'Grill', beginn: '14:00', ende: '16:00', plaetze: 3, stunden: 2, entfernt: false },
      { schicht_id: s1, aufgabe: 'Holz hacken', beginn: '08:30', ende: '12:00', plaetze: 1, stunden: 3.5, entfernt: false },
      { schicht_id: s2, aufgabe: 'Kuchen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5, entfernt: true },
    ]);
    expect(batch.anmeldungen).toEqual([
      // Bauer moved up: keeps the position it joined the waiting list with
      { schicht_id: s1, eltern_id: bauer, status: 'eingetragen', reihenfolge: position(2), anwesend: false },
      { schicht_id: s1, eltern_id: wagner, status: 'warteliste', reihenfolge: position(3), anwesend: null },
      { schicht_id: s2, eltern_id: eule, status: 'eingetragen', reihenfolge: position(4), anwesend: null },
      { schicht_id: s2, eltern_id: fuchs, status: 'eingetragen', reihenfolge: position(7), anwesend: null },
      // marked present without a sign-up
      { schicht_id: s3, eltern_id: eule, status: 'eingetragen', reihenfolge: position(10), anwesend: true },
    ]);
  });
});
