import { describe, expect, it } from 'vitest';
import { BEREICHE, bereichAus, bereichPfad } from './bereiche';

describe('Admin Center sections', () => {
  it('opens the first section at /admin-dashboard and each section under its own address', () => {
    expect(bereichAus(undefined)).toBe('familien');
    expect(bereichAus('')).toBe('familien');
    for (const { pfad } of BEREICHE) expect(bereichAus(pfad)).toBe(pfad);
    expect(bereichPfad('ferien')).toBe('/admin-dashboard/ferien');
  });

  it('knows no section of another name', () => {
    expect(bereichAus('eltern')).toBeUndefined();
    expect(bereichAus('Familien')).toBeUndefined();
  });
});
