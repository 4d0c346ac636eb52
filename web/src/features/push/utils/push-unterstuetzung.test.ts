import { describe, expect, it } from 'vitest';
import { HINWEISE, pushZustand, schluesselBytes, seitDatum } from './push-unterstuetzung';

describe('pushZustand: what the card offers on this device', () => {
  const voll = { serviceWorker: true, pushManager: true, notification: true, berechtigung: 'default' as const };
  it('offers push where service worker, Push API and notifications exist and are not blocked', () => {
    expect(pushZustand(voll)).toBe('moeglich');
    expect(pushZustand({ ...voll, berechtigung: 'granted' })).toBe('moeglich');
  });
  it('names what is missing instead of a button that cannot work', () => {
    expect(pushZustand({ ...voll, serviceWorker: false })).toBe('kein-service-worker');
    expect(pushZustand({ ...voll, pushManager: false })).toBe('kein-push');
    expect(pushZustand({ ...voll, notification: false, berechtigung: null })).toBe('kein-push');
    expect(pushZustand({ ...voll, berechtigung: 'denied' })).toBe('blockiert');
    expect(HINWEISE['kein-push']).toContain('Zum Home-Bildschirm');
  });
});

describe('schluesselBytes', () => {
  it('turns the server’s base64url VAPID key into its 65 bytes', () => {
    const key = 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI';
    const bytes = schluesselBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    ).toBe(key);
  });
});

describe('seitDatum', () => {
  it('shows the date in Kempten', () => expect(seitDatum('2026-11-19T23:30:00.000Z')).toBe('20.11.2026'));
});
