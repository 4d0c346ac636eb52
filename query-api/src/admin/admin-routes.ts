import type { AdminEltern, AdminGruppe, AdminStatistik, FerienStatus, FerienUebersicht } from '@waldkita/domain/admin/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { KEINE_BERECHTIGUNG } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { angemeldet, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { csvDatei } from './csv-export.js';

const rm = READ_MODEL_SCHEMA;

type ElternRow = {
  eltern_id: string;
  nachname: string;
  name_kind: string | null;
  email: string;
  rollen: string[];
  gruppe_id: string | null;
  gruppe_name: string | null;
  anteil: number;
  anteil_grund: string | null;
};

const EXPORTE: Record<string, { datei: string; sql: string; kopf: string[] }> = {
  eltern: {
    datei: 'eltern',
    kopf: ['Nachname', 'Kind', 'E-Mail', 'Gruppe', 'Rollen'],
    sql: `SELECT e.nachname, e.name_kind, e.email, g.name, array_to_string(e.rollen, ' ')
          FROM ${rm}.eltern e LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = e.gruppe_id
          WHERE NOT e.entfernt ORDER BY g.name NULLS LAST, e.nachname`,
  },
  wasserdienst: {
    datei: 'wasserdienste',
    kopf: ['Gruppe', 'Jahr', 'Kalenderwoche', 'Nachname', 'E-Mail'],
    sql: `SELECT g.name, w.jahr, w.kalenderwoche, e.nachname, e.email
          FROM ${rm}.wasserdienst w JOIN ${rm}.gruppe g ON g.gruppe_id = w.gruppe_id
          LEFT JOIN ${rm}.eltern e ON e.eltern_id = w.eltern_id ORDER BY g.name, w.jahr, w.kalenderwoche`,
  },
  abwesenheiten: {
    datei: 'abwesenheiten',
    kopf: ['Nachname', 'E-Mail', 'Jahr', 'Kalenderwoche'],
    sql: `SELECT e.nachname, e.email, a.jahr, a.kalenderwoche FROM ${rm}.abwesenheit a
          JOIN ${rm}.eltern e ON e.eltern_id = a.eltern_id WHERE NOT e.entfernt ORDER BY e.nachname, a.jahr, a.kalenderwoche`,
  },
  schliesszeiten: {
    datei: 'schliesszeiten',
    kopf: ['Jahr', 'Kalenderwoche', 'Beschreibung'],
    sql: `SELECT jahr, kalenderwoche, beschreibung FROM ${rm}.schliesswoche ORDER BY jahr, kalenderwoche`,
  },
};
EXPORTE.wasserdienste = EXPORTE.wasserdienst!;

