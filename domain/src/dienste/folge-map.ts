/**
 * An immutable map for states folded from long streams: `mit` and `ohne` answer a new map in O(1)
 * and leave this one as it is. A plan appends hundreds of dates at once; copying a Map for each of
 * them made folding a kind's stream quadratic in its length.
 *
 * A map is a change on top of the map before it. Its entries are laid out in a Map only when they
 * are read as a whole (iteration, `size`): the nearest laid-out map before it is copied and the
 * changes since are replayed onto the copy, in order. So the entries, and the order they iterate
 * in, are exactly those of `new Map(vorher).set(k, v)` / `.delete(k)` on every change. A map
 * laid out forgets the maps before it; no Map once laid out is changed again.
 */
/** Keys compare as a Map compares them (SameValueZero). */
const gleich = (a: unknown, b: unknown) => a === b || (Number.isNaN(a) && Number.isNaN(b));

export class FolgeMap<K, V> implements ReadonlyMap<K, V> {
  /** `get` walks at most this many changes back before it lays the map out. */
  static readonly #WEG = 32;

  #map: Map<K, V> | null;
  #vorher: FolgeMap<K, V> | null;
  #schluessel: K | undefined;
  #wert: V | undefined;
  #entfernt: boolean;
  /** Changes since the nearest laid-out map before this one. */
  #tiefe: number;

  private constructor(map: Map<K, V> | null, vorher: FolgeMap<K, V> | null, schluessel?: K, wert?: V, entfernt = false) {
    this.#map = map;
    this.#vorher = vorher;
    this.#schluessel = schluessel;
    this.#wert = wert;
    this.#entfernt = entfernt;
    this.#tiefe = vorher ? vorher.#tiefe + 1 : 0;
  }

  /** The map of these entries, in their order (the entries are copied: `eintraege` stays the caller's). */
  static aus<K, V>(eintraege: Iterable<readonly [K, V]> = []): FolgeMap<K, V> {
    return new FolgeMap(new Map(eintraege), null);
  }

  /** This map with `schluessel` set to `wert` (a known key keeps its place in the order). */
  mit(schluessel: K, wert: V): FolgeMap<K, V> {
    return new FolgeMap<K, V>(null, this, schluessel, wert);
  }

  /** This map without `schluessel` (this map itself when it has no such key). */
  ohne(schluessel: K): FolgeMap<K, V> {
    return this.has(schluessel) ? new FolgeMap<K, V>(null, this, schluessel, undefined, true) : this;
  }

  /** The entries laid out in a Map, made once per map and never changed afterwards. */
  #ausgelegt(): Map<K, V> {
    if (this.#map) return this.#map;
    const aenderungen: FolgeMap<K, V>[] = [];
    let basis: FolgeMap<K, V> = this;
    while (!basis.#map) {
      aenderungen.push(basis);
      basis = basis.#vorher!;
    }
    const map = new Map(basis.#map);
    for (let i = aenderungen.length - 1; i >= 0; i--) {
      const a = aenderungen[i]!;
      if (a.#entfernt) map.delete(a.#schluessel!);
      else map.set(a.#schluessel!, a.#wert!);
    }
    this.#map = map;
    this.#vorher = null;
    this.#tiefe = 0;
    return map;
  }

  get(schluessel: K): V | undefined {
    if (this.#tiefe > FolgeMap.#WEG) return this.#ausgelegt().get(schluessel);
    for (let m: FolgeMap<K, V> = this; ; m = m.#vorher!) {
      if (m.#map) return m.#map.get(schluessel);
      if (gleich(m.#schluessel, schluessel)) return m.#entfernt ? undefined : m.#wert;
    }
  }

  has(schluessel: K): boolean {
    if (this.#tiefe > FolgeMap.#WEG) return this.#ausgelegt().has(schluessel);
    for (let m: FolgeMap<K, V> = this; ; m = m.#vorher!) {
      if (m.#map) return m.#map.has(schluessel);
      if (gleich(m.#schluessel, schluessel)) return !m.#entfernt;
    }
  }

  get size(): number {
    return this.#ausgelegt().size;
  }

  forEach(callbackfn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.#ausgelegt()) callbackfn.call(thisArg, v, k, this);
  }

  entries(): MapIterator<[K, V]> {
    return this.#ausgelegt().entries();
  }

  keys(): MapIterator<K> {
    return this.#ausgelegt().keys();
  }

  values(): MapIterator<V> {
    return this.#ausgelegt().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#ausgelegt()[Symbol.iterator]();
  }
}
