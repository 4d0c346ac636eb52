import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The demo kindergarten of `seed-demo`: one password for everyone. */
export const DEMO_PASSWORD = 'waldkita-demo';
export const DEMO_ADMIN_EMAIL = 'leitung@demo.waldkita.example';
export const demoEmail = (nachname: string) => `familie.${nachname.toLowerCase()}@demo.waldkita.example`;

/** expect.poll with room for a cold browser, lazily loaded chunks and a write followed by a re-read. */
export const poll: typeof expect.poll = (read, options) => expect.poll(read, { timeout: 10_000, ...options });

/**
 * Closes the toast, if one is shown, with its × button and waits until it is gone. The toast also
 * goes by itself after a few seconds, possibly between the look and the click: that is just as good,
 * so a click that finds no button any more is not an error. A toast the pointer rests on waits (as
 * it should for a reader), so a click that missed is tried again until it is gone.
 */
export async function closeToast(page: Page) {
  const button = page.getByRole('button', { name: 'Meldung schließen' });
  await poll(async () => {
    if (await button.isVisible()) await button.click({ timeout: 3_000 }).catch(() => undefined);
    return button.count();
  }).toBe(0);
}

export type Login<Eltern = unknown> = { token: string; eltern: Eltern };

/** Signs in through the API, as the login screen does (form-encoded e-mail and kennwort). */
export async function apiLogin<Eltern = unknown>(baseUrl: string, email: string, kennwort = DEMO_PASSWORD): Promise<Login<Eltern>> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, kennwort }),
  });
  expect(response.status, `login ${email}`).toBe(200);
  const body = (await response.json()) as { jwt: string; eltern: Eltern };
  return { token: body.jwt, eltern: body.eltern };
}

/**
 * A fresh browser context signed in as `who` (the session stored as the login screen stores it),
 * opened at `path`. The context is added to `contexts` so the test can close it afterwards;
 * `vorDemLaden` runs on the new context before the first page loads (e.g. to hold back a request).
 */
export async function openSignedIn(
  browser: Browser,
  contexts: BrowserContext[],
  baseUrl: string,
  who: Login,
  path: string,
  viewport: { width: number; height: number },
  { vorDemLaden }: { vorDemLaden?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  contexts.push(context);
  await vorDemLaden?.(context);
  await context.addInitScript(
    ([token, user]) => {
      // also runs in the blank page a new tab starts with, which has no storage
      if (location.origin === 'null') return;
      if (!localStorage.getItem('authToken')) {
        localStorage.setItem('authToken', token);
        localStorage.setItem('userData', user);
      }
    },
    [who.token, JSON.stringify(who.eltern)] as const,
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return page;
}
