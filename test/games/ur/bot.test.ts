import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../source/engine/bots.js';
import { playMatch } from '../../../source/table/computers.js';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { explainUrMove, urBot } from '../../../source/games/ur/bot.js';
import {
  chance,
  legalEvents,
  reduce,
  setup,
  type UrState,
  urGame,
} from '../../../source/games/ur/rules.js';
import { moved, placed, play, rolled } from '../../support/ur.js';
import { runs } from '../../support/runs.js';

function randomPosition(seed: number): UrState | undefined {
  const random = seededRandom(seed);
  let s = setup();
  const steps = random.below(150);
  for (let i = 0; i < steps; i++) {
    const outcomes = chance(s);
    const legal = legalEvents(s);
    const next = reduce(
      s,
      outcomes ? sampleChance(outcomes, random).event : legal[random.below(legal.length)],
    );
    if (next.phase === 'over') break;
    s = next;
  }
  while (s.phase === 'roll') s = reduce(s, sampleChance(chance(s) ?? [], random).event);
  return s.phase === 'move' ? s : undefined;
}

describe('Ur bots', () => {
  for (const level of LEVELS) {
    it(`${level} chooses only legal moves, in many random positions`, () => {
      const bot = urBot(level);
      const n = runs(level === 'strong' ? 300 : 2000);
      let checked = 0;
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const s = randomPosition(seed);
          if (!s) return;
          expect(legalEvents(s)).toContainEqual(bot.choose(s, seededRandom(seed)).event);
          checked++;
        }),
        { numRuns: n },
      );
      // Most random positions are ones to decide in: 250 of 300, 1,700 of 2,000.
      expect(checked).toBeGreaterThan(level === 'strong' ? (n * 5) / 6 : n * 0.85);
    }, 60_000);
  }

  it('the strong bot takes the capture of a runner about to bear off, and says so', () => {
    // Black's stone stands on the shared square before the last rosette; White can hit it with 1.
    const s = play(placed(setup(), [10, 0], [11], 0), rolled(1));
    const { event } = urBot('strong').choose(s, seededRandom(1));
    expect(event).toEqual(moved(0));
    expect(explainUrMove(s, moved(0), ['Eric', 'James'])).toMatch(/^W1 captures B1/);
  });

  it('bot games with the same seed are identical', () => {
    const bots = [urBot('strong'), urBot('greedy')];
    const a = playMatch(urGame as never, setup() as never, bots as never, 5);
    const b = playMatch(urGame as never, setup() as never, bots as never, 5);
    expect(a).toEqual(b);
    expect(a.winner).toBeDefined();
  });
});
