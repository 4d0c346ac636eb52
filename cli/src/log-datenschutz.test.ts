import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMail } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProzess, pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

/**
 * No personal data and no secret in any log line, at LOG_LEVEL=debug (docs/betrieb.md): the built
 * app in a process of its own, every line it writes captured, runs a scripted flow — sign-ins
 * (right and wrong), an admin creating a family (welcome mail), a forgotten password (reset mail),
 * calendar feed fetches under path variants, erasing a family — and then greps the lines for the
 * seeded names, e-mails, passwords and every token issued: zero hits. Without SMTP_URL the mails
 * go to a folder; after the erasure no file there holds the family's name or e-mail.
 */

const PASSWORT = 'waldlaeufer-2026';
const kennung = randomUUID().slice(0, 6);
const NAMEN = { admin: `Leitungsteam${kennung}`, fuchs: `Quellenbach${kennung}`, neu: `Mühlenkämper${kennung}` };
const EMAILS = {
  admin: `leitung-${kennung}@log-test.example`,
  fuchs: `quellenbach-${kennung}@log-test.example`,
  neu: `muehlen-${kennung}@log-test.example`,
};

/** A GET with the path sent exactly as given (fetch would resolve `..` and `%2e`). */
const holeRoh = (baseUrl: string, pfad: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const request = http.request({ hostname, port, path: pfad, method: 'GET' }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end();
  });

