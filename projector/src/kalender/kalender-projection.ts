import type { KalenderEvent } from '@waldkita/domain/kalender/schliesszeiten';
import type pg from 'pg';
import { type Projection, table } from '../runtime/projection.js';

const TAGES_TABELLE = {
  SchliesstagAngelegt: 'schliesstag',
  FerientagGeloescht: 'schliesstag',
  SchliesstagGeaendert: 'schliesstag',
  SchliesstagGeloescht: 'schliesstag',
  KitaEventAngelegt: 'kita_event',
  KitaEventGeaendert: 'kita_event',
  KitaEventGeloescht: 'kita_event',
} as const;

/**
 * Read models of the kindergarten calendar: `schliesswoche`, `schliesstag` and `kita_event`.
 * Holidays are closing weeks and days with a `ferienart` (NULL for the others); the Admin
 * Center's holiday overview reads them from the same tables. Upserts and deletes by id.
 */
export const kalenderProjection: Projection = {
  name: 'kalender',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'schliesswoche')} (
      id            uuid PRIMARY KEY,
      jahr          integer NOT NULL,
      kalenderwoche integer NOT NULL,
      beschreibung  text NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'ferien_status')} (
      id          boolean PRIMARY KEY DEFAULT true CHECK (id),
      bestaetigt  boolean NOT NULL
    )`);
    for (const name of ['schliesstag', 'kita_event'])
      await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, name)} (
        id           uuid PRIMARY KEY,
        datum        date NOT NULL,
        beschreibung text NOT NULL
      )`);
    for (const name of ['schliesswoche', 'schliesstag'])
      await client.query(`ALTER TABLE ${table(schema, name)} ADD COLUMN IF NOT EXISTS ferienart text`);
    await moveLegacyHolidays(client, schema);
  },
  async apply(client, schema, recorded) {
    for (const r of recorded) {
      const event = r as unknown as KalenderEvent;
      switch (event.type) {
        case 'SchliesswocheAngelegt':
          await client.query(
            `INSERT INTO ${table(schema, 'schliesswoche')} (id, jahr, kalenderwoche, beschreibung) VALUES ($1, $2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET beschreibung = EXCLUDED.beschreibung`,
            [event.data.id, event.data.jahr, event.data.kalenderwoche, event.data.beschreibung],
          );
          break;
        case 'SchliesswocheGeaendert':
          await client.query(`UPDATE ${table(schema, 'schliesswoche')} SET beschreibung = $2 WHERE id = $1`, [
            event.data.id,
            event.data.beschreibung,
          ]);
          break;
        case 'SchliesswocheGeloescht':
          await client.query(`DELETE FROM ${table(schema, 'schliesswoche')} WHERE id = $1`, [event.data.id]);
          break;
        case 'SchliesstagAngelegt':
        case 'KitaEventAngelegt':
          await client.query(
            `INSERT INTO ${table(schema, TAGES_TABELLE[event.type])} (id, datum, beschreibung) VALUES ($1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET beschreibung = EXCLUDED.beschreibung`,
            [event.data.id, event.data.datum, event.data.beschreibung],
          );
          break;
        case 'SchliesstagGeaendert':
        case 'KitaEventGeaendert':
          await client.query(`UPDATE ${table(schema, TAGES_TABELLE[event.type])} SET beschreibung = $2 WHERE id = $1`, [
            event.data.id,
            event.data.beschreibung,
          ]);
          break;
        case 'FerienwocheAngelegt':
          await client.query(
            `INSERT INTO ${table(schema, 'schliesswoche')} (id, jahr, kalenderwoche, beschreibung, ferienart) VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (id) DO NOTHING`,
            [event.data.id, event.data.jahr, event.data.kalenderwoche, event.data.art],
          );
          break;
        case 'FerientagAngelegt':
          await client.query(
            `INSERT INTO ${table(schema, 'schliesstag')} (id, datum, beschreibung, ferienart) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING`,
            [event.data.id, event.data.datum, event.data.art],
          );
          break;
        case 'FerienwocheGeloescht':
          await client.query(`DELETE FROM ${table(schema, 'schliesswoche')} WHERE id = $1`, [event.data.id]);
          break;
        case 'FerienBestaetigt':
          await client.query(
            `INSERT INTO ${table(schema, 'ferien_status')} (id, bestaetigt) VALUES (true, true) ON CONFLICT (id) DO UPDATE SET bestaetigt = true`,
          );
          break;
        case 'SchliesstagGeloescht':
        case 'FerientagGeloescht':
        case 'KitaEventGeloescht':
          await client.query(`DELETE FROM ${table(schema, TAGES_TABELLE[event.type])} WHERE id = $1`, [event.data.id]);
          break;
      }
    }
  },
};

/**
 * Read models of earlier versions kept holidays in tables of their own (`ferienwoche`,
 * `ferientag`), unchangeable there: their rows are moved into the closing weeks and days once,
 * exactly as folding the log now places them, and the old tables are dropped.
 */
async function moveLegacyHolidays(client: pg.ClientBase, schema: string) {
  const alt = await client.query<{ woche: string | null; tag: string | null }>(`SELECT to_regclass($1) AS woche, to_regclass($2) AS tag`, [
    table(schema, 'ferienwoche'),
    table(schema, 'ferientag'),
  ]);
  if (alt.rows[0]?.woche) {
    await client.query(
      `INSERT INTO ${table(schema, 'schliesswoche')} (id, jahr, kalenderwoche, beschreibung, ferienart)
       SELECT id, jahr, kalenderwoche, art, art FROM ${table(schema, 'ferienwoche')} ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(`DROP TABLE ${table(schema, 'ferienwoche')}`);
  }
  if (alt.rows[0]?.tag) {
    await client.query(
      `INSERT INTO ${table(schema, 'schliesstag')} (id, datum, beschreibung, ferienart)
       SELECT id, datum, art, art FROM ${table(schema, 'ferientag')} ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(`DROP TABLE ${table(schema, 'ferientag')}`);
  }
}
