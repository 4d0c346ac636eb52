import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { applyEvents } from '../runtime/runner.js';
import { projektionsTest } from '../testing/projektions-test.js';
import { elternProjection } from './eltern-projection.js';

const registriert = (elternId: string, nachname: string) =>
  newEvent('ElternRegistriert', {
    elternId,
    nachname,
    nameKind: null,
    email: `${nachname}@example.org`,
    gruppeId: null,
    rollen: ['ROLE_ELTERN'],
  });

describe('eltern projection: the family’s language (docs/i18n.md)', () => {
  const probe = projektionsTest('eltern_sprache_projection');
  const sprachen = async (schema: string) =>
    (await probe.db.pool.query(`SELECT nachname, sprache FROM "${schema}".eltern ORDER BY nachname`)).rows;

  it('is German until the family chooses; the last choice wins, in one batch, one by one or twice', async () => {
    const [yilmaz, nowak] = [randomUUID(), randomUUID()];
    await probe.store.appendToStream(
      `eltern-${yilmaz}`,
      [
        registriert(yilmaz, 'Yilmaz'),
        newEvent('SpracheGewaehlt', { elternId: yilmaz, sprache: 'tr' }),
        newEvent('SpracheGewaehlt', { elternId: yilmaz, sprache: 'en' }),
      ],
      'no_stream',
    );
    await probe.store.appendToStream(`eltern-${nowak}`, [registriert(nowak, 'Nowak')], 'no_stream');
    const events = [
      ...(await probe.store.readStream(`eltern-${yilmaz}`)).events,
      ...(await probe.store.readStream(`eltern-${nowak}`)).events,
    ];
    const { batch, single, twice } = await probe.dreifach(events, sprachen, { projections: [elternProjection] });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch).toEqual([
      { nachname: 'Nowak', sprache: 'de' },
      { nachname: 'Yilmaz', sprache: 'en' },
    ]);
  });

  it('adds the column to a table from before languages, German for the families in it', async () => {
    const schema = `rm_alt_${randomUUID().slice(0, 8)}`;
    const client = await probe.db.pool.connect();
    try {
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(`CREATE TABLE "${schema}".eltern (
        eltern_id uuid PRIMARY KEY, nachname text NOT NULL, name_kind text, email text NOT NULL, gruppe_id uuid,
        rollen text[] NOT NULL, entfernt boolean NOT NULL DEFAULT false, registriert_am timestamptz NOT NULL)`);
      const alt = randomUUID();
      await client.query(
        `INSERT INTO "${schema}".eltern (eltern_id, nachname, email, rollen, registriert_am) VALUES ($1, 'Alt', 'alt@example.org', '{}', now())`,
        [alt],
      );
      await elternProjection.createTables(client, schema);
      await elternProjection.createTables(client, schema);
      expect(await sprachen(schema)).toEqual([{ nachname: 'Alt', sprache: 'de' }]);
      await probe.store.appendToStream(`eltern-${alt}`, [newEvent('SpracheGewaehlt', { elternId: alt, sprache: 'uk' })], 'no_stream');
      await applyEvents(client, schema, (await probe.store.readStream(`eltern-${alt}`)).events, [elternProjection]);
      expect(await sprachen(schema)).toEqual([{ nachname: 'Alt', sprache: 'uk' }]);
    } finally {
      client.release();
    }
  });
});
