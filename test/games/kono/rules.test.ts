/**
 * Kono's rules (rules/kono.md) against their tables and the seed's examples: the home points and
 * their values for 5, 7 and 9, the diagonal step and its refusals, the capture power and its
 * keeping, passes, every end of a round, the scoring (3 + 5 + 1 + 1 = 10, captures, the quit
 * penalty, a drawn round), the dice and the colour, later rounds, and the tournament's end.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeKonoEvent, roundWords } from '../../../source/games/kono/describe.js';
import {
  BACK_ROW,
  check,
  countOf,
  homeValue,
  isHome,
  type KonoEvent,
  type KonoOptions,
  type KonoState,
  legalEvents,
  outcome,
  reduce,
  roundScore,
  setup,
  startingBoard,
  withDefaults,
} from '../../../source/games/kono/rules.js';
import { deepFreeze } from '../../support/freeze.js';
import { position } from '../../support/kono.js';
import { ROOT } from '../../support/tmux.js';

const OPTIONS: KonoOptions = withDefaults({ asker: 0, size: null });

function play(state: KonoState, ...events: KonoEvent[]): KonoState {
  for (const event of events) {
    expect(check(state, event), JSON.stringify(event)).toBeUndefined();
    state = deepFreeze(reduce(state, event));
  }
  return state;
}

const size = (n: number): KonoEvent => ({ type: 'kono/sizeChosen', size: n });
const dice = (a: [number, number], b: [number, number]): KonoEvent => ({
  type: 'kono/diceThrown',
  dice: [a, b],
});
const colour = (c: 'white' | 'black'): KonoEvent => ({ type: 'kono/colourChosen', colour: c });
const move = (row: number, column: number, direction: string): KonoEvent =>
  ({ type: 'kono/moved', row, column, direction }) as KonoEvent;

describe('Kono: the board', () => {
  it('home points and their values for 5, 7 and 9 (the seed’s tables)', () => {
    expect(BACK_ROW).toEqual({
      5: [3, 1, 5, 1, 3],
      7: [3, 1, 5, 7, 5, 1, 3],
      9: [3, 1, 5, 7, 9, 7, 5, 1, 3],
    });
    for (const n of [5, 7, 9]) {
      for (let c = 1; c <= n; c++) {
        expect(homeValue(n, 'white', 1, c)).toBe(BACK_ROW[n as 5][c - 1]);
        expect(homeValue(n, 'black', n, c)).toBe(BACK_ROW[n as 5][c - 1]);
      }
      expect([homeValue(n, 'white', 2, 1), homeValue(n, 'white', 2, n)]).toEqual([1, 1]);
      expect([homeValue(n, 'black', n - 1, 1), homeValue(n, 'black', n - 1, n)]).toEqual([1, 1]);
      expect(homeValue(n, 'white', 2, 2)).toBe(0);
      expect(isHome(n, 'black', 3, 3)).toBe(false);
      // n + 2 pieces a side, on their own home points.
      const board = startingBoard(n);
      expect(board.flat().filter((p) => p === 'W')).toHaveLength(n + 2);
      expect(board.flat().filter((p) => p === 'B')).toHaveLength(n + 2);
    }
    expect(startingBoard(5).map((r) => r.join(' '))).toEqual([
      'W W W W W',
      'W O O O W',
      'O O O O O',
      'B O O O B',
      'B B B B B',
    ]);
  });
});

describe('Kono: a turn', () => {
  const s = position(['W W W W W', 'W O O O W', 'O O O O O', 'B O O O B', 'B B B B B']);

  it('one diagonal step to a free point, in the four named directions', () => {
    const t = play(s, move(2, 1, 'southeast'));
    expect(t.board[2]?.[1]).toBe('W');
    expect(t.board[1]?.[0]).toBe('O');
    expect(t.turn).toBe(1);
    // Five from the back row's free diagonals, one from each side home point.
    expect(legalEvents(s).filter((e) => e.type === 'kono/moved')).toHaveLength(8);
    expect(legalEvents(s).at(-1)).toEqual({ type: 'kono/quit' });
  });

  it('refused onto one’s own piece, off the board, with a piece not there, in no direction', () => {
    expect(check(s, move(1, 2, 'southwest'))).toBe('(2,1) is taken by your own piece.');
    expect(check(s, move(1, 1, 'northwest'))).toBe(
      'The piece at (1,1) cannot move northwest: that is off the board.',
    );
    expect(check(s, move(3, 3, 'southeast'))).toBe('There is no white piece at (3,3).');
    expect(check(s, move(2, 1, 'south'))).toBe(
      'A move goes northwest, northeast, southeast or southwest.',
    );
    expect(check(s, move(6, 1, 'southeast'))).toBe('A point is a row and a column from 1 to 5.');
  });

  it('an opponent piece blocks until the mover can capture; then it is taken', () => {
    const t = position(['O O O O O', 'O O O O O', 'O W O O O', 'O O B O O', 'B O O O B'], 0);
    expect(check(t, move(3, 2, 'southeast'))).toBe(
      "(4,3) is taken, and the piece at (3,2) cannot capture yet: a piece gains that power on the opponent's home points.",
    );
    const powered = position(['O O O O O', 'O O O O O', 'O WW O O O', 'O O B O O', 'B O O O B'], 0);
    const after = play(powered, move(3, 2, 'southeast'));
    expect(after.board[3]?.[2]).toBe('WW');
    expect(countOf(after, 'black')).toBe(2);
  });

  it('the power comes on any opponent home point (the side points too) and is kept after leaving', () => {
    const t = position(['O O O O O', 'O O W O O', 'O W O O O', 'O O O O B', 'O O B O O'], 0);
    // (3,2) southwest to (4,1): Black's side home point.
    const arrived = play(t, move(3, 2, 'southwest'));
    expect(arrived.board[3]?.[0]).toBe('WW');
    const left = play(arrived, move(5, 3, 'northeast'), move(4, 1, 'northeast'));
    expect(left.board[2]?.[1]).toBe('WW');
  });

  it('a player who cannot move passes', () => {
    // Black's only piece at (5,1) is boxed in by White at (4,2), which cannot be taken.
    const t = position(['O O O O O', 'O O O O W', 'O O W O O', 'O W O O O', 'B O O O O'], 0);
    const after = play(t, move(2, 5, 'southwest'));
    expect(after.turn).toBe(0);
    expect(after.passed).toBe(1);
  });
});

describe('Kono: the end of a round and its scores', () => {
  it('the seed’s example: Black on 3 + 5 + 1 + 1 = 10', () => {
    const t = position(['B O B B O', 'O O O O B', 'O O O O O', 'O O O O O', 'O O O O O'], 1);
    // Black holds (1,1) 3, (1,3) 5, (1,4) 1 and (2,5) 1; White has no pieces (7 captured).
    expect(roundScore(t, 1)).toBe(3 + 5 + 1 + 1 + 5 * 7);
    const noCaptures = position(
      ['B O B B O', 'O O O O B', 'O O O O O', 'W W W W W', 'W W O O O'],
      1,
    );
    expect(roundScore(noCaptures, 1)).toBe(10);
  });

  it('the example in docs/rules/kono.md holds by the scoring code (the seed’s: 3 + 5 + 1 + 1 = 10)', () => {
    const doc = readFileSync(`${ROOT}docs/rules/kono.md`, 'utf8').replace(/\s+/g, ' ');
    const example =
      /For example (White|Black) holding [^(]*((?:\(\d,\d\)(?:, | and )?)+) of a 5 × 5 board scores ([\d +]+) = (\d+)/.exec(
        doc,
      );
    expect(example, 'the scoring example of docs/rules/kono.md').not.toBeNull();
    const [, side, held, sum, total] = example as RegExpExecArray;
    const points = [...(held as string).matchAll(/\((\d),(\d)\)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const addends = (sum as string)
      .trim()
      .split(/\s*\+\s*/)
      .map(Number);
    expect(addends.reduce((a, b) => a + b, 0)).toBe(Number(total));
    // The side's pieces on the points named, the other side's seven pieces elsewhere (no captures).
    const mine = side === 'Black' ? 'B' : 'W';
    const theirs = side === 'Black' ? 'W' : 'B';
    const rows = Array.from({ length: 5 }, () => Array<string>(5).fill('O'));
    for (const [r, c] of points) (rows[(r as number) - 1] as string[])[(c as number) - 1] = mine;
    const middle = [
      '3,1',
      '3,2',
      '3,3',
      '3,4',
      '3,5',
      side === 'Black' ? '4,3' : '2,3',
      side === 'Black' ? '4,2' : '2,2',
    ];
    for (const point of middle) {
      const [r, c] = point.split(',').map(Number) as [number, number];
      (rows[r - 1] as string[])[c - 1] = theirs;
    }
    const seat = side === 'Black' ? 1 : 0;
    const t = position(
      rows.map((r) => r.join(' ')),
      seat,
    );
    expect(countOf(t, side === 'Black' ? 'white' : 'black')).toBe(7);
    expect(
      points.map(([r, c]) =>
        homeValue(5, side === 'Black' ? 'white' : 'black', r as number, c as number),
      ),
    ).toEqual(addends);
    expect(roundScore(t, seat)).toBe(Number(total));
  });

  it('all remaining pieces on the opponent’s home points end the round; the difference is awarded', () => {
    // White's last piece off its goal steps onto (5,5): all three White pieces are home.
    const t = position(['B O O O O', 'O O O O O', 'O O O O O', 'O O O W O', 'O W W O O'], 0);
    const after = play(t, move(4, 4, 'southeast'));
    expect(after.phase).toBe('roundOver');
    expect(after.ending).toBe('home');
    // White: (5,2) 1 + (5,3) 5 + (5,5) 3, and six Black pieces taken; Black: (1,1) 3, and four.
    expect(after.results[0]).toMatchObject({ scores: [9 + 30, 3 + 20], winner: 0, awarded: 16 });
    expect(after.totals).toEqual([16, 0]);
  });

  it('a player with no pieces left ends the round; each capture is worth 5', () => {
    const t = position(['O O O O O', 'O O O O O', 'O O WW O O', 'O B O O O', 'O O O O O'], 0);
    const after = play(t, move(3, 3, 'southwest'));
    expect(after.ending).toBe('wiped');
    // Seven Black pieces at the start, all taken: 35; Black took six of White's: 30.
    expect(after.results[0]?.scores).toEqual([35, 30]);
  });

  it('quitting ends the round with 5 points off the quitter', () => {
    const t = position(['W W W W W', 'W O O O W', 'O O O O O', 'B O O O B', 'B B B B B'], 0);
    const after = play(t, { type: 'kono/quit' });
    expect(after.ending).toBe('quit');
    expect(after.results[0]).toMatchObject({ scores: [-5, 0], winner: 1, awarded: 5, quitter: 0 });
    expect(after.totals).toEqual([0, 5]);
  });

  it('the player who quits is penalised, when it is not the player to move (the menu before the computer’s turn)', () => {
    const t = position(['W W W W W', 'W O O O W', 'O O O O O', 'B O O O B', 'B B B B B'], 1);
    const after = play(t, { type: 'kono/quit', seat: 0 });
    expect(after.results[0]).toMatchObject({ scores: [-5, 0], winner: 1, awarded: 5, quitter: 0 });
    expect(after.totals).toEqual([0, 5]);
    expect(describeKonoEvent(t, { type: 'kono/quit', seat: 0 }, after, ['Ann', 'CPU 2'])).toEqual([
      'Ann quit the round.',
      'Round 1 is over: Ann scored -5, CPU 2 scored 0.',
      'Ann quit the round: 5 points off.',
      'CPU 2 wins the round and is awarded 5 points.',
    ]);
    // Without a seat, the player to move quits (recordings made before the seat was written).
    expect(play(t, { type: 'kono/quit' }).results[0]?.quitter).toBe(1);
    expect(check(t, { type: 'kono/quit', seat: 2 } as KonoEvent)).toBe(
      'The player who quits is seat 0 or 1.',
    );
  });

  it('a round’s end says why it ended, and a point is not “points”', () => {
    const names = ['Ann', 'CPU 2'];
    const home = position(['B O O O O', 'O O O O O', 'O O O O O', 'O O O W O', 'O W W O O'], 0);
    const homeEnd = play(home, move(4, 4, 'southeast'));
    expect(describeKonoEvent(home, move(4, 4, 'southeast'), homeEnd, names)).toContain(
      "All of Ann's pieces left stand on CPU 2's home points: the round ends.",
    );
    const wiped = position(['O O O O O', 'O O O O O', 'O O WW O O', 'O B O O O', 'O O O O O'], 0);
    const wipedEnd = play(wiped, move(3, 3, 'southwest'));
    expect(describeKonoEvent(wiped, move(3, 3, 'southwest'), wipedEnd, names)).toContain(
      'CPU 2 has no pieces left: the round ends.',
    );
    expect(
      roundWords(
        {
          round: 2,
          size: 5,
          scores: [4, 3],
          winner: 0,
          awarded: 1,
          quitter: null,
          ending: 'quiet',
        },
        names,
      ),
    ).toContain('Ann wins the round and is awarded 1 point.');
  });

  it('equal scores: a drawn round, nobody awarded (the endless-round rule ends it)', () => {
    let t = position(['W O O O O', 'O O O O O', 'O O O O O', 'O O O O O', 'O O O O B'], 0, {
      quietMoves: 10,
    });
    const shuttle = [
      move(1, 1, 'southeast'),
      move(5, 5, 'northwest'),
      move(2, 2, 'northwest'),
      move(4, 4, 'southeast'),
    ];
    for (let i = 0; i < 11 && t.phase === 'play'; i++) t = play(t, shuttle[i % 4] as KonoEvent);
    expect(t.ending).toBe('quiet');
    expect(t.results[0]).toMatchObject({ scores: [0 + 5 * 6, 5 * 6], winner: null, awarded: 0 });
    expect(t.totals).toEqual([0, 0]);
  });
});

