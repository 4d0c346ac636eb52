import { randomUUID } from 'node:crypto';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { elternDecider, elternStream, normalisiereEmail } from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { importDecider, importStream } from '@waldkita/domain/import/saison-import';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommands, type StreamCommand, streamCommand } from '@waldkita/platform/command-handler';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { neuePasswortLinks } from '../auth/passwort-links.js';
import type { CommandDeps } from '../deps.js';
import type { ImportFamilie } from './csv-datei.js';

const rm = READ_MODEL_SCHEMA;

export type ImportEingabe = { familien: ImportFamilie[]; dateiname: string; frist: string; skippedCount: number };

export type ImportErgebnis = {
  importId: string;
  position: Position | null;
  successCount: number;
  skippedCount: number;
  neueFamilien: number;
  bekannteFamilien: number;
  entfernteFamilien: number;
};

/**
 * Claims in `table` the keys not claimed yet, under fresh ids, and answers every key's id with
 * whether this call claimed it: one statement for any number of keys. A key claimed by someone
 * else between the insert and the look-up is looked up once more.
 */
async function beanspruche(
  deps: Pick<CommandDeps, 'pool'>,
  sql: { insert: string; select: string },
  keys: string[],
): Promise<Map<string, { id: string; neu: boolean }>> {
  const claimed = new Map<string, { id: string; neu: boolean }>();
  if (keys.length === 0) return claimed;
  const { rows } = await deps.pool.query<{ key: string; id: string | null; neu: boolean }>(sql.insert, [
    keys,
    keys.map(() => randomUUID()),
  ]);
  for (const row of rows) if (row.id) claimed.set(row.key, { id: row.id, neu: row.neu });
  const missing = keys.filter((k) => !claimed.has(k));
  if (missing.length > 0) {
    const again = await deps.pool.query<{ key: string; id: string }>(sql.select, [missing]);
    for (const row of again.rows) claimed.set(row.key, { id: row.id, neu: false });
  }
  return claimed;
}

/** E-mails (normalised) → family ids; the e-mail is unique through `credentials`, as in registriereEltern. */
const CREDENTIALS = {
  insert: `WITH e AS (SELECT * FROM unnest($1::text[], $2::uuid[]) AS e(email, id)),
                neu AS (INSERT INTO credentials (eltern_id, email) SELECT id, email FROM e ON CONFLICT (email) DO NOTHING RETURNING eltern_id, email)
           SELECT e.email AS key, coalesce(neu.eltern_id, c.eltern_id)::text AS id, neu.eltern_id IS NOT NULL AS neu
           FROM e LEFT JOIN neu USING (email) LEFT JOIN credentials c ON c.email = e.email`,
  select: 'SELECT email AS key, eltern_id::text AS id FROM credentials WHERE email = ANY($1::text[])',
};

/** Group names as written in the file → group ids; names compare without case, as in legeGruppeAn. */
const GRUPPEN_NAMEN = {
  insert: `WITH e AS (SELECT * FROM unnest($1::text[], $2::uuid[]) AS e(name, id)),
                neu AS (INSERT INTO gruppen_namen (name_key, gruppe_id)
                        SELECT DISTINCT ON (lower(name)) lower(name), id FROM e ORDER BY lower(name)
                        ON CONFLICT DO NOTHING RETURNING name_key, gruppe_id)
           SELECT e.name AS key, coalesce(neu.gruppe_id, g.gruppe_id)::text AS id, neu.gruppe_id IS NOT NULL AS neu
           FROM e LEFT JOIN neu ON neu.name_key = lower(e.name) LEFT JOIN gruppen_namen g ON g.name_key = lower(e.name)`,
  select:
    'SELECT n.name AS key, g.gruppe_id::text AS id FROM unnest($1::text[]) AS n(name) JOIN gruppen_namen g ON g.name_key = lower(n.name)',
};

/**
 * The yearly import, once the file has been read and checked: the new season replaces the old
 * one in a single `handleCommands` call, so on the Postgres event store it lands all or nothing.
 *
 * - Groups are found by name; new ones are created.
 * - A family whose e-mail is known keeps its login and is updated; new families are registered
 *   with a welcome link (14 days) to set their password.
 * - Families missing from the file leave (admins stay); every group's plan and every family's
 *   absences are retired. Their history stays in the event log.
 * - The absence deadline is set, and `ImportAbgeschlossen` records file, deadline and counts.
 *
 * Whatever the number of families, this takes a fixed number of round trips: two claims, a few
 * reads of the read models and streams, one statement for the welcome links and one transaction
 * of four statements for all events. If the append fails, the claims it made are released again
 * (those whose stream is still empty), so no e-mail or group name stays blocked.
 */
