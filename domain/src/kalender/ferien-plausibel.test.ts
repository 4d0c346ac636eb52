import { describe, expect, it } from 'vitest';
import { ferienHinweis } from './ferien-plausibel.js';

const SOMMER = 'Hinweis: Sommerferien liegen in Bayern meist von Ende Juli bis Mitte September. Bitte prüfen Sie Art und Zeitraum.';

describe('ferienHinweis: a holiday type that does not fit its dates (Bavarian school holidays as a guide)', () => {
  it('warns for Sommerferien over Christmas, and says what is usual', () => {
    expect(ferienHinweis({ art: 'Sommerferien', von: '2026-12-21', bis: '2027-01-06' })).toBe(SOMMER);
  });

  it('is silent for the dates of each type in Bavaria (2025/26 and 2026/27)', () => {
    for (const [art, von, bis] of [
      ['Sommerferien', '2026-08-03', '2026-09-14'],
      ['Sommerferien', '2026-07-27', '2026-08-14'],
      ['Herbstferien', '2026-11-02', '2026-11-06'],
      ['Herbstferien', '2025-10-27', '2025-10-31'],
      ['Weihnachtsferien', '2025-12-22', '2026-01-05'],
      ['Weihnachtsferien', '2026-12-24', '2027-01-08'],
      ['Faschingsferien', '2026-02-16', '2026-02-20'],
      ['Faschingsferien', '2027-02-08', '2027-02-12'],
      ['Osterferien', '2026-03-30', '2026-04-10'],
      ['Osterferien', '2027-03-22', '2027-04-02'],
      ['Brückentag', '2026-05-15', '2026-05-15'],
    ] as const)
      expect(ferienHinweis({ art, von, bis }), `${art} ${von}–${bis}`).toBeNull();
  });

  it('warns when a range leaves the usual time, also only partly', () => {
    expect(ferienHinweis({ art: 'Herbstferien', von: '2026-08-03', bis: '2026-08-07' })).toBe(
      'Hinweis: Herbstferien liegen in Bayern meist Ende Oktober bis Anfang November. Bitte prüfen Sie Art und Zeitraum.',
    );
    expect(ferienHinweis({ art: 'Weihnachtsferien', von: '2026-12-21', bis: '2027-01-15' })).toMatch(/^Hinweis: Weihnachtsferien/);
    expect(ferienHinweis({ art: 'Osterferien', von: '2026-07-01', bis: '2026-07-03' })).toMatch(/^Hinweis: Osterferien/);
    expect(ferienHinweis({ art: 'Faschingsferien', von: '2026-05-04', bis: '2026-05-08' })).toMatch(/^Hinweis: Faschingsferien/);
    expect(ferienHinweis({ art: 'Sommerferien', von: '2026-06-01', bis: '2026-08-31' })).toBe(SOMMER);
    // a whole year is no holiday of any window
    expect(ferienHinweis({ art: 'Sommerferien', von: '2026-01-01', bis: '2026-12-31' })).toBe(SOMMER);
  });

  it('warns for a Brückentag of several days', () => {
    expect(ferienHinweis({ art: 'Brückentag', von: '2026-05-15', bis: '2026-05-18' })).toBe(
      'Hinweis: Ein Brückentag ist ein einzelner Tag zwischen einem Feiertag und dem Wochenende. Bitte prüfen Sie Art und Zeitraum.',
    );
  });

  it('has nothing to say about types without a usual time, or incomplete and reversed ranges', () => {
    expect(ferienHinweis({ art: 'Fortbildung', von: '2026-12-21', bis: '2027-01-06' })).toBeNull();
    expect(ferienHinweis({ art: 'Sonstiges', von: '2026-06-01', bis: '2026-06-05' })).toBeNull();
    expect(ferienHinweis({ art: 'Sommerferien', von: '', bis: '2026-08-14' })).toBeNull();
    expect(ferienHinweis({ art: 'Sommerferien', von: '2026-12-21', bis: '2026-12-01' })).toBeNull();
    expect(ferienHinweis({ art: '', von: '2026-12-21', bis: '2027-01-06' })).toBeNull();
  });
});
