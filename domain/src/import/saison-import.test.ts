import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import { IMPORT_BEREITS_ABGESCHLOSSEN, type ImportZusammenfassung, importDecider } from './saison-import.js';

const given = deciderSpec(importDecider);
const zusammenfassung: ImportZusammenfassung = {
  importId: 'a1b2c3d4-0000-4000-8000-000000000001',
  dateiname: 'eltern-2026.csv',
  frist: '2026-12-15',
  successCount: 40,
  skippedCount: 2,
  errorCount: 0,
  errors: [],
  neueFamilien: 12,
  bekannteFamilien: 28,
  entfernteFamilien: 3,
  zurueckgesetztePlaene: 2,
  zurueckgesetzteAbwesenheiten: 5,
};

describe('Import decider', () => {
  it('records a finished import with its file, deadline and counts', () =>
    given([])
      .when({ type: 'SchliesseImportAb', data: zusammenfassung })
      .then([{ type: 'ImportAbgeschlossen', data: zusammenfassung }]));

  it('refuses to record the same import twice', () =>
    given([{ type: 'ImportAbgeschlossen', data: zusammenfassung }])
      .when({ type: 'SchliesseImportAb', data: zusammenfassung })
      .thenThrows('konflikt', IMPORT_BEREITS_ABGESCHLOSSEN));
});
