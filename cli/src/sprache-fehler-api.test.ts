import { randomUUID } from 'node:crypto';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { parsePosition } from '@waldkita/platform/event-store/event-store';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026: weeks 48…53 can be offered. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'sprache-fehler1';

/**
 * The server's own texts in the caller's language (docs/i18n.md, 'The server's language'):
 * refusals, validation errors, the 404 of an unknown address and success messages follow
 * `Accept-Language`; without it the answers are German, word for word as before.
 */
describe('refusals and messages in the language the request asks for, on the real app', () => {
  let app: TestApp;
  const { get, remember } = apiClient(() => app.baseUrl);
  let fuchs: { elternId: string; token: string };
  let bauer: { elternId: string; token: string };
  const dienst: Record<string, string> = {};

  /** A call as the web client makes it: bearer token, JSON, and its language as Accept-Language (or none). */
  const frage = async (token: string | null, method: string, pfad: string, body?: unknown, sprache?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (sprache) headers['accept-language'] = sprache;
    const antwort = await fetch(`${app.baseUrl}${pfad}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    remember(parsePosition(antwort.headers.get('x-event-position') ?? '')); // so a later read (apiClient's get) waits for this write
    const text = await antwort.text();
    const istJson = (antwort.headers.get('content-type') ?? '').includes('json');
    return { status: antwort.status, body: istJson && text ? JSON.parse(text) : text, headers: antwort.headers };
  };

  const familie = async (nachname: string, gruppeId: string) => {
    const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { elternId, position } = await app.familie({
      email,
      passwort: PASSWORT,
      nachname,
      nameKind: `Kind ${nachname}`,
      gruppeId,
      rollen: ['ROLE_ELTERN'],
    });
    remember(position);
    return { elternId, token: (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string };
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const { legeGruppeAn } = await import('@waldkita/command-api/gruppe/lege-gruppe-an');
    const gruppe = (await legeGruppeAn(app.runtime, 'Füchse', { actorId: null })).gruppeId;
    fuchs = await familie('Fuchs', gruppe);
    bauer = await familie('Bauer', gruppe);
    const eintraege = [
      [fuchs, 'fuchs 50', 50],
      [bauer, 'bauer 51', 51],
      [fuchs, 'fuchs 52', 52],
    ] as const;
    const { zuweisungen, position } = await weiseWasserdiensteZu(
      app.runtime,
      gruppe,
      eintraege.map(([f, , kalenderwoche]) => ({ elternId: f.elternId, jahr: 2026, kalenderwoche })),
      { actorId: null },
    );
    remember(position);
    zuweisungen.forEach((z, i) => {
      dienst[eintraege[i]![1]] = z.wasserdienstId;
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses taking an offer that was withdrawn: 409 in Turkish, in Arabic, and in German without the header', async () => {
    const angebot = await frage(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId, wasserdienstId: dienst['fuchs 50'] });
    expect(angebot.status).toBe(201);
    const id = angebot.headers.get('x-tausch-id');
    expect((await frage(fuchs.token, 'DELETE', `/api/tausch/${id}`)).status).toBe(200);

    const annehmen = (sprache?: string) =>
      frage(
        bauer.token,
        'PUT',
        `/api/tausch/${id}/accept`,
        { resolveElternId: bauer.elternId, resolveWasserdienstId: dienst['bauer 51'] },
        sprache,
      );
    const tuerkisch = await annehmen('tr');
    expect({ status: tuerkisch.status, body: tuerkisch.body }).toEqual({ status: 409, body: { message: 'Bu teklif zaten geri çekildi.' } });
    expect(tuerkisch.headers.get('vary')).toMatch(/accept-language/i);
    // The key, for a client that must recognise a refusal whatever the language.
    expect(tuerkisch.headers.get('x-meldung')).toBe('server.dienste.schon-zurueckgezogen');
    const arabisch = await annehmen('ar-SA,ar;q=0.9,en;q=0.5');
    expect({ status: arabisch.status, body: arabisch.body }).toEqual({ status: 409, body: { message: 'تم سحب هذا العرض بالفعل.' } });
    const deutsch = await annehmen();
    expect({ status: deutsch.status, body: deutsch.body }).toEqual({
      status: 409,
      body: { message: 'Dieses Angebot wurde bereits zurückgezogen.' },
    });
    // A language we do not have: German.
    expect((await annehmen('fr-CH, fr;q=0.9')).body).toEqual({ message: 'Dieses Angebot wurde bereits zurückgezogen.' });
  });

  it('says a success in English, the plain-text one of an offer and the JSON one of a language choice', async () => {
    const angebot = await frage(
      fuchs.token,
      'POST',
      '/api/tausch',
      { elternId: fuchs.elternId, wasserdienstId: dienst['fuchs 52'] },
      'en-GB,de;q=0.8',
    );
    expect({ status: angebot.status, body: angebot.body }).toEqual({ status: 201, body: 'Swap request created successfully!' });
    expect(angebot.headers.get('vary')).toMatch(/accept-language/i);
    const sprache = await frage(bauer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'en' }, 'en');
    expect({ status: sprache.status, body: sprache.body }).toEqual({
      status: 200,
      body: { sprache: 'en', message: 'Your language has been saved.' },
    });
    // Without the header: German, as before.
    const deutsch = await frage(bauer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'de' });
    expect(deutsch.body).toEqual({ sprache: 'de', message: 'Ihre Sprache ist gespeichert.' });
  });

  it('answers a validation error with its values, a missing sign-in and an unknown address in Turkish and Arabic', async () => {
    const ungueltig = (sprache?: string) => frage(bauer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'fr' }, sprache);
    expect(await ungueltig('tr').then((a) => [a.status, a.body])).toEqual([
      400,
      { message: 'Lütfen şu dillerden birini seçin: de, en, tr, uk, ar, pl.' },
    ]);
    expect(await ungueltig('ar').then((a) => [a.status, a.body])).toEqual([
      400,
      { message: 'يرجى اختيار إحدى هذه اللغات: de, en, tr, uk, ar, pl.' },
    ]);
    expect(await ungueltig().then((a) => [a.status, a.body])).toEqual([
      400,
      { message: 'Bitte wählen Sie eine dieser Sprachen: de, en, tr, uk, ar, pl.' },
    ]);

    // zod's message for a field of the wrong form, with the field's name kept.
    const form = await frage(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId, wasserdienstId: ['x'] }, 'tr');
    expect(form.status).toBe(400);
    expect(form.body.message).not.toMatch(/Bitte|Das Feld/);

    expect(await frage(null, 'GET', '/api/auth/current-user', undefined, 'tr').then((a) => [a.status, a.body])).toEqual([
      401,
      { message: 'Lütfen giriş yapın.' },
    ]);
    expect(await frage(null, 'GET', '/api/gibt-es-nicht', undefined, 'ar').then((a) => [a.status, a.body])).toEqual([
      404,
      { message: 'العنوان المطلوب غير موجود.' },
    ]);
    expect(await frage(null, 'GET', '/api/gibt-es-nicht', undefined, 'tr').then((a) => [a.status, a.body])).toEqual([
      404,
      { message: 'İstenen adres mevcut değil.' },
    ]);
    expect(await frage(null, 'GET', '/api/gibt-es-nicht').then((a) => [a.status, a.body])).toEqual([
      404,
      { message: 'Die angeforderte Adresse gibt es nicht.' },
    ]);
  });

  it('answers an address Fastify cannot read, before any route, in the language asked for', async () => {
    const kaputt = await frage(null, 'GET', '/api/tausch/%E0%A4%A', undefined, 'uk');
    expect([kaputt.status, kaputt.body]).toEqual([400, { message: 'Адреса містить недопустимі символи.' }]);
    expect((await frage(null, 'GET', '/api/tausch/%E0%A4%A')).body).toEqual({ message: 'Die Adresse enthält ungültige Zeichen.' });
  });

  it('writes the calendar feed in the language the family chose (a calendar app sends none worth following)', async () => {
    const abo = await frage(bauer.token, 'POST', '/api/kalender/abo', undefined, 'en');
    expect(abo.status).toBe(200);
    expect(abo.body.message).toBe('Your calendar subscription is set up.');
    const lies = async () => {
      await get(bauer.token, '/api/kalender/abo'); // read-your-writes: the projector has the subscription and the choice
      const antwort = await fetch(`${app.baseUrl}${new URL(abo.body.url).pathname}`, { headers: { 'accept-language': 'de-DE' } });
      expect(antwort.status).toBe(200);
      const kalender = new ICAL.Component(ICAL.parse(await antwort.text()));
      const [vevent] = kalender.getAllSubcomponents('vevent');
      const event = new ICAL.Event(vevent);
      return {
        name: kalender.getFirstPropertyValue('x-wr-calname'),
        titel: event.summary,
        beschreibung: event.description,
        etag: antwort.headers.get('etag'),
      };
    };

    const deutsch = await lies();
    expect(deutsch.titel).toBe('Wasserdienst KW 51/2026 (Füchse)');
    expect(deutsch.beschreibung).toBe(
      'Ihr Wasserdienst in KW 51/2026 (14.12.2026 – 20.12.2026), Gruppe Füchse.\nDatum (Freitag): 18.12.2026',
    );

    expect((await frage(bauer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'en' })).status).toBe(200);
    const englisch = await lies();
    expect(englisch.name).toBe('Waldkita: water duty (Wasserdienst) and dates');
    expect(englisch.titel).toBe('Water duty (Wasserdienst) week 51/2026 (Füchse)');
    expect(englisch.beschreibung).toBe(
      'Your water duty (Wasserdienst) in week 51/2026 (14/12/2026 – 20/12/2026), group Füchse.\nDate (Friday): 18/12/2026',
    );
    expect(englisch.etag).not.toBe(deutsch.etag);

    expect((await frage(bauer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'tr' })).status).toBe(200);
    expect((await lies()).titel).toBe('Su görevi (Wasserdienst) 51/2026. hafta (Füchse)');
  });
});