const warte = async (bedingung: () => boolean | Promise<boolean>, was: string, ms = 20_000) => {
  const ende = Date.now() + ms;
  while (!(await bedingung())) {
    if (Date.now() > ende) throw new Error(`timed out waiting for ${was}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('logs at LOG_LEVEL=debug name no one and hold no secret', () => {
  let app: TestApp;
  let prozess: AppProzess;
  let ausgabe = '';
  const mailOrdner = mkdtempSync(path.join(tmpdir(), 'waldkita-log-mail-'));
  const mails = () => (existsSync(mailOrdner) ? readdirSync(mailOrdner).filter((d) => d.endsWith('.eml')) : []);

  beforeAll(async () => {
    pruefeBuild();
    app = await startTestApp();
    prozess = await starteAppProzess(app.db.databaseUrl, {
      LOG_LEVEL: 'debug',
      QUEUE_PREFIX: `log-datenschutz-${app.db.name}`,
      MAIL_DIR: mailOrdner,
      SMTP_URL: '',
    });
    const lies = (d: Buffer) => {
      ausgabe += d;
    };
    prozess.prozess.stdout!.on('data', lies);
    prozess.prozess.stderr!.on('data', lies);
  }, 60_000);
  afterAll(async () => {
    await prozess?.beende('SIGTERM');
    await app?.close();
  });

  it('a scripted flow leaves zero hits of names, e-mails, passwords and tokens in the log; an erasure empties the mail folder of the family', async () => {
    const url = prozess.baseUrl;
    await app.familie({ email: EMAILS.admin, passwort: PASSWORT, nachname: NAMEN.admin, rollen: ['ROLE_ADMIN'] });
    const fuchs = await app.familie(
      { email: EMAILS.fuchs, passwort: PASSWORT, nachname: NAMEN.fuchs, nameKind: `Kind${NAMEN.fuchs}` },
      'Füchse',
    );
    const geheimnisse: string[] = [PASSWORT, 'falsch-geraten-1'];

    // sign-ins, right and wrong
    const adminToken = (await json(await login(url, EMAILS.admin, PASSWORT))).jwt as string;
    const fuchsAntwort = await login(url, EMAILS.fuchs, PASSWORT);
    const fuchsToken = (await json(fuchsAntwort)).jwt as string;
    expect((await login(url, EMAILS.fuchs, 'falsch-geraten-1')).status).toBe(401);
    expect((await login(url, `niemand-${kennung}@log-test.example`, PASSWORT)).status).toBe(401);
    geheimnisse.push(adminToken, fuchsToken);
    const geraet = fuchsAntwort.headers.get('set-cookie')?.split(';')[0]?.split('=')[1];
    if (geraet) geheimnisse.push(geraet);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    // an admin creates a family: its welcome mail is written to the folder
    const angelegt = await fetch(`${url}/api/admin/eltern`, {
      method: 'POST',
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ nachname: NAMEN.neu, email: EMAILS.neu, gruppe: 'Füchse' }),
    });
    expect(angelegt.status).toBe(201);
    const neuId = ((await angelegt.json()) as { id: string }).id;
    // a forgotten password: the reset mail with its link
    const vergessen = await fetch(`${url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: EMAILS.fuchs }).toString(),
    });
    expect(vergessen.status).toBe(200);
    await warte(() => mails().some((d) => d.includes(neuId)) && mails().some((d) => d.includes(fuchs.elternId)), 'both mails');
    for (const datei of mails()) {
      // file names carry ids, never a name or an address
      expect(datei).not.toMatch(new RegExp(`${NAMEN.neu}|${NAMEN.fuchs}|@`, 'i'));
      const mail = await parseMail(readFileSync(path.join(mailOrdner, datei)));
      const link = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      if (link) geheimnisse.push(link);
    }
    expect(geheimnisse.length).toBeGreaterThanOrEqual(6);

    // the calendar feed, under the path variants a client or scanner may send
    const abo = await fetch(`${url}/api/kalender/abo`, { method: 'POST', headers: auth(fuchsToken) });
    expect(abo.status).toBe(200);
    const feed = new URL(((await abo.json()) as { url: string }).url).pathname.slice('/api/kalender/'.length, -'.ics'.length);
    geheimnisse.push(feed);
    expect(await holeRoh(url, `/api/kalender/${feed}.ics`)).toBe(200);
    for (const pfad of [
      `/api//kalender/${feed}.ics`,
      `/api/kalender/x/../${feed}.ics`,
      `/api/kalender/%2e/${feed}.ics`,
      `/api/kalender/%2E/${feed}.ics`,
      `/api/./kalender/${feed}.ics`,
      `/API/Kalender/${feed}.ics`,
      `/api/kalender/${feed}.ics?t=${feed}`,
      `/api/kalender/${feed}`,
      `//api/kalender/${feed}.ics`,
      `/api/kalender/${feed}.ics/`,
      `/api/kalender/${encodeURIComponent(EMAILS.fuchs)}`,
    ])
      await holeRoh(url, pfad);

    // erase the Fuchs family: its mails leave the folder
    const geloescht = await fetch(`${url}/api/admin/eltern/${fuchs.elternId}/personendaten`, {
      method: 'DELETE',
      headers: auth(adminToken),
    });
    expect(geloescht.status).toBe(200);
    const uebrig = mails();
    expect(uebrig.some((d) => d.includes(neuId))).toBe(true); // another family's mail stays
    for (const datei of uebrig) {
      const roh = readFileSync(path.join(mailOrdner, datei));
      const mail = await parseMail(roh);
      const text = `${roh.toString('utf8')}\n${mail.subject}\n${mail.text}\n${mail.html}\n${JSON.stringify(mail.to)}`;
      expect(text).not.toContain(NAMEN.fuchs);
      expect(text).not.toContain(EMAILS.fuchs);
    }

    await new Promise((r) => setTimeout(r, 500)); // the last lines reach the pipe
    const zeilen = ausgabe.split('\n').filter(Boolean);
    // every line is one JSON object
    for (const zeile of zeilen) expect(() => JSON.parse(zeile), zeile).not.toThrow();
    expect(ausgabe).toContain('"msg":"incoming request"'); // debug lines were written
    expect(ausgabe).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    expect(ausgabe).toContain(`mail to family ${fuchs.elternId} written to`);
    const gesucht = [...Object.values(NAMEN), ...Object.values(EMAILS), `niemand-${kennung}`, ...geheimnisse];
    const treffer = gesucht.flatMap((g) => zeilen.filter((z) => z.toLowerCase().includes(g.toLowerCase())).map((z) => `${g}: ${z}`));
    console.log(
      `${zeilen.length} log lines at LOG_LEVEL=debug, ${gesucht.length} names, e-mails and secrets looked for: ${treffer.length} hits`,
    );
    expect(treffer).toEqual([]);
  }, 120_000);
});
