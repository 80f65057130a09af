/**
 * Games between computers: playMatch (the bench's bots) and selfPlay (a core's own computers)
 * are one loop, a table with a computer in every seat. The same seed and bots give the same
 * game through either, and the result says how it ended (a draw too, which playMatch lost).
 */
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../source/analysis/self-play.js';
import { playMatch } from '../../source/table/computers.js';
import { coreOf } from '../../source/games/cores.js';
import type { AnyGameCore } from '../../source/engine/core.js';

const core = (id: string) => coreOf(id) as AnyGameCore;

describe('a match of computers is a table with a computer in every seat', () => {
  it('four Layers computers: playMatch gives the outcome, the same game as selfPlay (one loop)', () => {
    const layers = core('layers');
    const options = { players: 4, turns: 2 };
    const levels = ['greedy', 'random', 'greedy', 'random'] as const;
    const played = selfPlay(layers, levels, 7, options);
    const match = playMatch(
      layers.rules,
      layers.rules.setup(options),
      levels.map((level) => layers.bot(level)),
      7,
    );
    expect(played.timeline.outcome.status).toBe('won');
    expect(match.outcome).toEqual(played.timeline.outcome);
    expect(match.events).toBe(played.timeline.events.length);
    expect(match.final).toEqual(
      played.timeline.events.reduce((s, e) => layers.rules.reduce(s, e), played.timeline.initial),
    );
  });

  it('a drawn game is reported as a draw, not as no winner', () => {
    // Yoté between random computers: some seed ends drawn.
    const yote = core('yote');
    const bots = [yote.bot('random'), yote.bot('random')];
    let drawn: number | undefined;
    for (let seed = 0; seed < 200 && drawn === undefined; seed++) {
      const played = selfPlay(yote, ['random', 'random'], seed);
      if (played.timeline.outcome.status === 'drawn') drawn = seed;
    }
    expect(drawn).toBeDefined();
    const match = playMatch(yote.rules, yote.rules.setup(yote.typicalOptions), bots, drawn!);
    expect(match.outcome).toEqual({ status: 'drawn' });
  });

  it('stops at maxEvents with the game still running', () => {
    const yut = core('yut');
    const bots = [yut.bot('random'), yut.bot('random')];
    const match = playMatch(yut.rules, yut.rules.setup(yut.typicalOptions), bots, 3, 10);
    expect(match.events).toBe(10);
    expect(match.outcome).toEqual({ status: 'running' });
    expect(selfPlay(yut, ['random'], 3, yut.typicalOptions, 10).timeline.events).toHaveLength(10);
  });
});
