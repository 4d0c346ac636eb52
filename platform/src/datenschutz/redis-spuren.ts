import type { Redis } from 'ioredis';

/** Fields of a BullMQ job hash that can carry what the job was about. */
const JOB_FELDER = ['data', 'returnvalue', 'failedReason', 'stacktrace'] as const;

const alsMuster = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts as whole words (not inside another word: 'Ei' leaves 'Eichhorn' alone). */
const alsWoerter = (texte: readonly string[]) => {
  const echte = [...new Set(texte.map((t) => t.trim()).filter((t) => t.length >= 2))].sort((a, b) => b.length - a.length);
  return echte.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${echte.map(alsMuster).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
};

/**
 * Removes what the queues in Redis still hold of an erased family (docs/datenschutz.md): its own
 * jobs (mails and push messages to it, queued or finished) are deleted with their logs, its texts
 * in other families' jobs (its name in a swap mail, say) become its pseudonym (`ersatz`, 'Gelöschte
 * Familie 2'), and the queue
 * event entries that mention them are deleted. `texte` are the family's names, child's names,
 * e-mail and free texts, read before its key was destroyed. Idempotent; runs before and after the
 * erasure, so a crash in between leaves nothing either.
 */
export async function entferneRedisSpuren(redis: Redis, prefix: string, elternId: string, texte: readonly string[], ersatz: string) {
  const muster = alsWoerter(texte);
  const enthaelt = (wert: string) => muster !== null && new RegExp(muster.source, 'u').test(wert);
  let entfernt = 0;
  let geschwaerzt = 0;
  let cursor = '0';
  do {
    const [weiter, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = weiter;
    for (const key of keys) {
      const typ = await redis.type(key);
      if (typ === 'hash') {
        const felder = await redis.hgetall(key);
        if (felder.data === undefined || felder.timestamp === undefined) continue; // not a job
        const eigen = jobGehoert(felder.data, elternId) || key.endsWith(`-${elternId}`);
        if (eigen) {
          await entferneJob(redis, key);
          entfernt++;
          continue;
        }
        const neu: Record<string, string> = {};
        for (const feld of JOB_FELDER) {
          const wert = felder[feld];
          if (wert !== undefined && enthaelt(wert)) neu[feld] = wert.replace(muster!, ersatz);
        }
        if (Object.keys(neu).length > 0) {
          await redis.hset(key, neu);
          geschwaerzt++;
        }
      } else if (typ === 'stream') {
        const eintraege = await redis.xrange(key, '-', '+');
        const weg = eintraege.filter(([, werte]) => werte.some((w) => w.includes(elternId) || enthaelt(w))).map(([id]) => id);
        for (let i = 0; i < weg.length; i += 500) await redis.xdel(key, ...weg.slice(i, i + 500));
      } else if (typ === 'list' && key.endsWith(':logs')) {
        const zeilen = await redis.lrange(key, 0, -1);
        if (zeilen.some((z) => enthaelt(z))) await redis.del(key);
      }
    }
  } while (cursor !== '0');
  return { entfernt, geschwaerzt };
}

/** Whether a job's data is addressed to the family (`an.elternId`, or `elternId` itself). */
function jobGehoert(data: string, elternId: string): boolean {
  try {
    const parsed = JSON.parse(data) as { an?: { elternId?: string }; elternId?: string } | null;
    return parsed?.an?.elternId === elternId || parsed?.elternId === elternId;
  } catch {
    return false;
  }
}

/** Deletes a job's hash, its logs and its id from the queue's lists and sets (as BullMQ's own removal would). */
async function entferneJob(redis: Redis, key: string) {
  const trenner = key.lastIndexOf(':');
  const queueKey = key.slice(0, trenner);
  const jobId = key.slice(trenner + 1);
  const multi = redis.multi().del(key, `${key}:logs`, `${key}:lock`);
  for (const liste of ['wait', 'active', 'paused']) multi.lrem(`${queueKey}:${liste}`, 0, jobId);
  for (const menge of ['completed', 'failed', 'delayed', 'prioritized', 'waiting-children']) multi.zrem(`${queueKey}:${menge}`, jobId);
  await multi.exec();
}
