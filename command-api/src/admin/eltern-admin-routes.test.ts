import { randomUUID } from 'node:crypto';
import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
  wasserdienst,
} from '../testing/route-test.js';

describe('a family’s share of a duty kind (PUT /api/admin/eltern/{id}/anteil)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const wagner = familie('Wagner', fuechse.gruppeId);
  const moser = familie('Moser', fuechse.gruppeId);
  const putzId = randomUUID();
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      ...[fuechse, leitung, fuchs, wagner, moser].map((x) => x.stream),
      existingStream(DIENSTARTEN_STREAM, [
        {
          type: 'DienstartAngelegt',
          data: {
            dienstartId: putzId,
            name: 'Putzdienst',
            beschreibung: '',
            rhythmus: 'wochenende',
            bereich: 'kita',
            familienProTermin: 1,
            stunden: 2,
            pausiertBeiSchliessung: true,
          },
        },
      ]),
    );
  });
  afterAll(() => t?.close());

  const anteil = (id: string, payload: object, als = leitung) => ({
    method: 'PUT' as const,
    url: `/api/admin/eltern/${id}/anteil`,
    payload,
    als,
  });

  it('refuses parents (403) and wrong shares, a missing or too long reason and unknown families, in German, appending nothing', async () => {
    const nichts = expectNoNewEvents(elternStream(wagner.elternId));
    await t.when(anteil(wagner.elternId, { anteil: 0, grund: 'Ich will nicht' }, fuchs)).then(expectResponse(403), nichts);
    for (const falsch of [6, -1, 1.5, '2', null])
      await t
        .when(anteil(wagner.elternId, { anteil: falsch, grund: 'Test' }))
        .then(expectError(400, 'Der Anteil muss eine ganze Zahl von 0 bis 5 sein.'), nichts);
    await t.when(anteil(wagner.elternId, { anteil: 2 })).then(expectError(400, 'Bitte geben Sie einen Grund für den Anteil an.'), nichts);
    await t
      .when(anteil(wagner.elternId, { anteil: 2, grund: '  ' }))
      .then(expectError(400, 'Bitte geben Sie einen Grund für den Anteil an.'), nichts);
    await t
      .when(anteil(wagner.elternId, { anteil: 2, grund: 'x'.repeat(301) }))
      .then(expectError(400, 'Der Grund darf höchstens 300 Zeichen lang sein.'), nichts);
    await t
      .when(anteil('9b1c3c52-0000-4000-8000-000000000000', { anteil: 2, grund: 'x' }))
      .then(expectError(404, 'Elternteil nicht gefunden.'));
  });

  it('sets the water-duty share with its reason: one AnteilGesetzt, the answer in German', async () => {
    await t
      .when(anteil(wagner.elternId, { anteil: 2, grund: 'Zwei Kinder in der Gruppe' }))
      .then(
        expectResponse(200, { id: wagner.elternId, anteil: 2, message: 'Der Anteil von Familie Wagner ist jetzt 2.' }),
        expectNewEvents(elternStream(wagner.elternId), [
          { type: 'AnteilGesetzt', data: { elternId: wagner.elternId, anteil: 2, grund: 'Zwei Kinder in der Gruppe' } },
        ]),
      );
  });

  it('sets a share per kind: Vorstand Moser is exempt from Putzdienst; an unknown kind is a 404', async () => {
    await t
      .when(anteil(moser.elternId, { anteil: 0, grund: 'Vorstand', dienstartId: putzId }))
      .then(
        expectResponse(200, { id: moser.elternId, anteil: 0, dienstartId: putzId, message: 'Familie Moser ist vom Putzdienst befreit.' }),
        expectNewEvents(elternStream(moser.elternId), [
          { type: 'AnteilGesetzt', data: { elternId: moser.elternId, anteil: 0, grund: 'Vorstand', dienstartId: putzId } },
        ]),
      );
    await t
      .when(anteil(moser.elternId, { anteil: 1, grund: 'x', dienstartId: 'nope' }))
      .then(expectError(404, 'Dienstart nicht gefunden.'), expectNoNewEvents(elternStream(moser.elternId)));
  });
});

