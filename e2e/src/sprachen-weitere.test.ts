import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, type Login, poll } from './support/session.js';

type Sprache = 'en' | 'tr' | 'uk' | 'ar' | 'pl';
type Einsatz = { id: string; titel: string; schichten: { id: string }[] };

/**
 * What a family reads on the parent screens in each language (docs/i18n.md): each screen's heading
 * and one text inside it that only shows once the screen's data is there.
 */
const TEXTE: Record<
  Sprache,
  {
    dienste: string;
    termine: string;
    einsaetze: string;
    plaetze: string;
    stunden: string;
    eintraege: string;
    schliesszeiten: string;
    schliesstage: string;
    meineDaten: string;
    konto: string;
  }
> = {
  en: {
    dienste: 'My duties',
    termine: 'My dates',
    einsaetze: 'Work days',
    plaetze: '0 of 2 places taken',
    stunden: 'My hours',
    eintraege: 'All entries',
    schliesszeiten: 'Closing times (Schließzeit) & events',
    schliesstage: 'Closed days',
    meineDaten: 'My data',
    konto: 'Account',
  },
  tr: {
    dienste: 'Görevlerim',
    termine: 'Tarihlerim',
    einsaetze: 'İmece günleri',
    plaetze: '2 yerden 0 dolu',
    stunden: 'Saatlerim',
    eintraege: 'Tüm kayıtlar',
    schliesszeiten: 'Kapalı günler (Schließzeit) ve etkinlikler',
    schliesstage: 'Kapalı günler',
    meineDaten: 'Verilerim',
    konto: 'Hesap',
  },
  uk: {
    dienste: 'Мої чергування',
    termine: 'Мої дати',
    einsaetze: 'Робочі дні',
    plaetze: 'Зайнято 0 з 2 місць',
    stunden: 'Мої години',
    eintraege: 'Усі записи',
    schliesszeiten: 'Періоди закриття (Schließzeit) і події',
    schliesstage: 'Дні закриття',
    meineDaten: 'Мої дані',
    konto: 'Обліковий запис',
  },
  ar: {
    dienste: 'مناوباتي',
    termine: 'مواعيدي',
    einsaetze: 'أيام العمل التطوعي',
    plaetze: '0 من 2 أماكن محجوزة',
    stunden: 'ساعاتي',
    eintraege: 'كل الإدخالات',
    schliesszeiten: 'أوقات الإغلاق (Schließzeit) والفعاليات',
    schliesstage: 'أيام الإغلاق',
    meineDaten: 'بياناتي',
    konto: 'الحساب',
  },
  pl: {
    dienste: 'Moje dyżury',
    termine: 'Moje terminy',
    einsaetze: 'Dni prac',
    plaetze: 'Zajęte miejsca: 0 z 2',
    stunden: 'Moje godziny',
    eintraege: 'Wszystkie wpisy',
    schliesszeiten: 'Okresy zamknięcia (Schließzeit) i wydarzenia',
    schliesstage: 'Dni zamknięcia',
    meineDaten: 'Moje dane',
    konto: 'Konto',
  },
};

/** One demo family per language. */
const FAMILIE: Record<Sprache, string> = { en: 'Bauer', tr: 'Wagner', uk: 'Huber', ar: 'Schmid', pl: 'Maier' };

