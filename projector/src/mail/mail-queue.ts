import type { TerminAenderung } from '@waldkita/domain/dienste/anpassung';
import type { Termin } from '@waldkita/domain/dienste/termine';
import type { Datum, IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { Schliessung } from '@waldkita/domain/kalender/schliesszeiten';
import { type DefaultJobOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** The queue of single mails, one job per mail and recipient. */
export const MAIL_QUEUE = 'mail';

/** A family as the read model `eltern` knows it when the mail is queued. */
export type Empfaenger = { elternId: string; email: string; nachname: string };

/** A duty freed because the kindergarten is closed that week (holidays, a closing week); text in ferien-mails.ts. */
export type WasserdienstEntfaelltAuftrag = { art: 'wasserdienst-entfaellt'; an: Empfaenger; woche: IsoWoche } & Schliessung;

/**
 * One mail to one family: everything the template needs except secrets. A password link's token
 * is derived from `linkId` with the server secret only when the mail is rendered, so it is never
 * stored in Redis (nor in the event log).
 */
export type MailAuftrag =
  /** The nightly anchor of the log, to the admins and auditors, its file attached (docs/audit.md, "Anchors"). */
  | {
      art: 'anker';
      an: Empfaenger;
      anker: { zeitpunkt: string; position: string; fingerabdruck: string; dateiname: string; datei: string };
    }
  | { art: 'passwort-zuruecksetzen'; an: Empfaenger; linkId: string; gueltigBis: string }
  | { art: 'willkommen'; an: Empfaenger; linkId: string; gueltigBis: string; gruppe: string | null; nameKind: string | null }
  | { art: 'passwort-geaendert'; an: Empfaenger; grund: 'aenderung' | 'zuruecksetzung'; am: string }
  /** `abgeben`: the duty is given away and can be taken over without one in return. */
  | { art: 'tausch-angeboten'; an: Empfaenger; anbieter: string; woche: IsoWoche; nachricht: string | null; abgeben?: boolean }
  /** A duty given away was taken over: to the family that gave it ('abgeber') and to the one that took it ('uebernehmer'). */
  | { art: 'dienst-uebernommen'; an: Empfaenger; rolle: 'abgeber' | 'uebernehmer'; andere: string; woche: IsoWoche }
  | {
      art: 'tausch-angenommen';
      an: Empfaenger;
      /** 'anbieter': the family whose offer was taken; 'annehmer': the family that took it. */
      rolle: 'anbieter' | 'annehmer';
      /** The other family's name. */
      andere: string;
      /** The week this family gave away and the week it does now. */
      abgegeben: IsoWoche;
      uebernommen: IsoWoche;
    }
  | { art: 'wasserdienst-erinnerung'; an: Empfaenger; woche: IsoWoche }
  /** A week of the next 14 days has no family (`abgegebenVon`: the family that gave it away; null: its family left). */
  | { art: 'woche-ohne-familie'; an: Empfaenger; gruppe: string; woche: IsoWoche; abgegebenVon: string | null }
  /** A rota was planned: this family's new weeks (in week order), those given despite its absence, and the planned range. */
  | { art: 'wasserdienste-geplant'; an: Empfaenger; wochen: IsoWoche[]; trotzAbwesenheit: IsoWoche[]; von: IsoWoche; bis: IsoWoche }
  /** An offer this family was told about is gone (withdrawn, its family left, or its week closed). */
  | { art: 'tausch-zurueckgezogen'; an: Empfaenger; anbieter: string; woche: IsoWoche }
  | WasserdienstEntfaelltAuftrag
  | DiensteAuftrag
  | EinsatzAuftrag
  /** An admin confirmed or refused hours the family recorded itself (docs/stunden.md); `grund` only for a refusal. */
  | {
      art: 'stunden-entschieden';
      an: Empfaenger;
      entscheidung: 'bestaetigt' | 'abgelehnt';
      datum: string;
      stunden: number;
      beschreibung: string | null;
      grund: string | null;
    };

/** A work day as its mails name it (docs/api-einsaetze.md); `schichten` as 'Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr'. */
export type EinsatzKopf = { einsatzId: string; titel: string; datum: Datum; ort: string | null };

/** The mails of the work days: a changed or removed shift, a cancelled day, a place from the waiting list, the reminder. */
export type EinsatzAuftrag =
  | { art: 'einsatz-geaendert'; an: Empfaenger; einsatz: EinsatzKopf; geaendert: string[]; entfernt: string[] }
  | { art: 'einsatz-abgesagt'; an: Empfaenger; einsatz: EinsatzKopf; schichten: string[] }
  | { art: 'einsatz-nachgerueckt'; an: Empfaenger; einsatz: EinsatzKopf; schicht: string }
  | { art: 'einsatz-erinnerung'; an: Empfaenger; einsatz: EinsatzKopf; schichten: string[] };

/**
 * Mails of the duty kinds other than Wasserdienst (docs/api-dienste.md): `dienstart` is the kind's
 * name, dates are written with terminText(). `bereich`: the group's name, or null for a kind of
 * the whole kindergarten.
 */
export type DiensteAuftrag =
  /** A kind was planned: this family's new dates (in date order), those given despite its absence, and the planned range. */
  | {
      art: 'dienste-geplant';
      an: Empfaenger;
      dienstart: string;
      bereich: string | null;
      termine: Termin[];
      trotzAbwesenheit: Termin[];
      von: Datum;
      bis: Datum;
    }
  | {
      art: 'dienst-tausch-angeboten';
      an: Empfaenger;
      dienstart: string;
      anbieter: string;
      termin: Termin;
      nachricht: string | null;
      abgeben?: boolean;
    }
  | {
      art: 'dienst-tausch-angenommen';
      an: Empfaenger;
      dienstart: string;
      /** 'anbieter': the family whose offer was taken; 'annehmer': the family that took it. */
      rolle: 'anbieter' | 'annehmer';
      andere: string;
      /** The date this family gave away and the date it does now. */
      abgegeben: Termin;
      uebernommen: Termin;
    }
  | {
      art: 'dienst-abgabe-uebernommen';
      an: Empfaenger;
      dienstart: string;
      rolle: 'abgeber' | 'uebernehmer';
      andere: string;
      termin: Termin;
    }
  | { art: 'dienst-tausch-zurueckgezogen'; an: Empfaenger; dienstart: string; anbieter: string; termin: Termin }
  /** After a closing, everything that changed for this family in every kind (DienstplaeneAngepasst). */
  | {
      art: 'dienste-angepasst';
      an: Empfaenger;
      anlass: string;
      entfallen: TerminAenderung[];
      neu: TerminAenderung[];
      abgegeben: TerminAenderung[];
    }
  /** The evening before: this family's dates of other kinds that start tomorrow. */
  | { art: 'dienst-erinnerung'; an: Empfaenger; termine: (Termin & { dienstart: string })[] };

export type MailArt = MailAuftrag['art'];

const TAG_S = 24 * 60 * 60;

/**
 * Failed sends retry with exponential backoff: 10 s, 20 s, 40 s … about 21 minutes over 8 attempts.
 * Finished jobs are kept 30 days: adding a job with the id of a kept one is a no-op, which is how a
 * re-run reactor is deduplicated (its events are at most 7 days old, see MAX_EVENT_AGE_MS).
 */
export const MAIL_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 30 * TAG_S },
  removeOnFail: { age: 30 * TAG_S },
};

/**
 * The job id of a mail: the event that caused it and the recipient. BullMQ job ids must not
 * contain ':' nor be integers; uuids and these prefixes are neither.
 */
export const mailJobId = (ursache: string, elternId: string) => `${ursache}-${elternId}`;

export const erinnerungJobId = (woche: IsoWoche, elternId: string) =>
  mailJobId(`erinnerung-${woche.jahr}-${String(woche.kalenderwoche).padStart(2, '0')}`, elternId);

export function openMailQueue(connection: Redis, prefix: string, jobOptions: DefaultJobOptions = MAIL_JOB_OPTIONS) {
  return new Queue<MailAuftrag, void, MailArt>(MAIL_QUEUE, { connection, prefix, defaultJobOptions: jobOptions });
}

export type MailQueue = ReturnType<typeof openMailQueue>;

/** Queues mails; a job whose id is already known (queued, done or failed) is left as it is. */
export async function queueMails(queue: MailQueue, mails: { id: string; auftrag: MailAuftrag }[]) {
  if (mails.length === 0) return;
  await queue.addBulk(mails.map(({ id, auftrag }) => ({ name: auftrag.art, data: auftrag, opts: { jobId: id } })));
}
