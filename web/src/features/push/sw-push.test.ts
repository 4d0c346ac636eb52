import { describe, expect, it } from 'vitest';
import { leseNachricht, onNotificationClick, onPush } from './sw-push';

const daten = (wert: unknown) => ({ json: () => (typeof wert === 'string' ? JSON.parse(wert) : wert), text: () => String(wert) });

function fakeScope(fenster: { url: string }[] = []) {
  const calls: string[] = [];
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const sw = {
    registration: {
      async showNotification(title: string, options: Record<string, unknown>) {
        shown.push({ title, options });
      },
    },
    clients: {
      async matchAll() {
        return fenster.map((f) => ({
          url: f.url,
          focus: async () => calls.push(`focus ${f.url}`),
          navigate: async (url: string) => calls.push(`navigate ${url}`),
        }));
      },
      async openWindow(url: string) {
        calls.push(`open ${url}`);
      },
    },
    location: { origin: 'https://eltern.waldkita.example' },
  };
  return { sw, calls, shown };
}

const event = <T extends object>(rest: T) => {
  const warten: Promise<unknown>[] = [];
  return { ...rest, waitUntil: (p: Promise<unknown>) => warten.push(p), fertig: () => Promise.all(warten) };
};

describe('onPush', () => {
  it('shows the server’s German message with its tag, the fox and the page to open', async () => {
    const { sw, shown } = fakeScope();
    const e = event({
      data: daten({ title: 'Ihr Angebot wurde angenommen', body: 'Familie Bauer übernimmt …', url: '/wasserdienst', tag: 'tausch-1' }),
    });
    onPush(e, sw);
    await e.fertig();
    expect(shown).toEqual([
      {
        title: 'Ihr Angebot wurde angenommen',
        options: {
          body: 'Familie Bauer übernimmt …',
          tag: 'tausch-1',
          data: { url: '/wasserdienst' },
          icon: '/fox-logo.svg',
          badge: '/favicon.svg',
          lang: 'de',
        },
      },
    ]);
  });

  it('falls back to a neutral German note for an empty or broken payload, and never links off the app', () => {
    const neutral = { title: 'Waldkita Elternportal', body: 'Es gibt Neuigkeiten im Elternportal.', url: '/dashboard' };
    expect(leseNachricht(null)).toEqual(neutral);
    expect(leseNachricht({ json: () => JSON.parse('kein json'), text: () => 'kein json' })).toEqual(neutral);
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(leseNachricht(daten({ title: 'T', body: 'B', url })).url).toBe('/dashboard');
  });
});

describe('onNotificationClick', () => {
  const klick = (url: unknown) => event({ notification: { data: { url }, close: () => undefined } });

  it('focuses an open window of the app and shows the message’s page there', async () => {
    const { sw, calls } = fakeScope([{ url: 'https://eltern.waldkita.example/dashboard' }]);
    const e = klick('/wasserdienst');
    onNotificationClick(e, sw);
    await e.fertig();
    expect(calls).toEqual(['focus https://eltern.waldkita.example/dashboard', 'navigate https://eltern.waldkita.example/wasserdienst']);
  });

  it('opens the page when no window of the app is open; a foreign address opens the dashboard', async () => {
    const { sw, calls } = fakeScope([{ url: 'https://andere-seite.example/' }]);
    const e = klick('/tauschboerse');
    onNotificationClick(e, sw);
    const f = klick('https://evil.example/');
    onNotificationClick(f, sw);
    await Promise.all([e.fertig(), f.fertig()]);
    expect(calls).toEqual(['open https://eltern.waldkita.example/tauschboerse', 'open https://eltern.waldkita.example/dashboard']);
  });
});
