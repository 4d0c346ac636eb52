import type { FastifyInstance } from 'fastify';
import { abwesenheitRoutes } from './abwesenheit/abwesenheit-routes.js';
import { adminRoutes } from './admin/admin-routes.js';
import { auditRoutes } from './audit/audit-routes.js';
import { berichtRoutes } from './audit/bericht-routes.js';
import { integritaetRoutes } from './audit/integritaet-routes.js';
import { currentUserRoute } from './auth/current-user.js';
import { publicConfigRoute } from './config/public-config.js';
import { datenschutzRoutes } from './datenschutz/datenschutz-routes.js';
import type { QueryDeps } from './deps.js';
import { diensteRoutes } from './dienste/dienste-routes.js';
import { einsatzRoutes } from './einsatz/einsatz-routes.js';
import { gruppenRoutes } from './gruppe/gruppen-routes.js';
import { gespeicherteAntworten } from './http/antwort-cache.js';
import { kalenderRoutes } from './kalender/kalender-routes.js';
import { kalenderAboRoutes } from './kalender-abo/kalender-abo-routes.js';
import { mitteilungRoutes } from './mitteilung/mitteilung-routes.js';
import { pushRoutes } from './push/push-routes.js';
import { readYourWrites } from './read-your-writes.js';
import { stundenRoutes } from './stunden/stunden-routes.js';
import { tauschRoutes } from './tausch/tausch-routes.js';
import { wasserdienstRoutes } from './wasserdienst/wasserdienst-routes.js';
import { wetterRoutes } from './wetter/wetter-routes.js';

/** Every read endpoint of SPEC.md §7: plain SQL over the read models. */
export async function registerQueryApi(app: FastifyInstance, queryDeps: QueryDeps) {
  const deps = { ...queryDeps, antworten: gespeicherteAntworten(queryDeps) };
  readYourWrites(app, deps);
  currentUserRoute(app, deps);
  publicConfigRoute(app, deps);
  gruppenRoutes(app, deps);
  wasserdienstRoutes(app, deps);
  tauschRoutes(app, deps);
  diensteRoutes(app, deps);
  einsatzRoutes(app, deps);
  abwesenheitRoutes(app, deps);
  kalenderRoutes(app, deps);
  kalenderAboRoutes(app, deps);
  adminRoutes(app, deps);
  auditRoutes(app, deps);
  integritaetRoutes(app, deps);
  berichtRoutes(app, deps);
  datenschutzRoutes(app, deps);
  mitteilungRoutes(app, deps);
  pushRoutes(app, deps);
  stundenRoutes(app, deps);
  wetterRoutes(app, deps);
}
