import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIENSTARTEN_STREAM, type DienstartAngaben, dienstartenDecider } from '@waldkita/domain/dienste/dienstart';
import { type DiensteEvent, diensteDecider, diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { isoWochentag, terminText } from '@waldkita/domain/dienste/termine';
import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { benachrichtigungDecider, benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { PushAboSiegel, resolveVapidKeys } from '@waldkita/platform/auth/vapid-keys';
import { startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erinnereAnDienste } from '../mail/dienst-erinnerung.js';
import { startTestWorkers, type TestWorkers } from '../testing/test-workers.js';
import type { PushNachricht } from './push-nachrichten.js';

/**
 * A push service on 127.0.0.1 that accepts every POST under /push/<device>: it only counts what
 * arrives; what was sent is read from the finished jobs (the payload the worker encrypted).
 */
async function startEmpfaenger() {
  const angekommen: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      angekommen.push(request.url ?? '');
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const basis = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { basis, angekommen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const angaben: DienstartAngaben = {
  name: 'Tee kochen',
  beschreibung: '',
  rhythmus: 'wochentage',
  wochentage: [1, 2, 3, 4, 5],
  bereich: 'kita',
  familienProTermin: 1,
  stunden: 1,
  pausiertBeiSchliessung: true,
};

describe('push of the other duty kinds: offers, accepts, take-overs and the evening reminder, by the family’s choice', () => {
  let smtp: TestSmtp;
  let empfaenger: Awaited<ReturnType<typeof startEmpfaenger>>;
  let app: TestWorkers;
  const tee = randomUUID();
  const heute = heuteInBerlin(new Date());
  const f: Record<string, string> = {};
  /** device id by family name */
  const geraet: Record<string, string> = {};
  const stream = diensteStream(tee, KITA_BEREICH);
  const kopf = { dienstartId: tee, bereichId: KITA_BEREICH };

  /** The messages the push worker delivered to a family's device. */
  const nachrichtenAn = async (name: string): Promise<PushNachricht[]> => {
    const jobs = await app.workers.pushQueue.getJobs(['completed']);
    return jobs.filter((j) => j.data.geraetId === geraet[name]).map((j) => j.data.nachricht);
  };
  const warteAuf = (name: string, titel: string) =>
    app.warte(async () => (await nachrichtenAn(name)).some((n) => n.title === titel), `push "${titel}" to ${name}`);
  const pushFertig = () =>
    app.warte(
      async () => (await app.workers.pushQueue.getJobCountByTypes('wait', 'active', 'delayed', 'prioritized', 'paused')) === 0,
      'the push queue to drain',
    );

  beforeAll(async () => {
    smtp = await startTestSmtp();
    empfaenger = await startEmpfaenger();
    app = await startTestWorkers({ smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: `${empfaenger.basis}/push/` } });
    const siegel = new PushAboSiegel((await resolveVapidKeys(app.config, app.db.pool)).privateKey);
    const fuechse = await app.gruppe('Füchse');
    const eulen = await app.gruppe('Eulen');
    for (const [name, gruppeId] of [
      ['Amsel', fuechse],
      ['Biber', fuechse],
      ['Eule', eulen],
      ['Falke', eulen],
    ] as [string, string][]) {
      const elternId = (
        await app.familie({ nachname: name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`, gruppeId })
      ).elternId;
      f[name] = elternId;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const abo = {
        endpoint: `${empfaenger.basis}/push/${name}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
      geraet[name] = randomUUID();
      await app.command(benachrichtigungenStream(elternId), benachrichtigungDecider, {
        type: 'MeldePushGeraetAn',
        data: {
          elternId,
          neueGeraetId: geraet[name]!,
          endpunktKennung: siegel.kennung(abo.endpoint),
          fingerabdruck: siegel.fingerabdruck(abo),
          abo: siegel.versiegle(abo, elternId),
          bezeichnung: 'Firefox auf Linux',
        },
      });
    }
    // Falke wants new offers by mail only.
    await app.command(benachrichtigungenStream(f.Falke!), benachrichtigungDecider, {
      type: 'WaehleBenachrichtigungen',
      data: { elternId: f.Falke!, wahl: { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: true } } },
    });
    await app.command(DIENSTARTEN_STREAM, dienstartenDecider, { type: 'LegeDienstartAn', data: { dienstartId: tee, ...angaben } });
  });
  afterAll(async () => {
    await app?.close();
    await empfaenger?.close();
    await smtp?.close();
  });

  it('a date given away reaches the other families’ devices (not the giver’s, not those without push for it); its take-over the giver’s', async () => {
    const von = plusTage(heute, 7);
    const { events } = await app.command(stream, diensteDecider, {
      type: 'PlaneDienste',
      data: {
        ...kopf,
        planId: randomUUID(),
        ids: Array.from({ length: 10 }, () => randomUUID()),
        heute,
        von,
        bis: plusTage(von, 6),
        art: angaben,
        geschlossen: { wochen: [], tage: [] },
        familien: [f.Amsel!, f.Eule!],
        anteile: [],
        saldo: [],
        abwesenheiten: [],
        belegt: [],
      },
    });
    const dienste = (events as DiensteEvent[]).flatMap((e) => (e.type === 'DienstZugewiesen' ? [e.data] : []));
    const amsel = dienste.filter((d) => d.elternId === f.Amsel).sort((a, b) => (a.von < b.von ? -1 : 1));
    const eule = dienste.filter((d) => d.elternId === f.Eule).sort((a, b) => (a.von < b.von ? -1 : 1));

    const t1 = randomUUID();
    await app.command(stream, diensteDecider, {
      type: 'BieteDienstTauschAn',
      data: { ...kopf, tauschId: t1, dienstId: amsel[0]!.dienstId, elternId: f.Amsel!, abgeben: true, heute },
    });
    await warteAuf('Biber', 'Tee kochen abzugeben');
    await warteAuf('Eule', 'Tee kochen abzugeben');
    expect((await nachrichtenAn('Biber')).find((n) => n.title === 'Tee kochen abzugeben')).toEqual({
      title: 'Tee kochen abzugeben',
      body: `Familie Amsel gibt den Dienst „Tee kochen“ am ${terminText(amsel[0]!)} ab. Können Sie ihn übernehmen?`,
      url: '/tauschboerse',
      tag: `angebot-${t1}`,
    });

    await app.command(stream, diensteDecider, {
      type: 'NimmDienstTauschAn',
      data: { ...kopf, tauschId: t1, elternId: f.Biber!, gegenDienstId: null, heute },
    });
    await warteAuf('Amsel', 'Ihr Dienst wurde übernommen');
    expect((await nachrichtenAn('Amsel')).find((n) => n.title === 'Ihr Dienst wurde übernommen')).toEqual({
      title: 'Ihr Dienst wurde übernommen',
      body: `Familie Biber hat Ihren Dienst „Tee kochen“ am ${terminText(amsel[0]!)} übernommen. Sie müssen an diesem Termin nichts mehr tun.`,
      url: '/dienste',
      tag: `tausch-${t1}`,
    });

    // A swap: the offering family's devices are told, the taker's not.
    const t2 = randomUUID();
    await app.command(stream, diensteDecider, {
      type: 'BieteDienstTauschAn',
      data: { ...kopf, tauschId: t2, dienstId: eule[0]!.dienstId, elternId: f.Eule!, heute },
    });
    await warteAuf('Biber', 'Neues Tausch-Angebot');
    await app.command(stream, diensteDecider, {
      type: 'NimmDienstTauschAn',
      data: { ...kopf, tauschId: t2, elternId: f.Amsel!, gegenDienstId: amsel[1]!.dienstId, heute },
    });
    await warteAuf('Eule', 'Ihr Angebot wurde angenommen');
    expect((await nachrichtenAn('Eule')).find((n) => n.title === 'Ihr Angebot wurde angenommen')!.body).toBe(
      `Familie Amsel übernimmt Ihren Dienst „Tee kochen“ am ${terminText(eule[0]!)}. Sie haben dafür ${terminText(amsel[1]!)}.`,
    );
    await app.verarbeitet();
    await pushFertig();
    expect((await nachrichtenAn('Amsel')).map((n) => n.title).sort()).toEqual(['Ihr Dienst wurde übernommen', 'Neues Tausch-Angebot']);
    expect((await nachrichtenAn('Biber')).map((n) => n.title).sort()).toEqual(['Neues Tausch-Angebot', 'Tee kochen abzugeben']);
    expect((await nachrichtenAn('Eule')).map((n) => n.title).sort()).toEqual(['Ihr Angebot wurde angenommen', 'Tee kochen abzugeben']);
    expect(await nachrichtenAn('Falke')).toEqual([]);
    expect(empfaenger.angekommen.filter((u) => u === '/push/Falke')).toEqual([]);
    expect(empfaenger.angekommen.filter((u) => u === '/push/Biber')).toHaveLength(2);
  });

  it('the evening before, each device of the families whose date starts tomorrow gets one reminder, also when the job runs again', async () => {
    const morgen = plusTage(heute, 1);
    const kochen = randomUUID();
    const kochenAngaben = {
      ...angaben,
      name: 'Kochen',
      wochentage: [isoWochentag(morgen)],
      bereich: 'kita' as const,
      familienProTermin: 2,
    };
    await app.command(DIENSTARTEN_STREAM, dienstartenDecider, { type: 'LegeDienstartAn', data: { dienstartId: kochen, ...kochenAngaben } });
    await app.command(diensteStream(kochen, KITA_BEREICH), diensteDecider, {
      type: 'PlaneDienste',
      data: {
        dienstartId: kochen,
        bereichId: KITA_BEREICH,
        planId: randomUUID(),
        ids: Array.from({ length: 4 }, () => randomUUID()),
        heute,
        von: morgen,
        bis: morgen,
        art: kochenAngaben,
        geschlossen: { wochen: [], tage: [] },
        familien: [f.Biber!, f.Falke!],
        anteile: [],
        saldo: [],
        abwesenheiten: [],
        belegt: [],
      },
    });
    // Biber wants the reminder by mail only.
    await app.command(benachrichtigungenStream(f.Biber!), benachrichtigungDecider, {
      type: 'WaehleBenachrichtigungen',
      data: { elternId: f.Biber!, wahl: { ...STANDARD_WAHL, dienstErinnerung: { push: false, mail: true } } },
    });
    await app.verarbeitet();
    const deps = { pool: app.db.pool, mailQueue: app.workers.mailQueue, pushQueue: app.workers.pushQueue };
    expect(await erinnereAnDienste(deps, new Date())).toMatchObject({ tag: morgen, familien: 2, mails: 2, pushes: 1 });
    expect(await erinnereAnDienste(deps, new Date())).toMatchObject({ tag: morgen, familien: 2, pushes: 1 });
    await warteAuf('Falke', 'Kochen ab morgen');
    await pushFertig();
    expect((await nachrichtenAn('Falke')).filter((n) => n.title === 'Kochen ab morgen')).toEqual([
      {
        title: 'Kochen ab morgen',
        body: `Morgen beginnt Ihr Dienst „Kochen“: ${terminText({ von: morgen, bis: morgen })}.`,
        url: '/dienste',
        tag: `erinnerung-${kochen}-${morgen}`,
      },
    ]);
    expect((await nachrichtenAn('Biber')).filter((n) => n.title === 'Kochen ab morgen')).toEqual([]);
    expect(empfaenger.angekommen.filter((u) => u === '/push/Falke')).toHaveLength(1);
  });
});
