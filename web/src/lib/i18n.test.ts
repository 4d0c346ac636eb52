import { FELDER_FEHLEN, LOGIN_FEHLGESCHLAGEN, ZU_VIELE_VERSUCHE } from '@waldkita/domain/auth/login';
import { EMAIL_FEHLT, PASSWORT_ZURUECKGESETZT, RESET_LINK_FEHLER, RESET_LINK_GESENDET } from '@waldkita/domain/auth/passwort';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('the German catalogue is the German the product had', () => {
  const t = i18n.getFixedT('de');

  it('given the texts the server also sends, when looked up in German, then they are the same word for word', () => {
    expect(t('login.felderFehlen')).toBe(FELDER_FEHLEN);
    expect(t('login.fehlgeschlagen')).toBe(LOGIN_FEHLGESCHLAGEN);
    expect(t('login.zuVieleVersuche')).toBe(ZU_VIELE_VERSUCHE);
    expect(t('login.passwortZurueckgesetzt')).toBe(PASSWORT_ZURUECKGESETZT);
    expect(t('vergessen.emailFehlt')).toBe(EMAIL_FEHLT);
    expect(t('vergessen.gesendet')).toBe(RESET_LINK_GESENDET);
    expect(t('vergessen.fehler')).toBe(RESET_LINK_FEHLER);
  });

  it('given a placeholder, when formatted with ICU, then the name stands where German puts it', () => {
    expect(t('dashboard.familie', { nachname: 'Fuchs' })).toBe('Familie Fuchs');
    expect(t('wetter.veraltet', { stand: '27.11.2026, 08:00 Uhr' })).toBe(
      'Der Wetterdienst antwortet gerade nicht. Stand: 27.11.2026, 08:00 Uhr',
    );
  });
});
