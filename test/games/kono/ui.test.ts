/**
 * The Kono play screen as a pure model: the board's drawing (the seed's joined points, doubled
 * letters, home points and their values, the cursor), choosing a piece and stepping with the
 * direction keys, the preview and its reason, refusals as notices, undo of a move with the
 * computer's reply, quitting a round with r r, hints, the computer's reason in the seed's
 * sentence, and the choices between rounds.
 */
import { describe, expect, it } from 'vitest';
import { konoGame, setup, withDefaults } from '../../../source/games/kono/rules.js';
import { konoBoardSegments } from '../../../source/games/kono/ui/board-layout.js';
import {
  type KonoAction,
  konoKey,
  konoMarks,
  type KonoPlay,
  newKonoPlay,
  previewWords,
  reduceKonoPlay,
  stepWords,
} from '../../../source/games/kono/ui/play.js';
import type { Seat } from '../../../source/engine/seats.js';
import type { Key } from '../../../source/ui/keys.js';
import { konoCore } from '../../../source/games/kono/core.js';
import { konoTakeBack } from '../../../source/games/kono/ui/play.js';
import { atTable } from '../../support/at-table.js';
import { deepFreeze } from '../../support/freeze.js';
import { position } from '../../support/kono.js';

const vsComputer: Seat[] = [
  { name: 'Ann', kind: 'human' },
  { name: 'Cal', kind: 'computer', level: 'strong' },
];
const hotSeat: Seat[] = [
  { name: 'Ann', kind: 'human' },
  { name: 'Bob', kind: 'human' },
];

const START_5 = ['W W W W W', 'W O O O W', 'O O O O O', 'B O O O B', 'B B B B B'];

// What the model asks goes to a table (with Kono's take-back rule); what it tells comes back.
const table = atTable(
  konoCore,
  (play: KonoPlay, action: KonoAction) => reduceKonoPlay(deepFreeze(play), action),
  (p: KonoPlay) => p.seats,
  konoTakeBack,
);

function press(play: KonoPlay, ...keys: Key[]): KonoPlay {
  for (const key of keys) {
    const action = konoKey(play, key);
    if (action) play = table.act(play, action);
  }
  return play;
}
const act = (play: KonoPlay, action: KonoAction) => table.act(play, action);
const plain = (play: KonoPlay, compact = false) =>
  konoBoardSegments(play.state, { cursor: play.cursor, marks: konoMarks(play), compact }).map(
    (line) =>
      line
        .map((s) => s.text)
        .join('')
        .trimEnd(),
  );

describe('the Kono board, drawn', () => {
  it('joins the points as the seed does, numbers rows and columns, and gives the back rows’ values', () => {
    const play = newKonoPlay(position(START_5), hotSeat);
    expect(plain(play)).toEqual([
      'N  3   1   5   1   3',
      ' 1 W ─ W ─ W ─ W ─ W',
      '   │   │   │   │   │',
      ' 2 W ─ + ─ + ─ + ─ W',
      '   │   │   │   │   │',
      ' 3 + ─ + ─[+]─ + ─ +',
      '   │   │   │   │   │',
      ' 4 B ─ + ─ + ─ + ─ B',
      '   │   │   │   │   │',
      ' 5 B ─ B ─ B ─ B ─ B',
      'S  3   1   5   1   3',
      'W  1   2   3   4   5  E',
    ]);
    // The 9 × 9 board's values, and its compact form for a short window.
    const nine = newKonoPlay(position(Array(9).fill('O O O O O O O O O')), hotSeat);
    expect(plain(nine)[0]).toBe('N  3   1   5   7   9   7   5   1   3');
    expect(plain(nine, true)).toHaveLength(9 + 3);
    expect(plain(nine)).toHaveLength(2 * 9 - 1 + 3);
  });

  it('draws a powered piece as a doubled letter, bold and underlined, and empty home points as ◇', () => {
    const state = position(['O O O O O', 'O O O O O', 'O O WW O O', 'O O O O O', 'B O O O O']);
    const play = { ...newKonoPlay(state, hotSeat), cursor: [3, 3] as const };
    const lines = plain(play);
    expect(lines[1]).toBe(' 1 ◇ ─ ◇ ─ ◇ ─ ◇ ─ ◇');
    // The cursor's closing bracket takes the join's place after a doubled letter.
    expect(lines[5]).toBe(' 3 + ─ + ─[WW] + ─ +');
    const segments = konoBoardSegments(state, {});
    const ww = segments[5]?.find((s) => s.text === 'WW');
    expect(ww?.style).toMatchObject({ bold: true, underline: true, seat: 3 });
    const b = segments[9]?.find((s) => s.text === 'B');
    expect(b?.style).toMatchObject({ bold: true, underline: false, seat: 1 });
  });
});

