import { describe, expect, it } from 'vitest';
import { pruefeAdminPasswort, pruefeGruppenname } from './validierung';

describe("'Passwort setzen' checks, with the server's messages", () => {
  it('asks for at least 6 characters, also for an empty field, and counts spaces', () => {
    expect(pruefeAdminPasswort('')).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    expect(pruefeAdminPasswort('abcde')).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    expect(pruefeAdminPasswort('abcdef')).toBeNull();
    expect(pruefeAdminPasswort('      ')).toBeNull();
  });

  it('refuses more than 1024 characters', () => {
    expect(pruefeAdminPasswort('x'.repeat(1024))).toBeNull();
    expect(pruefeAdminPasswort('x'.repeat(1025))).toBe('Das Passwort darf höchstens 1024 Zeichen lang sein.');
  });
});

describe("'Neue Gruppe' check", () => {
  it('needs a name that is more than spaces', () => {
    expect(pruefeGruppenname('')).toBe('Bitte geben Sie einen Gruppennamen an.');
    expect(pruefeGruppenname('   ')).toBe('Bitte geben Sie einen Gruppennamen an.');
    expect(pruefeGruppenname('Biber')).toBeNull();
  });
});
