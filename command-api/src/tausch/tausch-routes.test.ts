import { randomUUID } from 'node:crypto';
import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
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
} from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026: offerable are weeks 47 of 2026 to 5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('swap exchange routes (POST/PUT/DELETE /api/tausch…)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => JETZT });
  });
  afterAll(() => t?.close());

  /** A group of its own per test: Fuchs and Bauer with their duties, and Eule of another group. */
  const fuechse = () => {
    const g = gruppe('Füchse');
    const eulen = gruppe('Eulen');
    const fuchs = familie('Fuchs', g.gruppeId);
    const bauer = familie('Bauer', g.gruppeId);
    const eule = familie('Eule', eulen.gruppeId);
    const dienst = (f: { elternId: string }, jahr: number, kalenderwoche: number) => ({
      gruppeId: g.gruppeId,
      wasserdienstId: randomUUID(),
      jahr,
      kalenderwoche,
      elternId: f.elternId,
    });
    const d = {
      fuchs40: dienst(fuchs, 2026, 40),
      fuchs48: dienst(fuchs, 2026, 48),
      fuchs2027_8: dienst(fuchs, 2027, 8),
      bauer50: dienst(bauer, 2026, 50),
    };
    const plan = dienstplanStream(g.gruppeId);
    const zugewiesen = Object.values(d).map((data) => ({ type: 'WasserdienstZugewiesen', data }));
    const angeboten = (tauschId: string, von = d.fuchs48) => ({
      type: 'TauschAngeboten',
      data: {
        gruppeId: g.gruppeId,
        tauschId,
        wasserdienstId: von.wasserdienstId,
        elternId: von.elternId,
        nachricht: null,
        jahr: von.jahr,
        kalenderwoche: von.kalenderwoche,
      },
    });
    return {
      g,
      fuchs,
      bauer,
      eule,
      d,
      plan,
      angeboten,
      /** The streams of the group, its families and its plan (with `weitere` events after the duties). */
      streams: (...weitere: { type: string; data: unknown }[]) => [
        g.stream,
        eulen.stream,
        fuchs.stream,
        bauer.stream,
        eule.stream,
        existingStream(plan, [...zugewiesen, ...weitere]),
      ],
    };
  };

  describe('offer', () => {
    it('offers an own duty: 201 with the German confirmation, X-Tausch-Id and one TauschAngeboten', async () => {
      const { streams, fuchs, d, plan, g } = fuechse();
      const response = await t
        .given(...streams())
        .when({
          method: 'POST',
          url: '/api/tausch',
          payload: { elternId: fuchs.elternId, wasserdienstId: d.fuchs48.wasserdienstId },
          als: fuchs,
        })
        .then(
          expectResponse(201, 'Tausch-Anfrage erfolgreich erstellt!'),
          expectNewEvents(plan, [
            {
              type: 'TauschAngeboten',
              data: {
                gruppeId: g.gruppeId,
                tauschId: expect.any(String),
                wasserdienstId: d.fuchs48.wasserdienstId,
                elternId: fuchs.elternId,
                nachricht: null,
                jahr: 2026,
                kalenderwoche: 48,
              },
            },
          ]),
        );
      expect(response.headers['x-tausch-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-event-position']).toMatch(/^\d+\/\d+$/);
    });

    it('refuses another family’s duty, a past one, one too far ahead, an elternId not the caller and a missing duty, appending nothing', async () => {
      const { streams, fuchs, bauer, d, plan } = fuechse();
      const biete = (payload: object) => ({ method: 'POST' as const, url: '/api/tausch', payload, als: fuchs });
      await t
        .given(...streams())
        .when(biete({ wasserdienstId: d.bauer50.wasserdienstId }))
        .then(expectError(403, 'Sie können nur Ihre eigenen Wasserdienste tauschen.'), expectNoNewEvents(plan));
      await t
        .when(biete({ wasserdienstId: d.fuchs40.wasserdienstId }))
        .then(expectError(400, 'Vergangene Wasserdienste können nicht mehr getauscht werden.'), expectNoNewEvents(plan));
      await t.when(biete({ wasserdienstId: d.fuchs2027_8.wasserdienstId })).then(expectResponse(400), expectNoNewEvents(plan));
      await t
        .when(biete({ elternId: bauer.elternId, wasserdienstId: d.bauer50.wasserdienstId }))
        .then(expectError(403, 'Sie können nur für sich selbst tauschen.'), expectNoNewEvents(plan));
      await t
        .when(biete({ elternId: fuchs.elternId }))
        .then(expectError(400, 'Bitte wählen Sie einen Wasserdienst aus'), expectNoNewEvents(plan));
    });

    it('refuses to offer a duty twice (409)', async () => {
      const { streams, fuchs, d, plan, angeboten } = fuechse();
      await t
        .given(...streams(angeboten(randomUUID())))
        .when({ method: 'POST', url: '/api/tausch', payload: { wasserdienstId: d.fuchs48.wasserdienstId }, als: fuchs })
        .then(expectError(409, 'Für diesen Wasserdienst gibt es bereits ein offenes Tausch-Angebot.'), expectNoNewEvents(plan));
    });

    it('asks for a session (401) and for a group (404)', async () => {
      const ohneGruppe = familie('Ohnegruppe', null);
      await t
        .when({ method: 'POST', url: '/api/tausch', payload: { wasserdienstId: randomUUID() } })
        .then(expectError(401, 'Bitte melden Sie sich an.'));
      await t
        .given(ohneGruppe.stream)
        .when({ method: 'POST', url: '/api/tausch', payload: { wasserdienstId: randomUUID() }, als: ohneGruppe })
        .then(expectError(404, 'Keine Gruppe gefunden'));
    });

    it('a repeated submit with the same Idempotency-Key has one effect and gets the first answer again', async () => {
      const { streams, fuchs, d, plan } = fuechse();
      const anfrage = {
        method: 'POST' as const,
        url: '/api/tausch',
        payload: { wasserdienstId: d.fuchs48.wasserdienstId },
        headers: { 'idempotency-key': randomUUID() },
        als: fuchs,
      };
      const erste = await t
        .given(...streams())
        .when(anfrage)
        .then(expectResponse(201));
      const zweite = await t.when(anfrage).then(expectResponse(201, 'Tausch-Anfrage erfolgreich erstellt!'), expectNoNewEvents(plan));
      expect(zweite.headers['idempotent-replayed']).toBe('true');
      expect(zweite.headers['x-event-position']).toBe(erste.headers['x-event-position']);
    });
  });

  describe('accept', () => {
    it('swaps both duties in one TauschAngenommen and answers in German', async () => {
      const { streams, bauer, d, plan, angeboten, g, fuchs } = fuechse();
      const tauschId = randomUUID();
      await t
        .given(...streams(angeboten(tauschId)))
        .when({
          method: 'PUT',
          url: `/api/tausch/${tauschId}/accept`,
          payload: { resolveElternId: bauer.elternId, resolveWasserdienstId: d.bauer50.wasserdienstId },
          als: bauer,
        })
        .then(
          expectResponse(200, { id: tauschId, bestaetigt: true, message: 'Tausch-Anfrage erfolgreich angenommen!' }),
          expectNewEvents(plan, [
            {
              type: 'TauschAngenommen',
              data: {
                gruppeId: g.gruppeId,
                tauschId,
                wasserdienstId: d.fuchs48.wasserdienstId,
                woche: { jahr: 2026, kalenderwoche: 48 },
                angebotVon: fuchs.elternId,
                gegenWasserdienstId: d.bauer50.wasserdienstId,
                gegenWoche: { jahr: 2026, kalenderwoche: 50 },
                angenommenVon: bauer.elternId,
              },
            },
          ]),
        );
    });

    it('refuses the own offer (403), a parent of another group (404) and an accept without a duty in return (400)', async () => {
      const { streams, fuchs, bauer, eule, d, plan, angeboten } = fuechse();
      const tauschId = randomUUID();
      const nimmAn = (als: typeof fuchs, payload: object) => ({
        method: 'PUT' as const,
        url: `/api/tausch/${tauschId}/accept`,
        payload,
        als,
      });
      await t
        .given(...streams(angeboten(tauschId)))
        .when(nimmAn(fuchs, { resolveWasserdienstId: d.fuchs40.wasserdienstId }))
        .then(expectError(403, 'Sie können Ihr eigenes Angebot nicht annehmen.'), expectNoNewEvents(plan));
      // Another group's offer is not even found in the caller's own plan.
      await t
        .when(nimmAn(eule, { resolveWasserdienstId: randomUUID() }))
        .then(expectError(404, 'Tausch-Angebot nicht gefunden.'), expectNoNewEvents(plan));
      await t.when(nimmAn(bauer, {})).then(expectError(400, 'Bitte wählen Sie Ihren Tauschdienst aus.'), expectNoNewEvents(plan));
    });

    it('two families accepting the same offer at once: one TauschAngenommen, the other gets 409', async () => {
      const { streams, bauer, d, plan, angeboten, g } = fuechse();
      const wagner = familie('Wagner', g.gruppeId);
      const wagner51 = { gruppeId: g.gruppeId, wasserdienstId: randomUUID(), jahr: 2026, kalenderwoche: 51, elternId: wagner.elternId };
      const tauschId = randomUUID();
      await t.appendEvents(...streams(angeboten(tauschId), { type: 'WasserdienstZugewiesen', data: wagner51 }), wagner.stream);
      const vorher = (await t.store.readStream(plan)).revision!;
      const antworten = await Promise.all([
        t.send({
          method: 'PUT',
          url: `/api/tausch/${tauschId}/accept`,
          payload: { resolveWasserdienstId: d.bauer50.wasserdienstId },
          als: bauer,
        }),
        t.send({
          method: 'PUT',
          url: `/api/tausch/${tauschId}/accept`,
          payload: { resolveWasserdienstId: wagner51.wasserdienstId },
          als: wagner,
        }),
      ]);
      expect(antworten.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(antworten.find((a) => a.statusCode === 409)!.json()).toEqual({ message: 'Dieses Angebot wurde bereits angenommen.' });
      const neu = (await t.store.readStream(plan, vorher)).events;
      expect(neu.map((e) => e.type)).toEqual(['TauschAngenommen']);
    });
    it('„Tausch bestätigen“ tapped three times at once with one Idempotency-Key: one swap, every tap reads „angenommen“', async () => {
      const { streams, fuchs, bauer, d, plan, angeboten } = fuechse();
      const tauschId = randomUUID();
      await t.appendEvents(...streams(angeboten(tauschId)));
      const vorher = (await t.store.readStream(plan)).revision!;
      const headers = { 'idempotency-key': randomUUID() };
      const annahme = { resolveWasserdienstId: d.bauer50.wasserdienstId };
      const antworten = await Promise.all(
        Array.from({ length: 3 }, () =>
          t.send({ method: 'PUT', url: `/api/tausch/${tauschId}/accept`, payload: annahme, headers, als: bauer }),
        ),
      );
      for (const a of antworten)
        expect({ status: a.statusCode, body: a.json() }).toMatchObject({
          status: 200,
          body: { bestaetigt: true, message: 'Tausch-Anfrage erfolgreich angenommen!' },
        });
      expect((await t.store.readStream(plan, vorher)).events.map((e) => e.type)).toEqual(['TauschAngenommen']);
      // Every key is the caller's own: the offering family's key of the same value is another request, decided anew.
      const eigene = await t
        .when({ method: 'PUT', url: `/api/tausch/${tauschId}/accept`, payload: {}, headers, als: fuchs })
        .then(expectError(409, 'Dieses Angebot wurde bereits angenommen.'), expectNoNewEvents(plan));
      expect(eigene.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('give away and take over („Dienst abgeben“, „Übernehmen“)', () => {
    it('gives an own duty away: 201 with the German confirmation and a TauschAngeboten marked abgeben; abgeben must be true or false', async () => {
      const { streams, fuchs, d, plan, g } = fuechse();
      const response = await t
        .given(...streams())
        .when({ method: 'POST', url: '/api/tausch', payload: { wasserdienstId: d.fuchs48.wasserdienstId, abgeben: true }, als: fuchs })
        .then(
          expectResponse(201, 'Dienst abgegeben. Die Familien Ihrer Gruppe können ihn jetzt übernehmen.'),
          expectNewEvents(plan, [
            {
              type: 'TauschAngeboten',
              data: {
                gruppeId: g.gruppeId,
                tauschId: expect.any(String),
                wasserdienstId: d.fuchs48.wasserdienstId,
                elternId: fuchs.elternId,
                nachricht: null,
                jahr: 2026,
                kalenderwoche: 48,
                abgeben: true,
              },
            },
          ]),
        );
      expect(response.headers['x-tausch-id']).toMatch(/^[0-9a-f-]{36}$/);
      await t
        .when({ method: 'POST', url: '/api/tausch', payload: { wasserdienstId: d.fuchs2027_8.wasserdienstId, abgeben: 'ja' }, als: fuchs })
        .then(expectError(400, 'Das Feld „abgeben“ muss true oder false sein.'), expectNoNewEvents(plan));
    });

    it('takes a duty given away over without one in return: 200 „Dienst übernommen!“ and one DienstUebernommen; not the own offer (403)', async () => {
      const { streams, fuchs, bauer, d, plan, angeboten, g } = fuechse();
      const tauschId = randomUUID();
      const abgegeben = angeboten(tauschId);
      await t
        .given(...streams({ ...abgegeben, data: { ...abgegeben.data, abgeben: true } }))
        .when({ method: 'PUT', url: `/api/tausch/${tauschId}/accept`, payload: {}, als: fuchs })
        .then(expectError(403, 'Sie können Ihr eigenes Angebot nicht annehmen.'), expectNoNewEvents(plan));
      await t.when({ method: 'PUT', url: `/api/tausch/${tauschId}/accept`, payload: {}, als: bauer }).then(
        expectResponse(200, { id: tauschId, bestaetigt: true, message: 'Dienst übernommen!' }),
        expectNewEvents(plan, [
          {
            type: 'DienstUebernommen',
            data: {
              gruppeId: g.gruppeId,
              tauschId,
              wasserdienstId: d.fuchs48.wasserdienstId,
              woche: { jahr: 2026, kalenderwoche: 48 },
              abgegebenVon: fuchs.elternId,
              uebernommenVon: bauer.elternId,
            },
          },
        ]),
      );
    });
  });

  describe('withdraw', () => {
    it('the offerer withdraws an open offer; others are refused (403), a taken offer cannot be withdrawn (409)', async () => {
      const { streams, fuchs, bauer, d, plan, angeboten, g } = fuechse();
      const [offen, genommen] = [randomUUID(), randomUUID()];
      const annahme = {
        type: 'TauschAngenommen',
        data: {
          gruppeId: g.gruppeId,
          tauschId: genommen,
          wasserdienstId: d.fuchs2027_8.wasserdienstId,
          woche: { jahr: 2027, kalenderwoche: 8 },
          angebotVon: fuchs.elternId,
          gegenWasserdienstId: d.bauer50.wasserdienstId,
          gegenWoche: { jahr: 2026, kalenderwoche: 50 },
          angenommenVon: bauer.elternId,
        },
      };
      await t
        .given(...streams(angeboten(offen), angeboten(genommen, d.fuchs2027_8), annahme))
        .when({ method: 'DELETE', url: `/api/tausch/${offen}`, als: bauer })
        .then(expectError(403, 'Nur die Familie, die das Angebot erstellt hat, kann es zurückziehen.'), expectNoNewEvents(plan));
      await t
        .when({ method: 'DELETE', url: `/api/tausch/${genommen}`, als: fuchs })
        .then(expectError(409, 'Dieses Angebot wurde bereits angenommen.'), expectNoNewEvents(plan));
      await t.when({ method: 'DELETE', url: `/api/tausch/${offen}`, als: fuchs }).then(
        expectResponse(200, { id: offen, message: 'Tausch-Anfrage erfolgreich zurückgezogen' }),
        expectNewEvents(plan, [
          {
            type: 'TauschZurueckgezogen',
            data: { gruppeId: g.gruppeId, tauschId: offen, wasserdienstId: d.fuchs48.wasserdienstId, elternId: fuchs.elternId },
          },
        ]),
      );
      await t
        .when({
          method: 'PUT',
          url: `/api/tausch/${offen}/accept`,
          payload: { resolveWasserdienstId: d.bauer50.wasserdienstId },
          als: bauer,
        })
        .then(expectError(409, 'Dieses Angebot wurde bereits zurückgezogen.'), expectNoNewEvents(plan));
    });
  });

  describe('in the language the request asks for (Accept-Language)', () => {
    it('refuses taking a withdrawn offer: 409 in Turkish, in Arabic, and in German without the header or for a language we lack', async () => {
      const { streams, fuchs, bauer, d, angeboten, g } = fuechse();
      const tauschId = randomUUID();
      const zurueck = {
        type: 'TauschZurueckgezogen',
        data: { gruppeId: g.gruppeId, tauschId, wasserdienstId: d.fuchs48.wasserdienstId, elternId: fuchs.elternId },
      };
      await t.appendEvents(...streams(angeboten(tauschId), zurueck));
      const annehmen = (sprache?: string) => ({
        method: 'PUT' as const,
        url: `/api/tausch/${tauschId}/accept`,
        payload: { resolveWasserdienstId: d.bauer50.wasserdienstId },
        headers: sprache ? { 'accept-language': sprache } : {},
        als: bauer,
      });
      const tuerkisch = await t.when(annehmen('tr')).then(expectError(409, 'Bu teklif zaten geri çekildi.'));
      expect(tuerkisch.headers.vary).toMatch(/accept-language/i);
      // The key, for a client that must recognise a refusal whatever the language.
      expect(tuerkisch.headers['x-meldung']).toBe('server.dienste.schon-zurueckgezogen');
      await t.when(annehmen('ar-SA,ar;q=0.9,en;q=0.5')).then(expectError(409, 'تم سحب هذا العرض بالفعل.'));
      await t.when(annehmen()).then(expectError(409, 'Dieses Angebot wurde bereits zurückgezogen.'));
      await t.when(annehmen('fr-CH, fr;q=0.9')).then(expectError(409, 'Dieses Angebot wurde bereits zurückgezogen.'));
    });

    it('says the plain-text success of an offer in English', async () => {
      const { streams, fuchs, d } = fuechse();
      const angebot = await t
        .given(...streams())
        .when({
          method: 'POST',
          url: '/api/tausch',
          payload: { wasserdienstId: d.fuchs48.wasserdienstId },
          headers: { 'accept-language': 'en-GB,de;q=0.8' },
          als: fuchs,
        })
        .then(expectResponse(201, 'Swap request created successfully!'));
      expect(angebot.headers.vary).toMatch(/accept-language/i);
    });

    it('says a validation error (zod’s, for a field of the wrong form) in Turkish, appending nothing', async () => {
      const { streams, fuchs, plan } = fuechse();
      const form = await t
        .given(...streams())
        .when({
          method: 'POST',
          url: '/api/tausch',
          payload: { elternId: fuchs.elternId, wasserdienstId: ['x'] },
          headers: { 'accept-language': 'tr' },
          als: fuchs,
        })
        .then(expectResponse(400), expectNoNewEvents(plan));
      expect(form.json().message).not.toMatch(/Bitte|Das Feld/);
    });
  });

  describe('the older trade-request paths work on the same stream', () => {
    it('request (201, PENDING) → accept needs a duty in return → decline only by the offerer', async () => {
      const { streams, fuchs, bauer, d, plan } = fuechse();
      const anfrage = await t
        .given(...streams())
        .when({
          method: 'POST',
          url: '/api/wasserdienst/tausch/request',
          payload: { wasserdienstId: d.fuchs48.wasserdienstId, requesterElternId: fuchs.elternId, message: 'Wir sind im Urlaub' },
          als: fuchs,
        })
        .then(
          expectResponse(
            201,
            expect.objectContaining({ wasserdienstId: d.fuchs48.wasserdienstId, status: 'PENDING', message: 'Wir sind im Urlaub' }),
          ),
        );
      const { id } = anfrage.json() as { id: string };
      await t
        .when({ method: 'POST', url: `/api/wasserdienst/tausch/${id}/accept`, payload: {}, als: bauer })
        .then(expectError(400, 'Bitte wählen Sie Ihren Tauschdienst aus.'), expectNoNewEvents(plan));
      await t
        .when({ method: 'POST', url: `/api/wasserdienst/tausch/${id}/decline`, als: bauer })
        .then(expectResponse(403), expectNoNewEvents(plan));
      await t
        .when({ method: 'POST', url: `/api/wasserdienst/tausch/${id}/decline`, als: fuchs })
        .then(
          expectResponse(200, expect.objectContaining({ status: 'WITHDRAWN' })),
          expectNewEvents(plan, [expect.objectContaining({ type: 'TauschZurueckgezogen' })]),
        );
    });
  });

  describe('dates of the other duty kinds (dienstId)', () => {
    const ANGABEN = { beschreibung: '', familienProTermin: 1, stunden: 2, pausiertBeiSchliessung: true };
    /** Putzdienst of the whole kindergarten and Tee kochen per group, with Füchse and Eulen (a fresh set per test). */
    const kita = () => {
      const fuechse = gruppe('Füchse');
      const eulen = gruppe('Eulen');
      const f = {
        fuchs: familie('Fuchs', fuechse.gruppeId),
        bauer: familie('Bauer', fuechse.gruppeId),
        wagner: familie('Wagner', fuechse.gruppeId),
        eule: familie('Eule', eulen.gruppeId),
        lang: familie('Lang', eulen.gruppeId),
        moser: familie('Moser', eulen.gruppeId),
      };
      const [putz, tee] = [randomUUID(), randomUUID()];
      const putzPlan = diensteStream(putz, KITA_BEREICH);
      const teePlan = diensteStream(tee, fuechse.gruppeId);
      const termin = (dienstartId: string, bereichId: string, x: { elternId: string }, von: string, bis: string) => ({
        dienstartId,
        bereichId,
        dienstId: randomUUID(),
        von,
        bis,
        elternId: x.elternId,
      });
      const d = {
        fuchsPutz: termin(putz, KITA_BEREICH, f.fuchs, '2026-11-28', '2026-11-29'),
        eulePutz: termin(putz, KITA_BEREICH, f.eule, '2026-12-05', '2026-12-06'),
        bauerPutz: termin(putz, KITA_BEREICH, f.bauer, '2026-12-12', '2026-12-13'),
        wagnerPutz: termin(putz, KITA_BEREICH, f.wagner, '2026-12-19', '2026-12-20'),
        wagnerTee: termin(tee, fuechse.gruppeId, f.wagner, '2026-11-23', '2026-11-23'),
      };
      const euleWasser = {
        gruppeId: eulen.gruppeId,
        wasserdienstId: randomUUID(),
        jahr: 2026,
        kalenderwoche: 49,
        elternId: f.eule.elternId,
      };
      const streams = [
        fuechse.stream,
        eulen.stream,
        ...Object.values(f).map((x) => x.stream),
        existingStream(DIENSTARTEN_STREAM, [
          {
            type: 'DienstartAngelegt',
            data: { dienstartId: putz, name: 'Putzdienst', ...ANGABEN, rhythmus: 'wochenende', bereich: 'kita' },
          },
          { type: 'DienstartAngelegt', data: { dienstartId: tee, name: 'Tee kochen', ...ANGABEN, rhythmus: 'woche', bereich: 'gruppe' } },
        ]),
        existingStream(
          putzPlan,
          [d.fuchsPutz, d.eulePutz, d.bauerPutz, d.wagnerPutz].map((data) => ({ type: 'DienstZugewiesen', data })),
        ),
        existingStream(teePlan, [{ type: 'DienstZugewiesen', data: d.wagnerTee }]),
        existingStream(dienstplanStream(eulen.gruppeId), [{ type: 'WasserdienstZugewiesen', data: euleWasser }]),
      ];
      return { f, d, putzPlan, euleWasser, streams };
    };

    it('Fuchs offers a Putzdienst weekend; Eule (other group, same kindergarten-wide kind) swaps with one of hers, not with a water-duty week', async () => {
      const { f, d, putzPlan, euleWasser, streams } = kita();
      const angebot = await t
        .given(...streams)
        .when({ method: 'POST', url: '/api/tausch', payload: { dienstId: d.fuchsPutz.dienstId }, als: f.fuchs })
        .then(
          expectResponse(201, 'Tausch-Anfrage erfolgreich erstellt!'),
          expectNewEvents(putzPlan, [
            {
              type: 'DienstTauschAngeboten',
              data: expect.objectContaining({ dienstId: d.fuchsPutz.dienstId, elternId: f.fuchs.elternId, von: '2026-11-28' }),
            },
          ]),
        );
      const tauschId = String(angebot.headers['x-tausch-id']);
      const nimmAn = (resolveDienstId: string) => ({
        method: 'PUT' as const,
        url: `/api/tausch/${tauschId}/accept`,
        payload: { resolveDienstId },
        als: f.eule,
      });
      // A water-duty week in return is another kind.
      await t
        .when(nimmAn(euleWasser.wasserdienstId))
        .then(expectError(400, 'Getauscht werden nur Dienste derselben Dienstart.'), expectNoNewEvents(putzPlan));
      await t.when(nimmAn(d.eulePutz.dienstId)).then(
        expectResponse(200, expect.objectContaining({ bestaetigt: true, message: 'Tausch-Anfrage erfolgreich angenommen!' })),
        expectNewEvents(putzPlan, [
          {
            type: 'DienstTauschAngenommen',
            data: expect.objectContaining({
              tauschId,
              dienstId: d.fuchsPutz.dienstId,
              angebotVon: f.fuchs.elternId,
              gegenDienstId: d.eulePutz.dienstId,
              angenommenVon: f.eule.elternId,
            }),
          },
        ]),
      );
    });

    it('a date given away is taken over by exactly one of five families racing for it', async () => {
      const { f, d, putzPlan, streams } = kita();
      const angebot = await t
        .given(...streams)
        .when({ method: 'POST', url: '/api/tausch', payload: { dienstId: d.bauerPutz.dienstId, abgeben: true }, als: f.bauer })
        .then(expectResponse(201));
      const tauschId = String(angebot.headers['x-tausch-id']);
      const vorher = (await t.store.readStream(putzPlan)).revision!;
      const bewerber = [f.fuchs, f.wagner, f.eule, f.lang, f.moser];
      const antworten = await Promise.all(
        bewerber.map((x) => t.send({ method: 'PUT', url: `/api/tausch/${tauschId}/accept`, payload: {}, als: x })),
      );
      const ok = antworten.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json().message).toBe('Dienst übernommen!');
      for (const a of antworten.filter((x) => x.statusCode !== 200))
        expect([
          { status: 409, message: 'Dieses Angebot wurde bereits angenommen.' },
          { status: 409, message: 'Sie haben an diesem Termin bereits diesen Dienst.' },
        ]).toContainEqual({ status: a.statusCode, message: a.json().message });
      // One taking over: the date is no longer Bauer's.
      const neu = (await t.store.readStream(putzPlan, vorher)).events;
      expect(neu.map((e) => [e.type, (e.data as { abgegebenVon: string }).abgegebenVon])).toEqual([
        ['DienstAbgabeUebernommen', f.bauer.elternId],
      ]);
    });

    it('a family cannot offer another family’s date (403), nor a date of another group’s plan (404)', async () => {
      const { f, d, putzPlan, streams } = kita();
      await t
        .given(...streams)
        .when({ method: 'POST', url: '/api/tausch', payload: { dienstId: d.wagnerTee.dienstId }, als: f.eule })
        .then(expectError(404, 'Dienst nicht gefunden.'));
      await t
        .when({ method: 'POST', url: '/api/tausch', payload: { dienstId: d.wagnerPutz.dienstId }, als: f.eule })
        .then(expectError(403, 'Sie können nur Ihre eigenen Dienste tauschen.'), expectNoNewEvents(putzPlan));
    });
  });
});
