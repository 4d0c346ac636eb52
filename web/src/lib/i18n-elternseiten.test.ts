import { WOCHE_VORBEI } from '@waldkita/domain/abwesenheit/abwesenheit';
import { KEINE_GRUPPE } from '@waldkita/domain/wasserdienst/dienstplan';
import { describe, expect, it } from 'vitest';
import { NETZWERKFEHLER } from './api-client';
import { i18n } from './i18n';

describe('the parent screens speak German as before, and count in each language', () => {
  const de = i18n.getFixedT('de');

  it('given the texts the server and the API client also have, when looked up in German, then they are the same word for word', () => {
    expect(de('allgemein.netzwerkfehler')).toBe(NETZWERKFEHLER);
    expect(de('allgemein.keineGruppe')).toBe(KEINE_GRUPPE);
    expect(de('abwesenheit.pruefung.wocheVorbei', { kw: '10', jahr: '2026' })).toBe(WOCHE_VORBEI({ kalenderwoche: 10, jahr: 2026 }));
  });

  it('given a number of absences or days, when formatted, then German keeps its singular and plural', () => {
    expect(de('abwesenheit.jahr', { jahr: '2027', anzahl: 1 })).toBe('Jahr 2027 (1 Abwesenheit)');
    expect(de('abwesenheit.jahr', { jahr: '2027', anzahl: 3 })).toBe('Jahr 2027 (3 Abwesenheiten)');
    expect(de('abwesenheit.frist.rest', { tage: 1 })).toBe('noch 1 Tag');
    expect(de('abwesenheit.banner.rest', { tage: 12 })).toBe('Noch 12 Tage zum Erstellen von Abwesenheiten');
    expect(de('tausch.untertitel', { gruppe: 'Füchse' })).toBe('Wasserdienste in „Füchse“ tauschen');
  });

  it('given Polish, Ukrainian and Arabic, when counting, then each uses its own plural forms', async () => {
    for (const sprache of ['pl', 'uk', 'ar'] as const) {
      const katalog = await import(`@waldkita/domain/i18n/${sprache}.json`);
      i18n.addResourceBundle(sprache, 'translation', katalog.default);
    }
    const pl = i18n.getFixedT('pl');
    expect([1, 2, 5, 22].map((tage) => pl('abwesenheit.frist.rest', { tage }))).toEqual([
      'został 1 dzień',
      'zostały 2 dni',
      'zostało 5 dni',
      'zostały 22 dni',
    ]);
    const uk = i18n.getFixedT('uk');
    expect([1, 3, 11].map((anzahl) => uk('abwesenheit.jahr', { jahr: '2027', anzahl }))).toEqual([
      'Рік 2027 (1 відсутність)',
      'Рік 2027 (3 відсутності)',
      'Рік 2027 (11 відсутностей)',
    ]);
    const ar = i18n.getFixedT('ar');
    expect(ar('abwesenheit.jahr', { jahr: '2027', anzahl: 2 })).toBe('سنة 2027 (غيابان)');
  });
});
