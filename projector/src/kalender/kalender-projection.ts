import type { KalenderEvent } from '@waldkita/domain/kalender/schliesszeiten';
import { type Projection, table } from '../runtime/projection.js';

const TAGES_TABELLE = {
  SchliesstagAngelegt: 'schliesstag',
  SchliesstagGeaendert: 'schliesstag',
  SchliesstagGeloescht: 'schliesstag',
  KitaEventAngelegt: 'kita_event',
  KitaEventGeaendert: 'kita_event',
  KitaEventGeloescht: 'kita_event',
} as const;

/**
 * Read models of the kindergarten calendar: `schliesswoche` (also read by the rota planner: no
 * water duty in these weeks), `schliesstag` and `kita_event`. Upserts and deletes by id.
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
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'ferienwoche')} (
      id            uuid PRIMARY KEY,
      art           text NOT NULL,
      jahr          integer NOT NULL,
      kalenderwoche integer NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'ferientag')} (
      id    uuid PRIMARY KEY,
      art   text NOT NULL,
      datum date NOT NULL
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
            `INSERT INTO ${table(schema, 'ferienwoche')} (id, art, jahr, kalenderwoche) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
            [event.data.id, event.data.art, event.data.jahr, event.data.kalenderwoche],
          );
          break;
        case 'FerientagAngelegt':
          await client.query(`INSERT INTO ${table(schema, 'ferientag')} (id, art, datum) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
            event.data.id,
            event.data.art,
            event.data.datum,
          ]);
          break;
        case 'FerienwocheGeloescht':
          await client.query(`DELETE FROM ${table(schema, 'ferienwoche')} WHERE id = $1`, [event.data.id]);
          break;
        case 'FerientagGeloescht':
          await client.query(`DELETE FROM ${table(schema, 'ferientag')} WHERE id = $1`, [event.data.id]);
          break;
        case 'FerienBestaetigt':
          await client.query(
            `INSERT INTO ${table(schema, 'ferien_status')} (id, bestaetigt) VALUES (true, true) ON CONFLICT (id) DO UPDATE SET bestaetigt = true`,
          );
          break;
        case 'SchliesstagGeloescht':
        case 'KitaEventGeloescht':
          await client.query(`DELETE FROM ${table(schema, TAGES_TABELLE[event.type])} WHERE id = $1`, [event.data.id]);
          break;
      }
    }
  },
};