describe('a family leaves (DELETE /api/admin/eltern/{id})', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const eulen = gruppe('Eulen');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const lang = familie('Lang', eulen.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const [putz, tee] = [randomUUID(), randomUUID()];
  const ANGABEN = { beschreibung: '', familienProTermin: 1, stunden: 2, pausiertBeiSchliessung: true };
  const termin = (dienstartId: string, bereichId: string, x: { elternId: string }, von: string, bis: string) => ({
    dienstartId,
    bereichId,
    dienstId: randomUUID(),
    von,
    bis,
    elternId: x.elternId,
  });
  // Friday 20 November 2026: the weekend before is over, today's date still counts.
  const vorbei = termin(putz, KITA_BEREICH, lang, '2026-11-14', '2026-11-15');
  const kommend = [
    termin(putz, KITA_BEREICH, lang, '2026-11-28', '2026-11-29'),
    termin(putz, KITA_BEREICH, lang, '2027-01-09', '2027-01-10'),
  ];
  const andere = termin(putz, KITA_BEREICH, eule, '2026-12-05', '2026-12-06');
  const teeTermin = termin(tee, eulen.gruppeId, lang, '2026-11-20', '2026-11-20');
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      ...[eulen, leitung, lang, eule].map((x) => x.stream),
      existingStream(DIENSTARTEN_STREAM, [
        { type: 'DienstartAngelegt', data: { dienstartId: putz, name: 'Putzdienst', ...ANGABEN, rhythmus: 'wochenende', bereich: 'kita' } },
        { type: 'DienstartAngelegt', data: { dienstartId: tee, name: 'Tee kochen', ...ANGABEN, rhythmus: 'woche', bereich: 'gruppe' } },
      ]),
      existingStream(
        diensteStream(putz, KITA_BEREICH),
        [vorbei, ...kommend, andere].map((data) => ({ type: 'DienstZugewiesen', data })),
      ),
      existingStream(diensteStream(tee, eulen.gruppeId), [{ type: 'DienstZugewiesen', data: teeTermin }]),
    );
  });
  afterAll(() => t?.close());

  it('gives up the family’s dates of every kind from today on, in its group’s plans and the whole kindergarten’s; past ones stay', async () => {
    await t.when({ method: 'DELETE', url: `/api/admin/eltern/${lang.elternId}`, als: leitung }).then(
      expectResponse(200, expect.objectContaining({ id: lang.elternId, message: 'Lang wurde erfolgreich gelöscht' })),
      expectNewEvents(
        diensteStream(putz, KITA_BEREICH),
        kommend.map((data) => ({ type: 'DienstFreigegeben', data })),
      ),
      expectNewEvents(diensteStream(tee, eulen.gruppeId), [{ type: 'DienstFreigegeben', data: teeTermin }]),
      expectNewEvents(elternStream(lang.elternId), [{ type: 'ElternEntfernt', data: { elternId: lang.elternId } }]),
    );
  });
});

