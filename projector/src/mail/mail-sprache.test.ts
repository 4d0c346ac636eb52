import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { benachrichtigungDecider, benachrichtigungenStream } from '@waldkita/domain/push/benachrichtigungen';
import { PushAboSiegel, resolveVapidKeys } from '@waldkita/platform/auth/vapid-keys';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushAnlass, pushNachricht } from '../push/push-nachrichten.js';
import { queuePush } from '../push/push-queue.js';
import { auftraegeFuer } from '../push/push-reactor.js';
import { startTestWorkers, type TestWorkers } from '../testing/test-workers.js';
import { zeitpunktDeutsch } from './mail-templates.js';

const adresse = (name: string) => `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;
const an = (email: string) => (m: ReceivedMail) => m.envelope.to.includes(email);
const hmac = (schluessel: Buffer, ...teile: Buffer[]) => createHmac('sha256', schluessel).update(Buffer.concat(teile)).digest();

/**
 * Opens a Web Push message as the browser would (RFC 8291, aes128gcm, one record): the body is
 * salt, record size, the sender's key and the sealed text; the keys come from our ECDH pair and
 * auth secret.
 */
function entschluessele(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLaenge = body[20]!;
  const absender = body.subarray(21, 21 + idLaenge);
  const inhalt = body.subarray(21 + idLaenge);
  const prkKey = hmac(auth, ecdh.computeSecret(absender));
  const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), absender, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(inhalt.subarray(inhalt.length - 16));
  const klar = Buffer.concat([decipher.update(inhalt.subarray(0, inhalt.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return JSON.parse(klar.subarray(0, klar.lastIndexOf(2)).toString('utf8'));
}

/** A push service on 127.0.0.1 that keeps each POST's body by device. */
async function startPushDienst() {
  const angekommen = new Map<string, Buffer[]>();
  const server = createServer((request, response) => {
    const teile: Buffer[] = [];
    request.on('data', (teil: Buffer) => teile.push(teil));
    request.on('end', () => {
      const geraet = (request.url ?? '').split('/').at(-1)!;
      angekommen.set(geraet, [...(angekommen.get(geraet) ?? []), Buffer.concat(teile)]);
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const basis = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { basis, angekommen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mails and pushes go out in the language the family chose (rm.eltern.sprache), decided when sent', () => {
  let smtp: TestSmtp;
  let dienst: Awaited<ReturnType<typeof startPushDienst>>;
  let app: TestWorkers;
  let fuechse: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dienst = await startPushDienst();
    app = await startTestWorkers({ smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: `${dienst.basis}/push/` } });
    fuechse = await app.gruppe('Füchse');
  });
  afterAll(async () => {
    await app?.close();
    await dienst?.close();
    await smtp?.close();
  });

  /** A family that chose `sprache` on its profile page (SpracheGewaehlt), once the read model has it. */
  const familieMitSprache = async (nachname: string, sprache: Sprache) => {
    const email = adresse(nachname);
    const { elternId } = await app.familie({ nachname, email, gruppeId: fuechse });
    await app.command(elternStream(elternId), elternDecider, { type: 'WaehleSprache', data: { elternId, sprache } });
    await app.verarbeitet();
    return { elternId, email };
  };

  const setzeLink = async (elternId: string) => {
    const gueltigBis = new Date(Date.now() + 30 * 60_000).toISOString();
    await app.command(elternStream(elternId), elternDecider, {
      type: 'StellePasswortLinkAus',
      data: { elternId, linkId: randomUUID(), zweck: 'zuruecksetzen', gueltigBis },
    });
    return gueltigBis;
  };

  it('sends a Turkish family its password-reset mail in Turkish, and a German family the same mail as before', async () => {
    const yildiz = await familieMitSprache('Yıldız', 'tr');
    const dachs = await familieMitSprache('Dachs', 'de');
    const bisTr = await setzeLink(yildiz.elternId);
    const bisDe = await setzeLink(dachs.elternId);
    const tr = await smtp.waitForMail(an(yildiz.email));
    const de = await smtp.waitForMail(an(dachs.email));

    expect(tr.subject).toBe('Şifre sıfırlama – Waldkita Veli Portalı');
    expect(tr.text).toMatch(/^Sevgili Yıldız ailesi,\n/);
    expect(tr.text).toContain('Orman anaokulunun veli portalı için şifrenizi sıfırlamayı talep ettiniz.');
    const [tag, uhr] = zeitpunktDeutsch(bisTr).split(' ');
    const [t, m, j] = tag!.split('.');
    expect(tr.text).toContain(`Bağlantı ${datumKurz(`${j}-${m}-${t}`, 'tr')} saat ${uhr} tarihine kadar geçerlidir`);
    expect(tr.text).toMatch(/Sevgiyle selamlar\nOrman anaokulu ekibiniz\n?$/);
    expect(tr.text).not.toMatch(/Liebe Familie|Viele Grüße|Passwort/);
    expect(tr.html).toContain('<html lang="tr">');
    expect(tr.html).toContain('>Yeni şifre belirle</a>');

    expect(de.subject).toBe('Passwort zurücksetzen – Waldkita Elternportal');
    expect(de.text).toMatch(/^Liebe Familie Dachs,\n/);
    expect(de.text).toContain(`Der Link ist gültig bis ${zeitpunktDeutsch(bisDe)} Uhr und kann nur einmal verwendet werden.`);
    expect(de.text).toMatch(/Viele Grüße\nIhr Waldkindergarten-Team\n?$/);
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).not.toContain('dir="rtl"');
  });

  it('writes an Arabic family’s mail in Arabic, its HTML part right to left; still once', async () => {
    const haddad = await familieMitSprache('Haddad', 'ar');
    await app.command(elternStream(haddad.elternId), elternDecider, {
      type: 'SetzePasswort',
      data: { elternId: haddad.elternId, grund: 'aenderung' },
    });
    const ar = await smtp.waitForMail(an(haddad.email));
    await app.mailsErledigt();
    expect(smtp.mails.filter(an(haddad.email))).toHaveLength(1);
    expect(ar.subject).toBe('تم تغيير كلمة المرور الخاصة بكم');
    expect(ar.text).toMatch(/^عائلة Haddad العزيزة،\n/);
    expect(ar.text).toContain('تم تغيير كلمة المرور لحسابكم في بوابة أولياء الأمور بتاريخ');
    expect(ar.text).toMatch(/مع أطيب التحيات\nفريق روضة الغابة\n?$/);
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.html).toContain('>نسيت كلمة المرور؟</a>');
  });

  it('delivers a push in the family’s language: as queued, and written anew when the family chose another meanwhile', async () => {
    const siegel = new PushAboSiegel((await resolveVapidKeys(app.config, app.db.pool)).privateKey);
    const yilmaz = await familieMitSprache('Yılmaz', 'tr');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const geraetId = randomUUID();
    const abo = {
      endpoint: `${dienst.basis}/push/${geraetId}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
    await app.command(benachrichtigungenStream(yilmaz.elternId), benachrichtigungDecider, {
      type: 'MeldePushGeraetAn',
      data: {
        elternId: yilmaz.elternId,
        neueGeraetId: geraetId,
        endpunktKennung: siegel.kennung(abo.endpoint),
        fingerabdruck: siegel.fingerabdruck(abo),
        abo: siegel.versiegle(abo, yilmaz.elternId),
        bezeichnung: 'Firefox auf Android',
      },
    });
    await app.verarbeitet();
    const anlass: PushAnlass = { art: 'neues-angebot', tauschId: randomUUID(), anbieter: 'Dachs', woche: { jahr: 2027, kalenderwoche: 3 } };
    const empfangen = (anzahl: number) =>
      app.warte(async () => (dienst.angekommen.get(geraetId)?.length ?? 0) >= anzahl, `push ${anzahl} to the device`);

    const auftraege = await auftraegeFuer(app.db.pool, 'neuesAngebot', [yilmaz.elternId], `sprache-${randomUUID()}`, anlass);
    expect(auftraege.map((a) => a.auftrag.nachricht)).toEqual([pushNachricht(anlass, 'tr')]);
    await queuePush(app.workers.pushQueue, auftraege);
    await empfangen(1);
    const erste = entschluessele(dienst.angekommen.get(geraetId)![0]!, ecdh, auth);
    expect(erste).toEqual({
      title: 'Yeni takas teklifi',
      body: 'Dachs ailesi 3. hafta/2027 (Cuma, 22.01.2027) su nöbetini takas için sunuyor.',
      url: '/tauschboerse',
      tag: `angebot-${anlass.tauschId}`,
    });

    // Queued in Turkish; the family switches to Arabic before the worker sends it.
    await app.command(elternStream(yilmaz.elternId), elternDecider, {
      type: 'WaehleSprache',
      data: { elternId: yilmaz.elternId, sprache: 'ar' },
    });
    await app.verarbeitet();
    await queuePush(app.workers.pushQueue, [
      { id: `sprache-${randomUUID()}`, auftrag: { elternId: yilmaz.elternId, geraetId, nachricht: pushNachricht(anlass, 'tr'), anlass } },
    ]);
    await empfangen(2);
    const zweite = entschluessele(dienst.angekommen.get(geraetId)![1]!, ecdh, auth) as { title: string; body: string };
    expect(zweite.title).toBe('عرض تبادل جديد');
    expect(zweite.body).toBe(pushNachricht(anlass, 'ar').body);
    expect(zweite.body).toContain('تعرض عائلة Dachs مناوبة الماء في الأسبوع 3/2027');
  });
});
