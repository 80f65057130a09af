import { describe, expect, it } from 'vitest';
import {
  chance,
  check,
  checkOptions,
  legalEvents,
  outcome,
  reduce,
  setup,
  stacksOf,
} from '../../../source/games/yut/rules.js';
import { timelineOf } from '../../../source/engine/timeline.js';
import { yutCore } from '../../../source/games/yut/core.js';
import { moved, newGame, play, thrown } from '../../support/yut.js';

describe('a turn (rules/yut.md §5), with the seed’s worked examples', () => {
  it('mo then geol from the start: mo earns a throw, then both results are moved in any order', () => {
    let s = play(newGame(), thrown('mo'));
    expect(s).toMatchObject({ phase: 'throw', turn: 0, results: ['mo'] });
    s = play(s, thrown('geol'));
    expect(s).toMatchObject({ phase: 'move', turn: 0, results: ['geol', 'mo'] });
    s = play(s, moved(0, 'mo'));
    expect(s.positions[0]).toEqual([5, 0, 0, 0]);
    // The piece stopped on the corner 5, so its next move takes the diagonal: 5 + geol = 22.
    s = play(s, moved(5, 'geol'));
    expect(s.positions[0]).toEqual([22, 0, 0, 0]);
    expect(s).toMatchObject({ phase: 'throw', turn: 1, results: [] });
  });

  it('mo then geol used the other way: a new piece at 3, then 3 + mo passes 5 along the edge', () => {
    const s = play(newGame(), thrown('mo'), thrown('geol'), moved(0, 'geol'), moved(3, 'mo'));
    expect(s.positions[0]).toEqual([8, 0, 0, 0]);
  });

  it('catching sends the whole opposing stack home and earns another throw', () => {
    let s = play(newGame(), thrown('yut'), thrown('gae'), moved(0, 'gae'), moved(0, 'yut'));
    expect(s.positions[0]).toEqual([2, 4, 0, 0]);
    s = play(s, thrown('gae'), moved(0, 'gae'));
    expect(s.positions[0]).toEqual([0, 4, 0, 0]);
    expect(s.positions[1]).toEqual([2, 0, 0, 0]);
    expect(s).toMatchObject({ turn: 1, phase: 'throw', throwsOwed: 1, results: [] });
    // The new throw's results join the list of results not yet used.
    s = play(s, thrown('do'));
    expect(s).toMatchObject({ turn: 1, phase: 'move', results: ['do'] });
  });

  it('a catch keeps the results not yet used, and the new throw joins them', () => {
    let s = play(newGame(), thrown('do'), moved(0, 'do'));
    s = play(s, thrown('yut'), thrown('do'), moved(0, 'do'));
    expect(s).toMatchObject({ turn: 1, phase: 'throw', results: ['yut'] });
    s = play(s, thrown('gae'));
    expect(s).toMatchObject({ phase: 'move', results: ['gae', 'yut'] });
  });

  it('a stack of 2 is caught whole', () => {
    let s = newGame({
      start: {
        positions: [
          [0, 0, 3, 3],
          [0, 0, 0, 1],
        ],
        turn: 1,
      },
    });
    s = play(s, thrown('gae'), moved(1, 'gae'));
    expect(s.positions[0]).toEqual([0, 0, 0, 0]);
    expect(s.positions[1]).toEqual([0, 0, 0, 3]);
  });

  it('stacking then moving the stack (seed example 3: Piece 0 0 0 2, yut gae → 0 0 6 6)', () => {
    let s = setup({
      players: 4,
      pieces: 4,
      start: {
        positions: [
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 2],
          [0, 0, 0, 0],
        ],
        turn: 2,
      },
    });
    s = play(s, thrown('yut'), thrown('gae'));
    expect(s.results).toEqual(['gae', 'yut']);
    s = play(s, moved(0, 'gae'));
    expect(stacksOf(s, 2)).toEqual([{ seat: 2, position: 2, size: 2 }]);
    s = play(s, moved(2, 'yut'));
    expect([...(s.positions[2] ?? [])].sort()).toEqual([0, 0, 6, 6]);
    expect(s).toMatchObject({ turn: 3, phase: 'throw' });
  });

  it('back-do with nothing on the board is discarded and the turn passes (seed example 4)', () => {
    const s = play(newGame(), thrown('back-do'));
    expect(s).toMatchObject({
      turn: 1,
      phase: 'throw',
      results: [],
      positions: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    });
  });

  it('back-do waits while another result can put a piece on the board first', () => {
    let s = play(newGame(), thrown('yut'), thrown('back-do'));
    expect(s).toMatchObject({ phase: 'move', results: ['back-do', 'yut'] });
    expect(check(s, moved(0, 'back-do'))).toBe('Back-do cannot bring a new piece onto the board.');
    s = play(s, moved(0, 'yut'), moved(4, 'back-do'));
    expect(s.positions[0]).toEqual([3, 0, 0, 0]);
  });

  it('back-do left alone is discarded once the rest is used', () => {
    // A piece that arrives leaves nothing on the board: the back-do cannot be used.
    let s = newGame({
      pieces: 2,
      start: {
        positions: [
          [28, 0],
          [0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('yut'), thrown('back-do'), moved(28, 'yut'));
    expect(s.positions[0]).toEqual([100, 0]);
    expect(s).toMatchObject({ turn: 1, phase: 'throw', results: [] });
  });

  it('back-do onto a corner stops there: the next move takes the shortcut', () => {
    let s = newGame({
      start: {
        positions: [
          [6, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('back-do'), moved(6, 'back-do'));
    expect(s.positions[0]).toEqual([5, 0, 0, 0]);
    s = play(s, thrown('do'), moved(0, 'do'), thrown('do'), moved(5, 'do'));
    expect(s.positions[0]).toEqual([20, 0, 0, 0]);
  });

  it('back-do from 1 goes to 29, which is not yet arrived', () => {
    let s = newGame({
      start: {
        positions: [
          [1, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('back-do'), moved(1, 'back-do'));
    expect(s.positions[0]).toEqual([29, 0, 0, 0]);
  });

  it('the game ends at once when the last piece arrives, with results left over', () => {
    let s = newGame({ pieces: 1, start: { positions: [[27], [0]], turn: 0 } });
    s = play(s, thrown('yut'), thrown('mo'), thrown('geol'), moved(27, 'geol'));
    expect(s.results).toEqual(['yut', 'mo']);
    expect(outcome(s)).toEqual({ status: 'won', winner: 0 });
    expect(s.phase).toBe('over');
    expect(legalEvents(s)).toEqual([]);
    expect(chance(s)).toBeUndefined();
    expect(check(s, thrown('do'))).toMatch(/game is over/);
  });

  it('arrived pieces never return and a stack arrives whole', () => {
    let s = newGame({
      pieces: 3,
      start: {
        positions: [
          [19, 19, 0],
          [0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('gae'), moved(19, 'gae'));
    expect(s.positions[0]).toEqual([100, 100, 0]);
    expect(check(play(s, thrown('do')), moved(100, 'do'))).toMatch(/not a position/);
  });

  it('a piece from hand brings exactly one piece onto the board', () => {
    const s = play(newGame(), thrown('gae'), moved(0, 'gae'));
    expect(s.positions[0]).toEqual([2, 0, 0, 0]);
  });

  it('turns go round the seats in order, 0 1 2 0', () => {
    let s = setup({ players: 3, pieces: 1 });
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      turns.push(s.turn);
      s = play(s, thrown('back-do'));
    }
    expect(turns).toEqual([0, 1, 2, 0]);
  });
});

describe('the animals (rules/yut.md §6)', () => {
  const animals = (a: string, b: string) => ({ animals: [a, b] as never });

  it('pig: catching a pig ends the catcher’s turn at once; the rest of the list is discarded', () => {
    let s = newGame({
      ...animals('pig', 'dog'),
      start: {
        positions: [
          [2, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 1,
      },
    });
    s = play(s, thrown('yut'), thrown('gae'), moved(0, 'gae'));
    expect(s.positions[0]).toEqual([0, 0, 0, 0]);
    expect(s.positions[1]).toEqual([2, 0, 0, 0]);
    expect(s).toMatchObject({ turn: 0, phase: 'throw', results: [], throwsOwed: 1 });
  });

  it('dog: a geol earns another throw; for others it does not', () => {
    const dog = play(newGame(animals('dog', 'pig')), thrown('geol'));
    expect(dog).toMatchObject({ phase: 'throw', results: ['geol'] });
    const pig = play(newGame(animals('pig', 'dog')), thrown('geol'));
    expect(pig).toMatchObject({ phase: 'move', results: ['geol'] });
  });

  it('dog: the geol rethrow also holds in the throws earned by a catch', () => {
    let s = newGame({
      ...animals('dog', 'cow'),
      start: {
        positions: [
          [0, 0, 0, 0],
          [3, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('geol'), thrown('do'), moved(0, 'geol'));
    expect(s).toMatchObject({ phase: 'throw', results: ['do'] });
    s = play(s, thrown('geol'));
    expect(s).toMatchObject({ phase: 'throw', results: ['do', 'geol'] });
    s = play(s, thrown('gae'));
    expect(s).toMatchObject({ phase: 'move', results: ['do', 'gae', 'geol'] });
  });

  it('sheep: a catch earns two throw phases, each continuing on yut or mo', () => {
    let s = newGame({
      ...animals('sheep', 'dog'),
      start: {
        positions: [
          [0, 0, 0, 0],
          [2, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('gae'), moved(0, 'gae'));
    expect(s).toMatchObject({ phase: 'throw', throwsOwed: 2 });
    s = play(s, thrown('yut'));
    expect(s).toMatchObject({ phase: 'throw', throwsOwed: 2 });
    s = play(s, thrown('do'));
    expect(s).toMatchObject({ phase: 'throw', throwsOwed: 1 });
    s = play(s, thrown('gae'));
    expect(s).toMatchObject({ phase: 'move', results: ['do', 'gae', 'yut'] });
  });

  it('sheep catching pig: the pig rule wins and the sheep’s turn ends', () => {
    let s = newGame({
      ...animals('sheep', 'pig'),
      start: {
        positions: [
          [0, 0, 0, 0],
          [2, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('yut'), thrown('gae'), moved(0, 'gae'));
    expect(s.positions[1]).toEqual([0, 0, 0, 0]);
    expect(s).toMatchObject({ turn: 1, phase: 'throw', throwsOwed: 1, results: [] });
  });

  it('cow: turns at 5 even when passing it, and goes straight through 22', () => {
    let s = newGame({
      ...animals('cow', 'dog'),
      start: {
        positions: [
          [1, 3, 22, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('mo'), thrown('mo'), thrown('do'), moved(1, 'mo'), moved(3, 'mo'));
    expect(s.positions[0]).toEqual([20, 22, 22, 0]);
    s = play(s, moved(22, 'do'));
    expect(s.positions[0]).toEqual([20, 23, 23, 0]);
  });

  it('cow: back-do from 15 goes to 24, and a cow never reaches 6–14 or 25–28', () => {
    let s = newGame({
      ...animals('cow', 'dog'),
      start: {
        positions: [
          [15, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('back-do'), moved(15, 'back-do'));
    expect(s.positions[0]).toEqual([24, 0, 0, 0]);
    expect(
      checkOptions({
        players: 2,
        pieces: 4,
        animals: ['cow', 'dog'],
        start: {
          positions: [
            [7, 0, 0, 0],
            [0, 0, 0, 0],
          ],
          turn: 0,
        },
      }),
    ).toMatch(/cow's piece cannot stand at 7/);
  });

  it('a cow and an ordinary piece catch each other on a shared station', () => {
    let s = newGame({
      ...animals('cow', 'dog'),
      start: {
        positions: [
          [4, 0, 0, 0],
          [20, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('gae'), moved(4, 'gae'));
    expect(s.positions).toEqual([
      [20, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(s.phase).toBe('throw');
  });
});

describe('illegal events are rejected with a reason and change nothing', () => {
  const s0 = newGame();
  const moving = play(newGame(), thrown('gae'));
  const cases: [string, typeof s0, unknown, RegExp][] = [
    ['a move before the throw', s0, moved(0, 'do'), /must throw the sticks first/],
    ['a throw while results wait', moving, thrown('do'), /must move first: gae still to use/],
    ['a result not in the list', moving, moved(0, 'do'), /has no do to use \(has gae\)/],
    ['a position without a piece', moving, moved(7, 'gae'), /has no piece at 7/],
    ['not a result', moving, moved(0, 'doo' as never), /"doo" is not a result/],
    ['not a position', moving, moved(-1, 'gae'), /-1 is not a position/],
    ['a fraction', moving, moved(1.5, 'gae'), /1.5 is not a position/],
    ['five sticks', s0, { type: 'yut/sticksThrown', sticks: [0, 0, 0, 0, 0] }, /four sticks/],
    ['sticks of 2', s0, { type: 'yut/sticksThrown', sticks: [0, 2, 0, 0] }, /four sticks/],
    [
      'an unknown event',
      s0,
      { type: 'yut/cheated' },
      /^The event "yut\/cheated" is not a Yut move: a Yut event is yut\/sticksThrown or yut\/pieceMoved\.$/,
    ],
    ['no type', s0, {}, /^An event with no type is not a Yut move: a Yut event is /],
    ['null', s0, null, /not a move/],
    ['a list', s0, [1, 2], /not a move/],
  ];
  for (const [name, state, event, reason] of cases) {
    it(name, () => {
      expect(check(state, event)).toMatch(reason);
      expect(reduce(state, event)).toBe(state);
    });
  }

  it('a piece in hand must exist to enter', () => {
    const s = play(
      newGame({ pieces: 1 }),
      thrown('gae'),
      moved(0, 'gae'),
      thrown('back-do'),
      thrown('gae'),
    );
    expect(check(s, moved(0, 'gae'))).toBe('Player 0 has no piece left in hand.');
  });
});

describe('setup and options', () => {
  it('starts everyone in hand with player 0 to throw', () => {
    expect(setup({ players: 3, pieces: 2 })).toEqual({
      rules: { players: 3, pieces: 2, animals: null, frontProbability: 0.5 },
      positions: [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      turn: 0,
      phase: 'throw',
      throwsOwed: 1,
      results: [],
      winner: null,
    });
  });

  it.each([
    [{ players: 1, pieces: 4 }, /players must be 2, 3 or 4/],
    [{ players: 2, pieces: 5 }, /pieces per player must be 1, 2, 3 or 4/],
    [{ players: 2, pieces: 4, animals: ['pig'] }, /exactly one animal/],
    [{ players: 2, pieces: 4, animals: ['pig', 'cat'] }, /pig, dog, sheep or cow/],
    [{ players: 2, pieces: 3, animals: ['pig', 'dog'] }, /every player has 4 pieces/],
    [{ players: 2, pieces: 4, frontProbability: 1 }, /between 0 and 1/],
    [
      { players: 2, pieces: 1, start: { positions: [[3], [3]], turn: 0 } },
      /cannot both stand at 3/,
    ],
    [{ players: 2, pieces: 1, start: { positions: [[100], [3]], turn: 0 } }, /already won/],
    [{ players: 2, pieces: 1, start: { positions: [[30], [3]], turn: 0 } }, /not a position/],
    [{ players: 2, pieces: 1, start: { positions: [[0], [3]], turn: 2 } }, /seat from 0 to 1/],
    [null, /missing/],
  ])('%j is refused', (options, reason) => {
    expect(checkOptions(options)).toMatch(reason);
    expect(() => setup(options as never)).toThrow(reason);
  });
});

describe('chance', () => {
  it('gives the six results with the probabilities of §2 for p = 0.5', () => {
    const outcomes = chance(newGame()) ?? [];
    expect(outcomes.map((o) => o.probability * 16)).toEqual([1, 3, 6, 4, 1, 1]);
  });

  it('sums to 1 for any p, and gives nothing while moves are due', () => {
    const outcomes = chance(newGame({ frontProbability: 0.3 })) ?? [];
    expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
    expect(chance(play(newGame(), thrown('do')))).toBeUndefined();
  });
});

describe('legalEvents', () => {
  it('lists each distinct result from each distinct stack, back-do never from hand', () => {
    let s = newGame({
      start: {
        positions: [
          [3, 3, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('yut'), thrown('yut'), thrown('back-do'));
    expect(legalEvents(s)).toEqual([moved(3, 'back-do'), moved(0, 'yut'), moved(3, 'yut')]);
  });
});

describe("the replay's move list: a move's line says whom it caught or what it stacked with", () => {
  it('a catch is on the move’s own line (the log gives it a line of its own)', () => {
    const events = [
      thrown('yut'),
      thrown('gae'),
      moved(0, 'gae'),
      moved(0, 'yut'),
      thrown('gae'),
      moved(0, 'gae'),
      thrown('do'),
      moved(0, 'do'),
      thrown('do'),
      moved(0, 'do'),
    ];
    const { moveLines } = timelineOf(yutCore as never, newGame(), events, ['Ann', 'Bo']);
    expect(moveLines.slice(0, 6)).toEqual([
      'Ann threw yut: throws again.',
      'Ann threw gae.',
      'Ann moved a new piece to 2 with gae.',
      'Ann moved a new piece to 4 with yut.',
      'Bo threw gae.',
      "Bo moved a new piece to 2 with gae, catching Ann's piece.",
    ]);
    // Bo's catch earned a throw: do, a new piece to 1; then Ann's do.
    expect(moveLines[7]).toBe('Bo moved a new piece to 1 with do.');
    expect(moveLines[9]).toBe("Ann moved a new piece to 1 with do, catching Bo's piece.");
  });

  it('a piece landing on its own side’s stacks them', () => {
    const events = [thrown('yut'), thrown('yut'), thrown('gae'), moved(0, 'yut'), moved(0, 'yut')];
    const { moveLines } = timelineOf(yutCore as never, newGame(), events, ['Ann', 'Bo']);
    expect(moveLines[3]).toBe('Ann moved a new piece to 4 with yut.');
    expect(moveLines[4]).toBe('Ann moved a new piece to 4 with yut, stacking: 2 move together.');
  });
});