/** Friday of ISO week 47 of 2026. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('parents in the Admin Center (POST/DELETE /api/admin/eltern, …/role, …/reset-password)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  let fuechse = '';
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
    await t.appendEvents(leitung.stream);
    // Through the route: a parent's group is found by its name (gruppen_namen), which the route writes.
    fuechse = (
      await t
        .when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Füchse' }, als: leitung })
        .then(expectResponse(201))
    ).json().id;
  });
  afterAll(() => t?.close());

  const legeAn = (payload: object) => ({ method: 'POST' as const, url: '/api/admin/eltern', payload, als: leitung });

  it('creates a parent in a group named in any case, the e-mail in lower case; refuses missing fields, a bad e-mail, an unknown group and a taken e-mail', async () => {
    await t.when(legeAn({ nachname: 'Bauer', email: '', gruppe: 'Füchse' })).then(expectError(400, 'Bitte füllen Sie alle Felder aus'));
    await t
      .when(legeAn({ nachname: 'Bauer', email: 'bauer@x', gruppe: 'Füchse' }))
      .then(expectError(400, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'));
    await t
      .when(legeAn({ nachname: 'Bauer', email: 'bauer@example.org', gruppe: 'Dachse' }))
      .then(expectError(400, 'Die Gruppe "Dachse" gibt es nicht.'));
    const angelegt = await t.when(legeAn({ nachname: 'Bauer', email: 'Bauer@Example.org', gruppe: 'füchse' })).then(
      expectResponse(201, {
        id: expect.any(String),
        nachname: 'Bauer',
        email: 'bauer@example.org',
        gruppe: { gruppenID: fuechse, gruppenName: 'Füchse' },
        message: 'Familie Bauer wurde angelegt.',
      }),
    );
    const { events } = await t.store.readStream(elternStream(angelegt.json().id));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'ElternRegistriert',
        {
          elternId: angelegt.json().id,
          nachname: 'Bauer',
          nameKind: null,
          email: 'bauer@example.org',
          gruppeId: fuechse,
          rollen: ['ROLE_ELTERN'],
        },
      ],
      ['PasswortLinkAusgestellt', expect.objectContaining({ elternId: angelegt.json().id, zweck: 'willkommen' })],
    ]);
    await t
      .when(legeAn({ nachname: 'Bauer2', email: 'bauer@example.org', gruppe: 'Füchse' }))
      .then(expectError(409, 'Diese E-Mail-Adresse ist bereits vergeben.'));
  });

  it('never deletes an admin account (409); deleting a parent frees their duties from this week on and removes the account', async () => {
    await t
      .when({ method: 'DELETE', url: `/api/admin/eltern/${leitung.elternId}`, als: leitung })
      .then(expectError(409, 'Admin-Accounts können nicht gelöscht werden.'), expectNoNewEvents(leitung.stream.stream));
    const bauer = familie('Bauer', fuechse);
    const [kw40, kw49, kw53] = [wasserdienst(bauer, 2026, 40), wasserdienst(bauer, 2026, 49), wasserdienst(bauer, 2026, 53)];
    const plan = dienstplanStream(fuechse);
    await t
      .given(
        bauer.stream,
        existingStream(
          plan,
          [kw40, kw49, kw53].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        ),
      )
      .when({ method: 'DELETE', url: `/api/admin/eltern/${bauer.elternId}`, als: leitung })
      .then(
        expectResponse(200, {
          id: bauer.elternId,
          message: 'Bauer wurde erfolgreich gelöscht',
          freigegebeneWochen: [
            { jahr: 2026, kalenderwoche: 49 },
            { jahr: 2026, kalenderwoche: 53 },
          ],
        }),
        expectNewEvents(plan, [
          { type: 'WasserdienstFreigegeben', data: kw49 },
          { type: 'WasserdienstFreigegeben', data: kw53 },
        ]),
        expectNewEvents(bauer.stream.stream, [{ type: 'ElternEntfernt', data: { elternId: bauer.elternId } }]),
      );
  });

  it('changes roles (not the own admin role) and sets a password the parent can sign in with', async () => {
    // Created through the route: signing in finds the family by its e-mail (the route writes it).
    const fuchsId = (
      await t.when(legeAn({ nachname: 'Fuchs', email: 'fuchs@example.org', gruppe: 'Füchse' })).then(expectResponse(201))
    ).json().id as string;
    const fuchs = { elternId: fuchsId, email: 'fuchs@example.org', stream: { stream: elternStream(fuchsId) } };
    const rolle = (id: string, role: string) => ({
      method: 'PUT' as const,
      url: `/api/admin/eltern/${id}/role`,
      payload: { role },
      als: leitung,
    });
    await t
      .when(rolle(fuchs.elternId, 'ROLE_AUDITOR'))
      .then(
        expectResponse(200, { id: fuchs.elternId, authorities: [{ authority: 'ROLE_ELTERN' }, { authority: 'ROLE_AUDITOR' }] }),
        expectNewEvents(fuchs.stream.stream, [
          { type: 'RollenGeaendert', data: { elternId: fuchs.elternId, rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] } },
        ]),
      );
    // The log says who acted in which role and for whom (the audit trail shows it: query-api/src/audit/audit-routes.test.ts).
    expect((await t.store.readStream(fuchs.stream.stream)).events.at(-1)!.metadata).toMatchObject({
      actorId: leitung.elternId,
      rolle: 'admin',
      fuerElternId: fuchs.elternId,
    });
    await t
      .when(rolle(fuchs.elternId, 'KOENIG'))
      .then(
        expectError(400, 'Unbekannte Rolle. Erlaubt sind ROLE_ELTERN, ROLE_ADMIN und ROLE_AUDITOR.'),
        expectNoNewEvents(fuchs.stream.stream),
      );
    await t
      .when(rolle(leitung.elternId, 'ROLE_ELTERN'))
      .then(expectError(409, 'Sie können sich die Admin-Rolle nicht selbst entziehen.'), expectNoNewEvents(leitung.stream.stream));
    const setze = (newPassword: string) => ({
      method: 'PUT' as const,
      url: `/api/admin/eltern/${fuchs.elternId}/reset-password`,
      payload: { newPassword },
      als: leitung,
    });
    await t
      .when(setze('kurz'))
      .then(expectError(400, 'Passwort muss mindestens 6 Zeichen lang sein.'), expectNoNewEvents(fuchs.stream.stream));
    await t
      .when(setze('neues-passwort'))
      .then(
        expectResponse(200, 'Passwort wurde zurückgesetzt.'),
        expectNewEvents(fuchs.stream.stream, [{ type: 'PasswortGesetzt', data: { elternId: fuchs.elternId, grund: 'zuruecksetzung' } }]),
      );
    await t
      .when({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: fuchs.email, kennwort: 'neues-passwort' }).toString(),
      })
      .then(expectResponse(200));
  });
});
