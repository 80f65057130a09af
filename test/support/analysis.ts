/** Helpers of the analysis tests: positions where a throw is due, and the mean luck over its throws. */
import { expect } from 'vitest';
import { analyzeAt } from '../../source/analysis/analyze.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { timelineOf } from '../../source/engine/timeline.js';
import { coreOf } from '../../source/games/cores.js';

const core = (id: string) => coreOf(id) as AnyGameCore;

/** A position of a self-played game where a throw is due, as a timeline's events. */
export function throwDue(id: string, seed: number, depth: number, options: unknown) {
  const c = core(id);
  const random = seededRandom(seed);
  let state = c.rules.setup(options);
  const events: unknown[] = [];
  const bot = c.bot('greedy');
  let due: unknown[] | undefined;
  while (c.rules.outcome(state).status === 'running' && events.length < 2_000) {
    const outcomes = c.rules.chance(state);
    const inPlay = c.winChances?.('greedy', state).inPlay?.(state) ?? true;
    if (outcomes && inPlay && events.length >= depth) {
      due = [...events];
      break;
    }
    const event = outcomes ? sampleChance(outcomes, random).event : bot.choose(state, random).event;
    events.push(event);
    state = c.rules.reduce(state, event);
  }
  return due && { state, events: due };
}

/**
 * The luck of every throw that could come at a self-played position, each analysed on a timeline
 * of its own, weighed by its probability (undefined where the game ended before a throw).
 */
export function luckMean(id: string, options: unknown, seed: number, depth: number) {
  const c = core(id);
  const due = throwDue(id, seed, depth, options);
  if (!due) return undefined;
  const initial = c.rules.setup(options);
  let mean = 0;
  for (const o of c.rules.chance(due.state) ?? []) {
    const events = [...due.events, o.event] as never[];
    const timeline = timelineOf(c, initial, events, []);
    const d = analyzeAt(c, timeline, [], events.length - 1, { level: 'greedy' });
    expect(d?.kind).toBe('chance');
    if (d?.kind === 'chance') mean += o.probability * d.luck;
  }
  return mean;
}
