/**
 * The Yoté play screen as a pure model: keys to actions, a chained attack played with the
 * cursor, the marks the board shows at each step, refusals as notices, undo within an attack,
 * hints that put the cursor on the move, and the board's drawing.
 */
import { describe, expect, it } from 'vitest';
import type { Key } from '../../../source/ui/keys.js';
import { cellOf, setup } from '../../../source/games/yote/rules.js';
import { yoteBoardSegments } from '../../../source/games/yote/ui/YoteBoard.js';
import {
  newYotePlay,
  reduceYotePlay,
  stepWords,
  yoteKey,
  yoteMarks,
  type YotePlay,
} from '../../../source/games/yote/ui/play.js';
import { yoteCore } from '../../../source/games/yote/core.js';
import { atTable } from '../../support/at-table.js';
import { position } from '../../support/yote.js';

const seats = [
  { name: 'Ann', kind: 'human' as const },
  { name: 'Bob', kind: 'human' as const },
];

const { act, tell } = atTable(yoteCore, reduceYotePlay, (p: YotePlay) => p.seats);

/** Keys pressed as a person would: each mapped by the model's key function, then reduced (what it asks, sent to a table). */
function press(play: YotePlay, ...keys: Key[]): YotePlay {
  for (const key of keys) {
    const action = yoteKey(play, key);
    if (action) play = act(play, action);
  }
  return play;
}
const plain = (play: YotePlay) =>
  yoteBoardSegments(play.state, { cursor: play.cursor, marks: yoteMarks(play) })
    .map((line) => line.map((s) => s.text).join(''))
    .join('\n');

