import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { BatchRows } from '../runtime/batch-rows.js';
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
  /** Session version (domain/auth/passwort sitzungsVersion): tokens of an older one are refused. */
  sitzungsVersion: number;
  /** The language of the family's screens (docs/i18n.md). */
  sprache: string;
};
type Patch = Partial<Pick<Row, 'rollen' | 'entfernt' | 'nachname' | 'nameKind' | 'gruppeId' | 'sitzungsVersion' | 'sprache'>>;

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
      registriert_am timestamptz NOT NULL,
      sitzungs_version integer NOT NULL DEFAULT 0,
      sprache        text NOT NULL DEFAULT 'de'
    )`);
    // Tables from before session versions: the column appears empty (0) and `npm run replay` fills it.
    await client.query(`ALTER TABLE ${table(schema, 'eltern')} ADD COLUMN IF NOT EXISTS sitzungs_version integer NOT NULL DEFAULT 0`);
    // Tables from before the choice of language: every family reads as German until `npm run replay`.
    await client.query(`ALTER TABLE ${table(schema, 'eltern')} ADD COLUMN IF NOT EXISTS sprache text NOT NULL DEFAULT 'de'`);
    await client.query(`CREATE INDEX IF NOT EXISTS eltern_gruppe ON ${table(schema, 'eltern')} (gruppe_id)`);
  },
  async apply(client, schema, recorded) {
    const batch = new BatchRows<Row, Patch>();
    for (const r of recorded) {
      const event = r as unknown as ElternEvent;
      switch (event.type) {
        case 'ElternRegistriert':
          batch.insert(event.data.elternId, {
            ...event.data,
            entfernt: false,
            registriertAm: r.metadata.occurredAt,
            sitzungsVersion: 0,
            sprache: 'de',
          });
          break;
        case 'PasswortGesetzt':
          batch.patch(event.data.elternId, { sitzungsVersion: r.revision + 1 });
          break;
        case 'RollenGeaendert':
          batch.patch(event.data.elternId, { rollen: event.data.rollen });
          break;
        case 'ElternEntfernt':
          batch.patch(event.data.elternId, { entfernt: true });
          break;
        case 'SpracheGewaehlt':
          batch.patch(event.data.elternId, { sprache: event.data.sprache });
          break;
        case 'ElternAktualisiert': {
          const { elternId, nachname, nameKind, gruppeId } = event.data;
          batch.patch(elternId, { nachname, nameKind, gruppeId, entfernt: false });
          break;
        }
      }
    }
    const { rows, patches } = batch;
    const t = table(schema, 'eltern');
    if (rows.size > 0) {
      const all = [...rows.values()];
      await client.query(
        `INSERT INTO ${t} (eltern_id, nachname, name_kind, email, gruppe_id, rollen, entfernt, registriert_am, sitzungs_version, sprache)
         SELECT r.id, r.nachname, r.name_kind, r.email, r.gruppe_id, ARRAY(SELECT jsonb_array_elements_text(r.rollen)), r.entfernt, r.am, r.sv, r.sprache
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::jsonb[], $7::boolean[], $8::timestamptz[], $9::integer[], $10::text[])
           AS r(id, nachname, name_kind, email, gruppe_id, rollen, entfernt, am, sv, sprache)
         ON CONFLICT (eltern_id) DO UPDATE SET nachname = EXCLUDED.nachname, name_kind = EXCLUDED.name_kind, email = EXCLUDED.email,
           gruppe_id = EXCLUDED.gruppe_id, rollen = EXCLUDED.rollen, entfernt = EXCLUDED.entfernt, sprache = EXCLUDED.sprache,
           sitzungs_version = GREATEST(${t}.sitzungs_version, EXCLUDED.sitzungs_version)`,
        [
          all.map((x) => x.elternId),
          all.map((x) => x.nachname),
          all.map((x) => x.nameKind),
          all.map((x) => x.email),
          all.map((x) => x.gruppeId),
          all.map((x) => JSON.stringify(x.rollen)),
          all.map((x) => x.entfernt),
          all.map((x) => x.registriertAm),
          all.map((x) => x.sitzungsVersion),
          all.map((x) => x.sprache),
        ],
      );
    }
    if (patches.size > 0) {
      const list = [...patches.values()];
      const has = (field: keyof Patch) => list.map((p) => field in p);
      await client.query(
        `UPDATE ${t} AS e
         SET rollen = CASE WHEN p.has_rollen THEN ARRAY(SELECT jsonb_array_elements_text(p.rollen)) ELSE e.rollen END,
             entfernt = CASE WHEN p.has_entfernt THEN p.entfernt ELSE e.entfernt END,
             nachname = CASE WHEN p.has_name THEN p.nachname ELSE e.nachname END,
             name_kind = CASE WHEN p.has_name THEN p.name_kind ELSE e.name_kind END,
             gruppe_id = CASE WHEN p.has_name THEN p.gruppe_id ELSE e.gruppe_id END,
             sitzungs_version = GREATEST(e.sitzungs_version, COALESCE(p.sv, 0)),
             sprache = COALESCE(p.sprache, e.sprache)
         FROM unnest($1::uuid[], $2::jsonb[], $3::boolean[], $4::boolean[], $5::boolean[], $6::text[], $7::text[], $8::uuid[], $9::boolean[], $10::integer[], $11::text[])
           AS p(id, rollen, has_rollen, entfernt, has_entfernt, nachname, name_kind, gruppe_id, has_name, sv, sprache)
         WHERE e.eltern_id = p.id`,
        [
          [...patches.keys()],
          list.map((p) => (p.rollen ? JSON.stringify(p.rollen) : null)),
          has('rollen'),
          list.map((p) => p.entfernt ?? false),
          has('entfernt'),
          list.map((p) => p.nachname ?? null),
          list.map((p) => p.nameKind ?? null),
          list.map((p) => p.gruppeId ?? null),
          has('nachname'),
          list.map((p) => p.sitzungsVersion ?? null),
          list.map((p) => p.sprache ?? null),
        ],
      );
    }
  },
};
