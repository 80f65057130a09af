/**
 * Games between a core's own computers, kept whole as a timeline (the bench's calibration, the
 * fit of the win chances, the fixtures, the tests): a table with a computer in every seat
 * (table/computers.ts), each seat played at its level.
 */
import type { Level } from '../engine/bots.js';
import type { AnyGameCore } from '../engine/core.js';
import { type Timeline, timelineOf } from '../engine/timeline.js';
import { playOut } from '../table/computers.js';

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
  const initial = core.rules.setup(options);
  const seats = core.seatCount(options);
  const bots = Array.from({ length: seats }, (_, s) =>
    core.bot(levels[s % levels.length] ?? 'strong'),
  );
  const { events } = playOut(core.rules, initial, bots, seed, maxEvents);
  const names = Array.from({ length: seats }, (_, s) => `Seat ${s + 1}`);
  return { timeline: timelineOf(core, initial, events, names), names, options };
}
