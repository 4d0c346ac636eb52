import { randomUUID } from 'node:crypto';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { ImportErgebnis as ImportAntwort } from '@waldkita/domain/admin/antworten';
import { elternDecider, elternStream, istAdmin, normalisiereEmail } from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { importDecider, importStream } from '@waldkita/domain/import/saison-import';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommands, type StreamCommand, streamCommand } from '@waldkita/platform/command-handler';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { HttpError, VERALTET } from '@waldkita/platform/http/errors';
import type pg from 'pg';
import { planePasswortLinks, schreibePasswortLinks } from '../auth/passwort-links.js';
import type { CommandDeps } from '../deps.js';
import { beanspruecheGruppennamen, beanspruecheZugaenge, EmailVergebenError } from '../eltern/zugaenge.js';
import type { ImportFamilie } from './csv-datei.js';

export type ImportEingabe = {
  familien: ImportFamilie[];
  dateiname: string;
  frist: string;
  skippedCount: number;
  datei?: { sha256: string; bytes: number; kodierung: string };
};

/** The counts of the answer (domain/src/admin/antworten.ts), all of them known after a success, and the log position. */
export type ImportErgebnis = Required<
  Pick<ImportAntwort, 'importId' | 'successCount' | 'skippedCount' | 'neueFamilien' | 'bekannteFamilien' | 'entfernteFamilien'>
> & { position: Position | null };

/**
 * The yearly import, once the file has been read and checked: the new season replaces the old
 * one in a single `handleCommands` call, so on the Postgres event store it lands all or nothing,
 * together with the rows beside the log it needs (new logins, welcome links, group names).
 *
 * - Groups are found by name; new ones are created.
 * - A family whose e-mail is known keeps its login and is updated; new families are registered
 *   with a welcome link (14 days) to set their password.
 * - Families missing from the file leave (admins stay); every group's plan and every family's
 *   absences are retired. Their history stays in the event log.
 * - The absence deadline is set, and `ImportAbgeschlossen` records file, deadline and counts.
 *
 * What the old season is comes from the log, not from the read models: every login and group
 * name (tables written with their events) and their streams, read in one query. So an import
 * right after a restart, while the projector is still catching up, decides on the same facts.
 * Whatever the number of families, this takes a fixed number of round trips.
 */