/** Admin Center reads (docs/produkt.md §7 Admin). Every one refuses non-admins with 403, checked against the current record. */
export function adminRoutes(app: FastifyInstance, deps: QueryDeps) {
  const nurAdmins = async (request: FastifyRequest) => {
    const wer = await leser(deps, request);
    if (!wer.admin) throw new HttpError(403, KEINE_BERECHTIGUNG);
    return wer;
  };
  const options = angemeldet(deps);

  app.get('/api/admin/eltern', options, async (request) => {
    await nurAdmins(request);
    const { rows } = await deps.pool.query<ElternRow>(
      `SELECT e.eltern_id, e.nachname, e.name_kind, e.email, e.rollen, g.gruppe_id, g.name AS gruppe_name,
              COALESCE(a.anteil, 1) AS anteil, a.grund AS anteil_grund
       FROM ${rm}.eltern e LEFT JOIN ${rm}.gruppe g ON g.gruppe_id = e.gruppe_id AND NOT g.entfernt
       LEFT JOIN ${rm}.dienst_anteil a ON a.eltern_id = e.eltern_id
       WHERE NOT e.entfernt ORDER BY g.name NULLS LAST, e.nachname, e.email`,
    );
    return rows.map(
      (r): AdminEltern => ({
        id: r.eltern_id,
        nachname: r.nachname,
        nameKind: r.name_kind,
        email: r.email,
        gruppe: r.gruppe_id ? { gruppenID: r.gruppe_id, gruppenName: r.gruppe_name } : null,
        authorities: r.rollen.map((authority) => ({ authority })),
        isAdmin: istAdmin(r.rollen),
        // The share of the water duty (issue 17): 1 unless an admin set one, with the reason of the last change.
        anteil: r.anteil,
        anteilGrund: r.anteil_grund,
      }),
    );
  });

  app.get('/api/admin/gruppen', options, async (request) => {
    await nurAdmins(request);
    const { rows } = await deps.pool.query<AdminGruppe>(
      `SELECT g.gruppe_id AS id, g.gruppe_id AS "gruppenID", g.name AS "gruppenName",
              (SELECT count(*)::int FROM ${rm}.eltern e WHERE e.gruppe_id = g.gruppe_id AND NOT e.entfernt) AS "anzahlEltern"
       FROM ${rm}.gruppe g WHERE NOT g.entfernt ORDER BY g.name`,
    );
    return rows;
  });

  app.get('/api/admin/stats', options, async (request) => {
    await nurAdmins(request);
    const { rows } = await deps.pool.query<AdminStatistik>(
      `SELECT (SELECT count(*)::int FROM ${rm}.eltern WHERE NOT entfernt) AS eltern,
              (SELECT count(*)::int FROM ${rm}.eltern WHERE NOT entfernt AND rollen && ARRAY['ROLE_ADMIN','ADMIN']) AS admins,
              (SELECT count(*)::int FROM ${rm}.gruppe WHERE NOT entfernt) AS gruppen,
              (SELECT count(*)::int FROM ${rm}.wasserdienst) AS wasserdienste,
              (SELECT count(*)::int FROM ${rm}.tausch WHERE status = 'offen') AS "offeneTausche",
              (SELECT count(*)::int FROM ${rm}.tausch WHERE status = 'angenommen') AS "angenommeneTausche",
              (SELECT count(*)::int FROM ${rm}.abwesenheit a JOIN ${rm}.eltern e USING (eltern_id) WHERE NOT e.entfernt) AS abwesenheiten,
              (SELECT count(*)::int FROM ${rm}.schliesswoche WHERE ferienart IS NULL) AS schliesswochen,
              (SELECT count(*)::int FROM ${rm}.schliesswoche WHERE ferienart IS NOT NULL) AS ferienwochen`,
    );
    return rows[0];
  });

  app.get<{ Params: { type: string } }>('/api/admin/export/:type', options, async (request, reply) => {
    await nurAdmins(request);
    const exportDef = EXPORTE[request.params.type];
    if (!exportDef) throw new HttpError(404, `Unbekannter Export. Möglich sind: ${Object.keys(EXPORTE).join(', ')}.`);
    const { rows } = await deps.pool.query({ text: exportDef.sql, rowMode: 'array' });
    // Dated in Berlin, so a year's exports lie side by side in the admin's download folder.
    const dateiname = `${exportDef.datei}-${heuteInBerlin(deps.now())}.csv`;
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${dateiname}"`);
    return csvDatei(exportDef.kopf, rows as unknown[][]);
  });

  app.get('/api/admin/holiday-confirmation-status', options, async (request) => {
    await nurAdmins(request);
    const { rows } = await deps.pool.query<{ bestaetigt: boolean }>(`SELECT bestaetigt FROM ${rm}.ferien_status`);
    return { confirmed: rows[0]?.bestaetigt ?? false } satisfies FerienStatus;
  });

  /** Holidays are the closing weeks and days that carry a holiday type: the same entries as on /schliesszeiten. */
  app.get('/api/admin/holiday-overview-all', options, async (request) => {
    await nurAdmins(request);
    const wochen = await deps.pool.query<{ id: string; art: string; jahr: number; kalenderwoche: number }>(
      `SELECT id, ferienart AS art, jahr, kalenderwoche FROM ${rm}.schliesswoche WHERE ferienart IS NOT NULL
       ORDER BY jahr, kalenderwoche`,
    );
    const tage = await deps.pool.query<{ id: string; art: string; jahr: number; datum: string }>(
      `SELECT id, ferienart AS art, extract(year FROM datum)::int AS jahr, to_char(datum, 'YYYY-MM-DD') AS datum
       FROM ${rm}.schliesstag WHERE ferienart IS NOT NULL ORDER BY datum`,
    );
    const overview: FerienUebersicht['overview'] = {};
    const eintrag = (jahr: number, art: string) => {
      overview[jahr] ??= {};
      overview[jahr][art] ??= { weeks: [], days: [] };
      return overview[jahr][art];
    };
    for (const w of wochen.rows) eintrag(w.jahr, w.art).weeks.push({ id: w.id, kalenderwoche: w.kalenderwoche });
    for (const t of tage.rows) eintrag(t.jahr, t.art).days.push({ id: t.id, datum: t.datum });
    return {
      overview,
      availableYears: Object.keys(overview)
        .map(Number)
        .sort((a, b) => b - a),
    } satisfies FerienUebersicht;
  });
}
