import { describe, expect, it } from 'vitest';
import { rolleGeaendert, rollenFuer, rollenwahlVon } from './rollen';

const konto = (...rollen: string[]) => ({ authorities: rollen.map((authority) => ({ authority })) });

describe("'Rolle ändern…': the role an account has now", () => {
  it('given a parent, an auditor and an admin, when asked, then each is named by its strongest role', () => {
    expect(rollenwahlVon(konto('ROLE_ELTERN'))).toBe('eltern');
    expect(rollenwahlVon(konto('ROLE_ELTERN', 'ROLE_AUDITOR'))).toBe('pruefer');
    expect(rollenwahlVon(konto('ROLE_ELTERN', 'ROLE_ADMIN'))).toBe('admin');
    expect(rollenwahlVon(konto('ROLE_AUDITOR', 'ADMIN'))).toBe('admin');
  });
});

describe("'Rolle speichern': the list sent to the server", () => {
  it('given a choice, when saved, then the parent role is always kept and only the chosen one added', () => {
    expect(rollenFuer('eltern')).toEqual(['ROLE_ELTERN']);
    expect(rollenFuer('pruefer')).toEqual(['ROLE_ELTERN', 'ROLE_AUDITOR']);
    expect(rollenFuer('admin')).toEqual(['ROLE_ELTERN', 'ROLE_ADMIN']);
  });

  it('given a saved role, then the toast says what the family is now', () => {
    expect(rolleGeaendert('Fuchs', 'pruefer')).toBe('Familie Fuchs ist jetzt Prüfer (Verlauf) und kann nur noch lesen.');
    expect(rolleGeaendert('Fuchs', 'eltern')).toBe('Familie Fuchs ist jetzt Elternteil.');
    expect(rolleGeaendert('Fuchs', 'admin')).toBe('Familie Fuchs ist jetzt Admin.');
  });
});
