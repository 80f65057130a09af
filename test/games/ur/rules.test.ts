import { describe, expect, it } from 'vitest';
import {
  chance,
  check,
  legalEvents,
  outcome,
  reduce,
  setup,
  type UrState,
} from '../../../source/games/ur/rules.js';
import { historical, makeBoard, moved, placed, play, rolled } from '../../support/ur.js';

// A small board: both colours share the middle column; (1,1) and (0,0) are rosettes.
//   White: (0,0) → (0,1) → (1,1) → (2,1) → (2,0)     Black: (0,2) → (0,1) → (1,1) → (2,1) → (2,2)
const SMALL = makeBoard(
  3,
  3,
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 0],
  ],
  [
    [0, 2],
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 2],
  ],
  [
    [1, 1],
    [0, 0],
  ],
);
const small = (options: { extraRollOnRosette?: boolean } = {}) =>
  setup({ board: SMALL, ...options });

describe('every rule, on a small board', () => {
  it('White moves first; a stone enters at the entrance for one step', () => {
    const s = play(small(), rolled(1), moved(0));
    expect(s.stones[0][0]).toBe(0);
  });

  it('a roll of 3 from off the board lands two squares past the entrance', () => {
    const s = play(placed(small(), [], [], 0), rolled(2), moved(0));
    expect(s.stones[0][0]).toBe(1);
    expect(s.turn).toBe(1);
  });

  it('a stone may not land on its own colour', () => {
    const s = play(placed(small(), [1], [], 0), rolled(2));
    expect(check(s, moved(1))).toBe('That stone would land on its own stone.');
    expect(legalEvents(s)).toEqual([moved(0)]);
  });

  it('landing on an opponent sends it off the board', () => {
    const s = play(placed(small(), [0], [1], 0), rolled(1), moved(0));
    expect(s.stones[0][0]).toBe(1);
    expect(s.stones[1][0]).toBe(-1);
    expect(s.turn).toBe(1);
  });

  it('a stone on a rosette is safe: the capture is refused, and with no other move the turn passes', () => {
    const s = play(placed(small(), [0, 4, 4, 4, 4, 4, 4], [2], 0), rolled(2));
    // Stones at 4 cannot bear off with 2 (they need exactly 1): no move at all, so White passes.
    expect(s).toMatchObject({ turn: 1, phase: 'roll' });
    const t = play(placed(small(), [0], [2], 0), rolled(2));
    expect(check(t, moved(0))).toBe(
      'That stone cannot capture on a rosette: a stone there is safe.',
    );
  });

  it('landing on a rosette earns another roll; with the option off it does not', () => {
    expect(play(small(), rolled(3), moved(0))).toMatchObject({ turn: 0, phase: 'roll' });
    expect(play(small({ extraRollOnRosette: false }), rolled(3), moved(0))).toMatchObject({
      turn: 1,
      phase: 'roll',
    });
  });

  it('bearing off takes the exact roll; an overshoot is not a move', () => {
    let s = play(placed(small(), [3], [], 0), rolled(2));
    expect(check(s, moved(1))).toBeUndefined(); // a stone from off the board may still enter
    s = reduce(s, moved(0));
    expect(s.stones[0][0]).toBe(5);
    const over = play(placed(small(), [3], [], 0), rolled(3));
    expect(check(over, moved(0))).toBe('That stone would overshoot: bearing off takes exactly 2.');
    const exit = play(placed(small(), [4], [], 0), rolled(1), moved(0));
    expect(exit.stones[0][0]).toBe(5);
  });

  it('a roll of 0 passes the turn', () => {
    expect(play(small(), rolled(0))).toMatchObject({ turn: 1, phase: 'roll', roll: null });
  });

  it('the first to bear off all seven wins', () => {
    const s = play(placed(small(), [4, 5, 5, 5, 5, 5, 5], [], 0), rolled(1), moved(0));
    expect(outcome(s)).toEqual({ status: 'won', winner: 0 });
    expect(chance(s)).toBeUndefined();
    expect(check(s, rolled(1))).toBe('The game is over: White has won.');
  });

  it('refuses what is not a move, and changes nothing', () => {
    const s = small();
    for (const [event, reason] of [
      [moved(0), 'White must roll first.'],
      [{ type: 'ur/diceRolled', dice: [1, 2, 0, 0] }, 'A roll is four dice, each 0 or 1.'],
      [{ type: 'yut/sticksThrown' }, 'That is not a move of the Royal Game of Ur.'],
      [null, 'That is not a move.'],
    ] as const) {
      expect(check(s, event)).toBe(reason);
      expect(reduce(s, event)).toBe(s);
    }
    const rolling = play(s, rolled(2));
    expect(check(rolling, moved(9))).toBe('Choose a stone from 0 to 6.');
    expect(check(rolling, rolled(1))).toBe('White must move a stone first.');
  });

  it('the dice: 0–4 dots with chances 1, 4, 6, 4, 1 in 16', () => {
    expect(chance(small())?.map((o) => o.probability * 16)).toEqual([1, 4, 6, 4, 1]);
  });
});

describe('scenarios on the historical board', () => {
  // Path indices: 0–3 own lane (3 is the rosette at the top), 4–11 the shared middle (7 is the
  // central rosette), 12 the rosette at the bottom, 13 the exit square; 14 borne off.
  it('a capture on the shared middle', () => {
    const s = play(placed(historical(), [5], [4], 1), rolled(1), moved(0));
    expect(s.stones[0][0]).toBe(-1);
    expect(s.stones[1][0]).toBe(5);
  });

  it('a capture refused on the central rosette', () => {
    const s = play(placed(historical(), [7], [5, 10], 1), rolled(2));
    expect(check(s, moved(0))).toBe(
      'That stone cannot capture on a rosette: a stone there is safe.',
    );
  });

  it('a double roll from two rosettes', () => {
    let s = play(placed(historical(), [0], [], 0), rolled(3), moved(0));
    expect(s).toMatchObject({ turn: 0, phase: 'roll' });
    s = play(s, rolled(4), moved(0));
    expect(s.stones[0][0]).toBe(7);
    expect(s).toMatchObject({ turn: 0, phase: 'roll' });
  });

  it('exact bear-off, and the overshoot refused', () => {
    const over = play(placed(historical(), [12], [], 0), rolled(3));
    expect(check(over, moved(0))).toBe('That stone would overshoot: bearing off takes exactly 2.');
    const exact = play(placed(historical(), [12], [], 0), rolled(2), moved(0));
    expect(exact.stones[0][0]).toBe(14);
  });

  it('a pass on 0', () => {
    const s: UrState = play(placed(historical(), [2], [3], 0), rolled(0));
    expect(s).toMatchObject({ turn: 1, phase: 'roll' });
  });
});
