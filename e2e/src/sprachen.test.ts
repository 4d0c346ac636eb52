import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_PASSWORD, demoEmail, poll } from './support/session.js';

type Sprache = 'de' | 'en' | 'tr' | 'uk' | 'ar' | 'pl';

/** What a family of each language reads on the login screen and on its dashboard (docs/i18n.md). */
const TEXTE: Record<
  Sprache,
  {
    name: string;
    willkommen: string;
    einloggen: string;
    dashboard: string;
    familie: (n: string) => string;
    wasserdienst: string;
    abmelden: string;
  }
> = {
  de: {
    name: 'Deutsch',
    willkommen: 'Willkommen zurück!',
    einloggen: 'Einloggen',
    dashboard: 'Willkommen im Dashboard',
    familie: (n) => `Familie ${n}`,
    wasserdienst: 'Wasserdienst',
    abmelden: 'Abmelden',
  },
  en: {
    name: 'English',
    willkommen: 'Welcome back!',
    einloggen: 'Sign in',
    dashboard: 'Welcome to your dashboard',
    familie: (n) => `The ${n} family`,
    wasserdienst: 'Water duty (Wasserdienst)',
    abmelden: 'Sign out',
  },
  tr: {
    name: 'Türkçe',
    willkommen: 'Tekrar hoş geldiniz!',
    einloggen: 'Giriş yap',
    dashboard: 'Panonuza hoş geldiniz',
    familie: (n) => `${n} ailesi`,
    wasserdienst: 'Su nöbeti (Wasserdienst)',
    abmelden: 'Çıkış yap',
  },
  uk: {
    name: 'Українська',
    willkommen: 'З поверненням!',
    einloggen: 'Увійти',
    dashboard: 'Вітаємо на головній сторінці',
    familie: (n) => `Родина ${n}`,
    wasserdienst: 'Водне чергування (Wasserdienst)',
    abmelden: 'Вийти',
  },
  ar: {
    name: 'العربية',
    willkommen: 'مرحبًا بعودتكم!',
    einloggen: 'دخول',
    dashboard: 'مرحبًا بكم في لوحة التحكم',
    familie: (n) => `عائلة ${n}`,
    wasserdienst: 'مناوبة الماء (Wasserdienst)',
    abmelden: 'تسجيل الخروج',
  },
  pl: {
    name: 'Polski',
    willkommen: 'Witamy ponownie!',
    einloggen: 'Zaloguj',
    dashboard: 'Witamy na pulpicie',
    familie: (n) => `Rodzina ${n}`,
    wasserdienst: 'Dyżur wodny (Wasserdienst)',
    abmelden: 'Wyloguj się',
  },
};

/**
 * What a family reads on the parent screens (docs/i18n.md): the headings of /wasserdienst, the
 * Tausch-Börse and Abwesenheiten, a section of each, and how a year of absences is counted.
 */
const SCREENS: Record<
  Exclude<Sprache, 'de'>,
  {
    zurueck: string;
    meineWasserdienste: string;
    tausch: string;
    angebote: string;
    neuerTausch: string;
    abwesenheit: string;
    neueAbwesenheit: string;
    jahr: (jahr: number) => string;
    woche: (kw: number, jahr: number) => string;
  }
