import { assertNever, type Decider, DomainError } from '../shared/decider.js';

/**
 * The record of one yearly CSV import, in its own stream `import-{importId}`: what file, which
 * deadline, and what it changed. The import's other events (families, plans, absences, the
 * deadline) carry the import id as their correlation id, so the audit trail can tell its story.
 */
export const importStream = (importId: string) => `import-${importId}`;

export type ImportZusammenfassung = {
  importId: string;
  dateiname: string;
  /** The uploaded file itself, so the import can be tied to it: SHA-256 (hex), size and the encoding read. Absent in older records. */
  datei?: { sha256: string; bytes: number; kodierung: string };
  frist: string;
  successCount: number;
  skippedCount: number;
  errorCount: number;
  errors: string[];
  neueFamilien: number;
  bekannteFamilien: number;
  entfernteFamilien: number;
  zurueckgesetztePlaene: number;
  zurueckgesetzteAbwesenheiten: number;
};

export type ImportEvent = { type: 'ImportAbgeschlossen'; data: ImportZusammenfassung };
export type ImportCommand = { type: 'SchliesseImportAb'; data: ImportZusammenfassung };
export type ImportState = { abgeschlossen: boolean };

export const IMPORT_BEREITS_ABGESCHLOSSEN = 'Dieser Import ist bereits abgeschlossen.';

const decide = (command: ImportCommand, state: ImportState): ImportEvent[] => {
  switch (command.type) {
    case 'SchliesseImportAb':
      if (state.abgeschlossen) throw new DomainError('konflikt', IMPORT_BEREITS_ABGESCHLOSSEN);
      return [{ type: 'ImportAbgeschlossen', data: command.data }];
    default:
      return assertNever(command.type);
  }
};

const evolve = (_state: ImportState, event: ImportEvent): ImportState => {
  switch (event.type) {
    case 'ImportAbgeschlossen':
      return { abgeschlossen: true };
    default:
      return assertNever(event.type);
  }
};

export const importDecider: Decider<ImportCommand, ImportEvent, ImportState> = {
  decide,
  evolve,
  initialState: () => ({ abgeschlossen: false }),
};
