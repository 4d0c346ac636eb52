import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LogPfade, RequestLog, RequestLogger } from './request-log.js';

/** A server as buildServer sets its logging up, writing its lines into `zeilen`. */
async function server(level: string) {
  const zeilen: Record<string, unknown>[] = [];
  const ziel = new Writable({
    write(chunk, _encoding, fertig) {
      for (const zeile of String(chunk).split('\n').filter(Boolean)) zeilen.push(JSON.parse(zeile));
      fertig();
    },
  });
  const pfade = new LogPfade();
  const app = Fastify({
    loggerInstance: pino({ level }, ziel) as FastifyBaseLogger,
    logController: new RequestLog(pfade),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
  });
  app.addHook('onRoute', (route) => pfade.lerne(route));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/hinweis', async (request) => {
    request.log.warn({ anzahl: 3 }, 'ein Hinweis');
    return { ok: true };
  });
  app.get('/api/kaputt', async () => {
    throw new Error('kaputt');
  });
  await app.ready();
  return { app, zeilen };
}

describe("a request's log lines, with the request's logger made only when it writes one", () => {
  it('at info, a request that succeeds writes nothing; a warning and a failure carry their request id', async () => {
    const { app, zeilen } = await server('info');
    expect((await app.inject('/api/ok')).statusCode).toBe(200);
    expect(zeilen).toEqual([]);

    const hinweis = await app.inject('/api/hinweis');
    expect(zeilen).toEqual([expect.objectContaining({ msg: 'ein Hinweis', anzahl: 3, reqId: hinweis.headers['x-request-id'], level: 40 })]);

    const kaputt = await app.inject('/api/kaputt');
    expect(kaputt.statusCode).toBe(500);
    const fehler = zeilen.filter((z) => z.level === 50);
    expect(fehler.length).toBeGreaterThan(0);
    for (const zeile of fehler) expect(zeile.reqId).toBe(kaputt.headers['x-request-id']);
    await app.close();
  });

  it('at debug, every request has its lines, each with its request id and the path it took', async () => {
    const { app, zeilen } = await server('debug');
    const antwort = await app.inject('/api/ok?email=jemand@example.org');
    const eigene = zeilen.filter((z) => z.reqId === antwort.headers['x-request-id']);
    expect(eigene.map((z) => z.msg)).toEqual(['incoming request', 'request completed']);
    expect(JSON.stringify(eigene)).not.toContain('jemand@example.org');
    await app.close();
  });

  it("answers the level the request's lines are written at, before and after the logger is made", async () => {
    const eltern = pino({ level: 'warn' }, new Writable({ write: (_c, _e, f) => f() })) as FastifyBaseLogger;
    const logger = new RequestLogger(eltern, { reqId: 'r1' });
    expect(logger.level).toBe('warn');
    logger.error('x');
    expect(logger.level).toBe('warn');
    expect(new RequestLogger(eltern, { reqId: 'r2' }, { level: 'debug' }).level).toBe('debug');
  });
});
