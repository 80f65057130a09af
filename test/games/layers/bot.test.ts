/**
 * The strong computer's quick reckoning of a challenge (challengeValue: the outcomes from the
 * formulas and the trees' sizes) against the slow one it replaces (expected: every outcome played
 * out through the reducer), on every challenge of random games of 10 to 40 players; the trees'
 * sizes (roots) against treeOf; and a decision's cost growing no faster than N.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../../source/engine/bots.js';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { challengeValue, expected, layersBot } from '../../../source/games/layers/bot.js';
import {
  current,
  layersGame,
  type LayersState,
  legalEvents,
  roots,
  treeOf,
} from '../../../source/games/layers/rules.js';

/** Each state where a player chooses, over a random game (levels mixed). */
function* turns(players: number, turnsToWin: number, seed: number): Generator<LayersState> {
  const random = seededRandom(seed);
  const levels: Level[] = ['random', 'greedy', 'strong'];
  const bots = Array.from({ length: players }, (_, p) =>
    layersBot(levels[(p + seed) % 3] as Level),
  );
  let s = layersGame.setup({ players, turns: turnsToWin });
  for (let k = 0; k < 20_000 && layersGame.outcome(s).status === 'running'; k++) {
    const outcomes = layersGame.chance(s);
    if (outcomes) s = layersGame.reduce(s, sampleChance(outcomes, random).event);
    else {
      if (s.phase === 'turn') yield s;
      s = layersGame.reduce(s, bots[layersGame.toAct(s)]!.choose(s, random).event);
    }
  }
}

describe('Layers: the strong computer’s reckoning', () => {
  it('a challenge’s value is the value of playing out its outcomes, to 1e-9', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        (n, k, seed) => {
          let checked = 0;
          for (const s of turns(n, k, seed)) {
            const me = current(s);
            const forest = roots(s.parent);
            for (const event of legalEvents(s)) {
              if (event.type !== 'layers/challenged') continue;
              const quick = challengeValue(s, me, event.opponent, forest);
              const slow = expected(s, event, me);
              if (Math.abs(quick - slow) > 1e-9)
                throw new Error(
                  `round ${s.round}, player ${me} → ${event.opponent}: ${quick} ≠ ${slow}`,
                );
              checked++;
            }
          }
          return checked > 0;
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the trees’ sizes and roots are those treeOf walks', () => {
    for (const s of turns(30, 3, 7)) {
      const forest = roots(s.parent);
      let count = 0;
      for (let p = 0; p < 30; p++) {
        if (s.parent[p] !== null) {
          expect(forest.size[p]).toBe(0);
          continue;
        }
        count++;
        const tree = treeOf(s.parent, p);
        expect(forest.size[p]).toBe(tree.length);
        for (const q of tree) expect(forest.rootOf[q]).toBe(p);
      }
      expect(forest.count).toBe(count);
    }
  });
});
