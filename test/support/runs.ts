/**
 * How many random cases a long property or sweep tries. `npm test` tries a tenth (at least
 * `least`), to stay quick; `npm run test:slow` runs the same files (properties.test.ts,
 * bot.test.ts and Ur's solver.test.ts: see vitest.config.ts) with MADANG_LONG_RUNS=1 and tries
 * them all.
 */
export const LONG_RUNS = process.env.MADANG_LONG_RUNS === '1';

export function runs(full: number, least = 20): number {
  return LONG_RUNS ? full : Math.min(full, Math.max(least, Math.ceil(full / 10)));
}
