import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { StundenjahrEvent } from '@waldkita/domain/stunden/stundenjahr';
import { jahreskonten } from '@waldkita/platform/stunden/stundenkonto';
import { type Projection, table } from '../runtime/projection.js';

/**
 * Read models of the hours ledger (streams `stundenjahr-{jahr}`, docs/stunden.md):
 * `stunden_regel` (the rules set for a year; later years without their own take the latest),
 * `stunden_familie` (a family's children and exemption set for a year, carried forward the same way),
 * `stunden_eintrag` (own entries with their status, and admins' corrections), `stunden_jahr`
 * (closed or not) and `stunden_abschluss` (every family's figures frozen when its year was closed,
 * so nothing that happens later — a kind's hours changed, a late attendance — changes a closed
 * year; reopening drops them, closing again freezes anew). The freeze is computed from the other
 * read models as they stand right before the close, with the close's day as 'today': the close is
 * one of the events the engine applies on its own (`readsOthersAt`), after every projection has
 * applied the events before it, so a change later in the same batch (a kind's hours) never
 * reaches the frozen figures, however the log is cut into batches.
 * Events are applied one by one; every write is an absolute value or keyed insert, so applying a
 * batch twice changes nothing. An erased family's descriptions and reasons are emptied here.
 */
export const stundenProjection: Projection = {
  name: 'stunden',
  readsOthersAt: (event) => event.type === 'StundenjahrAbgeschlossen',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'stunden_regel')} (
      jahr               integer PRIMARY KEY,
      soll_pro_familie   numeric(7, 2) NOT NULL,
      soll_pro_kind      numeric(7, 2),
      stundensatz        numeric(7, 2) NOT NULL,
      jahresbeginn_monat integer NOT NULL,
      gesetzt_am         timestamptz NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'stunden_familie')} (
      jahr       integer NOT NULL,
      eltern_id  uuid NOT NULL,
      kinder     integer NOT NULL,
      befreit    boolean NOT NULL,
      grund      text NOT NULL,
      gesetzt_am timestamptz NOT NULL,
      PRIMARY KEY (jahr, eltern_id)
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'stunden_eintrag')} (
      eintrag_id     uuid PRIMARY KEY,
      jahr           integer NOT NULL,
      eltern_id      uuid NOT NULL,
      quelle         text NOT NULL,
      datum          date NOT NULL,
      stunden        numeric(7, 2) NOT NULL,
      beschreibung   text,
      status         text NOT NULL,
      grund          text,
      eingetragen_am timestamptz NOT NULL,
      entschieden_am timestamptz
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS stunden_eintrag_eltern ON ${table(schema, 'stunden_eintrag')} (eltern_id, datum)`);
    await client.query(`CREATE INDEX IF NOT EXISTS stunden_eintrag_datum ON ${table(schema, 'stunden_eintrag')} (datum)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'stunden_jahr')} (
      jahr         integer PRIMARY KEY,
      abgeschlossen boolean NOT NULL,
      geaendert_am timestamptz NOT NULL
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'stunden_abschluss')} (
      jahr       integer NOT NULL,
      eltern_id  uuid NOT NULL,
      kinder     integer NOT NULL,
      befreit    boolean NOT NULL,
      soll       numeric(8, 2) NOT NULL,
      ist        numeric(8, 2) NOT NULL,
      ausstehend numeric(8, 2) NOT NULL,
      offen      numeric(8, 2) NOT NULL,
      betrag     numeric(10, 2) NOT NULL,
      PRIMARY KEY (jahr, eltern_id)
    )`);
  },
  async apply(client, schema, recorded) {
    const relevant = recorded.filter((r) => r.type.startsWith('Stunden') || r.type === 'PersonendatenGeloescht');
    if (relevant.length === 0) return;
    const eintrag = table(schema, 'stunden_eintrag');
    for (const r of relevant) {
      const event = r as unknown as StundenjahrEvent | ElternEvent;
      const am = r.metadata.occurredAt;
      switch (event.type) {
        case 'StundenRegelnGesetzt': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${table(schema, 'stunden_regel')} (jahr, soll_pro_familie, soll_pro_kind, stundensatz, jahresbeginn_monat, gesetzt_am)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (jahr) DO UPDATE SET soll_pro_familie = EXCLUDED.soll_pro_familie, soll_pro_kind = EXCLUDED.soll_pro_kind,
               stundensatz = EXCLUDED.stundensatz, jahresbeginn_monat = EXCLUDED.jahresbeginn_monat, gesetzt_am = EXCLUDED.gesetzt_am`,
            [d.jahr, d.sollProFamilie, d.sollProKind, d.stundensatz, d.jahresbeginnMonat, am],
          );
          break;
        }
        case 'StundenFamilieGesetzt': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${table(schema, 'stunden_familie')} (jahr, eltern_id, kinder, befreit, grund, gesetzt_am) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (jahr, eltern_id) DO UPDATE SET kinder = EXCLUDED.kinder, befreit = EXCLUDED.befreit, grund = EXCLUDED.grund,
               gesetzt_am = EXCLUDED.gesetzt_am`,
            [d.jahr, d.elternId, d.kinder, d.befreit, d.grund ?? '', am],
          );
          break;
        }
        case 'StundenEingetragen': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${eintrag} (eintrag_id, jahr, eltern_id, quelle, datum, stunden, beschreibung, status, eingetragen_am)
             VALUES ($1, $2, $3, 'eigen', $4, $5, $6, 'ausstehend', $7) ON CONFLICT (eintrag_id) DO NOTHING`,
            [d.eintragId, d.jahr, d.elternId, d.datum, d.stunden, d.beschreibung, am],
          );
          break;
        }
        case 'StundenBestaetigt':
          await client.query(`UPDATE ${eintrag} SET status = 'bestaetigt', grund = NULL, entschieden_am = $2 WHERE eintrag_id = $1`, [
            event.data.eintragId,
            am,
          ]);
          break;
        case 'StundenAbgelehnt':
          await client.query(`UPDATE ${eintrag} SET status = 'abgelehnt', grund = $2, entschieden_am = $3 WHERE eintrag_id = $1`, [
            event.data.eintragId,
            event.data.grund ?? '',
            am,
          ]);
          break;
        case 'StundenKorrigiert': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${eintrag} (eintrag_id, jahr, eltern_id, quelle, datum, stunden, beschreibung, status, grund, eingetragen_am, entschieden_am)
             VALUES ($1, $2, $3, 'korrektur', $4, $5, 'Korrektur durch die Kita-Leitung', 'bestaetigt', $6, $7, $7)
             ON CONFLICT (eintrag_id) DO NOTHING`,
            [d.korrekturId, d.jahr, d.elternId, d.datum, d.stunden, d.grund ?? '', am],
          );
          break;
        }
        case 'StundenjahrAbgeschlossen': {
          const { jahr } = event.data;
          await client.query(
            `INSERT INTO ${table(schema, 'stunden_jahr')} (jahr, abgeschlossen, geaendert_am) VALUES ($1, true, $2)
             ON CONFLICT (jahr) DO UPDATE SET abgeschlossen = true, geaendert_am = EXCLUDED.geaendert_am`,
            [jahr, am],
          );
          const { konten } = await jahreskonten(client, schema, { jahr, heute: heuteInBerlin(new Date(am)), frisch: true });
          await client.query(`DELETE FROM ${table(schema, 'stunden_abschluss')} WHERE jahr = $1`, [jahr]);
          await client.query(
            `INSERT INTO ${table(schema, 'stunden_abschluss')} (jahr, eltern_id, kinder, befreit, soll, ist, ausstehend, offen, betrag)
             SELECT $1, * FROM unnest($2::uuid[], $3::int[], $4::boolean[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])`,
            [
              jahr,
              konten.map((k) => k.elternId),
              konten.map((k) => k.kinder),
              konten.map((k) => k.befreit),
              konten.map((k) => k.soll),
              konten.map((k) => k.ist),
              konten.map((k) => k.ausstehend),
              konten.map((k) => k.offen),
              konten.map((k) => k.betrag),
            ],
          );
          break;
        }
        case 'StundenjahrWiedereroeffnet':
          await client.query(
            `INSERT INTO ${table(schema, 'stunden_jahr')} (jahr, abgeschlossen, geaendert_am) VALUES ($1, false, $2)
             ON CONFLICT (jahr) DO UPDATE SET abgeschlossen = false, geaendert_am = EXCLUDED.geaendert_am`,
            [event.data.jahr, am],
          );
          await client.query(`DELETE FROM ${table(schema, 'stunden_abschluss')} WHERE jahr = $1`, [event.data.jahr]);
          break;
        case 'PersonendatenGeloescht':
          await client.query(`UPDATE ${eintrag} SET beschreibung = NULL, grund = '' WHERE eltern_id = $1 AND quelle = 'eigen'`, [
            event.data.elternId,
          ]);
          await client.query(`UPDATE ${eintrag} SET grund = '' WHERE eltern_id = $1 AND quelle = 'korrektur'`, [event.data.elternId]);
          await client.query(`UPDATE ${table(schema, 'stunden_familie')} SET grund = '' WHERE eltern_id = $1`, [event.data.elternId]);
          break;
      }
    }
  },
};
