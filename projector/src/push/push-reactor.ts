import { type DiensteEvent, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import type { BenachrichtigungsArt } from '@waldkita/domain/push/benachrichtigungen';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import type { EventStore, RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { dienstartNamen } from '../mail/mail-reactor.js';
import type { Log } from '../runtime/jobs.js';
import { type Reactor, recent } from '../runtime/reactors.js';
import { pushGeraete } from './benachrichtigungs-wahl.js';
import { type PushAnlass, pushNachricht } from './push-nachrichten.js';
import { type PushAuftrag, type PushQueue, pushJobId, queuePush } from './push-queue.js';

const rm = READ_MODEL_SCHEMA;

const PUSH_TYPEN = new Set([
  'TauschAngeboten',
  'TauschAngenommen',
  'DienstUebernommen',
  'DienstTauschAngeboten',
  'DienstTauschAngenommen',
  'DienstAbgabeUebernommen',
]);
const ERLEDIGT_TTL_S = 30 * 24 * 60 * 60;

/** The marker of an event whose messages are queued (as the mail reactor's, see there why job ids alone would not do). */
const pushErledigtKey = (prefix: string, eventId: string) => `${prefix}:push-ereignis:${eventId}`;

/** Names of families (also removed ones) by id. */
async function namen(pool: pg.Pool, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ eltern_id: string; nachname: string }>(
    `SELECT eltern_id, nachname FROM ${rm}.eltern WHERE eltern_id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.eltern_id, r.nachname]));
}

/** The active families of a group but one. */
async function andereImGruppe(pool: pg.Pool, gruppeId: string, ausser: string | null): Promise<string[]> {
  const { rows } = await pool.query<{ eltern_id: string }>(
    `SELECT eltern_id FROM ${rm}.eltern WHERE gruppe_id = $1 AND NOT entfernt AND eltern_id IS DISTINCT FROM $2::uuid`,
    [gruppeId, ausser],
  );
  return rows.map((r) => r.eltern_id);
}

/** The active families of a plan's scope but one: its group's, or (`bereichId` 'kita') every family in a group. */
async function andereImBereich(pool: pg.Pool, bereichId: string, ausser: string | null): Promise<string[]> {
  if (bereichId !== KITA_BEREICH) return andereImGruppe(pool, bereichId, ausser);
  const { rows } = await pool.query<{ eltern_id: string }>(
    `SELECT eltern_id FROM ${rm}.eltern WHERE NOT entfernt AND gruppe_id IS NOT NULL AND eltern_id IS DISTINCT FROM $1::uuid`,
    [ausser],
  );
  return rows.map((r) => r.eltern_id);
}

/**
 * One job per device of the families among `elternIds` that want notice `art` by push, with the id
 * `<ursache>-<device id>`. The reactor, the weekly reminder and (issue 17) the week without a
 * family all send this way.
 */
export async function auftraegeFuer(
  pool: pg.Pool,
  art: BenachrichtigungsArt,
  elternIds: readonly string[],
  ursache: string,
  anlass: PushAnlass,
): Promise<{ id: string; auftrag: PushAuftrag }[]> {
  return (await pushGeraete(pool, art, elternIds)).map(({ elternId, geraetId, sprache }) => ({
    id: pushJobId(ursache, geraetId),
    auftrag: { elternId, geraetId, nachricht: pushNachricht(anlass, sprache), anlass },
  }));
}

/**
 * The push reactor: an accepted offer goes to the devices of the family that offered ('Ihr Angebot
 * wurde angenommen'), and so does a duty given away that another family took over (issue 17,
 * 'Ihr Dienst wurde übernommen'); a new offer — a swap or a duty given away — goes to the devices
 * of the group's other families ('neuesAngebot'). The other duty kinds (docs/api-dienste.md) push
 * the same notices: an offer to the other families of the plan's scope (its group, or every family
 * in a group for a kind of the whole kindergarten), an accepted swap and a take-over to the
 * offering family. Each only where the family wants that notice by push. One job per event and device (`<event id>-<device id>`),
 * and the event is marked as done, so neither a replay (which moves only the read models'
 * checkpoint) nor a reactor started over sends twice. Behind the projector, like the mail reactor.
 */
export function pushReactor(deps: {
  store: EventStore;
  pool: pg.Pool;
  queue: PushQueue;
  connection: Redis;
  prefix: string;
  now: () => Date;
  log: Log;
}): Reactor {
  return {
    name: 'push',
    async react(batch: RecordedEvent[]) {
      const neu = recent(batch, deps.now()).filter((e) => PUSH_TYPEN.has(e.type));
      if (neu.length === 0) return;
      const erledigt = await deps.connection.mget(...neu.map((e) => pushErledigtKey(deps.prefix, e.id)));
      const events = neu.filter((_, i) => erledigt[i] === null);
      if (events.length === 0) return;
      const ids = events.flatMap((r) => {
        const event = r as unknown as DienstplanEvent | DiensteEvent;
        if (event.type === 'TauschAngeboten' || event.type === 'DienstTauschAngeboten') return [event.data.elternId];
        if (event.type === 'TauschAngenommen' || event.type === 'DienstTauschAngenommen') return [event.data.angenommenVon];
        if (event.type === 'DienstUebernommen' || event.type === 'DienstAbgabeUebernommen') return [event.data.uebernommenVon];
        return [];
      });
      const bekannt = await namen(deps.pool, ids);
      const auftraege: { id: string; auftrag: PushAuftrag }[] = [];
      let arten: Map<string, string> | null = null;
      const dienstart = async (id: string) => {
        arten ??= await dienstartNamen(deps.store);
        return arten.get(id) ?? 'Dienst';
      };
      for (const r of events) {
        const event = r as unknown as DienstplanEvent | DiensteEvent;
        if (event.type === 'DienstTauschAngeboten') {
          const { tauschId, dienstartId, bereichId, elternId, von, bis, abgeben } = event.data;
          const anbieter = bekannt.get(elternId);
          if (!anbieter) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'neuesAngebot', await andereImBereich(deps.pool, bereichId, elternId), r.id, {
              art: 'neues-dienst-angebot',
              tauschId,
              dienstart: await dienstart(dienstartId),
              anbieter,
              termin: { von, bis },
              ...(abgeben ? { abgeben: true } : {}),
            })),
          );
        } else if (event.type === 'DienstTauschAngenommen') {
          const { tauschId, dienstartId, angebotVon, angenommenVon, termin, gegenTermin } = event.data;
          const annehmer = bekannt.get(angenommenVon);
          if (!annehmer) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'angebotAngenommen', [angebotVon], r.id, {
              art: 'dienst-angebot-angenommen',
              tauschId,
              dienstart: await dienstart(dienstartId),
              annehmer,
              abgegeben: termin,
              uebernommen: gegenTermin,
            })),
          );
        } else if (event.type === 'DienstAbgabeUebernommen') {
          const { tauschId, dienstartId, abgegebenVon, uebernommenVon, termin } = event.data;
          const uebernehmer = bekannt.get(uebernommenVon);
          if (!uebernehmer) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'angebotAngenommen', [abgegebenVon], r.id, {
              art: 'dienst-abgabe-uebernommen',
              tauschId,
              dienstart: await dienstart(dienstartId),
              uebernehmer,
              termin,
            })),
          );
        } else if (event.type === 'TauschAngenommen') {
          const { tauschId, angebotVon, angenommenVon, woche, gegenWoche } = event.data;
          const annehmer = bekannt.get(angenommenVon);
          if (!annehmer) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'angebotAngenommen', [angebotVon], r.id, {
              art: 'angebot-angenommen',
              tauschId,
              annehmer,
              abgegeben: woche,
              uebernommen: gegenWoche,
            })),
          );
        } else if (event.type === 'DienstUebernommen') {
          // A duty given away was taken over: the family that gave it away is told, as by the
          // 'dienst-uebernommen' mail, under its choice for 'Ihr Angebot wurde angenommen'.
          const { tauschId, abgegebenVon, uebernommenVon, woche } = event.data;
          const uebernehmer = bekannt.get(uebernommenVon);
          if (!uebernehmer) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'angebotAngenommen', [abgegebenVon], r.id, {
              art: 'dienst-uebernommen',
              tauschId,
              uebernehmer,
              woche,
            })),
          );
        } else if (event.type === 'TauschAngeboten') {
          const { tauschId, gruppeId, elternId, jahr, kalenderwoche, abgeben } = event.data;
          const anbieter = bekannt.get(elternId);
          if (!anbieter) continue;
          auftraege.push(
            ...(await auftraegeFuer(deps.pool, 'neuesAngebot', await andereImGruppe(deps.pool, gruppeId, elternId), r.id, {
              art: 'neues-angebot',
              tauschId,
              anbieter,
              woche: { jahr, kalenderwoche },
              ...(abgeben ? { abgeben: true } : {}),
            })),
          );
        }
      }
      await queuePush(deps.queue, auftraege);
      const marker = deps.connection.multi();
      for (const e of events) marker.set(pushErledigtKey(deps.prefix, e.id), '1', 'EX', ERLEDIGT_TTL_S);
      await marker.exec();
    },
  };
}
