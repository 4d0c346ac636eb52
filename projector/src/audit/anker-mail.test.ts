import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { neuesSchluesselpaar, pruefeAnkerSelbst } from '@waldkita/platform/audit/anker';
import { an, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorkers, type TestWorkers } from '../testing/test-workers.js';
import { ankerDerNacht, versendeAnker } from './anker-nacht.js';

const adresse = (name: string) => `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;

/** The night's anchor reaches the admins and the auditors by mail, its file attached, and no one else. */
describe('the nightly anchor by mail', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestWorkers({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends each admin and auditor one mail with the anchor file, in their language, and families none', async () => {
    const gruppe = await app.gruppe('Füchse');
    const personen = {
      leitung: { email: adresse('Leitung'), rollen: ['ROLE_ADMIN'] },
      pruefer: { email: adresse('Sommer'), rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] },
      familie: { email: adresse('Fuchs'), rollen: ['ROLE_ELTERN'] },
    } as const;
    const ids: Record<string, string> = {};
    for (const [name, p] of Object.entries(personen)) {
      const { elternId } = await app.familie({ nachname: name, email: p.email, gruppeId: gruppe });
      ids[name] = elternId;
      await app.command(elternStream(elternId), elternDecider, { type: 'AendereRollen', data: { elternId, rollen: [...p.rollen] } });
    }
    await app.command(elternStream(ids.pruefer!), elternDecider, {
      type: 'WaehleSprache',
      data: { elternId: ids.pruefer!, sprache: 'en' },
    });
    await app.verarbeitet();

    const nacht = new Date('2026-11-27T01:30:00Z');
    const deps = { store: app.store, pool: app.db.pool, schluessel: neuesSchluesselpaar().privat };
    const ergebnis = await ankerDerNacht({ ...deps, versende: (anker) => versendeAnker(app.db.pool, app.workers.mailQueue, anker) }, nacht);
    expect(ergebnis.signiert).toBe(true);

    const leitung = await smtp.waitForMail(an(personen.leitung.email));
    expect(leitung.subject).toBe('Anker des Elternportals vom 27.11.2026');
    expect(leitung.text).toContain('Bitte bewahren Sie die Datei außerhalb des Elternportals auf.');
    const [anhang] = leitung.attachments;
    expect(anhang?.filename).toMatch(/^anker-2026-11-27-\d+-\d+\.json$/);
    const anker = JSON.parse(anhang!.content.toString('utf8'));
    expect(pruefeAnkerSelbst(anker)).toEqual([]);
    expect(anker.wurzel).toBe(ergebnis.wurzel);
    expect(leitung.text).toContain(`Fingerabdruck des Schlüssels: `);

    const pruefer = await smtp.waitForMail(an(personen.pruefer.email));
    expect(pruefer.subject).toBe('Anchor of the parents’ portal of 27/11/2026');
    expect(pruefer.attachments[0]?.content.toString('utf8')).toBe(anhang!.content.toString('utf8'));

    // A second run of the same night's job queues nothing twice.
    await versendeAnker(app.db.pool, app.workers.mailQueue, anker);
    await app.mailsErledigt();
    expect(smtp.mails.filter(an(personen.leitung.email))).toHaveLength(1);
    expect(smtp.mails.filter(an(personen.familie.email))).toHaveLength(0);
  });
});