describe.skipIf(!chromiumAvailable)('the parent screens in the other languages, in Chromium against the built app', () => {
  const kita = demoKita();
  let einsatzTitel = '';

  const api = async (who: Login, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${kita.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  /** The family chooses its language; a work day with two open shifts exists once. */
  const vorbereiten = async (sprache: Sprache) => {
    const familie = await kita.login(FAMILIE[sprache]);
    expect((await api(familie, 'PUT', '/api/eltern/ich/sprache', { sprache })).status).toBe(200);
    if (!einsatzTitel) {
      const admin = await kita.login(DEMO_ADMIN_EMAIL);
      const datum = plusTage(heuteInBerlin(new Date()), 12);
      const angelegt = await api(admin, 'POST', '/api/admin/einsaetze', {
        titel: 'Frühjahrsputz',
        datum,
        ort: 'Bauwagen',
        beschreibung: 'Wir räumen den Platz auf.',
        anmeldeschluss: plusTage(datum, -2),
        schichten: [{ aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 2, stunden: 3 }],
      });
      expect(angelegt.status).toBe(201);
      einsatzTitel = (angelegt.body as Einsatz).titel;
    }
    // signed in afresh, so the stored session carries the language
    return kita.login(FAMILIE[sprache]);
  };

  const ueberschrift = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  /** Opens each parent screen, asserts its translated heading and one text of its content. */
  async function rundgang(page: Page, sprache: Sprache, groesse: string | null) {
    const text = TEXTE[sprache];
    const pruefe = async (name: string) => {
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        sprache,
        sprache === 'ar' ? 'rtl' : 'ltr',
      ]);
      if (!groesse) return;
      if (groesse === 'phone') await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `sprachen-${name}-${sprache}-${groesse}`);
    };

    await page.goto(`${kita.baseUrl}/dienste`);
    await ueberschrift(page, text.dienste).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: text.termine }).waitFor({ timeout: 20_000 });
    await page.locator('.fc .fc-toolbar-title').waitFor({ timeout: 20_000 });
    if (sprache === 'ar') expect(await page.locator('.fc.fc-direction-rtl').count()).toBe(1);
    else expect(await page.locator('.fc.fc-direction-ltr').count()).toBe(1);
    await pruefe('dienste');

    await page.goto(`${kita.baseUrl}/arbeitseinsaetze`);
    await ueberschrift(page, text.einsaetze).waitFor({ timeout: 20_000 });
    const karte = page.getByRole('region', { name: einsatzTitel });
    await karte.waitFor({ timeout: 20_000 });
    await poll(() => karte.textContent()).toContain(text.plaetze);
    await pruefe('einsaetze');

    await page.goto(`${kita.baseUrl}/stunden`);
    await ueberschrift(page, text.stunden).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: text.eintraege }).waitFor({ timeout: 20_000 });
    await page.locator('.st-stand__zahl').waitFor({ timeout: 20_000 });
    await pruefe('stunden');

    await page.goto(`${kita.baseUrl}/schliesszeiten`);
    await ueberschrift(page, text.schliesszeiten).waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: new RegExp(`^${text.schliesstage}`) }).waitFor({ timeout: 20_000 });
    await pruefe('schliesszeiten');

    await page.goto(`${kita.baseUrl}/meine-daten`);
    await ueberschrift(page, text.meineDaten).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: text.konto, exact: true }).waitFor({ timeout: 20_000 });
    await pruefe('meine-daten');
  }

  for (const sprache of ['en', 'ar'] as const) {
    it(`${sprache}: Meine Dienste, Arbeitseinsätze, Meine Stunden, Schließzeiten and Meine Daten at 375 and 1280 px`, async () => {
      const familie = await vorbereiten(sprache);
      for (const [viewport, groesse] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const page = await kita.openAs(familie, '/dashboard', viewport);
        await rundgang(page, sprache, groesse);
      }
    }, 150_000);
  }

  it('Arabic mirrors the duty calendar: "previous" on the right, the week from the right', async () => {
    const familie = await vorbereiten('ar');
    const page = await kita.openAs(familie, '/dienste', DESKTOP);
    const kalender = page.locator('.fc.fc-direction-rtl');
    await kalender.waitFor({ timeout: 20_000 });
    const [zurueck, weiter] = await Promise.all([
      kalender.getByRole('button', { name: 'السابق' }).boundingBox(),
      kalender.getByRole('button', { name: 'التالي' }).boundingBox(),
    ]);
    expect(zurueck!.x).toBeGreaterThan(weiter!.x);
    // Monday's column stands right of Tuesday's.
    const [montag, dienstag] = await Promise.all([
      kalender.locator('.fc-col-header-cell.fc-day-mon').boundingBox(),
      kalender.locator('.fc-col-header-cell.fc-day-tue').boundingBox(),
    ]);
    expect(montag!.x).toBeGreaterThan(dienstag!.x);
    // The month's name in Arabic, its digits Western.
    expect(await kalender.locator('.fc-toolbar-title').textContent()).toMatch(/^[\u0600-\u06FF ]+ \d{4}$/);
  });

  it('Turkish, Ukrainian and Polish: each screen in the family’s language (1280 px)', async () => {
    for (const sprache of ['tr', 'uk', 'pl'] as const) {
      const familie = await vorbereiten(sprache);
      const page = await kita.openAs(familie, '/dashboard', DESKTOP);
      await rundgang(page, sprache, null);
    }
  }, 120_000);
});