> = {
  en: {
    zurueck: '← Back to the dashboard',
    meineWasserdienste: 'My water duties:',
    tausch: 'Swap board (Tausch-Börse)',
    angebote: 'Available swap offers',
    neuerTausch: 'Offer a new swap',
    abwesenheit: 'Water duty absences (Abwesenheiten)',
    neueAbwesenheit: 'New absence',
    jahr: (j) => `Year ${j} (1 absence)`,
    woche: (kw, j) => `Week ${kw}/${j}`,
  },
  tr: {
    zurueck: '← Panoya dön',
    meineWasserdienste: 'Su nöbetlerim:',
    tausch: 'Takas panosu (Tausch-Börse)',
    angebote: 'Mevcut takas teklifleri',
    neuerTausch: 'Yeni takas teklif et',
    abwesenheit: 'Su nöbeti devamsızlıkları (Abwesenheiten)',
    neueAbwesenheit: 'Yeni devamsızlık',
    jahr: (j) => `${j} yılı (1 devamsızlık)`,
    woche: (kw, j) => `${kw}. hafta/${j}`,
  },
  uk: {
    zurueck: '← Назад на головну',
    meineWasserdienste: 'Мої водні чергування:',
    tausch: 'Біржа обміну (Tausch-Börse)',
    angebote: 'Доступні пропозиції обміну',
    neuerTausch: 'Запропонувати новий обмін',
    abwesenheit: 'Відсутності на водному чергуванні (Abwesenheiten)',
    neueAbwesenheit: 'Нова відсутність',
    jahr: (j) => `Рік ${j} (1 відсутність)`,
    woche: (kw, j) => `Тиждень ${kw}/${j}`,
  },
  ar: {
    zurueck: '→ العودة إلى لوحة التحكم',
    meineWasserdienste: 'مناوبات الماء الخاصة بي:',
    // A non-breaking hyphen: a break at it would tear the German term apart right to left ('(-Tausch').
    tausch: 'لوحة التبادل (Tausch\u2011Börse)',
    angebote: 'عروض التبادل المتاحة',
    neuerTausch: 'عرض تبادل جديد',
    abwesenheit: 'الغياب عن مناوبة الماء (Abwesenheiten)',
    neueAbwesenheit: 'غياب جديد',
    jahr: (j) => `سنة ${j} (غياب واحد)`,
    woche: (kw, j) => `الأسبوع ${kw}/${j}`,
  },
  pl: {
    zurueck: '← Wróć do pulpitu',
    meineWasserdienste: 'Moje dyżury wodne:',
    tausch: 'Giełda wymian (Tausch-Börse)',
    angebote: 'Dostępne oferty wymiany',
    neuerTausch: 'Zaproponuj nową wymianę',
    abwesenheit: 'Nieobecności w dyżurach wodnych (Abwesenheiten)',
    neueAbwesenheit: 'Nowa nieobecność',
    jahr: (j) => `Rok ${j} (1 nieobecność)`,
    woche: (kw, j) => `Tydzień ${kw}/${j}`,
  },
};

/** One demo family per language, so the languages' runs never share a stored choice. */
const FAMILIE: Record<Sprache, string> = { de: 'Fuchs', en: 'Bauer', tr: 'Wagner', uk: 'Huber', ar: 'Schmid', pl: 'Maier' };

/** The language switch's label in each language. */
const SPRACHE_LABEL: Record<Sprache, string> = { de: 'Sprache', en: 'Language', tr: 'Dil', uk: 'Мова', ar: 'اللغة', pl: 'Język' };

