/**
 * Kono's analysis leaves quitting out of the choices it weighs (issue 47, 12): a side ahead by
 * more than 5 still wins the round by quitting, so by the chance of winning the round a quit
 * looked best, though it throws away most of the round's award (and the tournament is the sum
 * of the points). The strong computer, which never quits, is then graded by the moves it had.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAt } from '../../../source/analysis/analyze.js';
import { selfPlay } from '../../../source/analysis/self-play.js';
import type { AnyGameCore } from '../../../source/engine/core.js';
import { coreOf } from '../../../source/games/cores.js';
import { konoWinChances } from '../../../source/games/kono/win-chances.js';
import { type KonoState, QUIT_PENALTY, roundScore } from '../../../source/games/kono/rules.js';

const core = coreOf('kono') as AnyGameCore;

describe('Kono’s analysis and quitting', () => {
  it('where the mover leads by more than 5, the moves are weighed and one is best, not the quit (analysed at strong)', () => {
    let quitsBest = 0;
    let leads = 0;
    let quitWeighed = 0;
    // The first 40 such decisions of some games (each analysed alone: a search or two).
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const game = selfPlay(core, ['greedy', 'random'], seed, core.typicalOptions);
      const events = game.timeline.events;
      let state = game.timeline.initial as KonoState;
      for (let index = 0; index < events.length && leads < 40; index++) {
        const seat = state.turn;
        if (
          state.phase === 'play' &&
          roundScore(state, seat) - roundScore(state, 1 - seat) > QUIT_PENALTY
        ) {
          leads++;
          const d = analyzeAt(core, game.timeline, game.names, index, { level: 'strong' });
          expect(d?.kind).toBe('move');
          if (d?.kind === 'move' && /quits/.test(d.best)) quitsBest++;
          // The mover's choices weighed: its moves, without the quit.
          const rated = konoWinChances('strong').moves(state);
          if (rated.some((m) => m.event.type === 'kono/quit')) quitWeighed++;
        }
        state = core.rules.reduce(state, events[index]) as KonoState;
      }
    }
    expect(leads).toBe(40);
    expect({ quitsBest, quitWeighed }).toEqual({ quitsBest: 0, quitWeighed: 0 });
  }, 120_000);
});
