import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { type IsoWoche, vergleicheWochen } from '@waldkita/domain/kalender/iso-woche';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import type { EventStore, RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { ohneMail } from '../push/benachrichtigungs-wahl.js';
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

const MAIL_TYPEN = new Set([
  'PasswortLinkAusgestellt',
  'PasswortGesetzt',
  'TauschAngeboten',
  'TauschAngenommen',
  'DienstUebernommen',
  'TauschZurueckgezogen',
  'RotaGeplant',
  'WasserdienstFreigegeben',
]);
const ERLEDIGT_TTL_S = 30 * 24 * 60 * 60;
/** Longer than an offer can stay open (the next 12 weeks, TAUSCH_WOCHEN). */
const ANGEBOT_TTL_S = 120 * 24 * 60 * 60;

/** Who was told about an offer, and its week: the families its withdrawal is told to. */
type Angebot = { woche: IsoWoche; empfaenger: string[] };

/** The families an offer's mails went to (JSON `Angebot`), kept for its withdrawal. */
export const angebotKey = (prefix: string, tauschId: string) => `${prefix}:tausch-angebot:${tauschId}`;

/**
 * The duties a `RotaGeplant` event brought, by family: its own append follows it in the group's
 * stream with exactly `zugewiesen` WasserdienstZugewiesen events. Read from the store, not from
 * the batch, which may end in the middle of that append.
 */
async function neueDienste(store: EventStore, r: RecordedEvent, zugewiesen: number): Promise<Map<string, IsoWoche[]>> {
  const { events } = await store.readStream(r.streamName);
  const proFamilie = new Map<string, IsoWoche[]>();
  for (const e of events.filter((x) => x.revision > r.revision && x.revision <= r.revision + zugewiesen)) {
    const event = e as unknown as DienstplanEvent;
    if (event.type !== 'WasserdienstZugewiesen') continue;
    const { elternId, jahr, kalenderwoche } = event.data;
    proFamilie.set(elternId, [...(proFamilie.get(elternId) ?? []), { jahr, kalenderwoche }]);
  }
  for (const wochen of proFamilie.values()) wochen.sort(vergleicheWochen);
  return proFamilie;
}

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
 * go out is not sent. A planned rota (`RotaGeplant`) becomes one mail per family with new duties,
 * listing all of them; a withdrawn offer is told to exactly the families its offer was mailed to
 * (kept under `angebotKey`).
 */
export function mailReactor(deps: {
  store: EventStore;
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
        if (event.type === 'DienstUebernommen') ids.push(event.data.abgegebenVon, event.data.uebernommenVon);
      }
      const bekannt = await familien(deps.pool, ids);
      const gruppen = new Map<string, Empfaenger[]>();
      const mails: { id: string; auftrag: MailAuftrag }[] = [];
      /** Offers mailed in this batch (their notes are written with the markers, after queueing). */
      const angebote = new Map<string, Angebot>();
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
            const mitglieder = gruppen.get(gruppeId)!;
            // Families that chose no mail for new offers (docs/push.md) get none, nor its withdrawal.
            const abbestellt = await ohneMail(
              deps.pool,
              'neuesAngebot',
              mitglieder.map((e) => e.elternId),
            );
            const empfaengerIds: string[] = [];
            for (const e of mitglieder)
              if (e.elternId !== elternId && !abbestellt.has(e.elternId)) {
                empfaengerIds.push(e.elternId);
                mails.push({
                  id: mailJobId(r.id, e.elternId),
                  auftrag: {
                    art: 'tausch-angeboten',
                    an: e,
                    anbieter: anbieter.nachname,
                    woche: { jahr, kalenderwoche },
                    nachricht,
                    ...(event.data.abgeben ? { abgeben: true } : {}),
                  },
                });
              }
            angebote.set(event.data.tauschId, { woche: { jahr, kalenderwoche }, empfaenger: empfaengerIds });
            break;
          }
          case 'TauschZurueckgezogen': {
            const { tauschId, elternId } = event.data;
            const notiz = await deps.connection.get(angebotKey(deps.prefix, tauschId));
            const angebot = angebote.get(tauschId) ?? (notiz ? (JSON.parse(notiz) as Angebot) : null);
            // An offer nobody was told about (older than the reactor's window) needs no withdrawal.
            if (!angebot || angebot.empfaenger.length === 0) break;
            const [anbieter, informiert] = await Promise.all([familien(deps.pool, [elternId]), familien(deps.pool, angebot.empfaenger)]);
            const name = anbieter.get(elternId)?.nachname;
            if (!name) break;
            for (const id of angebot.empfaenger)
              an(r, informiert.get(id), (e) => ({ art: 'tausch-zurueckgezogen', an: e, anbieter: name, woche: angebot.woche }));
            break;
          }
          case 'RotaGeplant': {
            const { von, bis, zugewiesen, trotzAbwesenheit } = event.data;
            if (zugewiesen === 0) break;
            const proFamilie = await neueDienste(deps.store, r, zugewiesen);
            const bekannte = await familien(deps.pool, [...proFamilie.keys()]);
            for (const [elternId, wochen] of proFamilie)
              an(r, bekannte.get(elternId), (e) => ({
                art: 'wasserdienste-geplant',
                an: e,
                wochen,
                trotzAbwesenheit: trotzAbwesenheit
                  .filter((t) => t.elternId === elternId)
                  .map(({ jahr, kalenderwoche }) => ({ jahr, kalenderwoche })),
                von,
                bis,
              }));
            break;
          }
          case 'WasserdienstFreigegeben': {
            // Only a week the kindergarten closes is told (a family that left gets nothing).
            const { elternId, jahr, kalenderwoche, schliessung } = event.data;
            if (!schliessung) break;
            const familie = (await familien(deps.pool, [elternId])).get(elternId);
            an(r, familie, (e) => ({ art: 'wasserdienst-entfaellt', an: e, woche: { jahr, kalenderwoche }, ...schliessung }));
            break;
          }
          case 'DienstUebernommen': {
            const { abgegebenVon, uebernommenVon, woche } = event.data;
            const abgeber = bekannt.get(abgegebenVon);
            const uebernehmer = bekannt.get(uebernommenVon);
            if (!abgeber || !uebernehmer) break;
            // As for swaps: the giving family unless it chose no mail for an accepted offer; the taker always.
            if (!(await ohneMail(deps.pool, 'angebotAngenommen', [abgegebenVon])).has(abgegebenVon))
              an(r, abgeber, (e) => ({ art: 'dienst-uebernommen', an: e, rolle: 'abgeber', andere: uebernehmer.nachname, woche }));
            an(r, uebernehmer, (e) => ({ art: 'dienst-uebernommen', an: e, rolle: 'uebernehmer', andere: abgeber.nachname, woche }));
            break;
          }
          case 'TauschAngenommen': {
            const { angebotVon, angenommenVon, woche, gegenWoche } = event.data;
            const anbieter = bekannt.get(angebotVon);
            const annehmer = bekannt.get(angenommenVon);
            if (!anbieter || !annehmer) break;
            // 'Ihr Angebot wurde angenommen' by mail unless the offering family chose otherwise; the taker's confirmation always.
            const anbieterOhneMail = (await ohneMail(deps.pool, 'angebotAngenommen', [angebotVon])).has(angebotVon);
            if (!anbieterOhneMail)
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
        for (const [tauschId, angebot] of angebote)
          marker.set(angebotKey(deps.prefix, tauschId), JSON.stringify(angebot), 'EX', ANGEBOT_TTL_S);
        await marker.exec();
      }
    },
  };
}
