import { type ElternEvent, GELOESCHTE_FAMILIE, geloeschteEmail } from '@waldkita/domain/eltern/eltern';
import { type PseudonymEvent, pseudonym } from '@waldkita/domain/eltern/pseudonyme';
import { type Projection, table } from '../runtime/projection.js';

/**
 * A family's personal data erased (`PersonendatenGeloescht`, docs/datenschutz.md): its rows in the
 * read models lose what the other projections copied from its events — name, child's name and
 * e-mail become the placeholders (its name: its pseudonym, 'Gelöschte Familie 2', from the
 * `PseudonymVergeben` committed with the erasure), its offers' messages and its share's reason are emptied, its
 * push devices and calendar feed are gone. Runs after every other projection of the batch, so a
 * replay, which reads the erased family's sealed fields as placeholders already, ends with the
 * same rows. Also keeps `ausgeschieden`: the families that left, and since when (for the retention job).
 */
export const loeschungProjection: Projection = {
  name: 'loeschung',
  async createTables(client, schema) {
    // Families that left and keep their personal data until the retention job erases it (aufbewahrung.ts).
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'ausgeschieden')} (
      eltern_id  uuid PRIMARY KEY,
      entfernt_am timestamptz NOT NULL
    )`);
  },
  async apply(client, schema, recorded) {
    // in log order: a removal adds the family, a return with the import or the erasure takes it out
    const ausgeschieden = new Map<string, string | null>();
    const ids: string[] = [];
    const pseudonyme = new Map<string, string>();
    for (const r of recorded) {
      const event = r as unknown as ElternEvent | PseudonymEvent;
      if (event.type === 'PseudonymVergeben') pseudonyme.set(event.data.elternId, pseudonym(event.data.nummer));
      else if (event.type === 'ElternEntfernt') ausgeschieden.set(event.data.elternId, r.metadata.occurredAt);
      else if (event.type === 'ElternAktualisiert') ausgeschieden.set(event.data.elternId, null);
      else if (event.type === 'PersonendatenGeloescht') {
        ausgeschieden.set(event.data.elternId, null);
        ids.push(event.data.elternId);
      }
    }
    if (ausgeschieden.size > 0) {
      const liste = [...ausgeschieden];
      const t = table(schema, 'ausgeschieden');
      await client.query(`DELETE FROM ${t} WHERE eltern_id = ANY($1::uuid[])`, [liste.map(([id]) => id)]);
      const weg = liste.filter(([, am]) => am !== null);
      await client.query(`INSERT INTO ${t} (eltern_id, entfernt_am) SELECT * FROM unnest($1::uuid[], $2::timestamptz[])`, [
        weg.map(([id]) => id),
        weg.map(([, am]) => am),
      ]);
    }
    if (ids.length > 0) await loesche(client, schema, ids);
    // after the erasure of the same batch, which wrote the bare placeholder
    if (pseudonyme.size > 0)
      await client.query(
        `UPDATE ${table(schema, 'eltern')} AS e SET nachname = p.name FROM unnest($1::uuid[], $2::text[]) AS p(id, name) WHERE e.eltern_id = p.id`,
        [[...pseudonyme.keys()], [...pseudonyme.values()]],
      );
  },
};

async function loesche(client: Parameters<Projection['apply']>[0], schema: string, ids: string[]) {
  await client.query(
    `UPDATE ${table(schema, 'eltern')} AS e SET nachname = $2, email = p.email, name_kind = NULL
       FROM unnest($1::uuid[], $3::text[]) AS p(id, email) WHERE e.eltern_id = p.id`,
    [ids, GELOESCHTE_FAMILIE, ids.map(geloeschteEmail)],
  );
  await client.query(`UPDATE ${table(schema, 'tausch')} SET nachricht = NULL WHERE request_eltern_id = ANY($1::uuid[])`, [ids]);
  await client.query(`UPDATE ${table(schema, 'dienst_anteil')} SET grund = '' WHERE eltern_id = ANY($1::uuid[])`, [ids]);
  await client.query(`DELETE FROM ${table(schema, 'push_geraet')} WHERE eltern_id = ANY($1::uuid[])`, [ids]);
  await client.query(`DELETE FROM ${table(schema, 'benachrichtigung_wahl')} WHERE eltern_id = ANY($1::uuid[])`, [ids]);
  await client.query(`DELETE FROM ${table(schema, 'kalender_abo')} WHERE eltern_id = ANY($1::uuid[])`, [ids]);
}
