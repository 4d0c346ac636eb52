import type { Geloescht, GruppeAngelegt } from '@waldkita/domain/admin/antworten';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
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
import { gibGruppennamenFrei } from '../eltern/zugaenge.js';
import { legeGruppeAn } from '../gruppe/lege-gruppe-an.js';
import { textOderNull } from '../http-input.js';
import { projektorAmKopfOder503 } from '../projektor-aktuell.js';

const GRUPPE_NOCH_IN_ARBEIT = 'Die letzten Änderungen werden noch verarbeitet. Bitte die Gruppe in einem Moment noch einmal löschen.';
const GRUPPE_HAT_FAMILIEN = (n: number) =>
  `Die Gruppe hat noch ${n} ${n === 1 ? 'Familie' : 'Familien'}. Bitte löschen Sie diese zuerst oder ordnen Sie sie mit dem nächsten CSV-Import einer anderen Gruppe zu.`;

/**
 * Groups in the Admin Center. Names are unique through `gruppen_namen` (see legeGruppeAn). "No
 * families left" is checked against the read model: admin-only and rare; a family added in the
 * same instant would keep its group id and show under 'Ohne Gruppe'.
 */
export function gruppenAdminRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  app.post('/api/admin/gruppen', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { gruppenName } = parseOr400(z.object({ gruppenName: textOderNull }), request.body);
    const name = gruppenName?.trim() ?? '';
    const { gruppeId, position } = await legeGruppeAn(deps, name, { actorId: admin.elternId, now: deps.now() });
    withEventPosition(reply, position).status(201);
    return { id: gruppeId, gruppenID: gruppeId, gruppenName: name, message: `Gruppe ${name} wurde angelegt.` } satisfies GruppeAngelegt;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/gruppen/:id', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    // A family moved into the group a moment ago must be counted: the projector first applies the log.
    await projektorAmKopfOder503(deps, GRUPPE_NOCH_IN_ARBEIT);
    const { rows } = await deps.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${READ_MODEL_SCHEMA}.eltern WHERE NOT entfernt AND gruppe_id::text = $1`,
      [request.params.id],
    );
    if (rows[0]!.n > 0) throw new HttpError(409, GRUPPE_HAT_FAMILIEN(rows[0]!.n));
    const { position } = await handleCommand(
      deps.store,
      gruppeStream(request.params.id),
      gruppeDecider,
      { type: 'EntferneGruppe', data: { gruppeId: request.params.id } },
      { actorId: admin.elternId, now: deps.now() },
      // The name is free again with GruppeEntfernt, in the same transaction.
      { side: { release: (db) => gibGruppennamenFrei(db, request.params.id) } },
    );
    withEventPosition(reply, position);
    return { id: request.params.id, message: 'Gruppe wurde gelöscht.' } satisfies Geloescht;
  });
}
