import { PSEUDONYME_STREAM, pseudonym } from '@waldkita/domain/eltern/pseudonyme';
import type pg from 'pg';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  RecordedEvent,
  SideWrites,
  StreamAppend,
  StreamRead,
} from '../event-store/event-store.js';
import type { SnapshotKey } from '../event-store/snapshots.js';
import { istVersiegelt, neuerSchluessel, oeffneEvent, PERSONENDATEN_FELDER, personVon, versiegleEvent } from './personendaten.js';
import { type SchluesselTresor, schreibeSchluessel } from './schluessel-tresor.js';

/** The event that destroys a family's key (domain/eltern). */
const PERSONENDATEN_GELOESCHT = 'PersonendatenGeloescht';

const geloeschteFamilien = (events: readonly { type: string; data: unknown }[]) =>
  events.flatMap((e) => (e.type === PERSONENDATEN_GELOESCHT ? [String((e.data as { elternId: string }).elternId)] : []));

/** How often at most the register of pseudonyms is read again for a family it does not name (erased before it existed). */
const REGISTER_FRISCH_MS = 1000;

/**
 * The erased families' pseudonyms ('Gelöschte Familie 2'), read from their register
 * (domain/eltern/pseudonyme.ts) when a family without a key turns up, and kept: a pseudonym never
 * changes. A family erased before the register existed has none, and reads as 'Gelöschte Familie'.
 */
class PseudonymBuch {
  private readonly namen = new Map<string, string>();
  private gelesenUm = 0;

  constructor(private readonly store: EventStore) {}

  merken(events: readonly { type: string; data: unknown }[]) {
    for (const e of events)
      if (e.type === 'PseudonymVergeben') {
        const { elternId, nummer } = e.data as { elternId: string; nummer: number };
        this.namen.set(elternId, pseudonym(nummer));
      }
  }

  async fuer(elternIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (elternIds.some((id) => !this.namen.has(id)) && Date.now() - this.gelesenUm > REGISTER_FRISCH_MS) {
      this.gelesenUm = Date.now();
      this.merken((await this.store.readStream(PSEUDONYME_STREAM)).events);
    }
    return this.namen;
  }
}

/**
 * The event store as the app uses it: personal fields are sealed on the way in and opened on the
 * way out (personendaten.ts), so deciders, projections and the audit trail see plain events, while
 * the log — and its hash chain — hold only sealed text. Keys are created with a family's first
 * sealed event, in the append's own transaction (SideWrites `claim`).
 */
export class PersonendatenStore implements EventStore {
  readonly kind: EventStore['kind'];
  readonly snapshots: EventStore['snapshots'];
  readonly readStreamsWithSnapshots?: EventStore['readStreamsWithSnapshots'];
  /** As the store inside: an append without personal data is handed on at once, so appends keep their order. */
  readonly chainsAppends?: boolean;

  private readonly pseudonyme: PseudonymBuch;

  constructor(
    readonly inner: EventStore,
    readonly tresor: SchluesselTresor,
    pseudonyme?: PseudonymBuch,
  ) {
    this.kind = inner.kind;
    this.snapshots = inner.snapshots;
    this.chainsAppends = inner.chainsAppends;
    if (inner.readStreamsWithSnapshots) this.readStreamsWithSnapshots = (names, keys, after) => this.mitSnapshots(names, keys, after);
    this.pseudonyme = pseudonyme ?? new PseudonymBuch(inner);
  }

  /** The same store on other connections (the projector's own pool), sharing the keys and pseudonyms. */
  withPool(pool: pg.Pool): EventStore {
    return new PersonendatenStore(this.inner.withPool?.(pool) ?? this.inner, this.tresor, this.pseudonyme);
  }