export async function uebernimmImport(
  deps: Pick<CommandDeps, 'store' | 'pool' | 'tokens'>,
  eingabe: ImportEingabe,
  context: CommandContext & { correlationId: string; now: Date },
): Promise<ImportErgebnis> {
  const importId = context.correlationId;

  // The old season as the read models list it, read before anything is claimed.
  const [bisher, gruppen, mitAbwesenheit] = await Promise.all([
    deps.pool.query<{ eltern_id: string; admin: boolean }>(
      `SELECT eltern_id, rollen && ARRAY['ROLE_ADMIN','ADMIN'] AS admin FROM ${rm}.eltern WHERE NOT entfernt`,
    ),
    deps.pool.query<{ gruppe_id: string }>('SELECT gruppe_id::text FROM gruppen_namen'),
    deps.pool.query<{ eltern_id: string }>(`SELECT DISTINCT eltern_id FROM ${rm}.abwesenheit`),
  ]);

  const gruppeIds = await beanspruche(deps, GRUPPEN_NAMEN, [...new Set(eingabe.familien.map((f) => f.gruppe.trim()))]);
  const konten = await beanspruche(deps, CREDENTIALS, [...new Set(eingabe.familien.map((f) => normalisiereEmail(f.email)))]);
  const freigeben = async () => {
    const neueGruppen = [...gruppeIds.values()].filter((g) => g.neu).map((g) => g.id);
    const neueKonten = [...konten.values()].filter((k) => k.neu).map((k) => k.id);
    const leer = async (ids: string[], stream: (id: string) => string) => {
      const read = await deps.store.readStreams(ids.map(stream));
      return ids.filter((id) => read.get(stream(id))!.revision === null);
    };
    await deps.pool.query('DELETE FROM gruppen_namen WHERE gruppe_id = ANY($1::uuid[])', [await leer(neueGruppen, gruppeStream)]);
    await deps.pool.query('DELETE FROM credentials WHERE eltern_id = ANY($1::uuid[])', [await leer(neueKonten, elternStream)]);
  };

  try {
    // Known e-mails whose family stream exists are updated; a claim left by a crash before its
    // family was appended (stream still empty) is registered like a new family.
    const bekannt = await deps.store.readStreams([...konten.values()].filter((k) => !k.neu).map((k) => elternStream(k.id)));
    const familien = eingabe.familien.map((f) => {
      const konto = konten.get(normalisiereEmail(f.email))!;
      const registriert = !konto.neu && bekannt.get(elternStream(konto.id))!.revision !== null;
      return { ...f, elternId: konto.id, neu: konto.neu, registriert };
    });
    const links = await neuePasswortLinks(
      deps,
      familien.filter((f) => !f.registriert).map((f) => f.elternId),
      'willkommen',
      context.now,
    );

    const imFile = new Set(familien.map((f) => f.elternId));
    const weg = bisher.rows.filter((e) => !e.admin && !imFile.has(e.eltern_id)).map((e) => e.eltern_id);
    const neueGruppen = new Map([...gruppeIds].filter(([, g]) => g.neu).map(([name, g]) => [g.id, name]));

    const befehle: StreamCommand[] = [
      ...[...neueGruppen].map(([gruppeId, name]) =>
        streamCommand(gruppeStream(gruppeId), gruppeDecider, { type: 'LegeGruppeAn', data: { gruppeId, name } }, { neu: true }),
      ),
      ...gruppen.rows.map(({ gruppe_id }) =>
        streamCommand(dienstplanStream(gruppe_id), dienstplanDecider, {
          type: 'SetzeDienstplanZurueck',
          data: { gruppeId: gruppe_id, importId },
        }),
      ),
      ...mitAbwesenheit.rows.map(({ eltern_id }) =>
        streamCommand(abwesenheitenStream(eltern_id), abwesenheitDecider, {
          type: 'SetzeAbwesenheitenZurueck',
          data: { elternId: eltern_id, importId },
        }),
      ),
      ...familien.map((f) => {
        const daten = {
          elternId: f.elternId,
          nachname: f.nachname,
          nameKind: f.kinder.join(', '),
          gruppeId: gruppeIds.get(f.gruppe.trim())!.id,
        };
        if (f.registriert) return streamCommand(elternStream(f.elternId), elternDecider, { type: 'AktualisiereEltern', data: daten });
        const link = links.get(f.elternId)!;
        return streamCommand(
          elternStream(f.elternId),
          elternDecider,
          {
            type: 'RegistriereEltern',
            data: {
              ...daten,
              email: normalisiereEmail(f.email),
              rollen: ['ROLE_ELTERN'],
              mitPasswort: false,
              willkommensLink: { linkId: link.linkId, gueltigBis: link.gueltigBis },
            },
          },
          { neu: f.neu },
        );
      }),
      ...weg.map((elternId) => streamCommand(elternStream(elternId), elternDecider, { type: 'EntferneEltern', data: { elternId } })),
      streamCommand(SAISON_STREAM, saisonDecider, { type: 'SetzeAbwesenheitsfrist', data: { frist: eingabe.frist, quelle: 'import' } }),
    ];
    const neueFamilien = familien.filter((f) => !f.registriert).length;
    const ergebnis = {
      importId,
      successCount: familien.length,
      skippedCount: eingabe.skippedCount,
      neueFamilien,
      bekannteFamilien: familien.length - neueFamilien,
      entfernteFamilien: weg.length,
    };
    befehle.push(
      streamCommand(
        importStream(importId),
        importDecider,
        {
          type: 'SchliesseImportAb',
          data: {
            ...ergebnis,
            dateiname: eingabe.dateiname,
            frist: eingabe.frist,
            errorCount: 0,
            errors: [],
            zurueckgesetztePlaene: gruppen.rows.length,
            zurueckgesetzteAbwesenheiten: mitAbwesenheit.rows.length,
          },
        },
        { neu: true },
      ),
    );
    const { position } = await handleCommands(deps.store, befehle, context, { read: bekannt });
    return { ...ergebnis, position };
  } catch (error) {
    await freigeben().catch(() => undefined);
    throw error;
  }
}
