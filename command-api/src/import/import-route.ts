import { createHash, randomUUID } from 'node:crypto';
import type { ImportErgebnis } from '@waldkita/domain/admin/antworten';
import { heuteInBerlin, istDatum } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { pruefeFrist } from '@waldkita/domain/saison/saison';
import { fold } from '@waldkita/domain/shared/decider';
import { hatUngueltigeZeichen, UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import type { FastifyInstance } from 'fastify';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { ImportDateiFehler, istCsvDatei, KEINE_CSV, kodierungVon, leseImportDatei, MAX_BYTES, ZU_GROSS } from './csv-datei.js';
import { uebernimmImport } from './uebernimm-import.js';

const DATEI_FEHLT = 'Bitte wählen Sie eine CSV-Datei aus';
const FRIST_FEHLT = 'Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus.';
const FERIEN_NICHT_BESTAETIGT = 'Ferientermine müssen zuerst bestätigt werden';
const IMPORT_ERFOLGREICH = 'CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.';
const IMPORT_MIT_FEHLERN = 'Die Datei enthält Fehler. Es wurde nichts geändert.';
const UPLOAD_UNVOLLSTAENDIG = 'Die Datei ist nicht vollständig angekommen. Bitte wählen Sie sie erneut aus.';

/**
 * POST /api/admin/import-eltern (multipart `csvFile`, `deadline`): the yearly import that replaces
 * the season. The whole file is read and checked first; with any problem nothing is appended.
 * The deadline must be today or later in Europe/Berlin (pruefeFrist), else 400 before anything else.
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
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'csvFile') {
            if (!istCsvDatei(part.filename, part.mimetype)) throw new HttpError(400, KEINE_CSV);
            if (hatUngueltigeZeichen(part.filename)) throw new HttpError(400, UNGUELTIGE_ZEICHEN);
            datei = { name: part.filename, bytes };
          }
        } else if (part.fieldname === 'deadline') deadline = String(part.value ?? '').trim();
      }
    } catch (error) {
      // Limits of @fastify/multipart carry a FST_ code (German in platform/http/errors); anything
      // else here is a form cut off or garbled on its way, never a fault of the server.
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ZU_GROSS);
      if (error instanceof HttpError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
      throw new HttpError(400, UPLOAD_UNVOLLSTAENDIG);
    }
    if (!datei || datei.bytes.length === 0) throw new HttpError(400, DATEI_FEHLT);
    if (!istDatum(deadline)) throw new HttpError(400, FRIST_FEHLT);
    const fristFehler = pruefeFrist(deadline, heuteInBerlin(deps.now()));
    if (fristFehler) throw new HttpError(400, fristFehler);
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
      } satisfies ImportErgebnis);
    }

    const importId = randomUUID();
    const { position, ...ergebnis } = await uebernimmImport(
      deps,
      {
        familien: gelesen.familien,
        dateiname: datei.name,
        frist: deadline,
        skippedCount,
        datei: {
          sha256: createHash('sha256').update(datei.bytes).digest('hex'),
          bytes: datei.bytes.length,
          kodierung: kodierungVon(datei.bytes),
        },
      },
      { actorId: admin.elternId, correlationId: importId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return { ...ergebnis, errorCount: 0, errors: [], message: IMPORT_ERFOLGREICH } satisfies ImportErgebnis;
  });
}
