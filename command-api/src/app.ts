import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { abwesenheitRoutes } from './abwesenheit/abwesenheit-routes.js';
import { elternAdminRoutes } from './admin/eltern-admin-routes.js';
import { ferienAdminRoutes } from './admin/ferien-admin-routes.js';
import { gruppenAdminRoutes } from './admin/gruppen-admin-routes.js';
import { rotaAdminRoutes } from './admin/rota-admin-routes.js';
import { loginRoute } from './auth/login.js';
import { passwortRoutes } from './auth/passwort-routes.js';
import type { CommandDeps } from './deps.js';
import { MAX_BYTES } from './import/csv-datei.js';
import { importRoute } from './import/import-route.js';
import { kalenderRoutes } from './kalender/kalender-routes.js';
import { mitteilungRoutes } from './mitteilung/mitteilung-routes.js';
import { tauschRoutes } from './tausch/tausch-routes.js';

/**
 * Every write endpoint of SPEC.md §7. Registered on the shared server in one-process mode, or on a
 * server of its own (`--role command-api`) behind the proxy that sends all non-GET /api calls here.
 */
export async function registerCommandApi(app: FastifyInstance, deps: CommandDeps) {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 5 } });
  loginRoute(app, deps);
  passwortRoutes(app, deps);
  tauschRoutes(app, deps);
  abwesenheitRoutes(app, deps);
  kalenderRoutes(app, deps);
  elternAdminRoutes(app, deps);
  gruppenAdminRoutes(app, deps);
  ferienAdminRoutes(app, deps);
  rotaAdminRoutes(app, deps);
  importRoute(app, deps);
  mitteilungRoutes(app, deps);
}
