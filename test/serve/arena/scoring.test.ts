/** An arena's scoring as lichess's arena scores: 2, 1, 0, doubled on a streak of two wins. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onStreak, points, type Result, score } from '../../../source/serve/arena/scoring.js';

const results = fc.array(fc.constantFrom<Result>('win', 'draw', 'loss'), { maxLength: 40 });

describe("an arena's scoring", () => {
  it('a win 2, a draw 1, a loss 0, off a streak', () => {
    expect(score(['win'])).toBe(2);
    expect(score(['draw'])).toBe(1);
    expect(score(['loss'])).toBe(0);
    expect(score(['win', 'draw', 'win', 'loss', 'win'])).toBe(7);
  });

  it("lichess's own example: two wins then a draw are 6 (2 + 2 + 2 × 1)", () => {
    expect(score(['win', 'win', 'draw'])).toBe(6);
  });

  it('after two wins in a row each game counts double until one is not won', () => {
    expect(score(['win', 'win', 'win', 'win'])).toBe(2 + 2 + 4 + 4);
    // The loss ends the streak: the next win is 2, and two more make it double again.
    expect(score(['win', 'win', 'loss', 'win', 'win', 'win'])).toBe(2 + 2 + 0 + 2 + 2 + 4);
    expect(score(['win', 'win', 'draw', 'win'])).toBe(2 + 2 + 2 + 2);
    expect(onStreak(['draw', 'win', 'win'])).toBe(true);
    expect(onStreak(['win', 'draw'])).toBe(false);
    expect(points(['win', 'win'], 'loss')).toBe(0);
  });

  it('the score is the sum of each game’s points, at most 4 a game, never lower for a win', () => {
    fc.assert(
      fc.property(results, (rs) => {
        const each = rs.map((r, at) => points(rs.slice(0, at), r));
        expect(score(rs)).toBe(each.reduce((a, b) => a + b, 0));
        expect(score(rs)).toBeLessThanOrEqual(4 * rs.length);
        // A last game won scores at least as much as the same game drawn, and that as lost.
        const past = rs.slice(0, -1);
        expect(score([...past, 'win'])).toBeGreaterThan(score([...past, 'draw']));
        expect(score([...past, 'draw'])).toBeGreaterThan(score([...past, 'loss']));
      }),
    );
  });
});
