import { describe, expect, it } from 'vitest';
import { seededRandom, splitMix64 } from '../../source/engine/random.js';
import { RESULTS, type Result } from '../../source/games/yut/board.js';
import { resultOfSticks, resultProbabilities } from '../../source/games/yut/sticks.js';
import { seededThrows } from '../../source/games/yut/throws.js';

/** Pearson's chi-square of counts against probabilities. */
function chiSquare(counts: Readonly<Record<Result, number>>, n: number): number {
  const p = resultProbabilities(0.5);
  return RESULTS.reduce((sum, r) => {
    const expected = n * p[r];
    return sum + ((counts[r] ?? 0) - expected) ** 2 / expected;
  }, 0);
}

/** Five degrees of freedom: above this a fair source lands once in a thousand. */
const CRITICAL_5_DF_0_001 = 20.515;

const tally = (results: Result[]) => {
  const counts = Object.fromEntries(RESULTS.map((r) => [r, 0])) as Record<Result, number>;
  for (const r of results) counts[r]++;
  return counts;
};
const first = (seed: number, n: number) =>
  Array.from(
    { length: n },
    function (this: ReturnType<typeof seededThrows>) {
      const drawn = this.next();
      if (!drawn.ok) throw new Error(drawn.problem);
      return resultOfSticks(drawn.event.sticks);
    },
    seededThrows(seed),
  );

describe('the seeded random is fair from its first draw', () => {
  it('the first throw of seeds 0 to 9,999 follows the stick probabilities', () => {
    const results = Array.from({ length: 10_000 }, (_, seed) => first(seed, 1)[0] as Result);
    const counts = tally(results);
    expect(counts['back-do']).toBeGreaterThan(0);
    expect(counts.yut).toBeGreaterThan(0);
    expect(chiSquare(counts, 10_000)).toBeLessThan(CRITICAL_5_DF_0_001);
  });

  it('the first 100 throws of one seed follow them too', () => {
    for (const seed of [0, 1, 7, 42]) {
      expect(chiSquare(tally(first(seed, 100)), 100)).toBeLessThan(CRITICAL_5_DF_0_001);
    }
  });

  it('the first draws of neighbouring seeds are spread over [0, 1)', () => {
    const draws = Array.from({ length: 1000 }, (_, seed) => seededRandom(seed).next());
    const deciles = Array(10).fill(0) as number[];
    for (const d of draws) deciles[Math.floor(d * 10)] = (deciles[Math.floor(d * 10)] ?? 0) + 1;
    for (const count of deciles) expect(count).toBeGreaterThan(60);
    // The same seed gives the same sequence.
    expect(seededRandom(5).next()).toBe(seededRandom(5).next());
  });

  it('splitmix64 gives the reference values', () => {
    // The first outputs for seed 1234567 of the reference implementation (Vigna).
    const mix = splitMix64(1234567);
    expect([mix(), mix(), mix()]).toEqual([
      6457827717110365317n,
      3203168211198807973n,
      9817491932198370423n,
    ]);
  });
});