export async function uebernimmImport(
  deps: Pick<CommandDeps, 'store' | 'pool' | 'tokens'>,
  eingabe: ImportEingabe,
  context: CommandContext & { correlationId: string; now: Date },
): Promise<ImportErgebnis> {
  const importId = context.correlationId;

  const [konten, namen] = await Promise.all([
    deps.pool.query<{ eltern_id: string; email: string }>('SELECT eltern_id::text, email FROM credentials'),
    deps.pool.query<{ name_key: string; gruppe_id: string }>('SELECT name_key, gruppe_id::text FROM gruppen_namen'),
  ]);
  const gelesen = await deps.store.readStreams([
    ...konten.rows.flatMap((k) => [elternStream(k.eltern_id), abwesenheitenStream(k.eltern_id)]),
    ...namen.rows.map((g) => gruppeStream(g.gruppe_id)),
  ]);
  const events = (stream: string) => (gelesen.get(stream)?.events ?? []) as never[];
  // A row whose stream is still empty is an EventStoreDB reservation its append never confirmed:
  // the import completes it under the same id.
  const da = (stream: string) => (gelesen.get(stream)?.revision ?? null) !== null;

  const bisher = konten.rows.flatMap((k) => {
    const state = fold(elternDecider, events(elternStream(k.eltern_id)));
    return state.status === 'aktiv' ? [{ elternId: k.eltern_id, admin: istAdmin(state.eltern.rollen) }] : [];
  });
  const mitAbwesenheit = konten.rows
    .map((k) => k.eltern_id)
    .filter((id) => fold(abwesenheitDecider, events(abwesenheitenStream(id))).size > 0);
  const gruppeIdVon = new Map(namen.rows.map((r) => [r.name_key, r.gruppe_id]));
  const gruppeIds = new Map(
    [...new Set(eingabe.familien.map((f) => f.gruppe.trim()))].map((name) => {
      const id = gruppeIdVon.get(name.toLowerCase());
      return [name, id ? { id, neu: !da(gruppeStream(id)) } : { id: randomUUID(), neu: true }];
    }),
  );
  const kontoVon = new Map(konten.rows.map((r) => [r.email, r.eltern_id]));

  const familien = eingabe.familien.map((f) => {
    const email = normalisiereEmail(f.email);
    const elternId = kontoVon.get(email) ?? randomUUID();
    return { ...f, email, elternId, registriert: da(elternStream(elternId)) };
  });
  const neu = familien.filter((f) => !f.registriert);
  const links = planePasswortLinks(
    neu.map((f) => f.elternId),
    'willkommen',
    context.now,
  );

  const imFile = new Set(familien.map((f) => f.elternId));
  const weg = bisher.filter((e) => !e.admin && !imFile.has(e.elternId)).map((e) => e.elternId);
  const neueGruppen = new Map([...gruppeIds].filter(([, g]) => g.neu).map(([name, g]) => [g.id, name]));
  const allePlaene = namen.rows.map((r) => r.gruppe_id);

  const befehle: StreamCommand[] = [
    ...[...neueGruppen].map(([gruppeId, name]) =>
      streamCommand(gruppeStream(gruppeId), gruppeDecider, { type: 'LegeGruppeAn', data: { gruppeId, name } }, { neu: true }),
    ),
    ...allePlaene.map((gruppeId) =>
      streamCommand(dienstplanStream(gruppeId), dienstplanDecider, { type: 'SetzeDienstplanZurueck', data: { gruppeId, importId } }),
    ),
    ...mitAbwesenheit.map((elternId) =>
      streamCommand(abwesenheitenStream(elternId), abwesenheitDecider, { type: 'SetzeAbwesenheitenZurueck', data: { elternId, importId } }),
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
            email: f.email,
            rollen: ['ROLE_ELTERN'],
            mitPasswort: false,
            willkommensLink: { linkId: link.linkId, gueltigBis: link.gueltigBis },
          },
        },
        { neu: !kontoVon.has(f.email) },
      );
    }),
    ...weg.map((elternId) => streamCommand(elternStream(elternId), elternDecider, { type: 'EntferneEltern', data: { elternId } })),
    streamCommand(SAISON_STREAM, saisonDecider, {
      type: 'SetzeAbwesenheitsfrist',
      data: { frist: eingabe.frist, quelle: 'import', heute: heuteInBerlin(context.now) },
    }),
  ];
  const ergebnis = {
    importId,
    successCount: familien.length,
    skippedCount: eingabe.skippedCount,
    neueFamilien: neu.length,
    bekannteFamilien: familien.length - neu.length,
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
          ...(eingabe.datei ? { datei: eingabe.datei } : {}),
          frist: eingabe.frist,
          errorCount: 0,
          errors: [],
          zurueckgesetztePlaene: allePlaene.length,
          zurueckgesetzteAbwesenheiten: mitAbwesenheit.length,
        },
      },
      { neu: true },
    ),
  );
  // The new groups' names, the new families' logins and their welcome links are written with
  // the events: in the same transaction on the Postgres store.
  const claim = async (db: pg.ClientBase) => {
    await beanspruecheGruppennamen(
      db,
      [...neueGruppen].map(([gruppeId, name]) => ({ gruppeId, name })),
    );
    await beanspruecheZugaenge(
      db,
      neu.map((f) => ({ elternId: f.elternId, email: f.email, passwordHash: null })),
    );
    await schreibePasswortLinks(db, deps.tokens, links);
  };
  try {
    const { position } = await handleCommands(deps.store, befehle, context, { read: gelesen, side: { claim } });
    return { ...ergebnis, position };
  } catch (error) {
    // A family registered by an admin while the import ran took one of the new e-mails.
    if (error instanceof EmailVergebenError) throw new HttpError(409, VERALTET);
    throw error;
  }
}
