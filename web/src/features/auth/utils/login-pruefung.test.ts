import * as login from '@waldkita/domain/auth/login';
import { PASSWORT_ZURUECKGESETZT as PASSWORT_ZURUECKGESETZT_DOMAIN } from '@waldkita/domain/auth/passwort';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FELDER_FEHLEN, LOGIN_FEHLGESCHLAGEN, PASSWORT_ZURUECKGESETZT, pruefeLogin, ZU_VIELE_VERSUCHE } from './login-pruefung';

describe('sign-in check (docs/produkt.md §5 Login)', () => {
  it('asks for both fields, an e-mail of blanks counting as none', () => {
    expect(pruefeLogin({ email: '', kennwort: 'geheim' })).toEqual({ ok: false, meldung: 'Bitte füllen Sie alle Felder aus.' });
    expect(pruefeLogin({ email: '   ', kennwort: 'geheim' })).toEqual({ ok: false, meldung: 'Bitte füllen Sie alle Felder aus.' });
    expect(pruefeLogin({ email: 'a@b.de', kennwort: '' })).toEqual({ ok: false, meldung: 'Bitte füllen Sie alle Felder aus.' });
  });

  it('answers overlong input as a failed sign-in and sends the e-mail trimmed', () => {
    expect(pruefeLogin({ email: `${'a'.repeat(250)}@b.de`, kennwort: 'geheim' })).toEqual({
      ok: false,
      meldung: 'Ungültige E-Mail oder Passwort.',
    });
    expect(pruefeLogin({ email: 'a@b.de', kennwort: 'x'.repeat(1025) })).toEqual({ ok: false, meldung: 'Ungültige E-Mail oder Passwort.' });
    expect(pruefeLogin({ email: ' a@b.de ', kennwort: ' geheim ' })).toEqual({
      ok: true,
      daten: { email: 'a@b.de', kennwort: ' geheim ' },
    });
  });

  it('gives the same answer as the server’s login schema for any input', () => {
    const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', ' ', ' \t '), fc.string({ minLength: 250, maxLength: 1100 }));
    fc.assert(
      fc.property(text, text, (email, kennwort) => {
        const schema = login.loginSchema.safeParse({ email, kennwort });
        const erwartet = schema.success ? { ok: true, daten: schema.data } : { ok: false, meldung: schema.error.issues[0]?.message };
        expect(pruefeLogin({ email, kennwort })).toEqual(erwartet);
      }),
    );
  });

  it('uses the texts the server uses', () => {
    expect([FELDER_FEHLEN, LOGIN_FEHLGESCHLAGEN, ZU_VIELE_VERSUCHE, PASSWORT_ZURUECKGESETZT]).toEqual([
      login.FELDER_FEHLEN,
      login.LOGIN_FEHLGESCHLAGEN,
      login.ZU_VIELE_VERSUCHE,
      PASSWORT_ZURUECKGESETZT_DOMAIN,
    ]);
  });
});