  /** Opens the sealed fields of events as read. */
  async oeffne<E extends { type: string; data: unknown }>(events: E[]): Promise<E[]> {
    for (const elternId of geloeschteFamilien(events)) this.tresor.vergessen(elternId);
    this.pseudonyme.merken(events);
    const personen = new Set<string>();
    for (const event of events) {
      const person = personVon(event);
      if (person !== null && PERSONENDATEN_FELDER[event.type]!.some((f) => istVersiegelt((event.data as Record<string, unknown>)[f])))
        personen.add(person);
    }
    if (personen.size === 0) return events;
    const schluessel = await this.tresor.holen(personen);
    const ohne = [...personen].filter((p) => !schluessel.has(p));
    const namen = ohne.length > 0 ? await this.pseudonyme.fuer(ohne) : new Map<string, string>();
    return events.map((event) => {
      const person = personVon(event);
      return person === null ? event : oeffneEvent(event, schluessel.get(person), namen.get(person));
    });
  }

  async readStream(streamName: string, after?: number): Promise<StreamRead> {
    const read = await this.inner.readStream(streamName, after);
    return { ...read, events: await this.oeffne(read.events) };
  }

  async readStreams(streamNames: readonly string[], after?: ReadonlyMap<string, number>): Promise<Map<string, StreamRead>> {
    return this.offen(await this.inner.readStreams(streamNames, after));
  }

  /** The streams with their sealed fields opened, all in one go. */
  private async offen(reads: Map<string, StreamRead>): Promise<Map<string, StreamRead>> {
    const alle = await this.oeffne([...reads.values()].flatMap((r) => r.events));
    let i = 0;
    const offen = new Map<string, StreamRead>();
    for (const [name, read] of reads) {
      offen.set(name, { ...read, events: alle.slice(i, i + read.events.length) });
      i += read.events.length;
    }
    return offen;
  }

  async readAll(after: Position | null, maxCount: number): Promise<RecordedEvent[]> {
    return this.oeffne(await this.inner.readAll(after, maxCount));
  }

  /** As `readStreams`, with the snapshots beside (they hold no sealed field: states of plans, absences, hours). */
  private async mitSnapshots(streamNames: readonly string[], keys: readonly SnapshotKey[], after?: ReadonlyMap<string, number>) {
    const { streams, snapshots } = await this.inner.readStreamsWithSnapshots!(streamNames, keys, after);
    return { streams: await this.offen(streams), snapshots };
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamName, events, expectedRevision }]);
    return result!;
  }

  async appendToStreams(appends: readonly StreamAppend[], side?: SideWrites): Promise<AppendResult[]> {
    const alle = appends.flatMap((a) => a.events);
    const personen = new Set(alle.flatMap((e) => (personVon(e) === null ? [] : [personVon(e)!])));
    if (personen.size === 0) return this.nachDemAnhaengen(alle, await this.inner.appendToStreams(appends, side));
    const schluessel = await this.tresor.holen(personen);
    const neue = new Map<string, Buffer>();
    for (const person of personen) {
      if (schluessel.has(person)) continue;
      const neu = neuerSchluessel();
      neue.set(person, neu);
      schluessel.set(person, neu);
    }
    const versiegelt = appends.map((a) => ({
      ...a,
      events: a.events.map((e) => {
        const person = personVon(e);
        return person === null ? e : versiegleEvent(e, schluessel.get(person)!);
      }),
    }));
    const mitSchluesseln: SideWrites =
      neue.size === 0
        ? (side ?? {})
        : {
            // not `...side`: its idempotencyClaim would say that `claim` writes nothing but the key
            ...(side?.release ? { release: side.release } : {}),
            claim: async (db) => {
              await schreibeSchluessel(db, neue);
              await side?.claim?.(db);
            },
          };
    const results = await this.inner.appendToStreams(versiegelt, mitSchluesseln);
    for (const [person, key] of neue) this.tresor.merken(person, key);
    return this.nachDemAnhaengen(alle, results);
  }

  private nachDemAnhaengen(events: readonly NewEvent[], results: AppendResult[]) {
    for (const elternId of geloeschteFamilien(events)) this.tresor.vergessen(elternId);
    return results;
  }

  waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return this.inner.waitForAppend(timeoutMs, signal);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
