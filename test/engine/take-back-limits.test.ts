/**
 * The shared take-back rule with a game's limits: Kono's rounds bound it (a choice between rounds
 * is never taken back, nor anything before one), with the game's own words when nothing is left.
 */
import { describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { takeBack } from '../../source/engine/take-back.js';
import { yutGame, type YutEvent } from '../../source/games/yut/rules.js';

const seats = [seatOf('Ann', 'human'), seatOf('CPU 2', 'greedy')];
const initial = yutGame.setup({ players: 2, pieces: 4 });
// Ann throws gae and moves; the computer throws do and moves.
const events: YutEvent[] = [
  { type: 'yut/sticksThrown', sticks: [0, 0, 1, 1] },
  { type: 'yut/pieceMoved', from: 0, result: 'gae' },
  { type: 'yut/sticksThrown', sticks: [0, 0, 0, 1] },
  { type: 'yut/pieceMoved', from: 0, result: 'do' },
];

describe('the shared take-back rule, bounded', () => {
  it('without limits: the person’s move with the computer’s throw and reply', () => {
    const back = takeBack(yutGame, initial, events, seats, 'throw');
    expect(back).toMatchObject({ ok: true, kept: 1, mover: 0, repliers: ['CPU 2'] });
  });

  it('a boundary stops the walk back over the computer’s events, in the game’s words', () => {
    const bounded = takeBack(yutGame, initial, events, seats, 'throw', {
      // As if each throw began a new part of the game (as a Kono round does).
      boundary: (event) => event.type === 'yut/sticksThrown',
      nothing: 'No move of yours in this part to take back.',
    });
    expect(bounded).toEqual({ ok: false, problem: 'No move of yours in this part to take back.' });
    // A person's own move after the boundary is still taken back.
    const own = takeBack(yutGame, initial, events.slice(0, 2), seats, 'throw', {
      boundary: (event) => event.type === 'yut/sticksThrown',
    });
    expect(own).toMatchObject({ ok: true, kept: 1, mover: 0, repliers: [] });
  });
});
