import type { BenachrichtigungsEinstellungen, PushGeraet, VapidPublicKey } from '@waldkita/domain/push/antworten';
import { type BenachrichtigungsWahl, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { resolveVapidKeys } from '@waldkita/platform/auth/vapid-keys';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet, leser } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

/**
 * The reads of push messages (docs/push.md): the server's VAPID public key (the browser needs it
 * to subscribe; public by nature), the family's devices — label and date only, never endpoint or
 * keys — and its choice of push and mail per notice.
 */
export function pushRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  let schluessel: Promise<string> | null = null;
  app.get('/api/push/vapid-public-key', async () => {
    schluessel ??= resolveVapidKeys(deps.config, deps.pool).then((k) => k.publicKey);
    schluessel.catch(() => {
      schluessel = null;
    });
    return { publicKey: await schluessel } satisfies VapidPublicKey;
  });

  app.get('/api/push/abos', angemeldet(deps), async (request) => {
    const { elternId } = await leser(deps, request);
    const { rows } = await deps.pool.query<{ geraet_id: string; bezeichnung: string; seit: Date }>(
      `SELECT geraet_id, bezeichnung, seit FROM ${rm}.push_geraet WHERE eltern_id = $1 ORDER BY log_commit, log_prepare`,
      [elternId],
    );
    return rows.map((r): PushGeraet => ({ id: r.geraet_id, bezeichnung: r.bezeichnung, seit: r.seit.toISOString() }));
  });

  app.get('/api/push/einstellungen', angemeldet(deps), async (request) => {
    const { elternId } = await leser(deps, request);
    const { rows } = await deps.pool.query<{ wahl: BenachrichtigungsWahl }>(
      `SELECT wahl FROM ${rm}.benachrichtigung_wahl WHERE eltern_id = $1`,
      [elternId],
    );
    return { wahl: rows[0]?.wahl ?? STANDARD_WAHL, gewaehlt: rows.length > 0 } satisfies BenachrichtigungsEinstellungen;
  });
}
