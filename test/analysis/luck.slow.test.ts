/**
 * Layers' luck averages to zero over every number a fight can draw (some 300, each analysed on a
 * timeline of its own: about ten seconds a position, so here and not in the fast tests).
 */
import { describe, expect, it } from 'vitest';
import { coreOf } from '../../source/games/cores.js';
import { luckMean } from '../support/analysis.js';

describe('luck', () => {
  it('layers: averages to zero over every number of a fight', () => {
    const options = coreOf('layers')?.typicalOptions;
    let positions = 0;
    for (const [seed, depth] of [
      [3, 30],
      [8, 90],
    ] as const) {
      const mean = luckMean('layers', options, seed, depth);
      if (mean === undefined) continue;
      positions++;
      expect(Math.abs(mean)).toBeLessThan(1e-9);
    }
    expect(positions).toBeGreaterThan(0);
  }, 120_000);
});
