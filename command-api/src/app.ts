import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { akteurKontext } from '@waldkita/platform/akteur-kontext';
import { releaseStaleReservations } from '@waldkita/platform/event-store/side-tables';
import type { FastifyInstance } from 'fastify';
import { abwesenheitRoutes } from './abwesenheit/abwesenheit-routes.js';
import { elternAdminRoutes } from './admin/eltern-admin-routes.js';
import { ferienAdminRoutes } from './admin/ferien-admin-routes.js';
import { gruppenAdminRoutes } from './admin/gruppen-admin-routes.js';
import { personendatenRoutes } from './admin/personendaten-routes.js';
import { rotaAdminRoutes } from './admin/rota-admin-routes.js';
import { ankerRoutes } from './audit/anker-routes.js';
import { loginRoute } from './auth/login.js';
import { passwortRoutes } from './auth/passwort-routes.js';
import type { CommandDeps } from './deps.js';
import { dienstartenRoutes } from './dienste/dienstarten-routes.js';
import { einsatzRoutes } from './einsatz/einsatz-routes.js';
import { spracheRoutes } from './eltern/sprache-routes.js';
import { idempotenzPlugin } from './http/idempotenz.js';
import { MAX_BYTES } from './import/csv-datei.js';
import { importRoute } from './import/import-route.js';
import { kalenderRoutes } from './kalender/kalender-routes.js';
import { kalenderAboRoutes } from './kalender-abo/kalender-abo-routes.js';
import { mitteilungRoutes } from './mitteilung/mitteilung-routes.js';
import { pushRoutes } from './push/push-routes.js';
import { stundenRoutes } from './stunden/stunden-routes.js';
import { tauschRoutes } from './tausch/tausch-routes.js';

/**
 * Every write endpoint of SPEC.md §7. Registered on the shared server in one-process mode, or on a
 * server of its own (`--role command-api`) behind the proxy that sends all non-GET /api calls here.
 */
export async function registerCommandApi(app: FastifyInstance, deps: CommandDeps) {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 5 } });
  idempotenzPlugin(app, deps);
  // Each request's caller, as its events will name them (platform/src/akteur-kontext.ts).
  app.addHook('preHandler', (_request, _reply, done) => akteurKontext.run({}, done));
  loginRoute(app, deps);
  passwortRoutes(app, deps);
  tauschRoutes(app, deps);
  abwesenheitRoutes(app, deps);
  kalenderRoutes(app, deps);
  kalenderAboRoutes(app, deps);
  elternAdminRoutes(app, deps);
  personendatenRoutes(app, deps);
  gruppenAdminRoutes(app, deps);
  ferienAdminRoutes(app, deps);
  rotaAdminRoutes(app, deps);
  dienstartenRoutes(app, deps);
  einsatzRoutes(app, deps);
  importRoute(app, deps);
  mitteilungRoutes(app, deps);
  pushRoutes(app, deps);
  ankerRoutes(app, deps);
  stundenRoutes(app, deps);
  spracheRoutes(app, deps);
  releaseReservationsRegularly(app, deps);
}

/** How often stale reservations are looked for, and how old one must be (side-tables.ts). */
const RESERVATION_SWEEP_MS = 60_000;
const RESERVATION_GRACE_MS = 2 * 60_000;

/**
 * Rows beside the log that a claim reserved ahead of an append which never came (EventStoreDB,
 * or a database from before migration 7) are released at start and then every minute, so an
 * e-mail or a group name is never blocked for good. Without stale reservations this is one query.
 */
function releaseReservationsRegularly(app: FastifyInstance, deps: CommandDeps) {
  const sweep = () =>
    releaseStaleReservations(deps.store, deps.pool, { graceMs: RESERVATION_GRACE_MS })
      .then((released) => {
        if (released > 0) app.log.warn(`released ${released} rows beside the event log that no event backs`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing stale reservations failed'));
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, RESERVATION_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
