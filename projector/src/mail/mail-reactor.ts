import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import type { RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log } from '../runtime/jobs.js';
import { type Reactor, recent } from '../runtime/reactors.js';
import { type Empfaenger, type MailAuftrag, type MailQueue, mailJobId, queueMails } from './mail-queue.js';

const rm = READ_MODEL_SCHEMA;

type Familie = Empfaenger & { gruppeId: string | null; gruppe: string | null; nameKind: string | null; entfernt: boolean };

/** Families by id, with their group's name (read model `eltern`, `gruppe`); removed ones only for their names. */
async function familien(pool: pg.Pool, ids: string[]): Promise<Map<string, Familie>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{
    eltern_id: string;
    email: string;
    nachname: string;
    name_kind: string | null;
    gruppe_id: string | null;
    gruppe: string | null;
    entfernt: boolean;
  }>(
    `SELECT e.eltern_id, e.email, e.nachname, e.name_kind, e.gruppe_id, g.name AS gruppe, e.entfernt
     FROM ${rm}.eltern e LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = e.gruppe_id
     WHERE e.eltern_id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((r) => [
      r.eltern_id,
      {
        elternId: r.eltern_id,
        email: r.email,
        nachname: r.nachname,
        nameKind: r.name_kind,
        gruppeId: r.gruppe_id,
        gruppe: r.gruppe,
        entfernt: r.entfernt,
      },
    ]),
  );
}

/** The active families of a group (read model `eltern`). */
async function gruppenMitglieder(pool: pg.Pool, gruppeId: string): Promise<Empfaenger[]> {
  const { rows } = await pool.query<{ eltern_id: string; email: string; nachname: string }>(
    `SELECT eltern_id, email, nachname FROM ${rm}.eltern WHERE gruppe_id = $1 AND NOT entfernt ORDER BY nachname, eltern_id`,
    [gruppeId],
  );
  return rows.map((r) => ({ elternId: r.eltern_id, email: r.email, nachname: r.nachname }));
}

const empfaenger = ({ elternId, email, nachname }: Familie): Empfaenger => ({ elternId, email, nachname });

const MAIL_TYPEN = new Set(['PasswortLinkAusgestellt', 'PasswortGesetzt', 'TauschAngeboten', 'TauschAngenommen']);
const ERLEDIGT_TTL_S = 30 * 24 * 60 * 60;

/**
 * The marker of an event whose mails are queued. Job ids alone would not do: the recipients of an
 * offer are the group's families when the reactor runs, so a reactor started over later (with
 * families that joined since) would find new recipients for an old offer.
 */
export const erledigtKey = (prefix: string, eventId: string) => `${prefix}:mail-ereignis:${eventId}`;

/**
 * The mail reactor: events that a family should hear about become one mail job per recipient,
 * with the id `<event id>-<family id>`, and the event is marked as done (30 days). It runs behind
 * the projector (startReactors), so the families it looks up are at least as new as the event.
 * Families removed meanwhile get nothing; a password link that has expired before its mail could
 * go out is not sent.
 */
export function mailReactor(deps: {
  pool: pg.Pool;
  queue: MailQueue;
  connection: Redis;
  prefix: string;
  now: () => Date;
  log: Log;
}): Reactor {
  return {
    name: 'mail',
    async react(batch: RecordedEvent[]) {
      const now = deps.now();
      const neu = recent(batch, now).filter((e) => MAIL_TYPEN.has(e.type));
      if (neu.length === 0) return;
      const erledigt = await deps.connection.mget(...neu.map((e) => erledigtKey(deps.prefix, e.id)));
      const events = neu.filter((_, i) => erledigt[i] === null);
      const ids: string[] = [];
      for (const r of events) {
        const event = r as unknown as ElternEvent | DienstplanEvent;
        if (event.type === 'PasswortLinkAusgestellt' || event.type === 'PasswortGesetzt') ids.push(event.data.elternId);
        if (event.type === 'TauschAngeboten') ids.push(event.data.elternId);
        if (event.type === 'TauschAngenommen') ids.push(event.data.angebotVon, event.data.angenommenVon);
      }
      const bekannt = await familien(deps.pool, ids);
      const gruppen = new Map<string, Empfaenger[]>();
      const mails: { id: string; auftrag: MailAuftrag }[] = [];
      const an = (r: RecordedEvent, familie: Familie | undefined, auftrag: (e: Empfaenger) => MailAuftrag) => {
        if (familie && !familie.entfernt) mails.push({ id: mailJobId(r.id, familie.elternId), auftrag: auftrag(empfaenger(familie)) });
      };

      for (const r of events) {
        const event = r as unknown as ElternEvent | DienstplanEvent;
        switch (event.type) {
          case 'PasswortLinkAusgestellt': {
            const { elternId, linkId, gueltigBis, zweck } = event.data;
            if (Date.parse(gueltigBis) <= now.getTime()) {
              deps.log.info(`mail: password link ${linkId} expired before its mail was sent; skipped`);
              break;
            }
            const familie = bekannt.get(elternId);
            an(r, familie, (e) =>
              zweck === 'willkommen'
                ? { art: 'willkommen', an: e, linkId, gueltigBis, gruppe: familie!.gruppe, nameKind: familie!.nameKind }
                : { art: 'passwort-zuruecksetzen', an: e, linkId, gueltigBis },
            );
            break;
          }
          case 'PasswortGesetzt': {
            const { elternId, grund } = event.data;
            // The first password (operator, or the welcome link) needs no confirmation.
            if (grund === 'erstanlage') break;
            an(r, bekannt.get(elternId), (e) => ({ art: 'passwort-geaendert', an: e, grund, am: r.metadata.occurredAt }));
            break;
          }
          case 'TauschAngeboten': {
            const { gruppeId, elternId, jahr, kalenderwoche, nachricht } = event.data;
            const anbieter = bekannt.get(elternId);
            if (!anbieter || anbieter.entfernt) break;
            if (!gruppen.has(gruppeId)) gruppen.set(gruppeId, await gruppenMitglieder(deps.pool, gruppeId));
            for (const e of gruppen.get(gruppeId)!)
              if (e.elternId !== elternId)
                mails.push({
                  id: mailJobId(r.id, e.elternId),
                  auftrag: { art: 'tausch-angeboten', an: e, anbieter: anbieter.nachname, woche: { jahr, kalenderwoche }, nachricht },
                });
            break;
          }
          case 'TauschAngenommen': {
            const { angebotVon, angenommenVon, woche, gegenWoche } = event.data;
            const anbieter = bekannt.get(angebotVon);
            const annehmer = bekannt.get(angenommenVon);
            if (!anbieter || !annehmer) break;
            an(r, anbieter, (e) => ({
              art: 'tausch-angenommen',
              an: e,
              rolle: 'anbieter',
              andere: annehmer.nachname,
              abgegeben: woche,
              uebernommen: gegenWoche,
            }));
            an(r, annehmer, (e) => ({
              art: 'tausch-angenommen',
              an: e,
              rolle: 'annehmer',
              andere: anbieter.nachname,
              abgegeben: gegenWoche,
              uebernommen: woche,
            }));
            break;
          }
        }
      }
      await queueMails(deps.queue, mails);
      if (events.length > 0) {
        const marker = deps.connection.multi();
        for (const e of events) marker.set(erledigtKey(deps.prefix, e.id), '1', 'EX', ERLEDIGT_TTL_S);
        await marker.exec();
      }
    },
  };
}
