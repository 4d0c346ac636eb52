import { WASSERDIENST } from '@waldkita/domain/dienste/dienstart';
import type { Datum } from '@waldkita/domain/kalender/iso-woche';
import type { StundenEintrag, StundenEintragStatus, StundenQuelle } from '@waldkita/domain/stunden/antworten';
import {
  betrag,
  type FamilienEinstellung,
  kitajahrVon,
  kitajahrZeitraum,
  offen,
  STANDARD_FAMILIE,
  STANDARD_REGELN,
  type StundenRegeln,
  soll,
  summe,
} from '@waldkita/domain/stunden/rechnen';
import pg from 'pg';

/**
 * The hours ledger as read from the read models (docs/stunden.md), shared by the query side
 * (every answer) and the projector (the figures frozen when a year is closed). Credited hours are
 * computed here, at read time, from the plans: a duty date credits its kind's hours to the family
 * that holds it after swaps (Wasserdienst: the week's Sunday is its date), a shift of a work day
 * its hours to the family that attended (the contract with the work days, einsatz tables). Own
 * entries, decisions and corrections come from the ledger's own tables (projector/src/stunden).
 */

type Db = Pick<pg.ClientBase, 'query'>;

const t = (schema: string, name: string) => `"${schema}".${name}`;

export type KontoEintrag = StundenEintrag & { elternId: string; eingetragenAm?: string | null };

/** The rules in force for a year: those of the latest year up to it that set rules, else the defaults. */
async function regelnFuer(db: Db, schema: string, jahr: number): Promise<StundenRegeln> {
  const { rows } = await db.query<{
    soll_pro_familie: string;
    soll_pro_kind: string | null;
    stundensatz: string;
    jahresbeginn_monat: number;
  }>(
    `SELECT soll_pro_familie, soll_pro_kind, stundensatz, jahresbeginn_monat FROM ${t(schema, 'stunden_regel')}
     WHERE jahr <= $1 ORDER BY jahr DESC LIMIT 1`,
    [jahr],
  );
  const r = rows[0];
  if (!r) return STANDARD_REGELN;
  return {
    sollProFamilie: Number(r.soll_pro_familie),
    sollProKind: r.soll_pro_kind === null ? null : Number(r.soll_pro_kind),
    stundensatz: Number(r.stundensatz),
    jahresbeginnMonat: r.jahresbeginn_monat,
  };
}

/** The start month in force today (as the command side decides it: the rules up to this calendar year), and the current kindergarten year. */
export async function aktuellesJahr(db: Db, schema: string, heute: Datum): Promise<{ jahr: number; beginnMonat: number }> {
  const { jahresbeginnMonat } = await regelnFuer(db, schema, Number(heute.slice(0, 4)));
  return { jahr: kitajahrVon(heute, jahresbeginnMonat), beginnMonat: jahresbeginnMonat };
}

type Zeile = {
  eltern_id: string;
  id: string;
  datum: string;
  stunden: string;
  quelle: StundenQuelle;
  beschreibung: string | null;
  status: string;
  grund: string | null;
  eingetragen_am: Date | null;
};

type Zeitraum = { von: Datum; bis: Datum; heute: Datum; elternId?: string };

/**
 * Every entry of the year from `von` to `bis` (of one family, or of all) as one SQL query over the
 * read models, with its parameters: duty dates and shifts ('geplant' until their day, then
 * 'bestaetigt'), own entries and corrections.
 */