describe('the Yoté play screen model', () => {
  it('maps keys: arrows move the cursor, a letter and a digit jump to a cell', () => {
    const play = newYotePlay(setup({ quietTurns: 50 }), seats);
    expect(play.cursor).toBe(cellOf('C3'));
    expect(press(play, 'up').cursor).toBe(cellOf('C4'));
    expect(press(play, 'left', 'left', 'left').cursor).toBe(cellOf('F3'));
    expect(press(play, 'e', '5').cursor).toBe(cellOf('E5'));
    expect(yoteKey(play, 'h')).toEqual({ type: 'play/hintRequested' });
    expect(yoteKey(play, 'q')).toEqual({ type: 'play/overlayOpened', overlay: 'quit' });
    expect(yoteKey(play, 's')).toEqual({ type: 'cells/asked', event: { type: 'yote/stopped' } });
  });

  it('plays a chained attack with the cursor: choose, jump, take, jump again, take from the hand', () => {
    const s = position(['......', 'B.....', '......', 'B.....', 'W....B'], { hands: [5, 3] });
    let play = newYotePlay(s, seats);
    play = press(play, 'a', '1', 'enter');
    expect(play.chosen).toBe(cellOf('A1'));
    // The chosen piece shows where it can step and where it can land by jumping.
    expect(yoteMarks(play).get(cellOf('B1') as number)).toBe('step');
    expect(yoteMarks(play).get(cellOf('A3') as number)).toBe('land');
    expect(yoteMarks(play).get(cellOf('A2') as number)).toBe('victim');
    expect(stepWords(play)).toBe('A1: step to • or jump to ◎');
    // A piece with nothing to jump is only told where it steps.
    const alone = position(['......', '......', '......', '......', 'W.....'], { hands: [5, 3] });
    expect(stepWords(press(newYotePlay(alone, seats), 'a', '1', 'enter'))).toBe('A1: step to •');
    play = press(play, '3', 'enter');
    expect(play.events).toEqual([{ type: 'yote/jumped', from: 'A1', to: 'A3' }]);
    expect(stepWords(play)).toBe('take one more Black piece: Enter on it');
    expect(yoteMarks(play).get(cellOf('F1') as number)).toBe('take');
    // Enter on an empty cell is refused with the reason; the model stays in its step.
    play = press(play, 'c', '3', 'enter');
    expect(play.notice).toBe('There is no Black piece on C3 to take.');
    play = press(play, 'f', '1', 'enter');
    expect(play.state.step).toBe('again');
    expect(play.cursor).toBe(cellOf('A3'));
    expect(stepWords(play)).toBe('jump again with A3, or s to stop');
    play = press(play, '5', 'enter');
    expect(stepWords(play)).toBe('none on board: Enter takes from the hand');
    play = press(play, 'enter');
    expect(play.events.at(-1)).toEqual({ type: 'yote/removed', cell: 'hand' });
    expect(play.state.turn).toBe(1);
    expect(play.log.slice(-5)).toEqual([
      'Ann jumped from A1 to A3, taking the Black piece between.',
      'Ann took the Black piece on F1.',
      'Ann may jump again or stop.',
      'Ann jumped from A3 to A5, taking the Black piece between (the attack goes on).',
      'Ann took a Black piece from the hand.',
    ]);
  });

  it('undo takes back a step of the attack, and the step that ended the turn until the next player acts', () => {
    const s = position(['......', 'B.....', '......', 'B.....', 'W....B'], { hands: [5, 3] });
    let play = press(newYotePlay(s, seats), 'a', '1', 'enter', '3', 'enter', 'f', '1', 'enter');
    expect(play.events).toHaveLength(2);
    play = press(play, 'u');
    expect(play.events).toHaveLength(1);
    expect(play.state.step).toBe('remove');
    play = press(play, 'f', '1', 'enter', 's');
    expect(play.state.turn).toBe(1);
    const back = press(play, 'u');
    expect(back.state).toMatchObject({ turn: 0 });
    expect(back.events).toHaveLength(2);
    expect(back.log.at(-1)).toBe('Ann took back a step.');
    // Once Bob has placed, u takes back Bob's step, not Ann's.
    const bob = press(play, 'c', '3', 'enter', 'u');
    expect(bob.events).toHaveLength(3);
    expect(bob.log.at(-1)).toBe('Bob took back a step.');
  });

  it('against the computer, undo takes back the step with the computer’s reply', () => {
    const computer = newYotePlay(setup({ quietTurns: 50 }), [
      { name: 'Ann', kind: 'human' },
      { name: 'CPU 2', kind: 'computer', level: 'strong' },
    ]);
    const mine = press(computer, 'enter');
    expect(mine.state.turn).toBe(1);
    const replied = tell(mine, { type: 'yote/placed', cell: 'A1' });
    expect(replied.state.turn).toBe(0);
    const back = press(replied, 'u');
    expect(back.events).toEqual([]);
    expect(back.state).toEqual(computer.state);
    expect(back.log.at(-1)).toBe("Ann took back a step and CPU 2's reply.");
    expect(press(back, 'u').notice).toBe('Nothing of yours to take back yet.');
  });

  it('placing, choosing and dropping a piece, and refusals as notices', () => {
    let play = newYotePlay(setup({ quietTurns: 50 }), seats);
    play = press(play, 'enter');
    expect(play.events).toEqual([{ type: 'yote/placed', cell: 'C3' }]);
    // Black's turn begins on its first legal choice: placing on the first empty cell.
    expect(play.cursor).toBe(cellOf('A1'));
    play = press(play, 'c', '3', 'enter');
    expect(play.notice).toBe("C3 is White's: choose one of yours, or an empty cell to place on.");
    play = press(play, 'up', 'enter');
    expect(play.events.at(-1)).toEqual({ type: 'yote/placed', cell: 'C4' });
    play = press(play, 'c', '3', 'enter', 'x');
    expect(play.chosen).toBeNull();
    play = press(play, 'enter', 'f', '1', 'enter');
    expect(play.notice).toBe('C3 to F1 is not one step up, down, left or right.');
  });

  it('Esc with a piece chosen drops the piece; with none chosen it asks to quit', () => {
    let play = press(newYotePlay(setup({ quietTurns: 50 }), seats), 'enter', 'up', 'enter');
    play = press(play, 'c', '3', 'enter');
    expect(play.chosen).toBe(cellOf('C3'));
    play = press(play, 'escape');
    expect(play.overlay).toBeNull();
    expect(play.chosen).toBeNull();
    expect(press(play, 'escape').overlay).toBe('quit');
  });

  it('a hint puts the cursor on the move, so Enter plays it', () => {
    const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [5, 5] });
    let play = newYotePlay(s, seats);
    play = reduceYotePlay(play, {
      type: 'play/hintShown',
      event: { type: 'yote/jumped', from: 'C3', to: 'C1' },
      notice: 'Hint: jumps C2.',
    });
    expect(play.chosen).toBe(cellOf('C3'));
    expect(play.cursor).toBe(cellOf('C1'));
    play = press(play, 'enter');
    expect(play.events).toEqual([{ type: 'yote/jumped', from: 'C3', to: 'C1' }]);
  });

  it('a computer’s turn refuses the keys with a notice', () => {
    const play = newYotePlay(setup({ quietTurns: 50 }), [
      { name: 'Computer', kind: 'computer' as const, level: 'strong' as const },
      seats[1] as (typeof seats)[number],
    ]);
    expect(yoteKey(play, 'enter')).toEqual({
      type: 'play/noticeShown',
      notice: 'Computer is the computer: wait for its move.',
    });
  });

  it('draws the board with its coordinates, the cursor in brackets and the marks', () => {
    const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [5, 5] });
    const play = press(newYotePlay(s, seats), 'enter');
    expect(plain(play)).toBe(
      [
        '     A   B   C   D   E   F ',
        '   ┌───┬───┬───┬───┬───┬───┐',
        ' 5 │   │   │   │   │   │   │',
        '   ├───┼───┼───┼───┼───┼───┤',
        ' 4 │   │   │ • │   │   │   │',
        '   ├───┼───┼───┼───┼───┼───┤',
        ' 3 │   │ • │[○]│ • │   │   │',
        '   ├───┼───┼───┼───┼───┼───┤',
        ' 2 │   │   │ ● │   │   │   │',
        '   ├───┼───┼───┼───┼───┼───┤',
        ' 1 │   │   │ ◎ │   │   │   │',
        '   └───┴───┴───┴───┴───┴───┘',
      ].join('\n'),
    );
  });
});