const htmlSprache = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe.skipIf(!chromiumAvailable)('the portal in six languages, in Chromium against the built app', () => {
  const kita = demoKita();

  const neueSeite = async (options: BrowserContextOptions) =>
    (await kita.newContext({ timezoneId: 'Europe/Berlin', ...options })).newPage();

  /** PUT /api/eltern/ich/sprache as the family itself. */
  const waehleSpracheFuer = async (nachname: string, sprache: Sprache) => {
    const { token } = await kita.login(nachname);
    const antwort = await fetch(`${kita.baseUrl}/api/eltern/ich/sprache`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sprache }),
    });
    expect(antwort.status).toBe(200);
  };

  for (const [viewport, groesse] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    for (const sprache of Object.keys(TEXTE) as Sprache[]) {
      const text = TEXTE[sprache];
      it(`${text.name}: the login screen switches to it, and the family's dashboard is in it (${groesse})`, async () => {
        const nachname = FAMILIE[sprache];
        await waehleSpracheFuer(nachname, sprache);

        // A German browser: German first; the switch in the top bar names each language in itself.
        const page = await neueSeite({ viewport, locale: 'de-DE' });
        await page.goto(`${kita.baseUrl}/login`);
        await poll(() => page.getByRole('heading', { name: 'Willkommen zurück!' }).isVisible()).toBe(true);
        const schalter = page.getByLabel('Sprache', { exact: true });
        expect(await schalter.locator('option').allTextContents()).toEqual([
          'Deutsch',
          'English',
          'Türkçe',
          'Українська',
          'العربية',
          'Polski',
        ]);
        await schalter.selectOption(sprache);

        await poll(() => page.getByRole('heading', { name: text.willkommen }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: text.einloggen }).isVisible()).toBe(true);
        expect(await page.getByLabel(SPRACHE_LABEL[sprache], { exact: true }).inputValue()).toBe(sprache);
        expect(await htmlSprache(page)).toEqual([sprache, sprache === 'ar' ? 'rtl' : 'ltr']);
        if (viewport === PHONE) await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-login-${sprache}-${groesse}`);

        await page.locator('input[name="email"]').fill(demoEmail(nachname));
        await page.locator('input[name="kennwort"]').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: text.einloggen }).click();
        await page.waitForURL('**/dashboard');

        await poll(() => page.getByRole('heading', { name: text.dashboard, level: 1 }).isVisible()).toBe(true);
        expect(await page.getByText(text.familie(nachname), { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: text.wasserdienst, exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: text.abmelden }).isVisible()).toBe(true);
        expect(await htmlSprache(page)).toEqual([sprache, sprache === 'ar' ? 'rtl' : 'ltr']);
        // The announcement's place and the weather are loaded before anything is measured or checked.
        await poll(() => page.locator('.messages-panel__text').first().textContent()).not.toMatch(/\.\.\.$/);
        if (viewport === PHONE) await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-dashboard-${sprache}-${groesse}`);
      });
    }
  }

  /** A week reported absent by each family of the walk below: week 10 of next year, always ahead. */
  const ABWESEND = { kalenderwoche: 10, jahr: new Date().getFullYear() + 1 };

  /** The API as a family: `path` with its token, the JSON answer. */
  const api = async (token: string, path: string, json?: unknown) => {
    const antwort = await fetch(`${kita.baseUrl}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await antwort.text();
    const istJson = (antwort.headers.get('content-type') ?? '').includes('json');
    return { status: antwort.status, body: (istJson && text ? JSON.parse(text) : text) as unknown };
  };

  /** The family offers its first offerable week to the group: for a week in return, or given away. */
  const bietetAn = async (nachname: string, abgeben: boolean) => {
    const { token, eltern } = await kita.login<{ id: string }>(nachname);
    const wochen = (await api(token, '/api/wasserdienst/my-assignments')).body as { id: string; tauschbar: boolean; angeboten: boolean }[];
    const woche = wochen.find((z) => z.tauschbar && !z.angeboten);
    if (!woche) throw new Error(`Familie ${nachname} has no offerable week in the demo rota`);
    const angebot = await api(token, '/api/tausch', { elternId: eltern.id, wasserdienstId: woche.id, ...(abgeben ? { abgeben } : {}) });
    expect(angebot.status, JSON.stringify(angebot.body)).toBe(201);
  };

  beforeAll(async () => {
    // Something on the Tausch-Börse of the Füchse: a swap offered and a duty given away.
    await bietetAn('Keller', false);
    await bietetAn('Wolf', true);
  });

  /** Waits until the screen has loaded what it shows (no '…' of a loading text left). */
  const geladen = (page: Page) => poll(() => page.locator('[role="status"].loading-panel, .wd-calendar__platzhalter').count()).toBe(0);

  for (const sprache of Object.keys(SCREENS) as Exclude<Sprache, 'de'>[]) {
    const text = TEXTE[sprache];
    const screen = SCREENS[sprache];
    it(`${text.name}: the family walks the dashboard, Wasserdienst, Tausch-Börse and Abwesenheiten in it, on a phone and on a desktop`, async () => {
      const nachname = FAMILIE[sprache];
      await waehleSpracheFuer(nachname, sprache);
      const familie = await kita.login(nachname);
      const abwesend = await api(familie.token, '/api/abwesenheit', ABWESEND);
      expect([201, 409], JSON.stringify(abwesend.body)).toContain(abwesend.status);

      for (const [viewport, groesse] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const pruefe = async (name: string) => {
          expect(await htmlSprache(page)).toEqual([sprache, sprache === 'ar' ? 'rtl' : 'ltr']);
          if (viewport === PHONE) await expectNoHorizontalScroll(page);
          await expectNoAxeViolations(page);
          await screenshot(page, `sprachen-${name}-${sprache}-${groesse}`);
        };
        const page = await kita.openAs(familie, '/dashboard', viewport);
        await poll(() => page.getByRole('heading', { name: text.dashboard, level: 1 }).isVisible()).toBe(true);

        // The tile leads to /wasserdienst: the family's weeks, the calendar and the distribution.
        await page.getByRole('link', { name: text.wasserdienst, exact: true }).click();
        await page.waitForURL('**/wasserdienst');
        await poll(() => page.getByRole('heading', { name: text.wasserdienst, level: 1 }).isVisible()).toBe(true);
        await poll(() => page.getByRole('table', { name: screen.meineWasserdienste }).isVisible()).toBe(true);
        await poll(() => page.locator('.fc-daygrid-day').count()).toBeGreaterThan(0);
        await geladen(page);
        expect(await page.title()).toBe(`${text.wasserdienst} – Waldkita Elternportal`);
        if (sprache === 'ar') {
          // Right to left: the header's logo stands on the right of the heading, the calendar mirrors too.
          const [logo, titel] = await Promise.all([
            page.locator('.page-header__logo').boundingBox(),
            page.locator('.page-header__title').boundingBox(),
          ]);
          expect(logo!.x).toBeGreaterThan(titel!.x);
          expect(await page.locator('.fc').getAttribute('class')).toContain('fc-direction-rtl');
        }
        await pruefe('wasserdienst');

        // Back to the dashboard with the header's button, on to the Tausch-Börse.
        await page.getByRole('button', { name: screen.zurueck }).click();
        await page.waitForURL('**/dashboard');
        await page.goto(`${kita.baseUrl}/tauschboerse`);
        await poll(() => page.getByRole('heading', { name: screen.tausch, level: 1 }).isVisible()).toBe(true);
        await poll(() => page.getByRole('heading', { name: screen.angebote, level: 2 }).isVisible()).toBe(true);
        await poll(() => page.getByRole('heading', { name: 'Keller', level: 3 }).isVisible()).toBe(true);
        await geladen(page);
        await pruefe('tausch');
        if (viewport === PHONE) {
          // The dialog to offer a week, in the language too.
          await page.getByRole('button', { name: screen.neuerTausch }).click();
          await poll(() => page.getByRole('dialog', { name: screen.neuerTausch }).isVisible()).toBe(true);
          await pruefe('tausch-dialog');
          await page.keyboard.press('Escape');
          await poll(() => page.getByRole('dialog').count()).toBe(0);
        }

        await page.goto(`${kita.baseUrl}/abwesenheit`);
        await poll(() => page.getByRole('heading', { name: screen.abwesenheit, level: 1 }).isVisible()).toBe(true);
        await poll(() => page.getByRole('heading', { name: screen.jahr(ABWESEND.jahr), level: 2 }).isVisible()).toBe(true);
        expect(await page.getByText(screen.woche(ABWESEND.kalenderwoche, ABWESEND.jahr), { exact: true }).isVisible()).toBe(true);
        await geladen(page);
        await pruefe('abwesenheit');
        if (viewport === PHONE) {
          await page.getByRole('button', { name: screen.neueAbwesenheit }).click();
          await poll(() => page.getByRole('dialog', { name: screen.neueAbwesenheit }).isVisible()).toBe(true);
          await pruefe('abwesenheit-dialog');
          await page.keyboard.press('Escape');
          await poll(() => page.getByRole('dialog').count()).toBe(0);
        }
      }
    });
  }

  it('Arabic mirrors the layout: the login card and the tiles read from the right', async () => {
    await waehleSpracheFuer('Berger', 'ar');
    const page = await neueSeite({ viewport: DESKTOP, locale: 'ar' });
    await page.goto(`${kita.baseUrl}/login`);
    await poll(() => page.getByRole('heading', { name: TEXTE.ar.willkommen }).isVisible()).toBe(true);
    // The brand stands on the right, the language switch on the left.
    const [marke, schalter] = await Promise.all([
      page.locator('.brand').boundingBox(),
      page.getByLabel('اللغة', { exact: true }).boundingBox(),
    ]);
    expect(marke!.x).toBeGreaterThan(schalter!.x);
    await page.locator('input[name="email"]').fill(demoEmail('Berger'));
    await page.locator('input[name="kennwort"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: TEXTE.ar.einloggen }).click();
    await poll(() => page.getByRole('heading', { name: TEXTE.ar.dashboard, level: 1 }).isVisible()).toBe(true);
    // The first tile is the top right one.
    const kacheln = page.locator('.tile-grid > li');
    const [erste, zweite] = await Promise.all([kacheln.nth(0).boundingBox(), kacheln.nth(1).boundingBox()]);
    expect(erste!.x).toBeGreaterThan(zweite!.x);
  });

  it("before sign-in the browser's language decides, and the choice on the login screen is kept for the next visit", async () => {
    const page = await neueSeite({ viewport: PHONE, locale: 'uk-UA' });
    await page.goto(`${kita.baseUrl}/login`);
    await poll(() => page.getByRole('heading', { name: TEXTE.uk.willkommen }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Забули пароль?' }).click();
    await poll(() => page.getByRole('button', { name: 'Надіслати посилання для скидання' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '← Назад до входу' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sprachen-passwort-vergessen-uk-phone');

    await page.getByLabel('Мова', { exact: true }).selectOption('tr');
    await poll(() => page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).isVisible()).toBe(true);
    await page.reload();
    await poll(() => page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).isVisible()).toBe(true);

    // A browser in a language the portal does not have starts in German.
    const franzoesisch = await neueSeite({ viewport: PHONE, locale: 'fr-FR' });
    await franzoesisch.goto(`${kita.baseUrl}/login`);
    await poll(() => franzoesisch.getByRole('heading', { name: TEXTE.de.willkommen }).isVisible()).toBe(true);
    expect(await htmlSprache(franzoesisch)).toEqual(['de', 'ltr']);
  });

  it("'Sprache' on the profile page switches at once and is kept for the family on every device", async () => {
    const page = await kita.openAs('Hofmann', '/meine-daten', PHONE);
    const karte = page.getByRole('region', { name: 'Sprache' });
    await poll(() => karte.isVisible()).toBe(true);
    await karte.getByLabel('Sprache', { exact: true }).selectOption('pl');
    await poll(() => page.getByRole('region', { name: 'Język' }).isVisible()).toBe(true);
    await poll(() => page.getByText('Twój język został zapisany.').isVisible()).toBe(true);
    expect(await htmlSprache(page)).toEqual(['pl', 'ltr']);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sprachen-profil-pl-phone');

    // Another device: signed in afresh, in Polish from the first screen on.
    const anderes = await kita.openAs('Hofmann', '/dashboard', DESKTOP);
    await poll(() => anderes.getByRole('heading', { name: TEXTE.pl.dashboard, level: 1 }).isVisible()).toBe(true);
    expect(await anderes.getByText('Rodzina Hofmann', { exact: true }).isVisible()).toBe(true);

    // And back to German, word for word as before.
    await page.getByRole('region', { name: 'Język' }).getByLabel('Język', { exact: true }).selectOption('de');
    await poll(() => page.getByRole('region', { name: 'Sprache' }).isVisible()).toBe(true);
    await page.goto(`${kita.baseUrl}/dashboard`);
    await poll(() => page.getByRole('heading', { name: 'Willkommen im Dashboard', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Familie Hofmann', { exact: true }).isVisible()).toBe(true);
  });
});
