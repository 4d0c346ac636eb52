import type { EinsatzEvent } from '@waldkita/domain/einsatz/einsatz';
import { type Projection, table } from '../runtime/projection.js';

/**
 * Read models of the work days (docs/api-einsaetze.md), in the shape the hours ledger reads them:
 * - `einsatz`: one row per day, its settings, whether it was cancelled;
 * - `einsatz_schicht`: every shift a day ever had; a shift dropped from the settings is `entfernt`;
 * - `einsatz_anmeldung`: who holds or waits for a shift. `reihenfolge` is the global position of
 *   the event that put the family there (the order of the waiting list). A withdrawal deletes the
 *   row; marking a family present that was not signed up inserts one ('eingetragen', present).
 *   `anwesend` is null until an admin marks the family (signed up counts as present then).
 *
 * Events are applied one after another in log order; each sets absolute values (upserts with the
 * event's own data and position, deletes), so applying a batch again leaves the same rows.
 */
export const einsatzProjection: Projection = {
  name: 'einsatz',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'einsatz')} (
      einsatz_id     text PRIMARY KEY,
      titel          text NOT NULL,
      datum          date NOT NULL,
      ort            text NULL,
      beschreibung   text NULL,
      anmeldeschluss date NOT NULL,
      abgesagt       boolean NOT NULL,
      geaendert_am   timestamptz NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'einsatz_schicht')} (
      schicht_id text PRIMARY KEY,
      einsatz_id text NOT NULL,
      aufgabe    text NOT NULL,
      beginn     text NOT NULL,
      ende       text NOT NULL,
      plaetze    integer NOT NULL,
      stunden    numeric(5, 2) NOT NULL,
      entfernt   boolean NOT NULL
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS einsatz_schicht_einsatz ON ${table(schema, 'einsatz_schicht')} (einsatz_id)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'einsatz_anmeldung')} (
      schicht_id  text NOT NULL,
      eltern_id   text NOT NULL,
      einsatz_id  text NOT NULL,
      status      text NOT NULL,
      reihenfolge bigint NOT NULL,
      anwesend    boolean NULL,
      PRIMARY KEY (schicht_id, eltern_id)
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS einsatz_anmeldung_eltern ON ${table(schema, 'einsatz_anmeldung')} (eltern_id)`);
    await client.query(`CREATE INDEX IF NOT EXISTS einsatz_anmeldung_einsatz ON ${table(schema, 'einsatz_anmeldung')} (einsatz_id)`);
  },
  async apply(client, schema, recorded) {
    const einsatz = table(schema, 'einsatz');
    const schicht = table(schema, 'einsatz_schicht');
    const anmeldung = table(schema, 'einsatz_anmeldung');
    for (const r of recorded) {
      const event = r as unknown as EinsatzEvent;
      switch (event.type) {
        case 'EinsatzAngelegt':
        case 'EinsatzGeaendert': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${einsatz} (einsatz_id, titel, datum, ort, beschreibung, anmeldeschluss, abgesagt, geaendert_am)
             VALUES ($1, $2, $3, $4, $5, $6, false, $7)
             ON CONFLICT (einsatz_id) DO UPDATE SET titel = EXCLUDED.titel, datum = EXCLUDED.datum, ort = EXCLUDED.ort,
               beschreibung = EXCLUDED.beschreibung, anmeldeschluss = EXCLUDED.anmeldeschluss, abgesagt = false,
               geaendert_am = EXCLUDED.geaendert_am`,
            [d.einsatzId, d.titel, d.datum, d.ort, d.beschreibung, d.anmeldeschluss, r.metadata.occurredAt],
          );
          const s = d.schichten;
          await client.query(`UPDATE ${schicht} SET entfernt = true WHERE einsatz_id = $1 AND NOT (schicht_id = ANY($2::text[]))`, [
            d.einsatzId,
            s.map((x) => x.schichtId),
          ]);
          await client.query(
            `INSERT INTO ${schicht} (schicht_id, einsatz_id, aufgabe, beginn, ende, plaetze, stunden, entfernt)
             SELECT id, $1, aufgabe, beginn, ende, plaetze, stunden, false
             FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::numeric[]) AS x(id, aufgabe, beginn, ende, plaetze, stunden)
             ON CONFLICT (schicht_id) DO UPDATE SET aufgabe = EXCLUDED.aufgabe, beginn = EXCLUDED.beginn, ende = EXCLUDED.ende,
               plaetze = EXCLUDED.plaetze, stunden = EXCLUDED.stunden, entfernt = false`,
            [
              d.einsatzId,
              s.map((x) => x.schichtId),
              s.map((x) => x.aufgabe),
              s.map((x) => x.beginn),
              s.map((x) => x.ende),
              s.map((x) => x.plaetze),
              s.map((x) => x.stunden),
            ],
          );
          break;
        }
        case 'EinsatzAbgesagt':
          await client.query(`UPDATE ${einsatz} SET abgesagt = true, geaendert_am = $2 WHERE einsatz_id = $1`, [
            event.data.einsatzId,
            r.metadata.occurredAt,
          ]);
          break;
        case 'SchichtEingetragen':
        case 'AufWartelisteGesetzt':
        case 'VonWartelisteNachgerueckt': {
          const { einsatzId, schichtId, elternId } = event.data;
          const status = event.type === 'AufWartelisteGesetzt' ? 'warteliste' : 'eingetragen';
          // Moving up keeps the family's place in the order it came; a new row takes the event's position.
          await client.query(
            `INSERT INTO ${anmeldung} (schicht_id, eltern_id, einsatz_id, status, reihenfolge, anwesend)
             VALUES ($1, $2, $3, $4, $5, NULL)
             ON CONFLICT (schicht_id, eltern_id) DO UPDATE SET status = EXCLUDED.status,
               reihenfolge = CASE WHEN $6 THEN ${anmeldung}.reihenfolge ELSE EXCLUDED.reihenfolge END,
               anwesend = CASE WHEN $6 THEN ${anmeldung}.anwesend ELSE NULL END`,
            [schichtId, elternId, einsatzId, status, r.position.prepare, event.type === 'VonWartelisteNachgerueckt'],
          );
          break;
        }
        case 'SchichtAusgetragen':
          await client.query(`DELETE FROM ${anmeldung} WHERE schicht_id = $1 AND eltern_id = $2`, [
            event.data.schichtId,
            event.data.elternId,
          ]);
          break;
        case 'AnwesenheitErfasst': {
          const { einsatzId, schichtId, elternId, anwesend } = event.data;
          await client.query(
            `INSERT INTO ${anmeldung} (schicht_id, eltern_id, einsatz_id, status, reihenfolge, anwesend)
             VALUES ($1, $2, $3, 'eingetragen', $4, $5)
             ON CONFLICT (schicht_id, eltern_id) DO UPDATE SET anwesend = EXCLUDED.anwesend`,
            [schichtId, elternId, einsatzId, r.position.prepare, anwesend],
          );
          break;
        }
      }
    }
  },
};
