import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the receiver decrypted, with what it checked on the way. */
export type EmpfangenePush = {
  geraet: string;
  /** The decrypted payload, parsed as JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape
  nachricht: any;
  /** performance.now() when the request had been read. */
  am: number;
  /** The claims of the VAPID JWT (signature checked with the key in the header). */
  vapid: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request named (`k=`). */
  vapidKey: string;
  ttl: string | undefined;
  status: number;
};

/** One simulated browser: its subscription (as `JSON.stringify(subscription)`) and its private key. */
export type TestGeraet = {
  name: string;
  abo: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** Checks an ES256 JWT with an uncompressed P-256 public key (base64url) and answers its claims. */
function pruefeVapidJwt(jwt: string, publicKey: string) {
  const [kopf, inhalt, signatur] = jwt.split('.');
  if (!kopf || !inhalt || !signatur) throw new Error('VAPID: not a JWT');
  const header = JSON.parse(Buffer.from(kopf, 'base64url').toString('utf8')) as { alg: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`VAPID: alg ${header.alg}`);
  const punkt = Buffer.from(publicKey, 'base64url');
  if (punkt.length !== 65 || punkt[0] !== 4) throw new Error('VAPID: k is no uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(punkt.subarray(1, 33)), y: b64(punkt.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${kopf}.${inhalt}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signatur, 'base64url'));
  if (!ok) throw new Error('VAPID: bad signature');
  return JSON.parse(Buffer.from(inhalt, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

/**
 * Decrypts an RFC 8291 message (aes128gcm, RFC 8188) as a browser does, with the subscription's
 * private key and auth secret: node:crypto only, independent of the library that encrypted it.
 */
function entschluessele(body: Buffer, uaPrivat: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`aes128gcm: keyid of ${idlen} bytes, expected the server's 65-byte key`);
  if (ciphertext.length > rs) throw new Error('aes128gcm: more than one record');
  const ecdhSecret = uaPrivat.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivat.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const klar = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let ende = klar.length - 1;
  while (ende >= 0 && klar[ende] === 0) ende--;
  if (klar[ende] !== 2) throw new Error('aes128gcm: no last-record delimiter');
  return klar.subarray(0, ende);
}

const lies = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const teile: Buffer[] = [];
    request.on('data', (t: Buffer) => teile.push(t));
    request.on('end', () => resolve(Buffer.concat(teile)));
    request.on('error', reject);
  });

/**
 * A push service for tests on 127.0.0.1: devices get subscriptions under `/push/<name>`; every
 * POST is checked (VAPID JWT signed by the key it names, audience this origin, aes128gcm) and
 * decrypted with the device's private key, as a browser would. A device can be told to answer
 * another status (410: the subscription is gone). Requests that cannot be decrypted are kept in
 * `fehler`; any request at all, also to unknown paths, in `anfragen`.
 */
export async function startTestPushReceiver() {
  const geraete = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const empfangen: EmpfangenePush[] = [];
  const fehler: string[] = [];
  const anfragen: string[] = [];
  const listeners = new Set<() => void>();

  const server = createServer(async (request, response) => {
    anfragen.push(`${request.method} ${request.url}`);
    const body = await lies(request);
    const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const geraet = name ? geraete.get(name) : undefined;
    try {
      if (request.method !== 'POST' || !name || !geraet) throw new Error(`unknown subscription ${request.url}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
      if (!vapid) throw new Error(`authorization ${request.headers.authorization}`);
      const claims = pruefeVapidJwt(vapid[1]!, vapid[2]!);
      const origin = `http://${request.headers.host}`;
      if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}, expected ${origin}`);
      const nachricht = JSON.parse(entschluessele(body, geraet.ecdh, geraet.auth).toString('utf8'));
      empfangen.push({
        geraet: name,
        nachricht,
        am: performance.now(),
        vapid: claims,
        vapidKey: vapid[2]!,
        ttl: request.headers.ttl as string | undefined,
        status: geraet.status,
      });
      response.writeHead(geraet.status).end();
    } catch (error) {
      fehler.push((error as Error).message);
      response.writeHead(400).end();
    }
    for (const l of [...listeners]) l();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const basis = `http://127.0.0.1:${port}`;

  const warte = <T>(finde: () => T | undefined, timeoutMs: number, was: string) =>
    new Promise<T>((resolve, reject) => {
      const sofort = finde();
      if (sofort !== undefined) return resolve(sofort);
      const listener = () => {
        const wert = finde();
        if (wert === undefined) return;
        listeners.delete(listener);
        clearTimeout(timer);
        resolve(wert);
      };
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`test push receiver: ${was} within ${timeoutMs} ms (received ${empfangen.length}; errors: ${fehler.join('; ')})`));
      }, timeoutMs);
      listeners.add(listener);
    });

  return {
    basis,
    /** The allow-list entry that admits this receiver's subscriptions. */
    prefix: `${basis}/push/`,
    empfangen,
    fehler,
    anfragen,
    /** A new browser subscription on this receiver (fresh P-256 key pair and 16-byte auth secret). */
    geraet(name: string): TestGeraet {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      geraete.set(name, { ecdh, auth, status: 201 });
      return {
        name,
        abo: { endpoint: `${basis}/push/${name}`, expirationTime: null, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } },
      };
    },
    /** From now on the device's push service answers `status` (e.g. 410 Gone). */
    antworte(name: string, status: number) {
      geraete.get(name)!.status = status;
    },
    /** The first `anzahl` messages that match (already received or still to come). */
    warteAuf(anzahl: number, passt: (p: EmpfangenePush) => boolean, timeoutMs = 10_000) {
      return warte(
        () => {
          const gefunden = empfangen.filter(passt);
          return gefunden.length >= anzahl ? gefunden : undefined;
        },
        timeoutMs,
        `fewer than ${anzahl} matching messages`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestPushReceiver = Awaited<ReturnType<typeof startTestPushReceiver>>;