describe('the Kono play screen model', () => {
  it('chooses a piece with Enter, shows its steps by their keys, previews with a key and moves with it again', () => {
    let play = newKonoPlay(position(START_5), hotSeat);
    expect(play.cursor).toEqual([3, 3]);
    expect(stepWords(play)).toBe('the cursor on a W, then Enter');
    play = press(play, 'up', 'up', 'enter');
    expect(play.chosen).toEqual([1, 3]);
    expect(plain(play)[3]).toBe(' 2 W ─ 1 ─ + ─ 3 ─ W');
    play = press(play, '3');
    expect(play.preview).toBe('southeast');
    expect(stepWords(play)).toBe('3 again or Enter: southeast');
    expect(previewWords(play)).toMatch(/^\(1,3\) southeast to \(2,4\): to advance toward/);
    expect(play.events).toEqual([]);
    play = press(play, '3');
    expect(play.events).toEqual([
      { type: 'kono/moved', row: 1, column: 3, direction: 'southeast' },
    ]);
    // Black's turn begins on its first piece that can move (every game's rule for a new turn).
    const first = konoGame.legalEvents(play.state)[0];
    expect(first?.type === 'kono/moved' && [first.row, first.column]).toEqual([4, 1]);
    expect(play.cursor).toEqual([4, 1]);
    expect(play.state.turn).toBe(1);
    expect(play.chosen).toBeNull();
  });

  it('Esc with a piece chosen drops the piece; with none chosen it asks to quit', () => {
    let play = press(newKonoPlay(position(START_5), hotSeat), 'up', 'up', 'enter', '3');
    expect(play.chosen).toEqual([1, 3]);
    play = press(play, 'escape');
    expect(play.overlay).toBeNull();
    expect(play.chosen).toBeNull();
    expect(play.preview).toBeNull();
    expect(play.events).toEqual([]);
    expect(press(play, 'escape').overlay).toBe('quit');
  });

  it('the keypad’s corners without Num Lock (Home, PgUp, End, PgDn) are the same four directions', () => {
    const play = press(newKonoPlay(position(START_5), hotSeat), 'up', 'up', 'enter');
    expect(press(play, 'home').preview).toBe(null); // (1,3) northwest is off the board
    expect(press(play, 'home').notice).toMatch(/cannot move northwest: that is off the board/);
    expect(press(play, 'end').preview).toBe('southwest');
    expect(press(play, 'pagedown').preview).toBe('southeast');
    expect(press(play, 'end', 'enter').events).toHaveLength(1);
  });

  it('the cursor on one of the chosen piece’s landing points previews that step, and Enter makes it', () => {
    let play = press(newKonoPlay(position(START_5), hotSeat), 'up', 'up', 'enter');
    play = press(play, 'down', 'left');
    expect(play.cursor).toEqual([2, 2]);
    expect(play.preview).toBe('southwest');
    play = press(play, 'enter');
    expect(play.events).toEqual([
      { type: 'kono/moved', row: 1, column: 3, direction: 'southwest' },
    ]);
  });

  it('refuses with a reason: an empty point, the opponent’s piece, a direction without a piece', () => {
    const play = newKonoPlay(position(START_5), hotSeat);
    expect(press(play, 'enter').notice).toBe(
      '(3,3) is empty: put the cursor on one of your pieces (W) and press Enter.',
    );
    expect(press(play, 'down', 'down', 'enter').notice).toBe(
      "The piece at (5,3) is your opponent's: yours are W.",
    );
    expect(press(play, '9').notice).toBe(
      'First choose a piece: the cursor on one of yours (W), then Enter.',
    );
    // A piece that cannot step says so instead of being chosen.
    const boxed = position(['W O O O O', 'O B O O O', 'O O O O O', 'O O O O O', 'O O O O B']);
    const stuck = press({ ...newKonoPlay(boxed, hotSeat), cursor: [1, 1] }, 'enter');
    expect(stuck.chosen).toBeNull();
    expect(stuck.notice).toMatch(/\(1,1\) has no free point diagonally beside it/);
    // Nothing refused ever changes the game.
    expect(stuck.events).toEqual([]);
  });

  it('a capture is marked on the piece taken, and made with the direction key', () => {
    const state = position(['O O O O O', 'O O O O O', 'O O WW O O', 'O B O O O', 'B O O O O']);
    let play = press({ ...newKonoPlay(state, hotSeat), cursor: [3, 3] }, 'enter');
    expect(konoMarks(play).get('4,2')).toEqual({
      kind: 'move',
      direction: 'southwest',
      capture: true,
    });
    play = press(play, '1');
    expect(previewWords(play)).toBe('(3,3) southwest to (4,2): to capture the Bob piece at (4,2).');
    play = press(play, '1');
    expect(play.state.board[3]?.[1]).toBe('WW');
  });

  it('u takes back the player’s move with the computer’s reply after it, and says so', () => {
    let play = newKonoPlay(position(START_5), vsComputer);
    play = press(play, 'up', 'up', 'enter', '3', '3');
    play = table.tell(
      play,
      { type: 'kono/moved', row: 5, column: 3, direction: 'northwest' },
      'strong: …',
    );
    expect(play.events).toHaveLength(2);
    play = press(play, 'u');
    expect(play.events).toEqual([]);
    expect(play.state).toEqual(position(START_5));
    expect(play.cursor).toEqual([1, 3]);
    expect(play.log.at(-1)).toBe('Ann took back a move and the reply after it.');
    expect(press(play, 'u').notice).toBe('No move of yours in this round to take back.');
  });

  it('hot-seat: u takes back the last move only, whoever made it', () => {
    let play = newKonoPlay(position(START_5), hotSeat);
    play = press(play, 'up', 'up', 'enter', '3', '3');
    play = press({ ...play, cursor: [5, 3] }, 'enter', '7', '7');
    expect(play.events).toHaveLength(2);
    play = press(play, 'u');
    expect(play.events).toHaveLength(1);
    expect(play.log.at(-1)).toBe('Bob took back a move.');
  });

  it('u never reaches back past the start of the round', () => {
    // A round begun by the colour's choice: nothing before it is a move to take back.
    let play = newKonoPlay(setup(withDefaults({ asker: 0, size: 5 })), hotSeat);
    play = table.tell(play, {
      type: 'kono/diceThrown',
      dice: [
        [6, 6],
        [1, 1],
      ],
    });
    play = press(play, 'enter');
    expect(play.state.phase).toBe('play');
    expect(press(play, 'u').notice).toBe('No move of yours in this round to take back.');
  });

  it('r asks, and r again quits the round: scored as it stands, five points off', () => {
    let play = newKonoPlay(position(START_5), vsComputer);
    play = press(play, 'r');
    expect(play.resigning).toBe(true);
    expect(play.notice).toMatch(/Press r again to quit this round/);
    // Any other key calls it off.
    expect(press(play, 'left', 'r').events).toEqual([]);
    play = press(play, 'r');
    expect(play.events).toEqual([{ type: 'kono/quit' }]);
    expect(play.state.phase).toBe('roundOver');
    expect(play.state.results.at(-1)?.scores).toEqual([-5, 0]);
  });

  it('a hint chooses the piece and previews its step; the computer’s reason follows its move in the log', () => {
    let play = newKonoPlay(position(START_5), vsComputer);
    play = act(play, {
      type: 'play/hintShown',
      event: { type: 'kono/moved', row: 2, column: 1, direction: 'southeast' },
      notice: 'Hint: the piece at (2,1) southeast.',
    });
    expect([play.cursor, play.chosen, play.preview]).toEqual([[2, 1], [2, 1], 'southeast']);
    play = press(play, 'enter');
    expect(play.events).toHaveLength(1);
    const before = play.log.length;
    play = table.tell(
      play,
      { type: 'kono/moved', row: 4, column: 5, direction: 'northwest' },
      'strong: …',
    );
    expect(play.log.slice(before)).toEqual([
      'Cal moved the piece at (4,5) northwest to (3,4).',
      expect.stringMatching(/^ {2}It wanted to (advance|block|escape|capture)/),
    ]);
  });

  it('between rounds the choices are a list: ↑↓ and Enter choose the board', () => {
    let play = newKonoPlay(setup(withDefaults({ asker: 0, size: null })), hotSeat);
    expect(play.state.phase).toBe('size');
    play = press(play, 'down', 'down', 'enter');
    expect(play.events).toEqual([{ type: 'kono/sizeChosen', size: 9 }]);
    expect(play.state.size).toBe(9);
    expect(play.cursor).toEqual([5, 5]);
    // The computer's seat to act: keys are refused with a reason.
    const waiting = newKonoPlay(position(START_5, 1), vsComputer);
    expect(press(waiting, 'enter').notice).toBe('Cal is the computer: wait for its move.');
  });
});

describe('the Kono help page', () => {
  it('every key line fits the 80-column help page as written (76 inside its frame)', async () => {
    const { KONO_HELP } = await import('../../../source/games/kono/ui/play.js');
    const { displayWidth } = await import('../../../source/ui/text.js');
    expect(KONO_HELP.filter((line) => displayWidth(line) > 76)).toEqual([]);
  });
});
