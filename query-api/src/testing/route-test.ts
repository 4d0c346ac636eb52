import { comparePositions, formatPosition, type Position } from '@waldkita/platform/event-store/event-store';
import { logHeadReader, ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import { routeTest } from '@waldkita/platform/testing/route-test';
import { ensureReadModels, PROJECTIONS } from '@waldkita/projector/app';
import { projectBatch, readCheckpoint } from '@waldkita/projector/runtime/runner';
import { registerQueryApi } from '../app.js';
import { LeserCache } from '../auth/leser-cache.js';

export { existingStream, expectError, expectResponse, familie, gruppe, wasserdienst } from '@waldkita/platform/testing/route-test';

/**
 * The read routes on a fresh database, without the rest of the app: a Fastify instance with
 * `registerQueryApi` that never listens. Before each request the projector's projections catch up
 * once, in this process, with what `given` appended (the read models are what the routes read),
 * and the read-your-writes watermark has seen it. See platform/src/testing/route-test.ts.
 */
export async function queryApiRouteTest(options: { now?: () => Date; env?: NodeJS.ProcessEnv } = {}) {
  let watermark: ProjectionWatermark | null = null;
  let holeAuf = async () => {};
  return routeTest({
    prefix: 'waldkita_query_route',
    now: options.now,
    env: options.env,
    register: async (app, { config, store, db, tokens }) => {
      const pool = db.pool;
      await ensureReadModels(pool);
      const wasserstand = new ProjectionWatermark(pool);
      watermark = wasserstand;
      await wasserstand.start();
      const leserCache = new LeserCache(wasserstand);
      await leserCache.start();
      await registerQueryApi(app, {
        config,
        pool,
        store,
        tokens,
        watermark: wasserstand,
        leserCache,
        now: options.now ?? (() => new Date()),
      });
      const kopf = logHeadReader(store, pool);
      holeAuf = async () => {
        // readAll sees only what committed below the oldest running transaction (of the whole
        // server, other tests' included): read on until the log's head as it is now is projected.
        const ziel = await kopf(null);
        let position: Position | null = await readCheckpoint(pool);
        const bis = Date.now() + 10_000;
        while (ziel && (!position || comparePositions(position, ziel) < 0)) {
          const batch = await store.readAll(position, 500);
          if (batch.length > 0) position = await projectBatch(pool, batch, PROJECTIONS, position);
          else if (Date.now() > bis) throw new Error(`the projector did not reach ${formatPosition(ziel)} within 10 s`);
          else await new Promise((resolve) => setTimeout(resolve, 10));
        }
        if (position) await wasserstand.waitFor(position, 2000);
      };
    },
    vorDerAnfrage: () => holeAuf(),
    schliessen: async () => {
      await watermark?.stop();
    },
  });
}
