import { randomUUID } from 'node:crypto';
import { type VerlaufEingesehenDaten, type ZugriffArt, zugriffStream } from '@waldkita/domain/audit/zugriff';
import type { FastifyRequest } from 'fastify';
import type { Leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';

/** Query parameters that are never kept: search words may name a family (domain/src/audit/zugriff.ts). */
const NICHT_BEHALTEN = new Set(['q']);
const MAX_WERT = 100;

const kuerze = (wert: unknown) => String(wert).slice(0, MAX_WERT);

/**
 * Records that `wer` looked at a part of the trail, before the answer goes out: the only write of
 * the query side, and to the log itself, so the access log is as tamper-evident as what it records.
 */
export async function protokolliere(deps: Pick<QueryDeps, 'store' | 'now'>, request: FastifyRequest, wer: Leser, art: ZugriffArt) {
  const parameter: Record<string, string | string[]> = {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, wert] of [...Object.entries(params), ...Object.entries(query)]) {
    if (NICHT_BEHALTEN.has(name) || wert === undefined || wert === '') continue;
    parameter[name] = Array.isArray(wert) ? wert.slice(0, 20).map(kuerze) : kuerze(wert);
  }
  const jetzt = deps.now();
  const data: VerlaufEingesehenDaten = {
    elternId: wer.elternId,
    art,
    teil: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
    parameter,
    suche: typeof query.q === 'string' && query.q.trim() !== '',
  };
  await deps.store.appendToStream(
    zugriffStream(jetzt),
    [
      {
        id: randomUUID(),
        type: 'VerlaufEingesehen',
        data,
        metadata: {
          actorId: wer.elternId,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: jetzt.toISOString(),
          rolle: wer.admin ? 'admin' : 'pruefer',
        },
      },
    ],
    'any',
  );
}
