import { describe, expect, it } from 'vitest';
import { setup } from '../../../source/games/ur/rules.js';
import {
  newUrPlay,
  reduceUrPlay,
  type UrAction,
  urKey,
  urPreview,
} from '../../../source/games/ur/ui/play.js';
import { placeWords } from '../../../source/games/ur/describe.js';
import { plainBoard, urBoardSegments } from '../../../source/games/ur/ui/board-layout.js';
import { urCore } from '../../../source/games/ur/core.js';
import type { UrEvent } from '../../../source/games/ur/rules.js';
import { atTable } from '../../support/at-table.js';
import { moved, placed, rolled } from '../../support/ur.js';

const seats = [
  { name: 'Eric', kind: 'human' as const },
  { name: 'James', kind: 'human' as const },
];
type UrPlay = ReturnType<typeof newUrPlay>;
const { act, tell } = atTable(urCore, reduceUrPlay, (p: UrPlay) => p.seats);
/** Each in turn: a game event as the table told it (a roll, the other's move), else the model's action. */
const run = (play: UrPlay, ...actions: (UrAction | UrEvent)[]) =>
  actions.reduce(
    (p, action) =>
      action.type.startsWith('ur/') ? tell(p, action as UrEvent) : act(p, action as UrAction),
    play,
  );

