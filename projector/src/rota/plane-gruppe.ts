import { randomUUID } from 'node:crypto';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { saldoFruehererSaisons } from '@waldkita/domain/rota/saldo';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';

const rm = READ_MODEL_SCHEMA;

/** What planning a rota needs: the event store, the database with the read models, the clock. */
export type RotaDeps = { store: EventStore; pool: pg.Pool; now: () => Date };

/**
 * Plans a group's rota for the weeks von…bis (inclusive; may cross a year end) with the pure
 * planner (domain/rota). The inputs are gathered here — families of the group and their absences
 * from the read models, holiday and closing weeks from the calendar stream — and recorded in the
 * RotaGeplant event; the existing duties come from the group's own stream, on which the plan is
 * decided and appended. Weeks already assigned are kept. Run by the automatic plan after the
 * import's deadline (saison-rota.ts) and, handed in by the composition root (cli/src/server.ts) as
 * `CommandDeps.planeGruppe`, by the admin's bulk-assign and the planning of duty kinds (command-api).
 */
export async function planeGruppe(
  deps: RotaDeps,
  gruppeId: string,
  von: IsoWoche,
  bis: IsoWoche,
  actorId: string | null,
  options: { rotaId?: string; correlationId?: string; causationId?: string | null } = {},
) {
  const kalender = fold(kalenderDecider, (await deps.store.readStream(KALENDER_STREAM)).events as never);
  const freieWochen = [...kalender.schliesswochen.values()].map(({ jahr, kalenderwoche }) => ({
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
  // Shares (rm.dienst_anteil; 1 unless an admin set one) and each family's balance from the
  // group plans the yearly import retired (rm.dienst_frueher), in whatever group it was then.
  const { rows: anteilRows } = await deps.pool.query<{ eltern_id: string; anteil: number }>(
    `SELECT eltern_id, anteil FROM ${rm}.dienst_anteil WHERE eltern_id = ANY($1::uuid[]) ORDER BY eltern_id`,
    [ids],
  );
  const anteil = new Map(anteilRows.map((r) => [r.eltern_id, r.anteil]));
  const { rows: frueher } = await deps.pool.query<{ saison: string; eltern_id: string; geleistet: number; anteil: number }>(
    `SELECT f.gruppe_id || '/' || f.import_id AS saison, f.eltern_id, f.geleistet, f.anteil
     FROM ${rm}.dienst_frueher f
     WHERE (f.gruppe_id, f.import_id) IN (SELECT gruppe_id, import_id FROM ${rm}.dienst_frueher WHERE eltern_id = ANY($1::uuid[]))
     ORDER BY saison, f.eltern_id`,
    [ids],
  );
  const saisons = new Map<string, { elternId: string; geleistet: number; anteil: number }[]>();
  for (const r of frueher)
    saisons.set(r.saison, [...(saisons.get(r.saison) ?? []), { elternId: r.eltern_id, geleistet: r.geleistet, anteil: r.anteil }]);
  const saldo = saldoFruehererSaisons(
    [...saisons].map(([saisonId, familien]) => ({ saisonId, familien })),
    ids,
  );
  const { events, position } = await handleCommand(
    deps.store,
    dienstplanStream(gruppeId),
    dienstplanDecider,
    {
      type: 'PlaneRota',
      data: {
        gruppeId,
        rotaId: options.rotaId ?? randomUUID(),
        von,
        bis,
        familien: ids,
        freieWochen,
        abwesenheiten: abwesenheiten.map((a) => ({ elternId: a.eltern_id, woche: { jahr: a.jahr, kalenderwoche: a.kalenderwoche } })),
        anteile: ids.map((elternId) => ({ elternId, anteil: anteil.get(elternId) ?? 1 })),
        saldo,
        ids: Array.from({ length: 110 }, () => randomUUID()),
      },
    },
    { actorId, now: deps.now(), correlationId: options.correlationId, causationId: options.causationId },
  );
  const geplant = events[0];
  if (geplant?.type !== 'RotaGeplant') throw new Error('PlaneRota must start with RotaGeplant');
  return {
    position,
    zugewiesen: geplant.data.zugewiesen,
    nichtBesetzt: geplant.data.nichtBesetzt,
    trotzAbwesenheit: geplant.data.trotzAbwesenheit,
    anteile: geplant.data.anteile ?? [],
    saldo: geplant.data.saldo ?? [],
  };
}
