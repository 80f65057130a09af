/**
 * The bench's paired matches under --quick (issue 46, 6): a pairing plays for a time, not
 * a fixed count of seeds (60 seeds let Yut's expert and Yoté's strong pairings run a minute each,
 * and `npm run bench -- --quick` ran past ten minutes).
 */
import { describe, expect, it } from 'vitest';
import { runJob } from '../../bench/bots.js';

const seeds = Array.from({ length: 20 }, (_, i) => 10_000 + i);

describe('the bench’s paired matches', () => {
  it('with no deadline, every seed is played twice, seats swapped', () => {
    const result = runJob({ game: 'yut', a: 'greedy', b: 'random', seeds: seeds.slice(0, 3) });
    expect(result.games).toBe(6);
    expect(result.unpaired).toBe(0);
  });

  it('past its time, a pairing begins no further game (one is played at least)', () => {
    const result = runJob({ game: 'yut', a: 'greedy', b: 'random', seeds, budget: 0 });
    expect(result.games).toBe(1);
    // The seed's other game was not played: said, so the figure does not claim paired seeds.
    expect(result.unpaired).toBe(1);
    expect(result.times.greedy?.length).toBeGreaterThan(0);
  });
});
