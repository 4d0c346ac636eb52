import { randomUUID } from 'node:crypto';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import { wochenImJahr } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider, START_NACH_ENDE } from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
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

const schema = z.object({ jahr: zahlOderNull, startKW: zahlOderNull, endKW: zahlOderNull, gruppeId: textOderNull.optional() });
const rm = READ_MODEL_SCHEMA;

/**
 * Plans a group's rota for the given weeks with the pure planner (domain/rota). The inputs are
 * gathered here — families of the group and their absences from the read models, holiday and
 * closing weeks from the calendar stream — and recorded in the RotaGeplant event; the existing
 * duties come from the group's own stream, on which the plan is decided and appended.
 */
export async function planeGruppe(
  deps: CommandDeps,
  gruppeId: string,
  von: { jahr: number; kalenderwoche: number },
  bis: typeof von,
  actorId: string | null,
) {
  const kalender = fold(kalenderDecider, (await deps.store.readStream(KALENDER_STREAM)).events as never);
  const freieWochen = [...kalender.schliesswochen.values(), ...kalender.ferienwochen.values()].map(({ jahr, kalenderwoche }) => ({
    jahr,
    kalenderwoche,
  }));
  const { rows: familien } = await deps.pool.query<{ eltern_id: string }>(
    `SELECT eltern_id FROM ${rm}.eltern WHERE gruppe_id = $1 AND NOT entfernt ORDER BY eltern_id`,
    [gruppeId],
  );
  const ids = familien.map((f) => f.eltern_id);
  const { rows: abwesenheiten } = await deps.pool.query<{ eltern_id: string; jahr: number; kalenderwoche: number }>(
    `SELECT eltern_id, jahr, kalenderwoche FROM ${rm}.abwesenheit WHERE eltern_id = ANY($1::uuid[]) ORDER BY eltern_id, jahr, kalenderwoche`,
    [ids],
  );
  const { events, position } = await handleCommand(
    deps.store,
    dienstplanStream(gruppeId),
    dienstplanDecider,
    {
      type: 'PlaneRota',
      data: {
        gruppeId,
        rotaId: randomUUID(),
        von,
        bis,
        familien: ids,
        freieWochen,
        abwesenheiten: abwesenheiten.map((a) => ({ elternId: a.eltern_id, woche: { jahr: a.jahr, kalenderwoche: a.kalenderwoche } })),
        ids: Array.from({ length: 110 }, () => randomUUID()),
      },
    },
    { actorId, now: deps.now() },
  );
  const geplant = events[0];
  if (geplant?.type !== 'RotaGeplant') throw new Error('PlaneRota must start with RotaGeplant');
  return {
    position,
    zugewiesen: geplant.data.zugewiesen,
    nichtBesetzt: geplant.data.nichtBesetzt,
    trotzAbwesenheit: geplant.data.trotzAbwesenheit,
  };
}

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
    const { rows: gruppen } = await deps.pool.query<{ gruppe_id: string; name: string }>(
      `SELECT gruppe_id, name FROM ${rm}.gruppe WHERE NOT entfernt AND ($1::text IS NULL OR gruppe_id::text = $1) ORDER BY name`,
      [gruppeId?.trim() || null],
    );
    if (gruppeId && gruppen.length === 0) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    const ergebnisse = [];
    let letzte = null;
    for (const g of gruppen) {
      const e = await planeGruppe(deps, g.gruppe_id, { jahr, kalenderwoche: startKW }, { jahr, kalenderwoche: endKW }, admin.elternId);
      letzte = e.position ?? letzte;
      ergebnisse.push({
        gruppeId: g.gruppe_id,
        gruppenName: g.name,
        zugewiesen: e.zugewiesen,
        nichtBesetzt: e.nichtBesetzt,
        trotzAbwesenheit: e.trotzAbwesenheit,
      });
    }
    withEventPosition(reply, letzte);
    const summe = ergebnisse.reduce((n, e) => n + e.zugewiesen, 0);
    const offen = ergebnisse.reduce((n, e) => n + e.nichtBesetzt.length, 0);
    return {
      gruppen: ergebnisse,
      zugewiesen: summe,
      message: `${summe} Wasserdienste zugewiesen${offen ? `, ${offen} Wochen konnten nicht besetzt werden` : ''}.`,
    };
  });
}
