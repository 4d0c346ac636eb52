import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, pushEndpunktErlaubt } from './config.js';

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy unless told to', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('reads true or a list of addresses, CIDR ranges and named ranges', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy(' 10.0.0.5, 172.16.0.0/12 ,fd00::/8,::1,loopback,uniquelocal')).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'loopback',
      'uniquelocal',
    ]);
  });

  it('stops start-up on a value that is none of these, naming it', () => {
    for (const value of ['proxy.example.org', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'yes']) {
      expect(() => trustProxy(value)).toThrow(ConfigError);
      expect(() => trustProxy(value)).toThrow(`Configuration error: TRUST_PROXY: "${value}" is not an address`);
    }
  });

  it('refuses a hop count, which cannot tell a proxy from a client that connects directly', () => {
    expect(() => trustProxy('1')).toThrow('Configuration error: TRUST_PROXY: a hop count ("1") cannot tell a proxy from a client');
  });
});

describe('APP_URL', () => {
  it('defaults to localhost on the configured PORT, so links in mails lead to this app', () => {
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', APP_URL: '' }).APP_URL).toBe('http://localhost:8080');
  });

  it('keeps an address given, whatever the port', () => {
    expect(loadConfig({ PORT: '8080', APP_URL: 'https://eltern.waldkita.example' }).APP_URL).toBe('https://eltern.waldkita.example');
  });

  it('stops start-up on an address that is no URL', () => {
    expect(() => loadConfig({ APP_URL: 'eltern-portal' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_URL: 'eltern-portal' })).toThrow(/^Configuration error: APP_URL: /);
  });
});

describe('push: VAPID keys, subject and the allow-list of push services', () => {
  // A real key pair (web-push generate-vapid-keys).
  const PUBLIC = 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI';
  const PRIVATE = 'ol7xvq-2wNWkSEA8QXIrJ857_HVUaPVfGxj11fSPAKg';

  it('takes a key pair, both or neither', () => {
    expect(loadConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE })).toMatchObject({
      VAPID_PUBLIC_KEY: PUBLIC,
      VAPID_PRIVATE_KEY: PRIVATE,
    });
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(
      'Configuration error: VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: PRIVATE })).toThrow('Configuration error: VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY');
  });

  it('refuses keys that are no P-256 keys in base64url', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PRIVATE, VAPID_PRIVATE_KEY: PRIVATE })).toThrow(
      /^Configuration error: VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: `${PRIVATE}+/` })).toThrow(
      /^Configuration error: VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be a P-256 private key/,
    );
  });

  it('requires the key pair in production, like JWT_SECRET', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(prod)).toThrow(/^Configuration error: VAPID_PUBLIC_KEY: .*required when NODE_ENV=production/);
    expect(loadConfig({ ...prod, VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE }).VAPID_PUBLIC_KEY).toBe(PUBLIC);
  });

  it('names the kindergarten’s mail sender as the VAPID subject unless one is given', () => {
    expect(loadConfig({}).VAPID_SUBJECT).toBe('mailto:no-reply@waldkita.example');
    expect(loadConfig({ MAIL_FROM: 'Waldkita Kempten <buero@waldkita-kempten.de>' }).VAPID_SUBJECT).toBe(
      'mailto:buero@waldkita-kempten.de',
    );
    expect(loadConfig({ MAIL_FROM: 'buero@waldkita-kempten.de' }).VAPID_SUBJECT).toBe('mailto:buero@waldkita-kempten.de');
    expect(loadConfig({ VAPID_SUBJECT: 'https://waldkita-kempten.de/kontakt' }).VAPID_SUBJECT).toBe('https://waldkita-kempten.de/kontakt');
    expect(() => loadConfig({ VAPID_SUBJECT: 'buero@waldkita-kempten.de' })).toThrow(
      'Configuration error: VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: address or an https:// URL',
    );
  });

  const erlaubt = (liste: string | undefined, endpunkt: string) =>
    pushEndpunktErlaubt(loadConfig({ PUSH_ENDPOINT_ALLOWLIST: liste }).PUSH_ENDPOINT_ALLOWLIST, endpunkt);

  it('allows the big browser push services by default, Windows under any of its regional hosts', () => {
    for (const endpunkt of [
      'https://fcm.googleapis.com/fcm/send/cXh0:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://db5p.notify.windows.com/w/?token=BQYAAAD',
      'https://wns2-par02p.notify.windows.com/w/?token=AwYAAAB',
    ])
      expect(erlaubt(undefined, endpunkt), endpunkt).toBe(true);
  });

  it('compares parsed URLs, not text: look-alike hosts, other ports, schemes and user info are refused', () => {
    for (const endpunkt of [
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evil.example/https://fcm.googleapis.com/',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/?token=x',
      'https://evilnotify.windows.com/w/',
      'https://127.0.0.1/',
      'kein url',
    ])
      expect(erlaubt(undefined, endpunkt), endpunkt).toBe(false);
  });

  it('replaces the default with PUSH_ENDPOINT_ALLOWLIST, path prefixes and ports included; http only for loopback', () => {
    const liste = ' http://127.0.0.1:4567/push/ , https://push.example.org ';
    expect(erlaubt(liste, 'http://127.0.0.1:4567/push/abc')).toBe(true);
    expect(erlaubt(liste, 'http://127.0.0.1:4567/anders/abc')).toBe(false);
    expect(erlaubt(liste, 'http://127.0.0.1:4568/push/abc')).toBe(false);
    expect(erlaubt(liste, 'https://push.example.org/x')).toBe(true);
    expect(erlaubt(liste, 'https://fcm.googleapis.com/fcm/send/x')).toBe(false);
    expect(() => loadConfig({ PUSH_ENDPOINT_ALLOWLIST: 'http://push.example.org/' })).toThrow(
      'Configuration error: PUSH_ENDPOINT_ALLOWLIST: "http://push.example.org/" must start with https:// (http only for 127.0.0.1, [::1] or localhost)',
    );
    for (const falsch of [
      'fcm.googleapis.com',
      'ftp://push.example.org/',
      'https://push.example.org/?a=1',
      'https://a.*.example.org/',
      'https://*.org/',
    ])
      expect(() => loadConfig({ PUSH_ENDPOINT_ALLOWLIST: falsch }), falsch).toThrow(/^Configuration error: PUSH_ENDPOINT_ALLOWLIST: /);
  });
});

