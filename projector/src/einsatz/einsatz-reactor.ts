import { type EinsatzEvent, type EinsatzState, einsatzDecider, type Schicht, schichtZeit } from '@waldkita/domain/einsatz/einsatz';
import { fold } from '@waldkita/domain/shared/decider';
import type { EventStore, RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';
import { type EinsatzAuftrag, type EinsatzKopf, type Empfaenger, type MailQueue, mailJobId, queueMails } from '../mail/mail-queue.js';
import type { PushAnlass } from '../push/push-nachrichten.js';
import { type PushQueue, queuePush } from '../push/push-queue.js';
import { auftraegeFuer } from '../push/push-reactor.js';
import { type Reactor, recent } from '../runtime/reactors.js';

const rm = READ_MODEL_SCHEMA;

const TYPEN = new Set(['EinsatzGeaendert', 'EinsatzAbgesagt', 'VonWartelisteNachgerueckt']);

/** 'Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr'. */
export const schichtText = (datum: string, s: Pick<Schicht, 'aufgabe' | 'beginn' | 'ende'>) => `${s.aufgabe}, ${schichtZeit(datum, s)}`;

/** The active families among `ids`, with name and e-mail (read model `eltern`). */
async function aktiveFamilien(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, Empfaenger>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ eltern_id: string; email: string; nachname: string }>(
    `SELECT eltern_id, email, nachname FROM ${rm}.eltern WHERE eltern_id::text = ANY($1::text[]) AND NOT entfernt`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.eltern_id, { elternId: r.eltern_id, email: r.email, nachname: r.nachname }]));
}

/** The day's stream folded up to (not including) the event. */
async function vorher(store: EventStore, r: RecordedEvent): Promise<EinsatzState> {
  const { events } = await store.readStream(r.streamName);
  return fold(einsatzDecider, events.filter((e) => e.revision < r.revision) as unknown as EinsatzEvent[]);
}

const familienAuf = (state: EinsatzState, schichtId: string) => {
  const b = state.belegung[schichtId];
  return b ? [...b.eingetragen, ...b.warteliste] : [];
};

/**
 * The work days' notices (docs/api-einsaetze.md), by mail and push: a change of the day or of a
 * shift goes to the families on the changed shifts (signed up or waiting), naming what changed
 * or was removed; a cancelled day to every family on any of its shifts; a place from the waiting
 * list to the family that moved up. Who was on a shift is read from the day's stream as it was
 * before the event, so a reactor started over finds the same families; every job's id is the
 * event's id and the family (mail) or device (push), so nothing is sent twice. These notices
 * always go by mail; by push to the devices of families that want their reminders by push
 * ('dienstErinnerung'). Runs behind the projector like the other reactors.
 */
export function einsatzReactor(deps: {
  store: EventStore;
  pool: pg.Pool;
  mailQueue: MailQueue;
  pushQueue?: PushQueue;
  now: () => Date;
}): Reactor {
  return {
    name: 'einsatz',
    async react(batch) {
      const events = recent(batch, deps.now()).filter((e) => TYPEN.has(e.type));
      for (const r of events) {
        const event = r as unknown as EinsatzEvent;
        const state = await vorher(deps.store, r);
        const alt = state.einsatz;
        if (!alt) continue;
        const auftraege = new Map<string, (an: Empfaenger) => EinsatzAuftrag>();
        let anlass: PushAnlass | null = null;
        switch (event.type) {
          case 'EinsatzGeaendert': {
            const neu = event.data;
            const kopf: EinsatzKopf = { einsatzId: neu.einsatzId, titel: neu.titel, datum: neu.datum, ort: neu.ort };
            const tagGeaendert = alt.datum !== neu.datum || alt.ort !== neu.ort || alt.titel !== neu.titel;
            const proFamilie = new Map<string, { geaendert: string[]; entfernt: string[] }>();
            for (const s of alt.schichten) {
              const jetzt = neu.schichten.find((x) => x.schichtId === s.schichtId);
              const art = !jetzt
                ? 'entfernt'
                : tagGeaendert || jetzt.aufgabe !== s.aufgabe || jetzt.beginn !== s.beginn || jetzt.ende !== s.ende
                  ? 'geaendert'
                  : null;
              if (!art) continue;
              for (const elternId of familienAuf(state, s.schichtId)) {
                const f = proFamilie.get(elternId) ?? { geaendert: [], entfernt: [] };
                if (art === 'entfernt') f.entfernt.push(schichtText(alt.datum, s));
                else f.geaendert.push(schichtText(neu.datum, jetzt!));
                proFamilie.set(elternId, f);
              }
            }
            for (const [elternId, f] of proFamilie)
              auftraege.set(elternId, (an) => ({ art: 'einsatz-geaendert', an, einsatz: kopf, ...f }));
            anlass = { art: 'einsatz-geaendert', einsatzId: neu.einsatzId, titel: neu.titel, datum: neu.datum };
            break;
          }
          case 'EinsatzAbgesagt': {
            const kopf: EinsatzKopf = { einsatzId: alt.einsatzId, titel: alt.titel, datum: alt.datum, ort: alt.ort };
            const proFamilie = new Map<string, string[]>();
            for (const s of alt.schichten)
              for (const elternId of familienAuf(state, s.schichtId))
                proFamilie.set(elternId, [...(proFamilie.get(elternId) ?? []), schichtText(alt.datum, s)]);
            for (const [elternId, schichten] of proFamilie)
              auftraege.set(elternId, (an) => ({ art: 'einsatz-abgesagt', an, einsatz: kopf, schichten }));
            anlass = { art: 'einsatz-abgesagt', einsatzId: alt.einsatzId, titel: alt.titel, datum: alt.datum };
            break;
          }
          case 'VonWartelisteNachgerueckt': {
            // The day as it is after the change that freed the place (an edit that added places comes first in the same append).
            const { events: alle } = await deps.store.readStream(r.streamName);
            const danach = fold(einsatzDecider, alle.filter((e) => e.revision <= r.revision) as unknown as EinsatzEvent[]).einsatz!;
            const s = danach.schichten.find((x) => x.schichtId === event.data.schichtId);
            if (!s) break;
            const kopf: EinsatzKopf = { einsatzId: danach.einsatzId, titel: danach.titel, datum: danach.datum, ort: danach.ort };
            const schicht = schichtText(danach.datum, s);
            auftraege.set(event.data.elternId, (an) => ({ art: 'einsatz-nachgerueckt', an, einsatz: kopf, schicht }));
            anlass = { art: 'einsatz-nachgerueckt', einsatzId: danach.einsatzId, titel: danach.titel, schicht };
            break;
          }
        }
        if (auftraege.size === 0) continue;
        const familien = await aktiveFamilien(deps.pool, [...auftraege.keys()]);
        await queueMails(
          deps.mailQueue,
          [...familien.values()].map((an) => ({ id: mailJobId(r.id, an.elternId), auftrag: auftraege.get(an.elternId)!(an) })),
        );
        if (deps.pushQueue && anlass)
          await queuePush(deps.pushQueue, await auftraegeFuer(deps.pool, 'dienstErinnerung', [...familien.keys()], r.id, anlass));
      }
    },
  };
}
