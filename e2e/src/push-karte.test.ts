import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { poll } from './support/session.js';

/** Where the stand-in subscriptions point: on the allow-list of this app, never called in this test. */
const PUSH_DIENST = 'http://127.0.0.1:9/push/';

/**
 * A subscription as a browser's push service would hand it out. Chromium reaches its push service
 * (Firebase Cloud Messaging) over the internet, which this machine has not: the page's
 * PushManager answers with this one instead. Delivery and decryption are tested against a real
 * receiver in cli/src/push.test.ts, the service worker's notification in e2e/src/pwa.test.ts.
 */
const standInAbo = (name: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${PUSH_DIENST}${name}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

describe.skipIf(!chromiumAvailable)("Dashboard: 'Erinnerungen aufs Handy', in Chromium against the built app", () => {
  const kita = demoKita({ env: { PUSH_ENDPOINT_ALLOWLIST: PUSH_DIENST }, serviceWorkers: 'allow' });

  const karte = (page: Page) => page.getByRole('region', { name: 'Erinnerungen aufs Handy' });
  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });

  const openAs = async (nachname: string, viewport: { width: number; height: number }) => {
    const wer = await kita.login(nachname);
    const page = await kita.openAs(wer, '/dashboard', viewport);
    await page.context().grantPermissions(['notifications'], { origin: kita.baseUrl });
    await page.context().addInitScript((abo) => {
      let aktiv: (typeof abo & { toJSON: () => typeof abo; unsubscribe: () => Promise<boolean> }) | null = null;
      PushManager.prototype.getSubscription = async () => aktiv as never;
      PushManager.prototype.subscribe = async () => {
        const abmelden = async () => {
          aktiv = null;
          return true;
        };
        aktiv = { ...abo, toJSON: () => abo, unsubscribe: abmelden };
        return aktiv as never;
      };
    }, standInAbo(nachname.toLowerCase()));
    // the stand-in is in place from the next load on, with the service worker installed
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await karte(page).waitFor();
    return { page, wer };
  };

  for (const [breite, viewport, nachname] of [
    ['phone', PHONE, 'Fuchs'],
    ['desktop', DESKTOP, 'Bauer'],
  ] as const)
    it(`turns reminders on for this device, chooses push or e-mail per notice, and removes the device (${breite})`, async () => {
      const { page, wer } = await openAs(nachname, viewport);
      const bereich = karte(page);
      expect(await bereich.getByText('Noch kein Gerät angemeldet.').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `push-karte-leer-${breite}`);

      // by keyboard, as on a phone with a keyboard or a screen reader
      await bereich.getByRole('button', { name: 'Auf diesem Gerät aktivieren' }).focus();
      await page.keyboard.press('Enter');
      await poll(() => toastText(page)).toBe('Dieses Gerät erhält jetzt Benachrichtigungen.');
      await poll(() => bereich.getByText('Dieses Gerät erhält Benachrichtigungen.').isVisible()).toBe(true);
      await poll(() => bereich.locator('.push-geraet').count()).toBe(1);
      expect(await bereich.locator('.push-geraet').textContent()).toContain('(dieses Gerät)');
      const geraete = await fetch(`${kita.baseUrl}/api/push/abos`, { headers: { authorization: `Bearer ${wer.token}` } });
      expect(((await geraete.json()) as unknown[]).length).toBe(1);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `push-karte-aktiv-${breite}`);

      // no mail for new offers, push only: saved on the server
      const mailHaken = bereich.getByRole('checkbox', { name: 'Neues Tausch-Angebot in meiner Gruppe per E-Mail' });
      await poll(() => mailHaken.isChecked()).toBe(true);
      await mailHaken.uncheck();
      await bereich.getByRole('button', { name: 'Auswahl speichern' }).click();
      await poll(async () => {
        const antwort = await fetch(`${kita.baseUrl}/api/push/einstellungen`, { headers: { authorization: `Bearer ${wer.token}` } });
        const { wahl, gewaehlt } = (await antwort.json()) as { wahl: Record<string, { push: boolean; mail: boolean }>; gewaehlt: boolean };
        return gewaehlt && Object.values(wahl).filter((w) => w.push && !w.mail).length;
      }).toBe(1);

      // removing this device from the list switches it off here too
      await bereich.getByRole('button', { name: /entfernen$/ }).click();
      await poll(() => bereich.getByText('Noch kein Gerät angemeldet.').isVisible()).toBe(true);
      // the switch-off finishes on this device a moment after the list is empty
      await poll(() => bereich.getByRole('button', { name: 'Auf diesem Gerät aktivieren' }).isVisible()).toBe(true);
    }, 90_000);
});