function eintragsAbfrage(schema: string, { von, bis, heute, elternId }: Zeitraum): { sql: string; params: unknown[] } {
  const params: unknown[] = [von, bis, heute, WASSERDIENST.stunden, elternId ?? null];
  const nurFamilie = (spalte: string) => `($5::text IS NULL OR ${spalte}::text = $5::text)`;
  const teile = [
    `SELECT w.eltern_id::text AS eltern_id, w.wasserdienst_id::text AS id,
            to_char(to_date(w.jahr || '-' || w.kalenderwoche, 'IYYY-IW') + 6, 'YYYY-MM-DD') AS datum,
            COALESCE((SELECT a.stunden FROM ${t(schema, 'dienstart')} a WHERE a.dienstart_id = 'wasserdienst'), $4::numeric)::text AS stunden,
            'dienst' AS quelle,
            COALESCE((SELECT a.name FROM ${t(schema, 'dienstart')} a WHERE a.dienstart_id = 'wasserdienst'), 'Wasserdienst')
              || ' KW ' || w.kalenderwoche || '/' || w.jahr AS beschreibung,
            CASE WHEN to_date(w.jahr || '-' || w.kalenderwoche, 'IYYY-IW') + 6 <= $3::date THEN 'bestaetigt' ELSE 'geplant' END AS status,
            NULL::text AS grund, NULL::timestamptz AS eingetragen_am
     FROM ${t(schema, 'wasserdienst')} w
     WHERE to_date(w.jahr || '-' || w.kalenderwoche, 'IYYY-IW') + 6 BETWEEN $1::date AND $2::date AND ${nurFamilie('w.eltern_id')}`,
    `SELECT d.eltern_id::text, d.dienst_id::text, to_char(d.bis, 'YYYY-MM-DD'), a.stunden::text, 'dienst',
            a.name || ' ' || CASE WHEN d.von = d.bis THEN to_char(d.von, 'DD.MM.YYYY') ELSE to_char(d.von, 'DD.MM.') || '–' || to_char(d.bis, 'DD.MM.YYYY') END,
            CASE WHEN d.bis <= $3::date THEN 'bestaetigt' ELSE 'geplant' END, NULL, NULL
     FROM ${t(schema, 'dienst')} d JOIN ${t(schema, 'dienstart')} a ON a.dienstart_id = d.dienstart_id
     WHERE d.dienstart_id <> 'wasserdienst' AND d.bis BETWEEN $1::date AND $2::date AND ${nurFamilie('d.eltern_id')}`,
    `SELECT s.eltern_id::text, s.eintrag_id::text, to_char(s.datum, 'YYYY-MM-DD'), s.stunden::text, s.quelle, s.beschreibung,
            s.status, s.grund, s.eingetragen_am
     FROM ${t(schema, 'stunden_eintrag')} s
     WHERE s.datum BETWEEN $1::date AND $2::date AND ${nurFamilie('s.eltern_id')}`,
    `SELECT a.eltern_id::text, a.schicht_id || ':' || a.eltern_id, to_char(e.datum, 'YYYY-MM-DD'), s.stunden::text, 'schicht',
            e.titel || ': ' || s.aufgabe || ' (' || s.beginn || '–' || s.ende || ')',
            CASE WHEN e.datum <= $3::date THEN 'bestaetigt' ELSE 'geplant' END, NULL, NULL
     FROM ${t(schema, 'einsatz_anmeldung')} a
     JOIN ${t(schema, 'einsatz_schicht')} s ON s.schicht_id = a.schicht_id
     JOIN ${t(schema, 'einsatz')} e ON e.einsatz_id = s.einsatz_id
     WHERE NOT e.abgesagt AND NOT s.entfernt AND e.datum BETWEEN $1::date AND $2::date
       AND (a.anwesend = true OR (a.anwesend IS NULL AND a.status = 'eingetragen'))
       AND ${nurFamilie('a.eltern_id')}`,
  ];
  return { sql: teile.join('\nUNION ALL\n'), params };
}

/** Every entry of the year, oldest first. */
async function eintraege(db: Db, schema: string, zeitraum: Zeitraum): Promise<KontoEintrag[]> {
  const { sql, params } = eintragsAbfrage(schema, zeitraum);
  const { rows } = await db.query<Zeile>(`${sql} ORDER BY 3, 5, 2`, params);
  return rows.map((r) => ({
    elternId: r.eltern_id,
    id: r.id,
    datum: r.datum,
    stunden: Number(r.stunden),
    quelle: r.quelle,
    beschreibung: r.beschreibung,
    status: r.status as StundenEintragStatus,
    ...(r.quelle === 'eigen' || r.quelle === 'korrektur' ? { grund: r.grund } : {}),
    eingetragenAm: r.eingetragen_am ? r.eingetragen_am.toISOString() : null,
  }));
}

