import type { PlanungsErgebnis } from '@waldkita/domain/admin/antworten';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { wochenImJahr } from '@waldkita/domain/kalender/iso-woche';
import { START_NACH_ENDE } from '@waldkita/domain/kalender/schliesszeiten';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { textOderNull, zahlOderNull } from '../http-input.js';
import { projektorAmKopfOder503 } from '../projektor-aktuell.js';

const schema = z.object({ jahr: zahlOderNull, startKW: zahlOderNull, endKW: zahlOderNull, gruppeId: textOderNull.optional() });
const rm = READ_MODEL_SCHEMA;

/** POST /api/admin/wasserdienst/bulk-assign {jahr, startKW, endKW, gruppeId?}: one group or every group. */
export function rotaAdminRoutes(app: FastifyInstance, deps: CommandDeps) {
  app.post('/api/admin/wasserdienst/bulk-assign', { preHandler: [authenticate(deps.tokens), nurAdmins(deps)] }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { jahr, startKW, endKW, gruppeId } = parseOr400(schema, request.body);
    if (jahr === null || startKW === null || endKW === null) throw new HttpError(400, 'Bitte Jahr, Start- und Endwoche angeben.');
    if (jahr < 2024 || jahr > 2100) throw new HttpError(400, 'Bitte ein gültiges Jahr angeben.');
    if (startKW < 1 || endKW > wochenImJahr(jahr))
      throw new HttpError(400, `Kalenderwochen müssen zwischen 1 und ${wochenImJahr(jahr)} liegen`);
    if (startKW > endKW) throw new HttpError(400, START_NACH_ENDE);
    await projektorAmKopfOder503(deps);
    const { rows: gruppen } = await deps.pool.query<{ gruppe_id: string; name: string }>(
      `SELECT gruppe_id, name FROM ${rm}.gruppe WHERE NOT entfernt AND ($1::text IS NULL OR gruppe_id::text = $1) ORDER BY name`,
      [gruppeId?.trim() || null],
    );
    if (gruppeId && gruppen.length === 0) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    const ergebnisse = [];
    let letzte = null;
    for (const g of gruppen) {
      const e = await deps.planeGruppe(g.gruppe_id, { jahr, kalenderwoche: startKW }, { jahr, kalenderwoche: endKW }, admin.elternId);
      letzte = e.position ?? letzte;
      ergebnisse.push({
        gruppeId: g.gruppe_id,
        gruppenName: g.name,
        zugewiesen: e.zugewiesen,
        nichtBesetzt: e.nichtBesetzt,
        trotzAbwesenheit: e.trotzAbwesenheit,
        /** Each family's balance from earlier seasons that the plan started from, and its share. */
        saldo: e.saldo.map((x) => ({ ...x, anteil: e.anteile.find((a) => a.elternId === x.elternId)?.anteil ?? 1 })),
      });
    }
    withEventPosition(reply, letzte);
    const summe = ergebnisse.reduce((n, e) => n + e.zugewiesen, 0);
    const offen = ergebnisse.reduce((n, e) => n + e.nichtBesetzt.length, 0);
    return {
      gruppen: ergebnisse,
      zugewiesen: summe,
      message: `${summe} Wasserdienste zugewiesen${offen ? `, ${offen} Wochen konnten nicht besetzt werden` : ''}.`,
    } satisfies PlanungsErgebnis;
  });
}
