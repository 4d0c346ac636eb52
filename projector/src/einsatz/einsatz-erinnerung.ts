import { type Datum, heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';
import { type EinsatzAuftrag, type MailQueue, mailJobId, queueMails } from '../mail/mail-queue.js';
import { willSql } from '../push/benachrichtigungs-wahl.js';
import { type PushQueue, queuePush } from '../push/push-queue.js';
import { auftraegeFuer } from '../push/push-reactor.js';
import { schichtText } from './einsatz-reactor.js';

const rm = READ_MODEL_SCHEMA;

/** The cause a reminder's job ids are derived from: the day ('einsatz-erinnerung-2027-03-20'). */
const einsatzErinnerungUrsache = (tag: Datum) => `einsatz-erinnerung-${tag}`;

type Zeile = {
  eltern_id: string;
  email: string;
  nachname: string;
  einsatz_id: string;
  titel: string;
  ort: string | null;
  aufgabe: string;
  beginn: string;
  ende: string;
  mail: boolean;
};

/**
 * Reminds the families signed up for a shift of a work day on the day after `bezug` (Europe/Berlin;
 * not cancelled, the shift not removed): one mail per family and day listing its shifts, unless it
 * chose no mail for reminders ('dienstErinnerung'), and a push to its devices where it chose push.
 * Run by the 17:00 job of the duty reminders (mail/dienst-erinnerung.ts). Job ids name the day and
 * the family (mail: `einsatz-erinnerung-<day>-<family id>`) or the day, the work day and the
 * device (push), so a second run for the same day queues nothing new.
 */
export async function erinnereAnEinsaetze(
  deps: { pool: pg.Pool; mailQueue: MailQueue; pushQueue?: PushQueue },
  bezug: Date,
): Promise<{ familien: number; mails: number; pushes: number }> {
  const tag = plusTage(heuteInBerlin(bezug), 1);
  const { rows } = await deps.pool.query<Zeile>(
    `SELECT e.eltern_id, e.email, e.nachname, x.einsatz_id, x.titel, x.ort, s.aufgabe, s.beginn, s.ende,
            ${willSql('e.eltern_id', "'dienstErinnerung'", 'mail')} AS mail
     FROM ${rm}.einsatz_anmeldung a
     JOIN ${rm}.einsatz x ON x.einsatz_id = a.einsatz_id AND NOT x.abgesagt AND x.datum = $1::date
     JOIN ${rm}.einsatz_schicht s ON s.schicht_id = a.schicht_id AND NOT s.entfernt
     JOIN ${rm}.eltern e ON e.eltern_id::text = a.eltern_id AND NOT e.entfernt
     WHERE a.status = 'eingetragen'
     ORDER BY e.nachname, e.eltern_id, x.titel, x.einsatz_id, s.beginn, s.aufgabe`,
    [tag],
  );
  const proFamilieUndTag = new Map<string, { zeile: Zeile; schichten: string[] }>();
  for (const r of rows) {
    const schluessel = `${r.eltern_id}/${r.einsatz_id}`;
    const f = proFamilieUndTag.get(schluessel) ?? { zeile: r, schichten: [] };
    f.schichten.push(schichtText(tag, r));
    proFamilieUndTag.set(schluessel, f);
  }
  const ursache = einsatzErinnerungUrsache(tag);
  const mails: { id: string; auftrag: EinsatzAuftrag }[] = [];
  let pushes = 0;
  for (const { zeile, schichten } of proFamilieUndTag.values()) {
    const einsatz = { einsatzId: zeile.einsatz_id, titel: zeile.titel, datum: tag, ort: zeile.ort };
    if (zeile.mail)
      mails.push({
        id: mailJobId(`${ursache}-${zeile.einsatz_id}`, zeile.eltern_id),
        auftrag: {
          art: 'einsatz-erinnerung',
          an: { elternId: zeile.eltern_id, email: zeile.email, nachname: zeile.nachname },
          einsatz,
          schichten,
        },
      });
    if (deps.pushQueue) {
      const auftraege = await auftraegeFuer(deps.pool, 'dienstErinnerung', [zeile.eltern_id], `${ursache}-${zeile.einsatz_id}`, {
        art: 'einsatz-erinnerung',
        einsatzId: zeile.einsatz_id,
        titel: zeile.titel,
        schichten,
      });
      await queuePush(deps.pushQueue, auftraege);
      pushes += auftraege.length;
    }
  }
  await queueMails(deps.mailQueue, mails);
  return { familien: new Set(rows.map((r) => r.eltern_id)).size, mails: mails.length, pushes };
}
