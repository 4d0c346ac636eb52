import type { AnpassungEvent, FamilienAenderung } from '@waldkita/domain/dienste/anpassung';
import { DIENSTARTEN_STREAM, dienstartenDecider, WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { type DiensteEvent, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import type { Termin } from '@waldkita/domain/dienste/termine';
import type { ElternEvent } from '@waldkita/domain/eltern/eltern';
import { type IsoWoche, isoWocheVon, vergleicheWochen } from '@waldkita/domain/kalender/iso-woche';
import type { Schliessung } from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import type { StundenjahrEvent } from '@waldkita/domain/stunden/stundenjahr';
import { type DienstplanEvent, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { comparePositions, type EventStore, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
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

/** The active families of the whole kindergarten (those in a group, as the planner counts them), for a kind of `bereich: 'kita'`. */
async function kitaMitglieder(pool: pg.Pool): Promise<Empfaenger[]> {
  const { rows } = await pool.query<{ eltern_id: string; email: string; nachname: string }>(
    `SELECT eltern_id, email, nachname FROM ${rm}.eltern WHERE NOT entfernt AND gruppe_id IS NOT NULL ORDER BY nachname, eltern_id`,
  );
  return rows.map((r) => ({ elternId: r.eltern_id, email: r.email, nachname: r.nachname }));
}

/** The families of a plan's scope: its group's, or the whole kindergarten's (`bereichId` 'kita'). */
const bereichsMitglieder = (pool: pg.Pool, bereichId: string) =>
  bereichId === KITA_BEREICH ? kitaMitglieder(pool) : gruppenMitglieder(pool, bereichId);

async function gruppenName(pool: pg.Pool, gruppeId: string): Promise<string | null> {
  const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${rm}.gruppe WHERE gruppe_id = $1`, [gruppeId]);
  return rows[0]?.name ?? null;
}

/** The names of the duty kinds by id (the `dienstarten` stream folded; Wasserdienst built in). */
export async function dienstartNamen(store: EventStore): Promise<Map<string, string>> {
  const { events } = await store.readStream(DIENSTARTEN_STREAM);
  const { arten } = fold(dienstartenDecider, events as never);
  return new Map([...arten.values()].map((a) => [a.id, a.name]));
}

const empfaenger = ({ elternId, email, nachname }: Familie): Empfaenger => ({ elternId, email, nachname });

type MailEvent = ElternEvent | DienstplanEvent | DiensteEvent | AnpassungEvent | StundenjahrEvent;

const MAIL_TYPEN = new Set([
  'PasswortLinkAusgestellt',
  'PasswortGesetzt',
  'TauschAngeboten',
  'TauschAngenommen',
  'DienstUebernommen',
  'TauschZurueckgezogen',
  'RotaGeplant',
  'DiensteGeplant',
  'DienstTauschAngeboten',
  'DienstTauschAngenommen',
  'DienstAbgabeUebernommen',
  'DienstTauschZurueckgezogen',
  'DienstplaeneAngepasst',
  'StundenBestaetigt',
  'StundenAbgelehnt',
]);
const ERLEDIGT_TTL_S = 30 * 24 * 60 * 60;
/** Longer than an offer can stay open (the next 12 weeks, TAUSCH_WOCHEN). */
const ANGEBOT_TTL_S = 120 * 24 * 60 * 60;

/** Who was told about an offer, and its week: the families its withdrawal is told to. */
type Angebot = { woche: IsoWoche; empfaenger: string[] };

/** The families an offer's mails went to (JSON `Angebot`), kept for its withdrawal. */
const angebotKey = (prefix: string, tauschId: string) => `${prefix}:tausch-angebot:${tauschId}`;

/** The same for an offer of another duty kind: its kind's name and date, and who was told. */
type DienstAngebot = { dienstart: string; termin: Termin; empfaenger: string[] };
const dienstAngebotKey = (prefix: string, tauschId: string) => `${prefix}:dienst-tausch-angebot:${tauschId}`;

/**
 * The dates a `DiensteGeplant` event brought, by family: the `zugewiesen` DienstZugewiesen events
 * of its own append that follow it in the plan's stream (read from the store, as for RotaGeplant).
 */
async function neueTermine(store: EventStore, r: RecordedEvent, zugewiesen: number): Promise<Map<string, Termin[]>> {
  const { events } = await store.readStream(r.streamName, r.revision);
  const proFamilie = new Map<string, Termin[]>();
  for (const e of events.filter((x) => x.revision > r.revision && x.revision <= r.revision + zugewiesen)) {
    const event = e as unknown as DiensteEvent;
    if (event.type !== 'DienstZugewiesen') continue;
    const { elternId, von, bis } = event.data;
    proFamilie.set(elternId, [...(proFamilie.get(elternId) ?? []), { von, bis }]);
  }
  for (const termine of proFamilie.values()) termine.sort((a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : 0));
  return proFamilie;
}

/** A family's change after a closing is exactly one freed water-duty week (then it gets the mail it always got). */
const nurEineFreieWasserdienstWoche = (f: FamilienAenderung) =>
  f.neu.length === 0 && f.abgegeben.length === 0 && f.entfallen.length === 1 && f.entfallen[0]!.dienstartId === WASSERDIENST_ID;

/**
 * Why a family's water duty in `woche` was freed: the closing of its `WasserdienstFreigegeben`,
 * appended with the summary (so at or before its position) in the family's group's plan. Null
 * when it cannot be found (the family changed groups since).
 */
async function schliessungVon(
  plan: (gruppeId: string) => Promise<RecordedEvent[]>,
  gruppeId: string | null,
  elternId: string,
  woche: IsoWoche,
  bis: RecordedEvent,
): Promise<Schliessung | null> {
  if (!gruppeId) return null;
  const events = await plan(gruppeId);
  for (const e of [...events].reverse()) {
    if (comparePositions(e.position, bis.position) > 0) continue;
    const event = e as unknown as DienstplanEvent;
    if (
      event.type === 'WasserdienstFreigegeben' &&
      event.data.schliessung &&
      event.data.elternId === elternId &&
      vergleicheWochen(event.data, woche) === 0
    )
      return { ferienart: event.data.schliessung.ferienart, beschreibung: event.data.schliessung.beschreibung };
  }
  return null;
}

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
const erledigtKey = (prefix: string, eventId: string) => `${prefix}:mail-ereignis:${eventId}`;

/**
 * The mail reactor: events that a family should hear about become one mail job per recipient,
 * with the id `<event id>-<family id>`, and the event is marked as done (30 days). It runs behind
 * the projector (startReactors), so the families it looks up are at least as new as the event.
 * Families removed meanwhile get nothing; a password link that has expired before its mail could
 * go out is not sent. A planned rota (`RotaGeplant`) becomes one mail per family with new duties,
 * listing all of them; a withdrawn offer is told to exactly the families its offer was mailed to
 * (kept under `angebotKey`).
 *
 * The other duty kinds (docs/api-dienste.md) mail the same way: `DiensteGeplant` one mail per
 * family with new dates; an offer to the other families of the plan's scope (its group, or every
 * family for a kind of the whole kindergarten), its withdrawal to those told (`dienstAngebotKey`),
 * an accepted swap or a take-over to both families. A closing is told once per family by
 * `DienstplaeneAngepasst`, which spans every kind (WasserdienstFreigegeben itself mails nothing):
 * a family whose only change is one freed water-duty week gets the 'Wasserdienst entfällt' mail
 * it always got, any other the summary 'Ihre Dienste ändern sich: …'.
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
        const event = r as unknown as MailEvent;
        if (event.type === 'PasswortLinkAusgestellt' || event.type === 'PasswortGesetzt') ids.push(event.data.elternId);
        if (event.type === 'TauschAngeboten') ids.push(event.data.elternId);
        if (event.type === 'TauschAngenommen') ids.push(event.data.angebotVon, event.data.angenommenVon);
        if (event.type === 'DienstUebernommen') ids.push(event.data.abgegebenVon, event.data.uebernommenVon);
        if (event.type === 'DienstTauschAngeboten') ids.push(event.data.elternId);
        if (event.type === 'StundenBestaetigt' || event.type === 'StundenAbgelehnt') ids.push(event.data.elternId);
        if (event.type === 'DienstTauschAngenommen') ids.push(event.data.angebotVon, event.data.angenommenVon);
        if (event.type === 'DienstAbgabeUebernommen') ids.push(event.data.abgegebenVon, event.data.uebernommenVon);
      }
      const bekannt = await familien(deps.pool, ids);
      const gruppen = new Map<string, Empfaenger[]>();
      const mails: { id: string; auftrag: MailAuftrag }[] = [];
      /** Offers mailed in this batch (their notes are written with the markers, after queueing). */
      const angebote = new Map<string, Angebot>();
      const dienstAngebote = new Map<string, DienstAngebot>();
      let namen: Map<string, string> | null = null;
      /** A kind's name (the kinds' stream read once per batch). */
      const dienstart = async (id: string) => {
        namen ??= await dienstartNamen(deps.store);
        return namen.get(id) ?? 'Dienst';
      };
      const an = (r: RecordedEvent, familie: Familie | undefined, auftrag: (e: Empfaenger) => MailAuftrag) => {
        if (familie && !familie.entfernt) mails.push({ id: mailJobId(r.id, familie.elternId), auftrag: auftrag(empfaenger(familie)) });
      };

      for (const r of events) {
        const event = r as unknown as MailEvent;
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
          case 'DiensteGeplant': {
            const { dienstartId, bereichId, von, bis, zugewiesen, trotzAbwesenheit } = event.data;
            if (zugewiesen === 0) break;
            const proFamilie = await neueTermine(deps.store, r, zugewiesen);
            const [name, bereich, bekannte] = await Promise.all([
              dienstart(dienstartId),
              bereichId === KITA_BEREICH ? null : gruppenName(deps.pool, bereichId),
              familien(deps.pool, [...proFamilie.keys()]),
            ]);
            for (const [elternId, termine] of proFamilie)
              an(r, bekannte.get(elternId), (e) => ({
                art: 'dienste-geplant',
                an: e,
                dienstart: name,
                bereich: bereichId === KITA_BEREICH ? null : (bereich ?? ''),
                termine,
                trotzAbwesenheit: trotzAbwesenheit.filter((t) => t.elternId === elternId).map(({ von, bis }) => ({ von, bis })),
                von,
                bis,
              }));
            break;
          }
          case 'DienstTauschAngeboten': {
            const { tauschId, dienstartId, bereichId, elternId, von, bis, nachricht, abgeben } = event.data;
            const anbieter = bekannt.get(elternId);
            if (!anbieter || anbieter.entfernt) break;
            const schluessel = `bereich-${bereichId}`;
            if (!gruppen.has(schluessel)) gruppen.set(schluessel, await bereichsMitglieder(deps.pool, bereichId));
            const mitglieder = gruppen.get(schluessel)!.filter((e) => e.elternId !== elternId);
            // As for water duty: families that chose no mail for new offers get none, nor its withdrawal.
            const abbestellt = await ohneMail(
              deps.pool,
              'neuesAngebot',
              mitglieder.map((e) => e.elternId),
            );
            const name = await dienstart(dienstartId);
            const termin = { von, bis };
            const empfaengerIds: string[] = [];
            for (const e of mitglieder)
              if (!abbestellt.has(e.elternId)) {
                empfaengerIds.push(e.elternId);
                mails.push({
                  id: mailJobId(r.id, e.elternId),
                  auftrag: {
                    art: 'dienst-tausch-angeboten',
                    an: e,
                    dienstart: name,
                    anbieter: anbieter.nachname,
                    termin,
                    nachricht,
                    ...(abgeben ? { abgeben: true } : {}),
                  },
                });
              }
            dienstAngebote.set(tauschId, { dienstart: name, termin, empfaenger: empfaengerIds });
            break;
          }
          case 'DienstTauschZurueckgezogen': {
            const { tauschId, elternId } = event.data;
            const notiz = await deps.connection.get(dienstAngebotKey(deps.prefix, tauschId));
            const angebot = dienstAngebote.get(tauschId) ?? (notiz ? (JSON.parse(notiz) as DienstAngebot) : null);
            if (!angebot || angebot.empfaenger.length === 0) break;
            const [anbieter, informiert] = await Promise.all([familien(deps.pool, [elternId]), familien(deps.pool, angebot.empfaenger)]);
            const name = anbieter.get(elternId)?.nachname;
            if (!name) break;
            for (const id of angebot.empfaenger)
              an(r, informiert.get(id), (e) => ({
                art: 'dienst-tausch-zurueckgezogen',
                an: e,
                dienstart: angebot.dienstart,
                anbieter: name,
                termin: angebot.termin,
              }));
            break;
          }
          case 'DienstTauschAngenommen': {
            const { dienstartId, angebotVon, angenommenVon, termin, gegenTermin } = event.data;
            const anbieter = bekannt.get(angebotVon);
            const annehmer = bekannt.get(angenommenVon);
            if (!anbieter || !annehmer) break;
            const name = await dienstart(dienstartId);
            // As for water duty: the offering family unless it chose no mail for an accepted offer; the taker always.
            if (!(await ohneMail(deps.pool, 'angebotAngenommen', [angebotVon])).has(angebotVon))
              an(r, anbieter, (e) => ({
                art: 'dienst-tausch-angenommen',
                an: e,
                dienstart: name,
                rolle: 'anbieter',
                andere: annehmer.nachname,
                abgegeben: termin,
                uebernommen: gegenTermin,
              }));
            an(r, annehmer, (e) => ({
              art: 'dienst-tausch-angenommen',
              an: e,
              dienstart: name,
              rolle: 'annehmer',
              andere: anbieter.nachname,
              abgegeben: gegenTermin,
              uebernommen: termin,
            }));
            break;
          }
          case 'DienstAbgabeUebernommen': {
            const { dienstartId, abgegebenVon, uebernommenVon, termin } = event.data;
            const abgeber = bekannt.get(abgegebenVon);
            const uebernehmer = bekannt.get(uebernommenVon);
            if (!abgeber || !uebernehmer) break;
            const name = await dienstart(dienstartId);
            if (!(await ohneMail(deps.pool, 'angebotAngenommen', [abgegebenVon])).has(abgegebenVon))
              an(r, abgeber, (e) => ({
                art: 'dienst-abgabe-uebernommen',
                an: e,
                dienstart: name,
                rolle: 'abgeber',
                andere: uebernehmer.nachname,
                termin,
              }));
            an(r, uebernehmer, (e) => ({
              art: 'dienst-abgabe-uebernommen',
              an: e,
              dienstart: name,
              rolle: 'uebernehmer',
              andere: abgeber.nachname,
              termin,
            }));
            break;
          }
          case 'StundenBestaetigt':
          case 'StundenAbgelehnt': {
            // The entry's date and description from the ledger's read model (written before reactors run).
            const { rows } = await deps.pool.query<{ datum: string; beschreibung: string | null }>(
              `SELECT to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung FROM ${rm}.stunden_eintrag WHERE eintrag_id = $1`,
              [event.data.eintragId],
            );
            const eintrag = rows[0];
            if (!eintrag) break;
            const abgelehnt = event.type === 'StundenAbgelehnt';
            an(r, bekannt.get(event.data.elternId), (e) => ({
              art: 'stunden-entschieden',
              an: e,
              entscheidung: abgelehnt ? 'abgelehnt' : 'bestaetigt',
              datum: eintrag.datum,
              stunden: event.data.stunden,
              beschreibung: eintrag.beschreibung,
              grund: abgelehnt ? event.data.grund : null,
            }));
            break;
          }
          case 'DienstplaeneAngepasst': {
            // One mail per family for the whole change after a closing, in every kind.
            const { anlass, familien: aenderungen } = event.data;
            // Each group's plan read once for all its families.
            const plaene = new Map<string, Promise<RecordedEvent[]>>();
            const plan = (gruppeId: string) => {
              if (!plaene.has(gruppeId))
                plaene.set(
                  gruppeId,
                  deps.store.readStream(dienstplanStream(gruppeId)).then((s) => s.events),
                );
              return plaene.get(gruppeId)!;
            };
            const bekannte = await familien(
              deps.pool,
              aenderungen.map((f) => f.elternId),
            );
            for (const f of aenderungen) {
              const familie = bekannte.get(f.elternId);
              if (!familie || familie.entfernt) continue;
              if (f.entfallen.length + f.neu.length + f.abgegeben.length === 0) continue;
              if (nurEineFreieWasserdienstWoche(f)) {
                // Only one water-duty week falls on the closing: the mail families always got for it.
                const woche = isoWocheVon(f.entfallen[0]!.von);
                const schliessung = await schliessungVon(plan, familie.gruppeId, f.elternId, woche, r);
                if (schliessung) {
                  an(r, familie, (e) => ({ art: 'wasserdienst-entfaellt', an: e, woche, ...schliessung }));
                  continue;
                }
              }
              an(r, familie, (e) => ({
                art: 'dienste-angepasst',
                an: e,
                anlass,
                entfallen: f.entfallen,
                neu: f.neu,
                abgegeben: f.abgegeben,
              }));
            }
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
        for (const [tauschId, angebot] of dienstAngebote)
          marker.set(dienstAngebotKey(deps.prefix, tauschId), JSON.stringify(angebot), 'EX', ANGEBOT_TTL_S);
        await marker.exec();
      }
    },
  };
}
