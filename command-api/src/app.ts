import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { akteurKontext } from '@waldkita/platform/akteur-kontext';
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
import { tauschAnfragenRoutes } from './tausch/tausch-anfragen-routes.js';
import { tauschRoutes } from './tausch/tausch-routes.js';

/**
 * Every write endpoint of docs/produkt.md §7. Registered on the shared server in one-process mode, or on a
 * server of its own (`--role command-api`) behind the proxy that sends all non-GET /api calls here.
 * The server that registers them also starts the reservation sweep (reservierungen-freigeben.ts).
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
  tauschAnfragenRoutes(app, deps);
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
}
