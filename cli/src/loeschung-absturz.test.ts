import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import { loadConfig } from '@waldkita/platform/config';
import { checkSideTables } from '@waldkita/platform/event-store/side-tables';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { ensureReadModels, startProjector } from '@waldkita/projector/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime, type Runtime } from './runtime.js';
import { pruefeBuild } from './testing/app-prozess.js';
import { TEST_JWT_SECRET } from './testing/test-app.js';

/**
 * The retention job killed with SIGKILL, in a real process of its own (the built app's modules):
 * afterwards every family is either erased completely — its PersonendatenGeloescht in the log, its
 * key, login and links gone — or not at all, the tables beside the log agree with the log, and the
 * next run completes the rest.
 */

const PROZESS = fileURLToPath(new URL('./testing/aufbewahrung-prozess.mjs', import.meta.url));
const FAMILIEN = 120;
const IN_200_TAGEN = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString();

describe('erasing families after the retention period, killed with SIGKILL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let runtime: Runtime;

  const starteJob = () => {
    const prozess = spawn(process.execPath, [PROZESS, IN_200_TAGEN], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, JWT_SECRET: TEST_JWT_SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ausgabe = '';
    prozess.stdout.on('data', (d) => (ausgabe += d));
    prozess.stderr.on('data', (d) => (ausgabe += d));
    const beendet = new Promise<number | null>((resolve) => prozess.once('exit', (code) => resolve(code)));
    return { prozess, beendet, ausgabe: () => ausgabe };
  };
  const geloescht = async () =>
    (await runtime.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'PersonendatenGeloescht'`)).rows[0]!
      .n;
  /** Per family: erased in the log, key kept, login kept. */
  const stand = async () =>
    (
      await runtime.pool.query<{ geloescht: boolean; schluessel: boolean; zugang: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM events e WHERE e.stream_name = 'eltern-' || a.eltern_id AND e.event_type = 'PersonendatenGeloescht') AS geloescht,
                EXISTS (SELECT 1 FROM personen_schluessel k WHERE k.eltern_id = a.eltern_id::text) AS schluessel,
                EXISTS (SELECT 1 FROM credentials c WHERE c.eltern_id = a.eltern_id) AS zugang
         FROM ${READ_MODEL_SCHEMA}.eltern a WHERE a.nachname <> 'Leitung'`,
      )
    ).rows;

  beforeAll(async () => {
    pruefeBuild();
    db = await createTestDatabase('waldkita_loeschung');
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, JWT_SECRET: TEST_JWT_SECRET });
    runtime = await openRuntime(config, { redis: false });
    const ids = await Promise.all(
      Array.from({ length: FAMILIEN }, async (_, i) => {
        const { elternId } = await registriereEltern(
          runtime,
          { nachname: `Familie${i}`, nameKind: `Kind${i}`, email: `f${i}@example.org`, gruppeId: null, rollen: ['ROLE_ELTERN'] },
          { actorId: null },
        );
        return elternId;
      }),
    );
    // all of them left, as with a yearly import (one transaction)
    await handleCommands(
      runtime.store,
      ids.map((elternId) => streamCommand(elternStream(elternId), elternDecider, { type: 'EntferneEltern', data: { elternId } })),
      { actorId: null },
    );
    await ensureReadModels(runtime.pool);
    const projector = startProjector(runtime.store, runtime.pool);
    const ausgeschieden = async () =>
      (await runtime.pool.query(`SELECT count(*)::int AS n FROM ${READ_MODEL_SCHEMA}.ausgeschieden`)).rows[0].n;
    for (let i = 0; i < 600 && (await ausgeschieden()) < FAMILIEN; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await ausgeschieden()).toBe(FAMILIEN);
    await projector.stop();
  }, 180_000);
  afterAll(async () => {
    await runtime?.close();
    await db?.drop();
  });

  it('leaves each family erased completely or not at all, and the next run completes the rest', async () => {
    const zeilen: string[] = [];
    for (const nach of [1, 15, 40]) {
      const vorher = await geloescht();
      const job = starteJob();
      // kill once `nach` more families are erased: at a moment between or inside the erasures' transactions
      for (let i = 0; i < 30_000 && (await geloescht()) < vorher + nach; i++) {
        if (job.prozess.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      job.prozess.kill('SIGKILL');
      await job.beendet;
      const familien = await stand();
      // erased ⇔ no key and no login; not erased ⇔ both still there
      for (const f of familien)
        expect(f, job.ausgabe()).toEqual({ geloescht: f.geloescht, schluessel: !f.geloescht, zugang: !f.geloescht });
      expect(await checkSideTables(runtime.store, runtime.pool)).toEqual([]);
      zeilen.push(
        `killed after ${(await geloescht()) - vorher} more erasures: ${familien.filter((f) => f.geloescht).length} of ${FAMILIEN} erased`,
      );
    }
    const rest = starteJob();
    expect(await rest.beendet, rest.ausgabe()).toBe(0);
    expect((await stand()).every((f) => f.geloescht && !f.schluessel && !f.zugang)).toBe(true);
    expect(await geloescht()).toBe(FAMILIEN);
    expect(await checkSideTables(runtime.store, runtime.pool)).toEqual([]);
    console.log(`SIGKILL during the retention job (${FAMILIEN} families):\n  ${zeilen.join('\n  ')}`);
  }, 300_000);
});
