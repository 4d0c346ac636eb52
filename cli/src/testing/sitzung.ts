import { expect } from 'vitest';
import { json, login } from './test-app.js';

/**
 * Sessions as several browsers of one family hold them on the whole app: signing in, a read with
 * the bearer token only (no X-Min-Position, as another browser sends it), and a password change.
 */
export function sitzungen(baseUrl: () => string) {
  return {
    anmelden: async (email: string, kennwort: string) => {
      const response = await login(baseUrl(), email, kennwort);
      expect(response.status).toBe(200);
      return (await json(response)).jwt as string;
    },
    lesen: async (token: string, path = '/api/auth/current-user') => {
      const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: await json(response) };
    },
    aendern: (token: string, oldPassword: string, newPassword: string) =>
      fetch(`${baseUrl()}/api/auth/change-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
        body: new URLSearchParams({ oldPassword, newPassword }).toString(),
      }),
  };
}

/** What the query side answers a token from before a password change. */
export const SITZUNG_BEENDET = { message: 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.' };
