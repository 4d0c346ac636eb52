import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../testing/test-database.js';
import { generateVapidKeys, type PushAbo, PushAboSiegel, resolveVapidKeys } from './vapid-keys.js';

const abo: PushAbo = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  expirationTime: null,
  keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: 'AAECAwQFBgcICQoLDA0ODw' },
};

describe('VAPID keys', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase('vapid_keys');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('makes a P-256 pair: the public key is the point of the private one', () => {
    const { publicKey, privateKey } = generateVapidKeys();
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(publicKey);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
  });

  it('without VAPID_* keys: generates a pair once and every process of the installation gets the same', async () => {
    const config = loadConfig({ DATABASE_URL: db.databaseUrl });
    const [a, b] = await Promise.all([resolveVapidKeys(config, db.pool), resolveVapidKeys(config, db.pool)]);
    expect(a).toEqual(b);
    expect(await resolveVapidKeys(config, db.pool)).toEqual(a);
    expect(a.subject).toBe('mailto:no-reply@waldkita.example');
    // The configured pair wins.
    const eigene = generateVapidKeys();
    expect(
      await resolveVapidKeys(loadConfig({ VAPID_PUBLIC_KEY: eigene.publicKey, VAPID_PRIVATE_KEY: eigene.privateKey }), db.pool),
    ).toEqual({ ...eigene, subject: 'mailto:no-reply@waldkita.example' });
  });
});

describe('PushAboSiegel: subscriptions at rest', () => {
  const siegel = new PushAboSiegel(generateVapidKeys().privateKey);

  it('seals a subscription so that neither its endpoint nor its keys can be read, and opens it again', () => {
    const versiegelt = siegel.versiegle(abo, 'familie-1');
    expect(versiegelt).not.toContain('fcm.googleapis.com');
    expect(versiegelt).not.toContain(abo.keys.auth);
    expect(Buffer.from(versiegelt.slice(3), 'base64url').toString('latin1')).not.toContain('googleapis');
    expect(siegel.oeffne(versiegelt, 'familie-1')).toEqual(abo);
    // A fresh IV every time.
    expect(siegel.versiegle(abo, 'familie-1')).not.toBe(versiegelt);
  });

  it('opens nothing for another family, under another key, or tampered with', () => {
    const versiegelt = siegel.versiegle(abo, 'familie-1');
    expect(siegel.oeffne(versiegelt, 'familie-2')).toBeNull();
    expect(new PushAboSiegel(generateVapidKeys().privateKey).oeffne(versiegelt, 'familie-1')).toBeNull();
    const bytes = Buffer.from(versiegelt.slice(3), 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(siegel.oeffne(`v1.${bytes.toString('base64url')}`, 'familie-1')).toBeNull();
    expect(siegel.oeffne('v2.abc', 'familie-1')).toBeNull();
    expect(siegel.oeffne('', 'familie-1')).toBeNull();
  });

  it('recognises an endpoint again by a keyed hash, and notices new keys', () => {
    expect(siegel.kennung(abo.endpoint)).toBe(siegel.kennung(abo.endpoint));
    expect(siegel.kennung(abo.endpoint)).not.toBe(siegel.kennung(`${abo.endpoint}x`));
    expect(new PushAboSiegel(generateVapidKeys().privateKey).kennung(abo.endpoint)).not.toBe(siegel.kennung(abo.endpoint));
    expect(siegel.fingerabdruck(abo)).not.toBe(siegel.fingerabdruck({ ...abo, keys: { ...abo.keys, auth: 'BBECAwQFBgcICQoLDA0ODw' } }));
  });
});
