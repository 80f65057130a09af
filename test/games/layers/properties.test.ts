/**
 * Invariants over random Layers games with 10 and 50 players (fast-check chooses the seeds and
 * the computers' levels): experience always within [100, 200]; the forest always a forest (no
 * cycles, every player reaches a root) with each child exactly one layer below its parent and no
 * layer below 0; the order a permutation; refused events change nothing; reducers never mutate
 * their input; every game ends with one winner, the root of everyone.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Level } from '../../../source/engine/bots.js';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { layersBot } from '../../../source/games/layers/bot.js';
import {
  check,
  E_MAX,
  E_MIN,
  layersGame,
  type LayersState,
  outcome,
  reduce,
  setup,
  top,
} from '../../../source/games/layers/rules.js';
import { deepFreeze } from '../../support/freeze.js';

function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function invariants(s: LayersState): void {
  const n = s.options.players;
  for (let p = 0; p < n; p++) {
    const e = s.experience[p] ?? 0;
    ok(e >= E_MIN && e <= E_MAX, `player ${p}'s experience ${e} within [100, 200]`);
    const parent = s.parent[p];
    if (parent !== null && parent !== undefined)
      ok(s.layer[parent] === (s.layer[p] ?? 0) + 1, `player ${p} is one layer below its parent`);
    ok((s.layer[p] ?? -1) >= 0, 'no layer below 0');
    // Following parents reaches a root within n steps: no cycle.
    let q: number | null | undefined = p;
    for (let k = 0; k <= n && q !== null && q !== undefined; k++) q = s.parent[q];
    ok(q === null, `player ${p} reaches a root`);
  }
  ok(new Set(s.order).size === s.order.length && s.order.every((p) => p >= 0 && p < n), 'order');
  if (s.phase !== 'order') ok(s.order.length === n, 'a complete order once the turns begin');
}

describe('Layers: invariants over random games', () => {
  for (const players of [10, 50]) {
    it(`${players} players: experience bounded, always a forest, refusals change nothing, one winner`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 31 }),
          fc.constantFrom<Level>('random', 'greedy', 'strong'),
          (seed, level) => {
            const random = seededRandom(seed);
            const bot = layersBot(level);
            let s = deepFreeze(setup({ players, turns: 2 }));
            let steps = 0;
            while (outcome(s).status === 'running') {
              invariants(s);
              for (const bad of [
                { type: 'layers/challenged', opponent: players },
                { type: 'layers/orderDrawn', player: -1 },
                { type: 'layers/numberDrawn', number: 10_000 },
              ]) {
                ok(typeof check(s, bad) === 'string', `refused: ${JSON.stringify(bad)}`);
                ok(reduce(s, bad) === s, 'a refused event leaves the very same state');
              }
              const outcomes = layersGame.chance(s);
              const event = outcomes
                ? sampleChance(outcomes, random).event
                : bot.choose(s, random).event;
              ok(
                check(s, event) === undefined,
                `chosen events are legal: ${JSON.stringify(event)}`,
              );
              s = deepFreeze(reduce(s, event));
              ok(++steps < 2_000_000, 'the game ends');
            }
            invariants(s);
            const result = outcome(s);
            ok(
              result.status === 'won' && result.winner === top(s),
              'one winner, on top of everyone',
            );
          },
        ),
        { numRuns: players === 10 ? 30 : 4 },
      );
    });
  }
});
