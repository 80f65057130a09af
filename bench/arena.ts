/**
 * An arena's pairing (serve/arena/pairing.ts) timed as the arena would call it: every free
 * player paired at once, at 100 and at 1,000 of them, with scores, ratings and last opponents
 * drawn from a seeded random source. Issue 43's goal: under 50 ms at 100. Printed, never
 * pass/fail.
 */
import { seededRandom } from '../source/engine/random.js';
import { pair, type Waiting } from '../source/serve/arena/pairing.js';
import { type Figure, fmt, quantile, type Section, sorted } from './report.js';

/** `n` free players: scores 0–30, ratings 1000–2200, half with a last opponent among them. */
function waiting(n: number, seed: number): Waiting[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    score: random.below(31),
    rating: 1000 + random.below(1201),
    last: random.below(2) === 0 ? `p${random.below(n)}` : undefined,
  }));
}

export function arenaSection(quick: boolean): Section {
  const figures: Figure[] = [];
  for (const n of [100, 1000]) {
    const runs = quick ? 10 : 50;
    // Warm up, then time each pairing of a fresh set of players.
    for (let i = 0; i < 3; i++) pair(waiting(n, 1000 + i));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const free = waiting(n, i);
      const start = performance.now();
      pair(free);
      times.push(performance.now() - start);
    }
    const ordered = sorted(times);
    figures.push({
      what: `pairing ${fmt(n)} free players (median · 95th, ${runs} runs)`,
      value: `${fmt(quantile(ordered, 0.5), 2)} · ${fmt(quantile(ordered, 0.95), 2)} ms`,
      target: n === 100 ? '< 50 ms' : '',
    });
  }
  return { title: "An arena's pairing (minimum cost within the band)", figures };
}
