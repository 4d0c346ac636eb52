import type { FastifyInstance } from 'fastify';
import { currentUserRoute } from './auth/current-user.js';
import { publicConfigRoute } from './config/public-config.js';
import type { QueryDeps } from './deps.js';
import { readYourWrites } from './read-your-writes.js';

/** Every read endpoint of SPEC.md §7: plain SQL over the read models. */
export async function registerQueryApi(app: FastifyInstance, deps: QueryDeps) {
  readYourWrites(app, deps);
  currentUserRoute(app, deps);
  publicConfigRoute(app, deps);
}
