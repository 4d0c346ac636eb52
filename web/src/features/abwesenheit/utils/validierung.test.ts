import { describe, expect, it } from 'vitest';
import { pruefeAbwesenheit } from './validierung';

const aktuelleWoche = { jahr: 2026, kalenderwoche: 47 };
const pruefe = (kalenderwoche: string, jahr: string, kannErstellen = true) =>
  pruefeAbwesenheit({ kalenderwoche, jahr, kannErstellen, aktuelleWoche });

describe('the absence dialog checks before sending', () => {
  it('refuses a week that has ended with the server’s German message; the current week and later ones pass', () => {
    expect(pruefe('10', '2026')).toBe('KW 10/2026 ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.');
    expect(pruefe('46', '2026')).toBe('KW 46/2026 ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.');
    expect(pruefe('47', '2026')).toBeNull();
    expect(pruefe('1', '2027')).toBeNull();
  });

  it('names the range and the deadline first', () => {
    expect(pruefe('0', '2026')).toBe('Kalenderwoche muss zwischen 1 und 53 liegen');
    expect(pruefe('10', '2026', false)).toBe('Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.');
  });
});
