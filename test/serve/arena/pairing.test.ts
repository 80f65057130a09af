/**
 * An arena's pairing as properties: nobody paired twice at once, nobody with themself, all but
 * one paired, a repeat of the last game only where no pairing of as many avoids it, and the
 * least cost where the band holds every partner (checked against every pairing there is).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAND, pair, ranked, repeats, type Waiting } from '../../../source/serve/arena/pairing.js';

/** Free players with scores, ratings and last opponents among themselves (or none). */
const players = (max: number) =>
  fc
    .array(fc.record({ score: fc.nat(12), rating: fc.integer({ min: 1000, max: 2000 }) }), {
      maxLength: max,
    })
    .chain((rows) =>
      fc
        .array(fc.option(fc.nat(Math.max(0, rows.length - 1)), { nil: undefined }), {
          minLength: rows.length,
          maxLength: rows.length,
        })
        .map((lasts) =>
          rows.map((row, i): Waiting => ({
            id: `p${i}`,
            ...row,
            last: lasts[i] === undefined || lasts[i] === i ? undefined : `p${lasts[i]}`,
          })),
        ),
    );

/** Every pairing of as many pairs as can be made (one waits when odd), by brute force. */
function* pairings(line: readonly Waiting[]): Generator<[Waiting, Waiting][]> {
  if (line.length < 2) {
    yield [];
    return;
  }
  const [first, ...rest] = line as [Waiting, ...Waiting[]];
  if (line.length % 2 === 1)
    // The first waits, or is paired and one of the rest waits.
    yield* pairings(rest);
  for (let k = 0; k < rest.length; k++) {
    const others = rest.filter((_, i) => i !== k);
    if (others.length % 2 === 1 && line.length % 2 === 0) continue;
    for (const more of pairings(others)) yield [[first, rest[k] as Waiting], ...more];
  }
}

const repeated = (pairs: readonly [Waiting, Waiting][]) =>
  pairs.filter(([a, b]) => repeats(a, b)).length;
const place = (line: readonly Waiting[]) => new Map(line.map((p, i) => [p.id, i]));
const distance = (pairs: readonly [Waiting, Waiting][], at: Map<string, number>) =>
  pairs.reduce((sum, [a, b]) => sum + Math.abs(at.get(a.id)! - at.get(b.id)!), 0);

describe("an arena's pairing", () => {
  it('nearest by standing, then rating: four players in a row make the pairs 1–2 and 3–4', () => {
    const four: Waiting[] = [
      { id: 'd', score: 0, rating: 1500 },
      { id: 'a', score: 6, rating: 1400 },
      { id: 'c', score: 2, rating: 1600 },
      { id: 'b', score: 2, rating: 1700 },
    ];
    expect(pair(four).map(([x, y]) => x.id + y.id)).toEqual(['ab', 'cd']);
    // a and b have just played: a meets c, b meets d.
    const again = four.map((p) =>
      p.id === 'a' ? { ...p, last: 'b' } : p.id === 'b' ? { ...p, last: 'a' } : p,
    );
    expect(pair(again).map(([x, y]) => x.id + y.id)).toEqual(['ac', 'bd']);
    // Two alone who have just played meet again: no one else is free.
    expect(pair(again.filter((p) => p.id < 'c')).map(([x, y]) => x.id + y.id)).toEqual(['ab']);
  });

  it('nobody twice at once, nobody with themself, all but one paired', () => {
    fc.assert(
      fc.property(players(60), (free) => {
        const pairs = pair(free);
        const ids = pairs.flat().map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const [a, b] of pairs) expect(a.id).not.toBe(b.id);
        expect(pairs.length).toBe(Math.floor(free.length / 2));
        // The same players in another order give the same pairs.
        expect(pair([...free].reverse())).toEqual(pairs);
      }),
    );
  });

  it('a repeat of the last game only where no pairing of as many players avoids it', () => {
    fc.assert(
      fc.property(players(10), (free) => {
        let fewest = Infinity;
        for (const other of pairings(free)) fewest = Math.min(fewest, repeated(other));
        expect(repeated(pair(free))).toBe(fewest === Infinity ? 0 : fewest);
      }),
      { numRuns: 200 },
    );
  });

  it('the least cost of all pairings where the band holds every partner', () => {
    expect(BAND).toBeGreaterThanOrEqual(5);
    fc.assert(
      fc.property(players(BAND + 1), (free) => {
        const line = ranked(free);
        const at = place(line);
        const cost = (pairs: [Waiting, Waiting][]) => repeated(pairs) * 1000 + distance(pairs, at);
        let least = Infinity;
        for (const other of pairings(line)) least = Math.min(least, cost(other));
        expect(cost(pair(free))).toBe(least === Infinity ? 0 : least);
      }),
      { numRuns: 300 },
    );
  });
});