describe('secrets from files (*_FILE, e.g. docker compose secrets)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waldkita-secrets-'));
  const file = (name: string, content: string) => {
    const target = path.join(dir, name);
    writeFileSync(target, content);
    return target;
  };
  const secret = 'a-secret-from-a-file-that-is-long-enough-0123456789';
  // The key pair of the push tests above (web-push generate-vapid-keys).
  const vapidPublic = 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI';
  const vapidPrivate = 'ol7xvq-2wNWkSEA8QXIrJ857_HVUaPVfGxj11fSPAKg';

  it('reads the file, trimmed, and lets it win over the plain variable', () => {
    const config = loadConfig({
      JWT_SECRET: 'the-plain-variable-which-the-file-replaces-0123',
      JWT_SECRET_FILE: file('jwt', `${secret}\n`),
      VAPID_PUBLIC_KEY: vapidPublic,
      VAPID_PRIVATE_KEY_FILE: file('vapid', `  ${vapidPrivate}\r\n`),
    });
    expect(config.JWT_SECRET).toBe(secret);
    expect(config.VAPID_PRIVATE_KEY).toBe(vapidPrivate);
  });

  it('satisfies production’s requirements as the plain variables do', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET_FILE: file('jwt-prod', secret),
      VAPID_PUBLIC_KEY: vapidPublic,
      VAPID_PRIVATE_KEY_FILE: file('vapid-prod', vapidPrivate),
    });
    expect(config.JWT_SECRET).toBe(secret);
  });

  it('also reads connection strings that carry passwords', () => {
    const config = loadConfig({ DATABASE_URL_FILE: file('db', 'postgres://app:geheim@db:5432/waldkita\n') });
    expect(config.DATABASE_URL).toBe('postgres://app:geheim@db:5432/waldkita');
  });

  it('stops start-up with one clear line when the file is missing', () => {
    const missing = path.join(dir, 'gibt-es-nicht');
    expect(() => loadConfig({ JWT_SECRET_FILE: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET_FILE: missing })).toThrow(
      `Configuration error: JWT_SECRET_FILE: cannot read ${missing} (no such file)`,
    );
  });

  it('checks the file’s content like the variable’s, without printing it', () => {
    const short = file('short', 'kurz');
    expect(() => loadConfig({ JWT_SECRET_FILE: short })).toThrow(
      'Configuration error: JWT_SECRET: JWT_SECRET must be at least 32 characters long',
    );
  });

  it('ignores an empty *_FILE', () => {
    expect(loadConfig({ JWT_SECRET_FILE: '', JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
  });
});
