import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type {
  AbrechnungsZeile,
  MeineStunden,
  StundenEinerFamilie,
  StundenEintrag,
  StundenUebersicht,
  WartenderEintrag,
} from '@waldkita/domain/stunden/antworten';
import { euroZahl, kitajahrName, stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { FAMILIE_NICHT_GEFUNDEN } from '@waldkita/domain/stunden/stundenjahr';
import { KEINE_BERECHTIGUNG, NICHT_ANGEMELDET } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { aktuellesJahr, type Jahreskonten, jahreskonten, type KontoEintrag } from '@waldkita/platform/stunden/stundenkonto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvDatei } from '../admin/csv-export.js';
import { angemeldet, istUuid, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';

const rm = READ_MODEL_SCHEMA;

const JAHR_UNGUELTIG = 'Bitte geben Sie das Kita-Jahr als Jahreszahl an (z. B. 2026 für 2026/27).';
const FORMAT_UNGUELTIG = 'Unbekanntes Format. Möglich sind „json“ und „csv“.';

type JahrQuery = { Querystring: { jahr?: string; format?: string } };

const eintragAntwort = (e: KontoEintrag): StundenEintrag => ({
  id: e.id,
  datum: e.datum,
  stunden: e.stunden,
  quelle: e.quelle,
  beschreibung: e.beschreibung,
  status: e.status,
  ...(e.quelle === 'eigen' || e.quelle === 'korrektur' ? { grund: e.grund ?? null } : {}),
});

/** `?jahr=2026` (the year the kindergarten year starts in); without it the current one in Berlin. */
async function gefragtesJahr(deps: QueryDeps, jahr: string | undefined): Promise<number> {
  if (jahr === undefined || jahr === '') return (await aktuellesJahr(deps.pool, rm, heuteInBerlin(deps.now()))).jahr;
  if (!/^\d{4}$/.test(jahr) || Number(jahr) < 2000 || Number(jahr) > 2100) throw new HttpError(400, JAHR_UNGUELTIG);
  return Number(jahr);
}

/** `?format=csv` for a download; anything but json or csv is a 400. */
const alsCsv = (format: string | undefined) => {
  if (format === undefined || format === '' || format === 'json') return false;
  if (format === 'csv') return true;
  throw new HttpError(400, FORMAT_UNGUELTIG);
};

const csvAntwort = (reply: FastifyReply, dateiname: string, kopf: string[], zeilen: unknown[][]) => {
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${dateiname}"`);
  return csvDatei(kopf, zeilen);
};

const jahrTeil = (k: Jahreskonten) => ({
  jahr: k.jahr,
  jahrName: kitajahrName(k.jahr, k.beginnMonat),
  von: k.von,
  bis: k.bis,
  abgeschlossen: k.abgeschlossen,
});

/**
 * The hours ledger's reads (docs/stunden.md): a family's own account, and for admins every
 * family's figures, the settlement in euros (both also as CSV with `?format=csv`) and the own
 * entries waiting for a decision. Credited duty and shift hours are computed at read time
 * (platform/src/stunden/stundenkonto.ts); a closed year answers the figures frozen at its close.
 */
export function stundenRoutes(app: FastifyInstance, deps: QueryDeps) {
  const options = angemeldet(deps);
  const nurAdmins = async (request: FastifyRequest) => {
    const wer = await leser(deps, request);
    if (!wer.admin) throw new HttpError(403, KEINE_BERECHTIGUNG);
    return wer;
  };
  const konten = async (jahr: number, elternId?: string) =>
    jahreskonten(deps.pool, rm, { jahr, heute: heuteInBerlin(deps.now()), elternId });

  /** One family's account of a year, every entry with it; null when the year has no line for it. */
  const kontoVon = async (jahr: number, elternId: string) => {
    const k = await konten(jahr, elternId);
    const konto = k.konten.find((x) => x.elternId === elternId);
    if (!konto) return null;
    const antwort: MeineStunden = {
      ...jahrTeil(k),
      soll: konto.soll,
      ist: konto.ist,
      ausstehend: konto.ausstehend,
      offen: konto.offen,
      eintraege: k.eintraege.map(eintragAntwort),
    };
    return { konto, antwort };
  };

  app.get<JahrQuery>('/api/stunden/meine', options, async (request): Promise<MeineStunden> => {
    const wer = await leser(deps, request);
    const gefunden = await kontoVon(await gefragtesJahr(deps, request.query.jahr), wer.elternId);
    if (!gefunden) throw new HttpError(401, NICHT_ANGEMELDET);
    return gefunden.antwort;
  });

  // What one family's figures are made of, for an admin settling a question ('who did what').
  app.get<JahrQuery & { Params: { elternId: string } }>('/api/admin/stunden/familien/:elternId', options, async (request) => {
    await nurAdmins(request);
    const jahr = await gefragtesJahr(deps, request.query.jahr);
    const gefunden = istUuid(request.params.elternId) ? await kontoVon(jahr, request.params.elternId) : null;
    if (!gefunden) throw new HttpError(404, FAMILIE_NICHT_GEFUNDEN);
    return { ...gefunden.antwort, elternId: gefunden.konto.elternId, nachname: gefunden.konto.nachname } satisfies StundenEinerFamilie;
  });

  app.get<JahrQuery>('/api/admin/stunden', options, async (request, reply) => {
    await nurAdmins(request);
    const csv = alsCsv(request.query.format);
    const jahr = await gefragtesJahr(deps, request.query.jahr);
    const k = await konten(jahr);
    if (csv)
      return csvAntwort(
        reply,
        `elternstunden-${jahr}.csv`,
        ['Nachname', 'Gruppe', 'Kinder', 'Befreit', 'Soll (Stunden)', 'Geleistet (Stunden)', 'Ausstehend (Stunden)', 'Offen (Stunden)'],
        k.konten.map((x) => [
          x.nachname,
          x.gruppe ?? '',
          x.kinder,
          x.befreit ? 'ja' : 'nein',
          stundenDeutsch(x.soll),
          stundenDeutsch(x.ist),
          stundenDeutsch(x.ausstehend),
          stundenDeutsch(x.offen),
        ]),
      );
    const antwort: StundenUebersicht = { ...jahrTeil(k), regeln: k.regeln, familien: k.konten };
    return antwort;
  });

  app.get<JahrQuery>('/api/admin/stunden/abrechnung', options, async (request, reply) => {
    await nurAdmins(request);
    const csv = alsCsv(request.query.format);
    const jahr = await gefragtesJahr(deps, request.query.jahr);
    const k = await konten(jahr);
    const zeilen: AbrechnungsZeile[] = k.konten
      .filter((x) => x.offen > 0)
      .map((x) => ({ elternId: x.elternId, nachname: x.nachname, soll: x.soll, ist: x.ist, offen: x.offen, betrag: x.betrag }));
    if (csv)
      return csvAntwort(
        reply,
        `abrechnung-elternstunden-${jahr}.csv`,
        ['Nachname', 'Soll (Stunden)', 'Geleistet (Stunden)', 'Offen (Stunden)', 'Stundensatz (Euro)', 'Betrag (Euro)'],
        [
          ...zeilen.map((z) => [
            z.nachname,
            stundenDeutsch(z.soll),
            stundenDeutsch(z.ist),
            stundenDeutsch(z.offen),
            euroZahl(k.regeln.stundensatz),
            euroZahl(z.betrag),
          ]),
          [
            'Summe',
            '',
            '',
            stundenDeutsch(zeilen.reduce((s, z) => s + z.offen, 0)),
            '',
            euroZahl(zeilen.reduce((s, z) => s + z.betrag, 0)),
          ],
        ],
      );
    return zeilen;
  });

  app.get('/api/admin/stunden/offen', options, async (request): Promise<WartenderEintrag[]> => {
    await nurAdmins(request);
    const { rows } = await deps.pool.query<{
      id: string;
      eltern_id: string;
      nachname: string | null;
      datum: string;
      stunden: string;
      beschreibung: string | null;
      eingetragen_am: Date;
    }>(
      `SELECT s.eintrag_id AS id, s.eltern_id, e.nachname, to_char(s.datum, 'YYYY-MM-DD') AS datum, s.stunden, s.beschreibung, s.eingetragen_am
       FROM ${rm}.stunden_eintrag s LEFT JOIN ${rm}.eltern e ON e.eltern_id = s.eltern_id
       WHERE s.quelle = 'eigen' AND s.status = 'ausstehend' ORDER BY s.datum, s.eingetragen_am, s.eintrag_id`,
    );
    return rows.map((r) => ({
      id: r.id,
      elternId: r.eltern_id,
      nachname: r.nachname ?? '',
      datum: r.datum,
      stunden: Number(r.stunden),
      beschreibung: r.beschreibung,
      eingetragenAm: r.eingetragen_am.toISOString(),
    }));
  });
}
