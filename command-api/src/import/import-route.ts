import { randomUUID } from 'node:crypto';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { istDatum } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type CommandContext, handleCommand } from '@waldkita/platform/command-handler';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { registriereEltern } from '../eltern/registriere-eltern.js';
import { legeGruppeAn } from '../gruppe/lege-gruppe-an.js';
import { ImportDateiFehler, istCsvDatei, KEINE_CSV, leseImportDatei, MAX_BYTES, ZU_GROSS } from './csv-datei.js';

export const DATEI_FEHLT = 'Bitte wählen Sie eine CSV-Datei aus';
export const FRIST_FEHLT = 'Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus.';
export const FERIEN_NICHT_BESTAETIGT = 'Ferientermine müssen zuerst bestätigt werden';
export const IMPORT_ERFOLGREICH = 'CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.';
export const IMPORT_MIT_FEHLERN = 'Die Datei enthält Fehler. Es wurde nichts geändert.';
const rm = READ_MODEL_SCHEMA;

/** Runs `task` over `items`, `limit` at a time (appends to different streams do not wait on each other). */
async function parallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * POST /api/admin/import-eltern (multipart `csvFile`, `deadline`): the yearly import that replaces
 * the season. The whole file is read and checked first; with any problem nothing is appended.
 * Then families come in (a known e-mail keeps its login), families missing from the file leave
 * (admins stay), every group's plan and every family's absences are retired, and the deadline
 * is set. The history of the old season stays in the event log.
 */
