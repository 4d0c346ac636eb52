import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../app.js';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';
import { projektionsTest } from '../testing/projektions-test.js';

describe('calendar and absence projections', () => {
  const probe = projektionsTest('kalender_projection');

  it('given creations, edits and deletions: applied once, one by one or twice, the rows are the same', async () => {
    const [w1, w2, tag, fest, a1, a2] = Array.from({ length: 6 }, () => randomUUID());
    const fuchs = randomUUID();
    await probe.store.appendToStream(
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
    await probe.store.appendToStream(
      `abwesenheiten-${fuchs}`,
      [
        newEvent('AbwesenheitGemeldet', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 4 }),
        newEvent('AbwesenheitGemeldet', { abwesenheitId: a2, elternId: fuchs, jahr: 2027, kalenderwoche: 5 }),
        newEvent('AbwesenheitGeloescht', { abwesenheitId: a1, elternId: fuchs, jahr: 2027, kalenderwoche: 4 }),
      ],
      'no_stream',
    );
    await probe.store.appendToStream(
      'saison',
      [newEvent('AbwesenheitsfristGesetzt', { frist: '2026-11-30', quelle: 'admin' })],
      'no_stream',
    );
    const events = [
      ...(await probe.store.readStream('kalender')).events,
      ...(await probe.store.readStream(`abwesenheiten-${fuchs}`)).events,
      ...(await probe.store.readStream('saison')).events,
    ];

    const snapshot = async (schema: string) => ({
      wochen: (await probe.db.pool.query(`SELECT id, kalenderwoche, beschreibung FROM "${schema}".schliesswoche ORDER BY kalenderwoche`))
        .rows,
      tage: (await probe.db.pool.query(`SELECT id, to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung FROM "${schema}".schliesstag`)).rows,
      events: (await probe.db.pool.query(`SELECT id, beschreibung FROM "${schema}".kita_event`)).rows,
      abwesenheiten: (await probe.db.pool.query(`SELECT abwesenheit_id, kalenderwoche FROM "${schema}".abwesenheit`)).rows,
      frist: (await probe.db.pool.query(`SELECT to_char(frist, 'YYYY-MM-DD') AS frist FROM "${schema}".saison`)).rows,
    });
    const { batch, single, twice } = await probe.dreifach(events, snapshot);
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch).toEqual({
      wochen: [{ id: w1, kalenderwoche: 2, beschreibung: 'Ferien' }],
      tage: [{ id: tag, datum: '2026-12-24', beschreibung: 'Heiligabend' }],
      events: [{ id: fest, beschreibung: 'Sommerfest im Wald' }],
      abwesenheiten: [{ abwesenheit_id: a2, kalenderwoche: 5 }],
      frist: [{ frist: '2026-11-30' }],
    });
  });
  it('holidays are closing weeks and days with their type; edits and deletions from either screen act on the same rows', async () => {
    const [fw, fw2, ft, ft2] = Array.from({ length: 4 }, () => randomUUID());
    await probe.store.appendToStream(
      'kalender-ferien',
      [
        newEvent('FerienwocheAngelegt', { id: fw, jahr: 2027, kalenderwoche: 1, art: 'Weihnachtsferien' }),
        newEvent('FerienwocheAngelegt', { id: fw2, jahr: 2026, kalenderwoche: 53, art: 'Weihnachtsferien' }),
        newEvent('FerientagAngelegt', { id: ft, datum: '2026-12-24', art: 'Weihnachtsferien' }),
        newEvent('FerientagAngelegt', { id: ft2, datum: '2026-12-23', art: 'Weihnachtsferien' }),
        newEvent('SchliesswocheGeaendert', { id: fw, beschreibung: 'Weihnachtsferien (Notgruppe)' }),
        newEvent('SchliesswocheGeloescht', { id: fw2 }),
        newEvent('FerientagGeloescht', { id: ft2 }),
      ],
      'no_stream',
    );
    const events = (await probe.store.readStream('kalender-ferien')).events;
    const snapshot = async (schema: string) => ({
      wochen: (await probe.db.pool.query(`SELECT id, kalenderwoche, beschreibung, ferienart FROM "${schema}".schliesswoche`)).rows,
      tage: (
        await probe.db.pool.query(`SELECT id, to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung, ferienart FROM "${schema}".schliesstag`)
      ).rows,
    });
    const client = await probe.db.pool.connect();
    try {
      for (const schema of ['rm_ferien', 'rm_ferien_twice']) await createReadModelSchema(client, schema, PROJECTIONS);
      await applyEvents(client, 'rm_ferien', events, PROJECTIONS);
      await applyEvents(client, 'rm_ferien_twice', events, PROJECTIONS);
      await applyEvents(client, 'rm_ferien_twice', events, PROJECTIONS);
    } finally {
      client.release();
    }
    const rows = await snapshot('rm_ferien');
    expect(await snapshot('rm_ferien_twice')).toEqual(rows);
    expect(rows).toEqual({
      wochen: [{ id: fw, kalenderwoche: 1, beschreibung: 'Weihnachtsferien (Notgruppe)', ferienart: 'Weihnachtsferien' }],
      tage: [{ id: ft, datum: '2026-12-24', beschreibung: 'Weihnachtsferien', ferienart: 'Weihnachtsferien' }],
    });
  });

  it('moves the holiday tables of an earlier version into the closing weeks and days once', async () => {
    const [fw, ft, sw] = Array.from({ length: 3 }, () => randomUUID());
    await probe.db.pool.query(`CREATE SCHEMA rm_alt`);
    await probe.db.pool.query(`CREATE TABLE rm_alt.schliesswoche (id uuid PRIMARY KEY, jahr integer NOT NULL, kalenderwoche integer NOT NULL,
      beschreibung text NOT NULL)`);
    await probe.db.pool.query(`CREATE TABLE rm_alt.schliesstag (id uuid PRIMARY KEY, datum date NOT NULL, beschreibung text NOT NULL)`);
    await probe.db.pool.query(`CREATE TABLE rm_alt.ferienwoche (id uuid PRIMARY KEY, art text NOT NULL, jahr integer NOT NULL,
      kalenderwoche integer NOT NULL)`);
    await probe.db.pool.query(`CREATE TABLE rm_alt.ferientag (id uuid PRIMARY KEY, art text NOT NULL, datum date NOT NULL)`);
    await probe.db.pool.query(`INSERT INTO rm_alt.schliesswoche VALUES ($1, 2027, 5, 'Teamfortbildung')`, [sw]);
    await probe.db.pool.query(`INSERT INTO rm_alt.ferienwoche VALUES ($1, 'Herbstferien', 2027, 44)`, [fw]);
    await probe.db.pool.query(`INSERT INTO rm_alt.ferientag VALUES ($1, 'Brückentag', '2027-05-07')`, [ft]);
    const client = await probe.db.pool.connect();
    try {
      await createReadModelSchema(client, 'rm_alt', PROJECTIONS);
      await createReadModelSchema(client, 'rm_alt', PROJECTIONS);
    } finally {
      client.release();
    }
    expect(
      (await probe.db.pool.query(`SELECT id, kalenderwoche, beschreibung, ferienart FROM rm_alt.schliesswoche ORDER BY kalenderwoche`))
        .rows,
    ).toEqual([
      { id: sw, kalenderwoche: 5, beschreibung: 'Teamfortbildung', ferienart: null },
      { id: fw, kalenderwoche: 44, beschreibung: 'Herbstferien', ferienart: 'Herbstferien' },
    ]);
    expect((await probe.db.pool.query(`SELECT id, beschreibung, ferienart FROM rm_alt.schliesstag`)).rows).toEqual([
      { id: ft, beschreibung: 'Brückentag', ferienart: 'Brückentag' },
    ]);
    expect((await probe.db.pool.query(`SELECT to_regclass('rm_alt.ferienwoche') AS w, to_regclass('rm_alt.ferientag') AS t`)).rows).toEqual(
      [{ w: null, t: null }],
    );
  });
});
