import { hash } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from './event-store.js';

/**
 * Tamper evidence for the event log (docs/audit.md, "Hash chain and verify").
 *
 * Every stream is a hash chain: each event's metadata carries `hash`, a SHA-256 over the previous
 * event's hash and the event's own content, and `vorherigerHash`, the hash it links to (the
 * stream's first event links to GENESIS_HASH). Changing, removing or reordering an event breaks
 * the chain at that place. Both adapters compute the chain while appending (this file: the
 * canonical JSON an event's hash covers, the hash, the chaining); `verifyHashChain` in
 * verify-hash-chain.ts recomputes it over the whole log.
 */

/** What the first event of every stream links to. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields the store adds; callers never set them (they are replaced when they do). */
export type HashFields = { hash?: string; vorherigerHash?: string };

/**
 * JSON with object keys sorted (UTF-16 code units, as RFC 8785) and no whitespace. Otherwise as
 * `JSON.stringify`: `toJSON` is called, undefined members are left out, non-finite numbers are
 * null. A value and its JSON round trip (e.g. through Postgres jsonb, which reorders keys, or
 * EventStoreDB) serialise to the same text, which is what makes the hash reproducible.
 */
export function canonicalJson(value: unknown): string {
  const text = serialise(value, '');
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form');
  return text;
}

/** Quoted object keys: the same few names come back in every event. */
const quotedKeys = new Map<string, string>();
const quoteKey = (name: string) => {
  let quoted = quotedKeys.get(name);
  if (quoted === undefined) {
    quoted = JSON.stringify(name);
    if (quotedKeys.size < 10_000) quotedKeys.set(name, quoted);
  }
  return quoted;
};

function serialise(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form');
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '';
        for (let i = 0; i < value.length; i++) text += `${i ? ',' : ''}${serialise(value[i], String(i)) ?? 'null'}`;
        return `[${text}]`;
      }
      return serialiseObject(value as Record<string, unknown>, false);
    default:
      return undefined; // undefined, functions and symbols, as JSON.stringify
  }
}

/** `skipHashFields`: leaves out `hash` and `vorherigerHash` (an event's metadata). */
function serialiseObject(record: Record<string, unknown>, skipHashFields: boolean): string {
  const names = Object.keys(record);
  if (names.length > 1) names.sort();
  let text = '';
  for (const name of names) {
    if (skipHashFields && (name === 'hash' || name === 'vorherigerHash')) continue;
    const member = serialise(record[name], name);
    if (member === undefined) continue;
    text += `${text ? ',' : '{'}${quoteKey(name)}:${member}`;
  }
  return text ? `${text}}` : '{}';
}

/** Metadata as the caller gave it: without the fields the store adds. */
function withoutHashFields(metadata: unknown): Record<string, unknown> {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return {};
  const { hash: _hash, vorherigerHash: _vorherigerHash, ...rest } = metadata as Record<string, unknown> & HashFields;
  return rest;
}

/** The part of an event its hash covers. */
export type HashedContent = { streamName: string; revision: number; id: string; type: string; data: unknown; metadata: unknown };

const sha256hex = (text: string) => hash('sha256', text, 'hex');

/**
 * `sha256hex(previousHash + '\n' + canonicalJson({ streamName, revision, id, type, data, metadata }))`
 * with the metadata's own hash fields left out and the id in its canonical lower-case form.
 * (Written out member by member, in the sorted order canonicalJson would give: this runs for
 * every event of the log on each verify.)
 */
export function eventHash(previousHash: string, event: HashedContent): string {
  const data = serialise(event.data, 'data');
  const metadata =
    event.metadata !== null && typeof event.metadata === 'object' && !Array.isArray(event.metadata)
      ? serialiseObject(event.metadata as Record<string, unknown>, true)
      : '{}';
  const content =
    `{${data === undefined ? '' : `"data":${data},`}"id":${JSON.stringify(event.id.toLowerCase())},"metadata":${metadata},` +
    `"revision":${serialise(event.revision, 'revision')},"streamName":${JSON.stringify(event.streamName)},"type":${JSON.stringify(event.type)}}`;
  return sha256hex(`${previousHash}\n${content}`);
}

/**
 * The events of one append with `hash` and `vorherigerHash` in their metadata, the first at
 * `firstRevision` linking to `previousHash`. The caller's objects are left unchanged.
 */
export function chainEvents(
  streamName: string,
  firstRevision: number,
  previousHash: string,
  events: NewEvent[],
): { events: NewEvent[]; lastHash: string } {
  let previous = previousHash;
  const chained = events.map((event, i) => {
    const metadata = withoutHashFields(event.metadata);
    const hash = eventHash(previous, {
      streamName,
      revision: firstRevision + i,
      id: event.id,
      type: event.type,
      data: event.data,
      metadata,
    });
    const linked = { ...event, metadata: { ...metadata, hash, vorherigerHash: previous } as EventMetadata };
    previous = hash;
    return linked;
  });
  return { events: chained, lastHash: previous };
}

/**
 * The hash the next event of a stream links to, from all its events in revision order. Events
 * written before the hash chain existed carry no hash; for them the hash is computed as if they
 * had one, so the first hashed event seals them (see docs/audit.md).
 */
export function chainHead(events: Pick<RecordedEvent, 'streamName' | 'revision' | 'id' | 'type' | 'data' | 'metadata'>[]): string {
  let head = GENESIS_HASH;
  for (const event of events) {
    const stored = (event.metadata as HashFields | null)?.hash;
    head = typeof stored === 'string' ? stored : eventHash(head, event);
  }
  return head;
}
