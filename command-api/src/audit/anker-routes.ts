import { istPruefer, KEIN_ZUGRIFF_VERLAUF } from '@waldkita/domain/audit/pruefer';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { type Anker, privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker } from '@waldkita/platform/audit/anker-log';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import type { FastifyInstance } from 'fastify';
import { aufrufer } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';

const KEIN_ANKER_SCHLUESSEL =
  'Für Anker ist auf dem Server kein Schlüssel eingerichtet (AUDIT_ANKER_SCHLUESSEL_FILE). Bitte wenden Sie sich an den Betrieb.';

/**
 * POST /api/audit/anker: an auditor or the admin has an anchor signed now (docs/audit.md,
 * "Anchors"), besides the nightly one. Auditors may: signing changes no data of the kindergarten.
 * One at a time; the walk over the log takes seconds on a large log.
 */
export function ankerRoutes(app: FastifyInstance, deps: CommandDeps) {
  let laufend: Promise<Awaited<ReturnType<typeof erstelleAnker>>> | null = null;
  app.post('/api/audit/anker', { preHandler: authenticate(deps.tokens) }, async (request, reply) => {
    const wer = await aufrufer(deps, request, { eigenesKonto: true });
    if (!istAdmin(wer.rollen) && !istPruefer(wer.rollen)) throw new HttpError(403, KEIN_ZUGRIFF_VERLAUF);
    if (!deps.config.AUDIT_ANKER_SCHLUESSEL) throw new HttpError(503, KEIN_ANKER_SCHLUESSEL);
    const schluessel = privaterSchluessel(deps.config.AUDIT_ANKER_SCHLUESSEL);
    laufend ??= erstelleAnker(deps, schluessel, { anlass: 'app', jetzt: deps.now(), actorId: wer.elternId }).finally(() => {
      laufend = null;
    });
    const ergebnis = await laufend;
    if ('fehler' in ergebnis) throw new HttpError(409, ergebnis.fehler);
    const { koepfe: _koepfe, ...anker }: Anker = ergebnis.anker;
    withEventPosition(reply, ergebnis.position);
    return reply.status(201).send(anker);
  });
}
