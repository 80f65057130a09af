/**
 * Layers' win chances are a share of one win (issue 47, 13): a game has exactly one winner, so
 * every player's chance at a position, and every player's chance after an analysed decision or
 * fight, add up to 1. Random positions of random games (fast-check chooses the seed, the players'
 * level and how far the game has gone).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeAt } from '../../../source/analysis/analyze.js';
import type { Level } from '../../../source/engine/bots.js';
import type { AnyGameCore } from '../../../source/engine/core.js';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { timelineOf } from '../../../source/engine/timeline.js';
import { coreOf } from '../../../source/games/cores.js';
import { layersWinChances } from '../../../source/games/layers/win-chances.js';
import type { LayersEvent, LayersState } from '../../../source/games/layers/rules.js';

const core = coreOf('layers') as AnyGameCore;
const PLAYERS = 10;
const names = Array.from({ length: PLAYERS }, (_, p) => `P${p + 1}`);

/** A random game played `steps` events in, by computers at `level`, and its events. */
function position(seed: number, level: Level, steps: number) {
  const random = seededRandom(seed);
  const bot = core.bot(level);
  let state = core.rules.setup({ players: PLAYERS, turns: 2 }) as LayersState;
  const events: LayersEvent[] = [];
  while (events.length < steps && core.rules.outcome(state).status === 'running') {
    const outcomes = core.rules.chance(state);
    const event = (
      outcomes ? sampleChance(outcomes, random).event : bot.choose(state, random).event
    ) as LayersEvent;
    events.push(event);
    state = core.rules.reduce(state, event) as LayersState;
  }
  return { state, events };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('Layers: the win chances add up to one', () => {
  it('at any position, every player’s chance (greedy and strong searches)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom<Level>('random', 'greedy', 'strong'),
        fc.integer({ min: 10, max: 150 }),
        fc.constantFrom<Level>('greedy', 'strong'),
        (seed, level, steps, analysis) => {
          const { state } = position(seed, level, steps);
          const chances = layersWinChances(analysis);
          const each = names.map((_, p) => chances.chance(state, p));
          expect(sum(each), `${state.phase}: ${each.join(' ')}`).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('after every analysed move and fight, the chances the analysis gives every player', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom<Level>('random', 'greedy', 'strong'),
        fc.integer({ min: 12, max: 150 }),
        (seed, level, steps) => {
          const { events } = position(seed, level, steps);
          const initial = core.rules.setup({ players: PLAYERS, turns: 2 });
          const timeline = timelineOf(core, initial, events, names);
          const d = analyzeAt(core, timeline, names, events.length - 1, { level: 'strong' });
          if (!d) return; // the round's order: not analysed
          expect(d.chances?.length).toBe(PLAYERS);
          expect(d.chances?.[d.seat]).toBe(d.after);
          expect(sum(d.chances ?? []), `${d.played}: ${d.chances?.join(' ')}`).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 40 },
    );
  });
});
