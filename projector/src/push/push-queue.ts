import { type DefaultJobOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { PushAnlass, PushNachricht } from './push-nachrichten.js';

/** The queue of single push messages, one job per message and device. */
export const PUSH_QUEUE = 'push';

/**
 * One message to one device. The subscription is not in the job: the worker reads it (sealed)
 * from the read model when it sends, so Redis never holds an endpoint, and a device removed
 * meanwhile gets nothing. `nachricht` is the message in the family's language when it was queued;
 * `anlass` lets the worker write it again in the language the family has when it is sent.
 */
export type PushAuftrag = { elternId: string; geraetId: string; nachricht: PushNachricht; anlass?: PushAnlass };

const TAG_S = 24 * 60 * 60;

/** As mail (mail-queue.ts): 8 attempts from 10 s (about 21 minutes); finished jobs kept 30 days, so a repeated id adds nothing. */
const PUSH_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 30 * TAG_S },
  removeOnFail: { age: 30 * TAG_S },
};

/** The job id of a push message: its cause (an event id, or the reminder's week) and the device. */
export const pushJobId = (ursache: string, geraetId: string) => `${ursache}-${geraetId}`;

export function openPushQueue(connection: Redis, prefix: string, jobOptions: DefaultJobOptions = PUSH_JOB_OPTIONS) {
  return new Queue<PushAuftrag, void, string>(PUSH_QUEUE, { connection, prefix, defaultJobOptions: jobOptions });
}

export type PushQueue = ReturnType<typeof openPushQueue>;

/** Queues messages; a job whose id BullMQ still knows (queued, done or failed) is left as it is. */
export async function queuePush(queue: PushQueue, auftraege: { id: string; auftrag: PushAuftrag }[]) {
  if (auftraege.length === 0) return;
  await queue.addBulk(auftraege.map(({ id, auftrag }) => ({ name: 'senden', data: auftrag, opts: { jobId: id } })));
}
