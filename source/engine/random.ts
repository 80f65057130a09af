/**
 * Seeded randomness for the edges of the program (throw sources, bots, benchmarks). Reducers
 * never call this: what it produces enters the game as event data.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /**
   * Where a seeded stream stands, and putting it back there: a computer thinking on another
   * thread draws from a copy, and the stream here goes on from where the copy stopped.
   */
  readonly saved?: () => readonly number[];
  readonly restore?: (state: readonly number[]) => void;
}

const MASK = (1n << 64n) - 1n;

/**
 * SplitMix64, as xoroshiro's authors recommend for seeding it: every seed, however small or
 * close to another, becomes a well-mixed 128-bit state. (pure-rand's own seeding puts the seed
 * in the state almost as it is, so the first draws of seeds 0, 1, 2, … were alike: every seeded
 * game opened the same way.)
 */
export function splitMix64(seed: number): () => bigint {
  let x = BigInt.asUintN(64, BigInt(Math.trunc(seed)));
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & MASK;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}

/** xoroshiro128+ from pure-rand: fast, well tested, and the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  const mix = splitMix64(seed);
  const [a, b] = [mix(), mix()];
  const half = (v: bigint, shift: bigint) => Number(BigInt.asIntN(32, v >> shift));
  // pure-rand keeps each 64-bit word as two 32-bit halves: (high, low) of each.
  return randomFromState([half(a, 32n), half(a, 0n), half(b, 32n), half(b, 0n)]);
}

/** A seeded stream from where another one stood (Random.saved). */
export function randomFromState(state: readonly number[]): Random {
  let rng = xoroshiro128plusFromState(state as number[]);
  const next = () => uniformFloat64(rng);
  return {
    next,
    below: (n) => Math.floor(next() * n),
    saved: () => rng.getState(),
    restore: (to) => {
      rng = xoroshiro128plusFromState(to as number[]);
    },
  };
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