describe('the Ur play screen model', () => {
  it('maps keys to actions', () => {
    const play = newUrPlay(setup(), seats);
    expect(urKey(play, 'space')).toEqual({ type: 'play/chanceRequested' });
    expect(urKey(play, 'right')).toEqual({ type: 'urPlay/stoneChosen', delta: 1 });
    expect(urKey(play, 'enter')).toEqual({ type: 'urPlay/moveRequested' });
    // A number chooses a stone; only Enter moves it.
    expect(urKey(play, '3')).toEqual({ type: 'urPlay/stonePicked', stone: 2 });
    expect(urKey(play, '0')).toBeUndefined();
    expect(urKey(play, 'u')).toEqual({ type: 'urPlay/undoRequested' });
    expect(urKey(play, 'h')).toEqual({ type: 'play/hintRequested' });
    expect(urKey(play, 'q')).toEqual({ type: 'play/overlayOpened', overlay: 'quit' });
  });

  it('a number chooses its stone and previews it; nothing moves until Enter', () => {
    const rolledPlay = run(newUrPlay(placed(setup(), [5, 2], [], 0), seats), rolled(1));
    const picked = run(rolledPlay, { type: 'urPlay/stonePicked', stone: 1 });
    expect(picked.stone).toBe(1);
    expect(picked.events).toEqual(rolledPlay.events);
    expect(urPreview(picked.state, picked.stone)).toMatchObject({ to: 3 });
    // Any stone off the board stands for them all.
    const off = run(rolledPlay, { type: 'urPlay/stonePicked', stone: 6 });
    expect(off.stone).toBe(2);
    const moved = run(picked, { type: 'urPlay/moveRequested' });
    expect(moved.events.length).toBe(rolledPlay.events.length + 1);
    expect(run(newUrPlay(setup(), seats), { type: 'urPlay/stonePicked', stone: 0 }).notice).toBe(
      'Roll first (Space); then choose W1.',
    );
  });

  it('previews the landing square, a capture, and a rosette’s extra roll', () => {
    const state = run(newUrPlay(placed(setup(), [5], [6], 0), seats), rolled(2)).state;
    expect(urPreview(state, 0)).toMatchObject({
      to: 7,
      square: '3,1',
      rosette: true,
      captures: undefined,
    });
    const capture = run(newUrPlay(placed(setup(), [5], [6], 0), seats), rolled(1)).state;
    expect(urPreview(capture, 0)).toMatchObject({ to: 6, captures: 0 });
    const refused = run(newUrPlay(placed(setup(), [5], [7], 0), seats), rolled(2)).state;
    expect(urPreview(refused, 0)?.problem).toBe(
      'That stone cannot capture on a rosette: a stone there is safe.',
    );
  });

  it('logs what happened and takes back a move, also one that ended the turn until the next roll', () => {
    let play = run(newUrPlay(setup(), seats), rolled(4), { type: 'urPlay/moveRequested' });
    expect(play.log.slice(-2)).toEqual([
      'Eric moved W1 from off the board to square 4, a rosette.',
      'W1 landed on a rosette: Eric rolls again.',
    ]);
    play = run(play, { type: 'urPlay/undoRequested' });
    expect(play.state.stones[0][0]).toBe(-1);
    expect(play.state.phase).toBe('move');
    play = run(play, moved(0), rolled(1), moved(0));
    // Hot-seat: the move that ended Eric's turn is his again until James rolls.
    expect(play.state.turn).toBe(1);
    const back = run(play, { type: 'urPlay/undoRequested' });
    expect(back.state).toMatchObject({ turn: 0, phase: 'move' });
    expect(back.log.at(-1)).toBe('Eric took back the move of W1.');
    expect(run(play, rolled(2), { type: 'urPlay/undoRequested' }).notice).toBe(
      'Nothing to take back: a roll is never taken back.',
    );
  });

  it('against the computer: the move is taken back with the computer’s reply, its rolls too', () => {
    const computer = newUrPlay(setup(), [
      { name: 'Eric', kind: 'human' },
      { name: 'CPU 2', kind: 'computer', level: 'strong' },
    ]);
    const mine = run(computer, rolled(1), { type: 'urPlay/moveRequested' });
    expect(mine.state.turn).toBe(1);
    expect(urKey(mine, 'u')).toEqual({ type: 'urPlay/undoRequested' });
    const replied = run(mine, rolled(2), moved(0));
    expect(replied.state.turn).toBe(0);
    const back = run(replied, { type: 'urPlay/undoRequested' });
    expect(back.events).toEqual(mine.events.slice(0, 1));
    expect(back.state).toEqual(run(computer, rolled(1)).state);
    expect(back.lastDice?.colour).toBe(0);
    expect(back.log.at(-1)).toBe("Eric took back the move of W1 and CPU 2's reply.");
    expect(run(back, { type: 'urPlay/undoRequested' }).notice).toBe(
      'Nothing to take back: a roll is never taken back.',
    );
  });

  it('draws the board from its file: forbidden squares empty, rosettes starred, arrows for both paths', () => {
    const lines = plainBoard(urBoardSegments(placed(setup(), [3], [7], 0)));
    expect(lines[0]).toBe('[* W1 *]→ [      ] ←[*    *]');
    expect(lines[1]).toBe('   ↑         ↓↓         ↑');
    expect(lines[6]).toBe('[      ]  [* B1 *]  [      ]');
    expect(lines[8]).toBe('          [      ]');
    expect(lines[14]).toBe('[*    *]← [      ] →[*    *]');
  });

  it('n numbers the squares of the path of the player to move, as the log and panel name them', () => {
    const state = placed(setup(), [3], [7], 0);
    const white = plainBoard(urBoardSegments(state, undefined, undefined, 0));
    // White enters at its square 1 (bottom left, going up); a stone's square shows the stone.
    expect(white[6]).toBe('[   1  ]  [* B1 *]  [      ]');
    expect(white[0]).toBe('[* W1 *]→ [   5  ] ←[*    *]');
    expect(white[14]).toBe('[* 13 *]← [  12  ] →[*    *]');
    expect(white[12]).toBe('[  14  ]  [  11  ]  [      ]');
    // Black's path is its own mirror: its square 1 is bottom right.
    const black = plainBoard(urBoardSegments(state, undefined, undefined, 1));
    expect(black[6]).toBe('[      ]  [* B1 *]  [   1  ]');
    expect(black[0]).toBe('[* W1 *]→ [   5  ] ←[*  4 *]');
    expect([
      'square 1',
      'square 4, a rosette',
      'square 8, the central rosette',
      'square 14',
    ]).toEqual([0, 3, 7, 13].map((place) => placeWords(state, 0, place)));
    // The key toggles it, also while the computer is to move.
    let play = newUrPlay(state, [
      { name: 'Eric', kind: 'human' },
      { name: 'Computer', kind: 'computer', level: 'strong' },
    ]);
    expect(urKey(play, 'n')).toEqual({ type: 'urPlay/numbersToggled' });
    play = run(play, { type: 'urPlay/numbersToggled' });
    expect(play.numbers).toBe(true);
    expect(run(play, { type: 'urPlay/numbersToggled' }).numbers).toBe(false);
  });
});

describe('fewer stones', () => {
  it('a number past the stones says there is no such stone', () => {
    const play = run(newUrPlay(setup({ stones: 3 }), seats), rolled(2));
    const picked = run(play, { type: 'urPlay/stonePicked', stone: 5 });
    expect(picked.notice).toBe('There is no W6: each side plays 3 stones.');
    expect(picked.stone).toBe(play.stone);
  });
});
