/**
 * Games between a core's own computers, kept whole as a timeline (the bench's calibration, the
 * fit of the win chances, the fixtures, the tests): throws drawn with their true probabilities
 * from a seeded stream, every decision its seat's bot's.
 */
import type { Level } from '../engine/bots.js';
import type { AnyGameCore } from '../engine/core.js';
import type { GameEvent } from '../engine/game.js';
import { sampleChance, seededRandom } from '../engine/random.js';
import { type Timeline, timelineOf } from '../engine/timeline.js';

export interface SelfPlay {
  readonly timeline: Timeline<unknown>;
  readonly names: readonly string[];
  readonly options: unknown;
}

/** A game of `core` at these options, each seat played at its level, to its end or `maxEvents`. */
export function selfPlay(
  core: AnyGameCore,
  levels: readonly Level[],
  seed: number,
  options: unknown = core.typicalOptions,
  maxEvents = 5_000,
): SelfPlay {
  const rules = core.rules;
  const initial = rules.setup(options);
  const seats = core.seatCount(options);
  const bots = Array.from({ length: seats }, (_, s) =>
    core.bot(levels[s % levels.length] ?? 'strong'),
  );
  const dice = seededRandom(seed);
  const ties = seededRandom(seed ^ 0x5bd1e995);
  const events: GameEvent[] = [];
  let state = initial;
  while (rules.outcome(state).status === 'running' && events.length < maxEvents) {
    const outcomes = rules.chance(state);
    const event: GameEvent = outcomes
      ? sampleChance(outcomes, dice).event
      : (bots[rules.toAct(state)] as (typeof bots)[number]).choose(state, ties).event;
    events.push(event);
    state = rules.reduce(state, event);
  }
  const names = Array.from({ length: seats }, (_, s) => `Seat ${s + 1}`);
  return { timeline: timelineOf(core, initial, events, names), names, options };
}
