import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FolgeMap } from './folge-map.js';

const schritt = fc.oneof(
  fc.record({ art: fc.constant('mit' as const), k: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), v: fc.integer() }),
  fc.record({ art: fc.constant('ohne' as const), k: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f') }),
  fc.record({ art: fc.constant('lesen' as const), k: fc.constantFrom('a', 'b', 'c', 'x') }),
  fc.record({ art: fc.constant('alles' as const) }),
);

describe('FolgeMap: an immutable map that folds long streams in linear time', () => {
  it('given a map, when a key is set and another removed, then the new map has both changes and the old one neither', () => {
    const vorher = FolgeMap.aus([
      ['a', 1],
      ['b', 2],
    ]);
    const nachher = vorher.mit('c', 3).ohne('a');
    expect([...nachher]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
    expect([...vorher]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(nachher.get('a')).toBeUndefined();
    expect(vorher.has('a')).toBe(true);
    expect(nachher.size).toBe(2);
  });

  it('given a known key, when it is set again, then it keeps its place in the order; removed and set again, it goes last', () => {
    const m = FolgeMap.aus([
      ['a', 1],
      ['b', 2],
    ]);
    expect([...m.mit('a', 9).keys()]).toEqual(['a', 'b']);
    expect([...m.ohne('a').mit('a', 9).keys()]).toEqual(['b', 'a']);
    expect(m.ohne('x')).toBe(m);
  });

  it('for any changes and reads, in any order: every version reads as copying a Map on each change would', () => {
    fc.assert(
      fc.property(fc.array(schritt, { maxLength: 120 }), fc.array(fc.nat(), { maxLength: 20 }), (schritte, spaeter) => {
        const versionen: [FolgeMap<string, number>, Map<string, number>][] = [[FolgeMap.aus(), new Map()]];
        for (const s of schritte) {
          const [f, m] = versionen.at(-1)!;
          if (s.art === 'mit') versionen.push([f.mit(s.k, s.v), new Map(m).set(s.k, s.v)]);
          else if (s.art === 'ohne') {
            const n = new Map(m);
            n.delete(s.k);
            versionen.push([f.ohne(s.k), n]);
          } else if (s.art === 'lesen') {
            expect(f.get(s.k)).toBe(m.get(s.k));
            expect(f.has(s.k)).toBe(m.has(s.k));
          } else expect([...f]).toEqual([...m]);
        }
        // Older versions read afterwards, in any order, still read as they were.
        for (const i of spaeter) {
          const [f, m] = versionen[i % versionen.length]!;
          expect([...f.entries()]).toEqual([...m.entries()]);
          expect(f.size).toBe(m.size);
          for (const k of ['a', 'b', 'c', 'd', 'e', 'f']) expect(f.get(k)).toBe(m.get(k));
        }
      }),
      { numRuns: 300 },
    );
  });
});
