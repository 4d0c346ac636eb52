import { kw } from '@waldkita/domain/audit/beschreibung';
import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { type Datenexport, EXPORT_FORMAT, type ExportWoche, type TauschStatus } from '@waldkita/domain/datenschutz/antworten';
import { WASSERDIENST, WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { datumDeutsch, freitagDerWoche, type IsoWoche, montagDerWoche } from '@waldkita/domain/kalender/iso-woche';
import { type BenachrichtigungsWahl, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { type DienstTauschZeile, READ_MODEL_SCHEMA, type TauschZeile } from '@waldkita/platform/read-models';
import { AuditNamen } from '../audit/audit-eintraege.js';
import { type AuditLog, auditLogFuer } from '../audit/audit-log.js';
import { MAX_EXPORT } from '../audit/audit-routes.js';
import type { QueryDeps } from '../deps.js';

const rm = READ_MODEL_SCHEMA;

const STATUS_TEXT: Record<TauschStatus, string> = { offen: 'Offen', angenommen: 'Angenommen', zurueckgezogen: 'Zurückgezogen' };

/** The German names of the mails (projector/src/mail/mail-queue.ts MailAuftrag['art'], docs/mail.md). */
const MAIL_BEZEICHNUNG: Record<string, string> = {
  willkommen: 'Willkommen im Elternportal',
  'passwort-zuruecksetzen': 'Passwort zurücksetzen',
  'passwort-geaendert': 'Passwort geändert',
  'tausch-angeboten': 'Neues Tausch-Angebot',
  'tausch-angenommen': 'Tausch bestätigt',
  'tausch-zurueckgezogen': 'Tausch-Angebot zurückgezogen',
  'dienst-uebernommen': 'Dienst übernommen',
  'wasserdienst-erinnerung': 'Erinnerung an den Wasserdienst',
  'wasserdienste-geplant': 'Ihre Wasserdienste',
  'woche-ohne-familie': 'Wasserdienst ohne Familie',
  'wasserdienst-entfaellt': 'Wasserdienst entfällt',
  'dienste-geplant': 'Ihre neuen Termine',
  'dienst-tausch-angeboten': 'Neues Tausch-Angebot',
  'dienst-tausch-angenommen': 'Tausch bestätigt',
  'dienst-abgabe-uebernommen': 'Dienst übernommen',
  'dienst-tausch-zurueckgezogen': 'Tausch-Angebot zurückgezogen',
  'dienste-angepasst': 'Ihre Dienste ändern sich',
  'dienst-erinnerung': 'Erinnerung an Ihren Dienst',
  'stunden-entschieden': 'Ihre eingetragenen Stunden',
};

const woche = (w: IsoWoche): ExportWoche => {
  const freitag = freitagDerWoche(w);
  return { jahr: w.jahr, kalenderwoche: w.kalenderwoche, kw: kw(w), freitag, freitagText: datumDeutsch(freitag) };
};

const iso = (d: Date) => d.toISOString();
const isoOderNull = (d: Date | null) => (d ? d.toISOString() : null);

type KontoZeile = {
  eltern_id: string;
  nachname: string;
  name_kind: string | null;
  email: string;
  rollen: string[];
  registriert_am: Date;
  gruppe_id: string | null;
  gruppe_name: string | null;
  anteil: number | null;
  grund: string | null;
  gesetzt_am: Date | null;
};

/** The family's rows of `rm.tausch` (its offers and those it accepted), in the row type's words. */
type TauschGelesen = Pick<
  TauschZeile<Date>,
  | 'tauschId'
  | 'jahr'
  | 'kalenderwoche'
  | 'abgeben'
  | 'nachricht'
  | 'status'
  | 'requestElternId'
  | 'angenommenVon'
  | 'gegenJahr'
  | 'gegenKalenderwoche'
  | 'angebotenAm'
  | 'entschiedenAm'
>;

type DienstZeile = { dienst_id: string; dienstart_id: string; dienstart: string | null; von: string; bis: string; gruppe: string | null };
type AnteilZeile = { dienstart_id: string; dienstart: string | null; anteil: number; grund: string; gesetzt_am: Date };
/** The family's rows of `rm.dienst_tausch`, in the row type's words, with the kind's name. */
type DienstTauschGelesen = Pick<
  DienstTauschZeile<Date>,
  | 'tauschId'
  | 'dienstartId'
  | 'von'
  | 'bis'
  | 'abgeben'
  | 'nachricht'
  | 'status'
  | 'elternId'
  | 'angenommenVon'
  | 'gegenVon'
  | 'gegenBis'
  | 'angebotenAm'
  | 'entschiedenAm'
> & { dienstart: string | null };

/** An offer's state, alike for a water-duty week and a date of another kind: given away or swapped, its message, its status (also in words), when offered and decided. */
const angebotsStand = (t: Pick<TauschGelesen, 'abgeben' | 'nachricht' | 'status' | 'angebotenAm' | 'entschiedenAm'>) => ({
  abgeben: t.abgeben,
  nachricht: t.nachricht,
  status: t.status,
  statusText: STATUS_TEXT[t.status] ?? t.status,
  angebotenAm: iso(t.angebotenAm),
  entschiedenAm: isoOderNull(t.entschiedenAm),
});

const gegenTermin = (z: DienstTauschGelesen) => (z.gegenVon && z.gegenBis ? { von: z.gegenVon, bis: z.gegenBis } : null);

const gegen = (z: TauschGelesen) =>
  z.gegenJahr !== null && z.gegenKalenderwoche !== null ? woche({ jahr: z.gegenJahr, kalenderwoche: z.gegenKalenderwoche }) : null;

/**
 * Reads everything the product holds about one family (the caller: `elternId` comes from the
 * verified session, never from the request): its rows in the read models, the mail log and the
 * audit trail's entries that concern it. Secrets stay out: no password hash, no feed token or
 * digest, no push address or keys. Other families are never named.
 */
export async function datenexport(deps: Pick<QueryDeps, 'pool' | 'store' | 'now'>, elternId: string, log?: AuditLog): Promise<Datenexport> {
  const { pool } = deps;
  const jetzt = deps.now();
  const abfrage = <T extends object>(sql: string) => pool.query<T>(sql, [elternId]).then((r) => r.rows);
  const [
    konten,
    dienste,
    frueher,
    tausche,
    abwesenheiten,
    geraete,
    wahl,
    abo,
    mails,
    andereDienste,
    anteile,
    dienstTausche,
    wasserArt,
    pushes,
    stundenEintraege,
    stundenEinstellungen,
  ] = await Promise.all([
    abfrage<KontoZeile>(
      `SELECT e.eltern_id, e.nachname, e.name_kind, e.email, e.rollen, e.registriert_am, g.gruppe_id, g.name AS gruppe_name,
              a.anteil, a.grund, a.gesetzt_am
       FROM ${rm}.eltern e
       LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = e.gruppe_id AND NOT g.entfernt
       LEFT JOIN ${rm}.dienst_anteil a ON a.eltern_id = e.eltern_id
       WHERE e.eltern_id = $1 AND NOT e.entfernt`,
    ),
    abfrage<{ wasserdienst_id: string; jahr: number; kalenderwoche: number; gruppe: string | null }>(
      `SELECT w.wasserdienst_id, w.jahr, w.kalenderwoche, g.name AS gruppe
       FROM ${rm}.wasserdienst w LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id
       WHERE w.eltern_id = $1 ORDER BY w.jahr, w.kalenderwoche, w.wasserdienst_id`,
    ),
    abfrage<{ gruppe: string | null; geleistet: number; anteil: number; jahr: number; kalenderwoche: number }>(
      `SELECT g.name AS gruppe, f.geleistet, f.anteil, f.jahr, f.kalenderwoche
       FROM ${rm}.dienst_frueher f LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = f.gruppe_id
       WHERE f.eltern_id = $1 ORDER BY f.jahr, f.kalenderwoche, f.import_id`,
    ),
    abfrage<TauschGelesen>(
      `SELECT tausch_id AS "tauschId", jahr, kalenderwoche, abgeben, nachricht, status, request_eltern_id AS "requestElternId",
              resolve_eltern_id AS "angenommenVon", resolve_jahr AS "gegenJahr", resolve_kalenderwoche AS "gegenKalenderwoche",
              angeboten_am AS "angebotenAm", entschieden_am AS "entschiedenAm"
       FROM ${rm}.tausch WHERE request_eltern_id = $1 OR resolve_eltern_id = $1
       ORDER BY angeboten_am, tausch_id`,
    ),
    abfrage<{ abwesenheit_id: string; jahr: number; kalenderwoche: number; gemeldet_am: Date }>(
      `SELECT abwesenheit_id, jahr, kalenderwoche, gemeldet_am FROM ${rm}.abwesenheit
       WHERE eltern_id = $1 ORDER BY jahr, kalenderwoche`,
    ),
    abfrage<{ geraet_id: string; bezeichnung: string; seit: Date }>(
      `SELECT geraet_id, bezeichnung, seit FROM ${rm}.push_geraet WHERE eltern_id = $1 ORDER BY log_commit, log_prepare`,
    ),
    abfrage<{ wahl: BenachrichtigungsWahl }>(`SELECT wahl FROM ${rm}.benachrichtigung_wahl WHERE eltern_id = $1`),
    abfrage<{ erneuert_am: Date }>(`SELECT erneuert_am FROM ${rm}.kalender_abo WHERE eltern_id = $1`),
    abfrage<{ art: string; gesendet_am: Date }>(
      'SELECT art, gesendet_am FROM mail_versand WHERE eltern_id = $1 ORDER BY gesendet_am, job_id',
    ),
    abfrage<DienstZeile>(
      `SELECT d.dienst_id, d.dienstart_id, a.name AS dienstart, to_char(d.von, 'YYYY-MM-DD') AS von, to_char(d.bis, 'YYYY-MM-DD') AS bis,
              g.name AS gruppe
       FROM ${rm}.dienst d LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = d.dienstart_id
       LEFT JOIN ${rm}.gruppe g ON d.bereich_id <> 'kita' AND g.gruppe_id::text = d.bereich_id
       WHERE d.eltern_id = $1 ORDER BY d.von, d.dienst_id`,
    ),
    abfrage<AnteilZeile>(
      `SELECT x.dienstart_id, a.name AS dienstart, x.anteil, x.grund, x.gesetzt_am
       FROM ${rm}.dienst_anteil_art x LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = x.dienstart_id
       WHERE x.eltern_id = $1 ORDER BY a.name, x.dienstart_id`,
    ),
    abfrage<DienstTauschGelesen>(
      `SELECT t.tausch_id AS "tauschId", t.dienstart_id AS "dienstartId", a.name AS dienstart, to_char(t.von, 'YYYY-MM-DD') AS von,
              to_char(t.bis, 'YYYY-MM-DD') AS bis, t.abgeben, t.nachricht, t.status, t.eltern_id AS "elternId",
              t.resolve_eltern_id AS "angenommenVon", to_char(t.resolve_von, 'YYYY-MM-DD') AS "gegenVon",
              to_char(t.resolve_bis, 'YYYY-MM-DD') AS "gegenBis", t.angeboten_am AS "angebotenAm", t.entschieden_am AS "entschiedenAm"
       FROM ${rm}.dienst_tausch t LEFT JOIN ${rm}.dienstart a ON a.dienstart_id = t.dienstart_id
       WHERE t.eltern_id = $1 OR t.resolve_eltern_id = $1 ORDER BY t.angeboten_am, t.tausch_id`,
    ),
    pool
      .query<{ name: string }>(`SELECT name FROM ${rm}.dienstart WHERE dienstart_id = $1`, [WASSERDIENST_ID])
      .then((r) => r.rows[0]?.name ?? WASSERDIENST.name),
    abfrage<{ geraet_id: string; titel: string; gesendet_am: Date }>(
      'SELECT geraet_id, titel, gesendet_am FROM push_versand WHERE eltern_id = $1 ORDER BY gesendet_am, job_id',
    ),
    abfrage<{
      eintrag_id: string;
      jahr: number;
      quelle: 'eigen' | 'korrektur';
      datum: string;
      stunden: string;
      beschreibung: string | null;
      status: string;
      grund: string | null;
      eingetragen_am: Date;
    }>(
      `SELECT eintrag_id, jahr, quelle, to_char(datum, 'YYYY-MM-DD') AS datum, stunden, beschreibung, status, grund, eingetragen_am
       FROM ${rm}.stunden_eintrag WHERE eltern_id = $1 ORDER BY datum, eingetragen_am, eintrag_id`,
    ),
    abfrage<{ jahr: number; kinder: number; befreit: boolean; grund: string }>(
      `SELECT jahr, kinder, befreit, grund FROM ${rm}.stunden_familie WHERE eltern_id = $1 ORDER BY jahr`,
    ),
  ]);
  const konto = konten[0];
  if (!konto) throw new HttpError(401, NICHT_ANGEMELDET);

  const auditLog = log ?? auditLogFuer(deps.store, pool);
  const [namen, { events }] = await Promise.all([
    AuditNamen.laden(deps, auditLog, elternId),
    auditLog.liste({ elternId }, { offset: 0, limit: MAX_EXPORT, reihenfolge: 'asc' }),
  ]);
  const verlauf = await namen.eintraege(events);

  return {
    format: EXPORT_FORMAT,
    erstelltAm: iso(jetzt),
    erstellt: zeitDeutsch(jetzt),
    konto: {
      elternId: konto.eltern_id,
      nachname: konto.nachname,
      email: konto.email,
      rollen: konto.rollen,
      registriertAm: iso(konto.registriert_am),
      ...(konto.anteil !== null && konto.gesetzt_am
        ? { anteil: { anteil: konto.anteil, grund: konto.grund ?? '', gesetztAm: iso(konto.gesetzt_am) } }
        : {}),
    },
    kind: { name: konto.name_kind },
    gruppe: konto.gruppe_id && konto.gruppe_name ? { gruppeId: konto.gruppe_id, name: konto.gruppe_name } : null,
    wasserdienste: dienste.map((d) => ({ wasserdienstId: d.wasserdienst_id, ...woche(d), gruppe: d.gruppe })),
    wasserdiensteFrueher: frueher.map((f) => ({ gruppe: f.gruppe, geleistet: f.geleistet, anteil: f.anteil, bis: woche(f) })),
    tausch: {
      angebote: tausche
        .filter((t) => t.requestElternId === elternId)
        .map((t) => ({
          tauschId: t.tauschId,
          woche: woche(t),
          ...angebotsStand(t),
          gegenWoche: t.status === 'angenommen' ? gegen(t) : null,
        })),
      angenommen: tausche
        .filter((t) => t.angenommenVon === elternId && t.status === 'angenommen')
        .map((t) => ({
          tauschId: t.tauschId,
          woche: woche(t),
          gegenWoche: gegen(t),
          abgeben: t.abgeben,
          angenommenAm: isoOderNull(t.entschiedenAm),
        })),
    },
    dienste: [
      ...dienste.map((d) => ({
        dienstId: d.wasserdienst_id,
        dienstartId: WASSERDIENST_ID,
        dienstart: wasserArt,
        von: montagDerWoche(d),
        bis: freitagDerWoche(d),
        gruppe: d.gruppe,
      })),
      ...andereDienste.map((d) => ({
        dienstId: d.dienst_id,
        dienstartId: d.dienstart_id,
        dienstart: d.dienstart ?? '',
        von: d.von,
        bis: d.bis,
        gruppe: d.gruppe,
      })),
    ].sort((a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : a.dienstart.localeCompare(b.dienstart, 'de'))),
    anteile: [
      ...(konto.anteil !== null && konto.gesetzt_am
        ? [
            {
              dienstartId: WASSERDIENST_ID,
              dienstart: wasserArt,
              anteil: konto.anteil,
              grund: konto.grund ?? '',
              gesetztAm: iso(konto.gesetzt_am),
            },
          ]
        : []),
      ...anteile.map((a) => ({
        dienstartId: a.dienstart_id,
        dienstart: a.dienstart ?? '',
        anteil: a.anteil,
        grund: a.grund,
        gesetztAm: iso(a.gesetzt_am),
      })),
    ],
    dienstTausch: {
      angebote: dienstTausche
        .filter((t) => t.elternId === elternId)
        .map((t) => ({
          tauschId: t.tauschId,
          dienstartId: t.dienstartId,
          dienstart: t.dienstart ?? '',
          von: t.von,
          bis: t.bis,
          ...angebotsStand(t),
          gegen: t.status === 'angenommen' ? gegenTermin(t) : null,
        })),
      angenommen: dienstTausche
        .filter((t) => t.angenommenVon === elternId && t.status === 'angenommen')
        .map((t) => ({
          tauschId: t.tauschId,
          dienstartId: t.dienstartId,
          dienstart: t.dienstart ?? '',
          von: t.von,
          bis: t.bis,
          gegen: gegenTermin(t),
          abgeben: t.abgeben,
          angenommenAm: isoOderNull(t.entschiedenAm),
        })),
    },
    abwesenheiten: abwesenheiten.map((a) => ({ abwesenheitId: a.abwesenheit_id, ...woche(a), gemeldetAm: iso(a.gemeldet_am) })),
    stunden: {
      eintraege: stundenEintraege.map((e) => ({
        id: e.eintrag_id,
        jahr: e.jahr,
        quelle: e.quelle,
        datum: e.datum,
        stunden: Number(e.stunden),
        beschreibung: e.beschreibung,
        status: e.status,
        grund: e.grund,
        eingetragenAm: iso(e.eingetragen_am),
      })),
      einstellungen: stundenEinstellungen,
    },
    pushGeraete: geraete.map((g) => ({ geraetId: g.geraet_id, bezeichnung: g.bezeichnung, seit: iso(g.seit) })),
    benachrichtigungen: { wahl: wahl[0]?.wahl ?? STANDARD_WAHL, gewaehlt: wahl.length > 0 },
    kalenderAbo: { aktiv: abo.length > 0, seit: abo[0] ? iso(abo[0].erneuert_am) : null },
    verlauf: verlauf.map((e) => ({ occurredAt: e.occurredAt, zeit: e.zeit, akteur: e.akteur, text: e.beschreibung })),
    mails: mails.map((m) => ({ art: m.art, bezeichnung: MAIL_BEZEICHNUNG[m.art] ?? 'E-Mail', gesendetAm: iso(m.gesendet_am) })),
    pushNachrichten: pushes.map((p) => ({ geraetId: p.geraet_id, titel: p.titel, gesendetAm: iso(p.gesendet_am) })),
  };
}
