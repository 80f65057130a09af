/**
 * Seeded randomness for the edges of the program (throw sources, bots, benchmarks). Reducers
 * never call this: what it produces enters the game as event data.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

/** xoroshiro128+ from pure-rand: fast, well tested, and the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed | 0);
  const next = () => uniformFloat64(rng);
  return { next, below: (n) => Math.floor(next() * n) };
}

/**
 * The computers' own stream for breaking ties, apart from the chance stream of the same seed,
 * so that a seed gives the same throws whichever seats are computers.
 */
export function botRandom(seed: number): Random {
  return seededRandom(seed ^ 0x2545f491);
}

/** A seed for when the player gave none: taken at the edge, then recorded like any other. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** Draw one outcome of a chance node with its true probability. */
export function sampleChance<T extends { readonly probability: number }>(
  outcomes: readonly T[],
  random: Random,
): T {
  let r = random.next();
  for (const outcome of outcomes) {
    r -= outcome.probability;
    if (r < 0) return outcome;
  }
  // Rounding can leave r a hair above 0: the last outcome takes it.
  return outcomes[outcomes.length - 1] as T;
}
