/** Yoté positions for the tests, drawn as pictures. */
import { COLUMNS, EMPTY, ROWS, setup, type YoteState } from '../../source/games/yote/rules.js';
import { deepFreeze } from './freeze.js';

/**
 * A position from a picture, row 5 first (W White, B Black, . empty), with the hands; the lost
 * counts make each side's total twelve.
 */
export function position(
  rows: readonly string[],
  { turn = 0, hands = [0, 0] as [number, number], quietTurns = 50, quiet = 0 } = {},
): YoteState {
  const board = Array<number>(ROWS * COLUMNS).fill(EMPTY);
  rows.forEach((line, i) => {
    const row = ROWS - 1 - i;
    [...line.replace(/\s/g, '')].forEach((ch, column) => {
      board[row * COLUMNS + column] = ch === 'W' ? 0 : ch === 'B' ? 1 : EMPTY;
    });
  });
  const count = (c: number) => board.filter((x) => x === c).length;
  return deepFreeze({
    ...setup({ quietTurns }),
    board,
    hands,
    lost: [12 - count(0) - hands[0], 12 - count(1) - hands[1]] as [number, number],
    turn,
    quiet,
  });
}
