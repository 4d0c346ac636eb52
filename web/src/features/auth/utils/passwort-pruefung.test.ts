import { describe, expect, it } from 'vitest';
import { pruefeNeuesPasswort, pruefePasswortAenderung } from './passwort-pruefung';

describe('reset screen checks (docs/produkt.md §5 Reset password)', () => {
  it('asks for both fields first, then equal passwords, then six characters', () => {
    expect(pruefeNeuesPasswort({ passwort: '', bestaetigung: 'abc' })).toBe('Bitte füllen Sie alle Felder aus.');
    expect(pruefeNeuesPasswort({ passwort: 'abc', bestaetigung: '' })).toBe('Bitte füllen Sie alle Felder aus.');
    expect(pruefeNeuesPasswort({ passwort: 'abc', bestaetigung: 'abd' })).toBe('Passwörter stimmen nicht überein.');
    expect(pruefeNeuesPasswort({ passwort: 'abcde', bestaetigung: 'abcde' })).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    expect(pruefeNeuesPasswort({ passwort: 'abcdef', bestaetigung: 'abcdef' })).toBeNull();
  });

  it('counts spaces as characters, as the server does', () => {
    expect(pruefeNeuesPasswort({ passwort: '      ', bestaetigung: '      ' })).toBeNull();
  });
});

describe('change-password dialog checks (docs/produkt.md §5 Change password)', () => {
  const gueltig = { aktuell: 'altes-passwort', neu: 'neues-passwort', bestaetigung: 'neues-passwort' };

  it('asks for all three fields', () => {
    expect(pruefePasswortAenderung({ ...gueltig, aktuell: '' })).toBe('Bitte füllen Sie alle Felder aus.');
    expect(pruefePasswortAenderung({ ...gueltig, neu: '' })).toBe('Bitte füllen Sie alle Felder aus.');
    expect(pruefePasswortAenderung({ ...gueltig, bestaetigung: '' })).toBe('Bitte füllen Sie alle Felder aus.');
  });

  it('then wants the confirmation to match, then six characters', () => {
    expect(pruefePasswortAenderung({ ...gueltig, bestaetigung: 'neues-passwortX' })).toBe('Neue Passwörter stimmen nicht überein.');
    expect(pruefePasswortAenderung({ ...gueltig, neu: 'kurz', bestaetigung: 'kurz' })).toBe(
      'Neues Passwort muss mindestens 6 Zeichen lang sein.',
    );
    expect(pruefePasswortAenderung(gueltig)).toBeNull();
  });

  it('refuses an absurdly long new password before sending it', () => {
    const lang = 'x'.repeat(1025);
    expect(pruefePasswortAenderung({ ...gueltig, neu: lang, bestaetigung: lang })).toBe(
      'Das Passwort darf höchstens 1024 Zeichen lang sein.',
    );
  });
});