describe('Kono: the endless-round rule', () => {
  it('stepping off a home point and back again is no progress: the round still ends', () => {
    // Each side also keeps a piece at home, so that neither ever has all its pieces across.
    let t = position(['O O W O O', 'O O O O B', 'O O O O O', 'W O O O O', 'O O B O O'], 0, {
      quietMoves: 10,
    });
    const shuttle = [
      move(4, 1, 'northeast'),
      move(2, 5, 'southwest'),
      move(3, 2, 'southwest'),
      move(3, 4, 'northeast'),
    ];
    let moves = 0;
    while (t.phase === 'play' && moves < 100) t = play(t, shuttle[moves++ % 4] as KonoEvent);
    expect(t.ending).toBe('quiet');
    // Each side came back onto the other's home once more than it started with: two records.
    expect(moves).toBeLessThanOrEqual(10 + 4);
  });
});

describe('Kono: the tournament', () => {
  it('the size is asked, the dice decide (ties again), the winner chooses a colour and moves first', () => {
    let s = setup(OPTIONS);
    expect(s.phase).toBe('size');
    expect(check(s, size(6))).toBe('The board is 5, 7 or 9 points wide.');
    s = play(s, size(7));
    expect(s.phase).toBe('dice');
    expect(s.board).toEqual(startingBoard(7));
    s = play(s, dice([3, 4], [5, 2]));
    expect(s.phase).toBe('dice');
    s = play(s, dice([1, 2], [6, 6]));
    expect(s.phase).toBe('colour');
    expect(s.turn).toBe(1);
    s = play(s, colour('black'));
    expect(s.colours).toEqual(['white', 'black']);
    // The chooser plays first, whatever the colour.
    expect(s.turn).toBe(1);
    expect(legalEvents(s)[0]).toEqual(move(6, 1, 'northeast'));
  });

  it('the next round: the previous winner chooses; after a drawn round, the dice again', () => {
    let s = play(setup(OPTIONS), size(5), dice([6, 6], [1, 1]), colour('white'), {
      type: 'kono/quit',
    });
    expect(s.phase).toBe('roundOver');
    expect(s.results[0]?.winner).toBe(1);
    s = play(s, { type: 'kono/anotherRound', again: true }, size(9));
    expect(s.round).toBe(2);
    expect(s.phase).toBe('colour');
    expect(s.turn).toBe(1);
    expect(s.totals).toEqual([0, 5]);
    // Seat 1 plays White and moves first; seat 0 then quits: 5 more for seat 1.
    s = play(s, colour('white'), move(2, 1, 'southeast'), { type: 'kono/quit' });
    s = play(s, { type: 'kono/anotherRound', again: false });
    expect(s.phase).toBe('over');
    expect(s.totals).toEqual([0, 10]);
    expect(outcome(s)).toEqual({ status: 'won', winner: 1 });
  });

  it('a drawn tournament: equal points', () => {
    const s = play(
      setup(OPTIONS),
      size(5),
      dice([6, 6], [1, 1]),
      colour('white'),
      { type: 'kono/quit' },
      { type: 'kono/anotherRound', again: true },
      size(5),
      colour('white'),
      { type: 'kono/quit' },
      { type: 'kono/anotherRound', again: false },
    );
    expect(s.totals).toEqual([5, 5]);
    expect(outcome(s)).toEqual({ status: 'drawn' });
  });

  it('with nobody to ask (no person playing) the tournament is one round; --size skips the question', () => {
    const s = setup(withDefaults({ asker: null, size: 9 }));
    expect(s.phase).toBe('dice');
    expect(s.size).toBe(9);
    const over = play(s, dice([6, 6], [1, 1]), colour('black'), { type: 'kono/quit' });
    expect(over.phase).toBe('over');
  });

  it('refuses events of another phase, with what the phase wants', () => {
    const s = setup(OPTIONS);
    expect(check(s, move(1, 1, 'southeast'))).toBe('First choose the board size: 5, 7 or 9.');
    expect(check(play(s, size(5)), colour('white'))).toBe(
      'First the dice are thrown for the first player.',
    );
    expect(
      check(s, {
        type: 'kono/diceThrown',
        dice: [
          [0, 7],
          [1, 1],
        ],
      }),
    ).toBe('First choose the board size: 5, 7 or 9.');
    expect(
      check(play(s, size(5)), {
        type: 'kono/diceThrown',
        dice: [
          [0, 7],
          [1, 1],
        ],
      }),
    ).toBe('A throw is two dice of 1 to 6 for each player.');
  });
});