/**
 * Per family, the hours credited (ist) and awaiting confirmation (ausstehend) of the year, summed
 * by PostgreSQL (exact numeric sums, as `summe` rounds to the cent): a table of every family needs
 * the sums, not the thousands of entries behind them.
 */
async function summenProFamilie(db: Db, schema: string, zeitraum: Zeitraum): Promise<Map<string, { ist: number; ausstehend: number }>> {
  const { sql, params } = eintragsAbfrage(schema, zeitraum);
  const { rows } = await db.query<{ eltern_id: string; ist: string; ausstehend: string }>(
    `SELECT eltern_id,
            COALESCE(sum(stunden::numeric) FILTER (WHERE status = 'bestaetigt'), 0)::text AS ist,
            COALESCE(sum(stunden::numeric) FILTER (WHERE status = 'ausstehend'), 0)::text AS ausstehend
     FROM (${sql}) eintrag GROUP BY eltern_id`,
    params,
  );
  return new Map(rows.map((r) => [r.eltern_id, { ist: summe([Number(r.ist)]), ausstehend: summe([Number(r.ausstehend)]) }]));
}

/** Hours credited (ist) and awaiting confirmation (ausstehend) of a family's entries. */
const zaehle = (liste: readonly KontoEintrag[]) => ({
  ist: summe(liste.filter((e) => e.status === 'bestaetigt').map((e) => e.stunden)),
  ausstehend: summe(liste.filter((e) => e.status === 'ausstehend').map((e) => e.stunden)),
});

type Konto = {
  elternId: string;
  nachname: string;
  gruppe: string | null;
  kinder: number;
  befreit: boolean;
  grund: string;
  soll: number;
  ist: number;
  ausstehend: number;
  offen: number;
  betrag: number;
};

export type Jahreskonten = {
  jahr: number;
  von: Datum;
  bis: Datum;
  beginnMonat: number;
  regeln: StundenRegeln;
  abgeschlossen: boolean;
  konten: Konto[];
  /** One family's entries, oldest first (asked with `elternId`); empty for the table of every family. */
  eintraege: KontoEintrag[];
};

/**
 * Runs reads at once on a pool (each on a connection of its own), and one after another on a
 * single client (the projector's batch), where pg would only queue them, and pg 9 refuses that.
 */
function reihe(db: Db): <R>(read: () => Promise<R>) => Promise<R> {
  if (db instanceof pg.Pool) return (read) => read();
  let vorige: Promise<unknown> = Promise.resolve();
  return (read) => {
    const naechste = vorige.then(read, read);
    vorige = naechste.catch(() => undefined);
    return naechste;
  };
}

/** The families' settings in force for a year (latest year up to it that set them). */
async function einstellungen(db: Db, schema: string, jahr: number, elternId?: string) {
  const { rows } = await db.query<{ eltern_id: string; kinder: number; befreit: boolean; grund: string }>(
    `SELECT DISTINCT ON (eltern_id) eltern_id::text, kinder, befreit, grund FROM ${t(schema, 'stunden_familie')}
     WHERE jahr <= $1 AND ($2::text IS NULL OR eltern_id::text = $2::text) ORDER BY eltern_id, jahr DESC`,
    [jahr, elternId ?? null],
  );
  return new Map(rows.map((r) => [r.eltern_id, { kinder: r.kinder, befreit: r.befreit, grund: r.grund }]));
}

/**
 * Every family's account for a year, computed now (`heute`): the families of the kindergarten
 * (not removed, in a group) and any other family with an entry in the year. With `elternId` only
 * that family (in a group or not). A closed year's figures are the ones frozen at its close (`stunden_abschluss`),
 * unless `frisch` asks for them computed anew (the projector, when it freezes them).
 */
