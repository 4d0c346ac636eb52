import { createCipheriv, createDecipheriv, createECDH, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../config.js';

/** The server's VAPID identity: the P-256 key pair (base64url) and the contact push services see. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A fresh P-256 key pair as web-push writes it: the public key uncompressed (65 bytes), the private key 32 bytes. */
export function generateVapidKeys(): Omit<VapidKeys, 'subject'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (required in production). Otherwise a pair is
 * generated once and kept in the database's settings table, as the JWT secret is
 * (auth/jwt-secret.ts): every process of the installation signs with the same key, and the
 * browsers' subscriptions, which are bound to the public key, survive restarts.
 */
export async function resolveVapidKeys(config: Config, pool: pg.Pool): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  await pool.query("INSERT INTO settings (key, value) VALUES ('vapid_keys', $1) ON CONFLICT (key) DO NOTHING", [
    JSON.stringify(generateVapidKeys()),
  ]);
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'vapid_keys'");
  return { ...(JSON.parse(rows[0]!.value) as Omit<VapidKeys, 'subject'>), subject };
}

/** A browser's PushSubscription as `JSON.stringify(subscription)` gives it. */
export type PushAbo = { endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } };

const VERSION = 'v1';

/**
 * Keeps a browser's push subscription secret at rest. The subscription (endpoint and keys) is
 * sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the VAPID private key, bound to
 * the family it belongs to (additional data), before it enters an event; the push worker opens it
 * right before sending. A subscription is bound to the VAPID public key anyway, so both keys live
 * and die together: after a key change old subscriptions cannot be opened, and would be refused
 * by their push service too. The endpoint's keyed hash (`kennung`) recognises a device again
 * without storing its endpoint in clear.
 */
export class PushAboSiegel {
  private readonly schluessel: Buffer;
  private readonly hashSchluessel: Buffer;

  constructor(vapidPrivateKey: string) {
    const ikm = Buffer.from(vapidPrivateKey, 'base64url');
    this.schluessel = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'waldkita push-abo siegel', 32));
    this.hashSchluessel = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'waldkita push-abo kennung', 32));
  }

  versiegle(abo: PushAbo, elternId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.schluessel, iv);
    cipher.setAAD(Buffer.from(elternId));
    const klartext = JSON.stringify({ endpoint: abo.endpoint, expirationTime: abo.expirationTime, keys: abo.keys });
    const inhalt = Buffer.concat([cipher.update(klartext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, inhalt, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The subscription, or null when it was sealed under another key or for another family. */
  oeffne(versiegelt: string, elternId: string): PushAbo | null {
    const [version, text] = versiegelt.split('.');
    if (version !== VERSION || !text) return null;
    const bytes = Buffer.from(text, 'base64url');
    if (bytes.length < 12 + 16 + 1) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.schluessel, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(elternId));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const klartext = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
      return JSON.parse(klartext.toString('utf8')) as PushAbo;
    } catch {
      return null;
    }
  }

  /** The same endpoint always gives the same value; nobody without the key can tell the endpoint from it. */
  kennung(endpoint: string): string {
    return createHmac('sha256', this.hashSchluessel).update('endpunkt\n').update(endpoint).digest('base64url');
  }

  /** Changes when the browser's keys for the endpoint change. */
  fingerabdruck(abo: PushAbo): string {
    return createHmac('sha256', this.hashSchluessel)
      .update(`abo\n${abo.endpoint}\n${abo.keys.p256dh}\n${abo.keys.auth}`)
      .digest('base64url');
  }
}
