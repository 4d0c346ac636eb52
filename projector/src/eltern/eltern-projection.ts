import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { type Projection, table } from '../runtime/projection.js';

type Row = {
  elternId: string;
  nachname: string;
  nameKind: string | null;
  email: string;
  gruppeId: string | null;
  rollen: string[];
  entfernt: boolean;
  registriertAm: string;
};
type Patch = { rollen?: string[]; entfernt?: true };

/**
 * Read model `eltern`: one row per family account, for sign-in answers, greetings and roles.
 * A batch is folded in memory first (registrations become whole rows, later changes patch them),
 * then written with one upsert and one update, which keeps a replay of a long log fast.
 */
export const elternProjection: Projection = {
  name: 'eltern',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table(schema, 'eltern')} (
      eltern_id      uuid PRIMARY KEY,
      nachname       text NOT NULL,
      name_kind      text,
      email          text NOT NULL,
      gruppe_id      uuid,
      rollen         text[] NOT NULL,
      entfernt       boolean NOT NULL DEFAULT false,
      registriert_am timestamptz NOT NULL
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS eltern_gruppe ON ${table(schema, 'eltern')} (gruppe_id)`);
  },
  async apply(client, schema, recorded) {
    const rows = new Map<string, Row>();
    const patches = new Map<string, Patch>();
    const change = (elternId: string, patch: Patch) => {
      const row = rows.get(elternId);
      if (row) rows.set(elternId, { ...row, ...patch });
      else patches.set(elternId, { ...patches.get(elternId), ...patch });
    };
    for (const r of recorded) {
      const event = r as unknown as ElternEvent;
      switch (event.type) {
        case 'ElternRegistriert':
          rows.set(event.data.elternId, { ...event.data, entfernt: false, registriertAm: r.metadata.occurredAt });
          patches.delete(event.data.elternId);
          break;
        case 'RollenGeaendert':
          change(event.data.elternId, { rollen: event.data.rollen });
          break;
        case 'ElternEntfernt':
          change(event.data.elternId, { entfernt: true });
          break;
      }
    }
    const t = table(schema, 'eltern');
    if (rows.size > 0) {
      const all = [...rows.values()];
      await client.query(
        `INSERT INTO ${t} (eltern_id, nachname, name_kind, email, gruppe_id, rollen, entfernt, registriert_am)
         SELECT r.id, r.nachname, r.name_kind, r.email, r.gruppe_id, ARRAY(SELECT jsonb_array_elements_text(r.rollen)), r.entfernt, r.am
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::jsonb[], $7::boolean[], $8::timestamptz[])
           AS r(id, nachname, name_kind, email, gruppe_id, rollen, entfernt, am)
         ON CONFLICT (eltern_id) DO UPDATE SET nachname = EXCLUDED.nachname, name_kind = EXCLUDED.name_kind, email = EXCLUDED.email,
           gruppe_id = EXCLUDED.gruppe_id, rollen = EXCLUDED.rollen, entfernt = EXCLUDED.entfernt`,
        [
          all.map((x) => x.elternId),
          all.map((x) => x.nachname),
          all.map((x) => x.nameKind),
          all.map((x) => x.email),
          all.map((x) => x.gruppeId),
          all.map((x) => JSON.stringify(x.rollen)),
          all.map((x) => x.entfernt),
          all.map((x) => x.registriertAm),
        ],
      );
    }
    if (patches.size > 0) {
      const ids = [...patches.keys()];
      const list = [...patches.values()];
      await client.query(
        `UPDATE ${t} AS e
         SET rollen = CASE WHEN p.rollen IS NULL THEN e.rollen ELSE ARRAY(SELECT jsonb_array_elements_text(p.rollen)) END,
             entfernt = e.entfernt OR p.entfernt
         FROM unnest($1::uuid[], $2::jsonb[], $3::boolean[]) AS p(id, rollen, entfernt)
         WHERE e.eltern_id = p.id`,
        [ids, list.map((p) => (p.rollen ? JSON.stringify(p.rollen) : null)), list.map((p) => p.entfernt === true)],
      );
    }
  },
};