export async function jahreskonten(
  db: Db,
  schema: string,
  { jahr, heute, elternId, frisch = false }: { jahr: number; heute: Datum; elternId?: string; frisch?: boolean },
): Promise<Jahreskonten> {
  const { beginnMonat } = await aktuellesJahr(db, schema, heute);
  const { von, bis } = kitajahrZeitraum(jahr, beginnMonat);
  const zeitraum = { von, bis, heute, elternId };
  // One family's account lists its entries; the table of every family needs only their sums.
  const lies = reihe(db);
  const [regeln, { liste, summen }, gesetzt, jahrZeile] = await Promise.all([
    lies(() => regelnFuer(db, schema, jahr)),
    lies(() =>
      elternId === undefined
        ? summenProFamilie(db, schema, zeitraum).then((summen) => ({ liste: [], summen }))
        : eintraege(db, schema, zeitraum).then((liste) => ({ liste, summen: new Map([[elternId, zaehle(liste)]]) })),
    ),
    lies(() => einstellungen(db, schema, jahr, elternId)),
    lies(() => db.query<{ abgeschlossen: boolean }>(`SELECT abgeschlossen FROM ${t(schema, 'stunden_jahr')} WHERE jahr = $1`, [jahr])),
  ]);
  const abgeschlossen = jahrZeile.rows[0]?.abgeschlossen ?? false;
  const mitEintrag = [...summen.keys()];
  const { rows: familien } = await db.query<{ eltern_id: string; nachname: string; gruppe: string | null }>(
    `SELECT e.eltern_id::text, e.nachname, g.name AS gruppe FROM ${t(schema, 'eltern')} e
     LEFT JOIN ${t(schema, 'gruppe')} g ON g.gruppe_id = e.gruppe_id AND NOT g.entfernt
     WHERE ($2::text IS NULL AND ((NOT e.entfernt AND e.gruppe_id IS NOT NULL) OR e.eltern_id::text = ANY($1::text[])))
        OR e.eltern_id::text = $2::text
     ORDER BY e.nachname, e.eltern_id`,
    [mitEintrag, elternId ?? null],
  );
  const eingefroren = new Map<
    string,
    { soll: number; ist: number; ausstehend: number; offen: number; betrag: number; kinder: number; befreit: boolean }
  >();
  if (abgeschlossen && !frisch) {
    const { rows } = await db.query<{
      eltern_id: string;
      soll: string;
      ist: string;
      ausstehend: string;
      offen: string;
      betrag: string;
      kinder: number;
      befreit: boolean;
    }>(
      `SELECT eltern_id::text, soll, ist, ausstehend, offen, betrag, kinder, befreit FROM ${t(schema, 'stunden_abschluss')} WHERE jahr = $1`,
      [jahr],
    );
    for (const r of rows)
      eingefroren.set(r.eltern_id, {
        soll: Number(r.soll),
        ist: Number(r.ist),
        ausstehend: Number(r.ausstehend),
        offen: Number(r.offen),
        betrag: Number(r.betrag),
        kinder: r.kinder,
        befreit: r.befreit,
      });
  }
  const konten = familien
    .filter((f) => !abgeschlossen || frisch || elternId !== undefined || eingefroren.has(f.eltern_id))
    .map((f): Konto => {
      const einstellung = gesetzt.get(f.eltern_id);
      const fest = eingefroren.get(f.eltern_id);
      const familie: FamilienEinstellung = einstellung ? { kinder: einstellung.kinder, befreit: einstellung.befreit } : STANDARD_FAMILIE;
      if (fest) return { elternId: f.eltern_id, nachname: f.nachname, gruppe: f.gruppe, grund: einstellung?.grund ?? '', ...fest };
      const { ist, ausstehend } = summen.get(f.eltern_id) ?? { ist: 0, ausstehend: 0 };
      const s = soll(regeln, familie);
      const o = offen(s, ist);
      return {
        elternId: f.eltern_id,
        nachname: f.nachname,
        gruppe: f.gruppe,
        kinder: familie.kinder,
        befreit: familie.befreit,
        grund: einstellung?.grund ?? '',
        soll: s,
        ist,
        ausstehend,
        offen: o,
        betrag: betrag(o, regeln.stundensatz),
      };
    });
  return { jahr, von, bis, beginnMonat, regeln, abgeschlossen, konten, eintraege: liste };
}