export function importRoute(app: FastifyInstance, deps: CommandDeps) {
  app.post('/api/admin/import-eltern', { preHandler: [authenticate(deps.tokens), nurAdmins(deps)] }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    if (!request.isMultipart()) throw new HttpError(400, DATEI_FEHLT);
    let datei: { name: string; bytes: Buffer } | null = null;
    let deadline = '';
    for await (const part of request.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ZU_GROSS);
          throw error;
        });
        if (part.fieldname === 'csvFile') {
          if (!istCsvDatei(part.filename, part.mimetype)) throw new HttpError(400, KEINE_CSV);
          datei = { name: part.filename, bytes };
        }
      } else if (part.fieldname === 'deadline') deadline = String(part.value ?? '').trim();
    }
    if (!datei || datei.bytes.length === 0) throw new HttpError(400, DATEI_FEHLT);
    if (!istDatum(deadline)) throw new HttpError(400, FRIST_FEHLT);
    const kalender = fold(kalenderDecider, (await deps.store.readStream(KALENDER_STREAM)).events as never);
    if (!kalender.ferienBestaetigt) throw new HttpError(409, FERIEN_NICHT_BESTAETIGT);

    let gelesen: ReturnType<typeof leseImportDatei>;
    try {
      gelesen = leseImportDatei(datei.bytes);
    } catch (error) {
      if (error instanceof ImportDateiFehler) throw new HttpError(400, error.message);
      throw error;
    }
    const skippedCount = gelesen.leerzeilen + gelesen.geschwisterzeilen;
    if (gelesen.fehler.length > 0) {
      return reply.status(400).send({
        successCount: 0,
        skippedCount,
        errorCount: gelesen.fehler.length,
        errors: gelesen.fehler,
        message: IMPORT_MIT_FEHLERN,
      });
    }

    const importId = randomUUID();
    const context: CommandContext = { actorId: admin.elternId, correlationId: importId, now: deps.now() };
    let position: Position | null = null;
    const merke = (p: Position | null) => {
      if (p) position = p;
    };

    // Groups by name: existing ones are kept, new ones created.
    const gruppeIds = new Map<string, string>();
    for (const name of new Set(gelesen.familien.map((f) => f.gruppe))) {
      const key = name.toLowerCase();
      if (gruppeIds.has(key)) continue;
      const { rows } = await deps.pool.query<{ gruppe_id: string }>('SELECT gruppe_id FROM gruppen_namen WHERE name_key = lower($1)', [
        name,
      ]);
      gruppeIds.set(key, rows[0]?.gruppe_id ?? (await legeGruppeAn(deps, name, context)).gruppeId);
    }

    // The old season: families, plans and absences as the read models list them (input gathering).
    const { rows: bisher } = await deps.pool.query<{ eltern_id: string; email: string; admin: boolean }>(
      `SELECT eltern_id, email, rollen && ARRAY['ROLE_ADMIN','ADMIN'] AS admin FROM ${rm}.eltern WHERE NOT entfernt`,
    );
    const { rows: gruppen } = await deps.pool.query<{ gruppe_id: string }>(`SELECT gruppe_id FROM gruppen_namen`);
    const { rows: mitAbwesenheit } = await deps.pool.query<{ eltern_id: string }>(`SELECT DISTINCT eltern_id FROM ${rm}.abwesenheit`);

    for (const { gruppe_id } of gruppen) {
      const r = await handleCommand(
        deps.store,
        dienstplanStream(gruppe_id),
        dienstplanDecider,
        { type: 'SetzeDienstplanZurueck', data: { gruppeId: gruppe_id, importId } },
        context,
      );
      merke(r.position);
    }
    await parallel(mitAbwesenheit, 8, async ({ eltern_id }) => {
      const r = await handleCommand(
        deps.store,
        abwesenheitenStream(eltern_id),
        abwesenheitDecider,
        { type: 'SetzeAbwesenheitenZurueck', data: { elternId: eltern_id, importId } },
        context,
      );
      merke(r.position);
    });

    let neu = 0;
    let aktualisiert = 0;
    const imFile = new Set<string>();
    await parallel(gelesen.familien, 8, async (familie) => {
      const gruppeId = gruppeIds.get(familie.gruppe.toLowerCase())!;
      const nameKind = familie.kinder.join(', ');
      const { rows } = await deps.pool.query<{ eltern_id: string }>('SELECT eltern_id FROM credentials WHERE email = $1', [familie.email]);
      const bekannt = rows[0]?.eltern_id;
      if (bekannt && (await deps.store.readStream(elternStream(bekannt))).revision !== null) {
        imFile.add(bekannt);
        const r = await handleCommand(
          deps.store,
          elternStream(bekannt),
          elternDecider,
          { type: 'AktualisiereEltern', data: { elternId: bekannt, nachname: familie.nachname, nameKind, gruppeId } },
          context,
        );
        merke(r.position);
        aktualisiert++;
        return;
      }
      const r = await registriereEltern(
        deps,
        { nachname: familie.nachname, nameKind, email: familie.email, gruppeId, rollen: ['ROLE_ELTERN'] },
        context,
      );
      imFile.add(r.elternId);
      if (r.status === 'angelegt') merke(r.position);
      neu++;
    });

    const weg = bisher.filter((e) => !e.admin && !imFile.has(e.eltern_id));
    await parallel(weg, 8, async ({ eltern_id }) => {
      const r = await handleCommand(
        deps.store,
        elternStream(eltern_id),
        elternDecider,
        { type: 'EntferneEltern', data: { elternId: eltern_id } },
        context,
      );
      merke(r.position);
    });

    merke(
      (
        await handleCommand(
          deps.store,
          SAISON_STREAM,
          saisonDecider,
          { type: 'SetzeAbwesenheitsfrist', data: { frist: deadline, quelle: 'import' } },
          context,
        )
      ).position,
    );
    const ergebnis = { successCount: neu + aktualisiert, skippedCount, errorCount: 0, errors: [] as string[] };
    const { position: ende } = await deps.store.appendToStream(
      `import-${importId}`,
      [
        {
          id: randomUUID(),
          type: 'ImportAbgeschlossen',
          data: {
            importId,
            dateiname: datei.name,
            frist: deadline,
            ...ergebnis,
            neueFamilien: neu,
            bekannteFamilien: aktualisiert,
            entfernteFamilien: weg.length,
            zurueckgesetztePlaene: gruppen.length,
            zurueckgesetzteAbwesenheiten: mitAbwesenheit.length,
          },
          metadata: { actorId: admin.elternId, correlationId: importId, causationId: null, occurredAt: deps.now().toISOString() },
        },
      ],
      'no_stream',
    );
    withEventPosition(reply, ende ?? position);
    return {
      ...ergebnis,
      importId,
      neueFamilien: neu,
      bekannteFamilien: aktualisiert,
      entfernteFamilien: weg.length,
      message: IMPORT_ERFOLGREICH,
    };
  });
}
