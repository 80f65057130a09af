/**
 * A cursor on a board of named squares (engine/grid.ts) moved by a key: the arrows go round the
 * board's edges (up is towards the higher rows, drawn at the top); a column letter or a row
 * number puts it on that column or row, so that `c` then `3` is C3.
 */
import type { Grid } from '../engine/grid.js';
import type { Key } from './keys.js';

/** Where the cursor goes for `key`, or undefined: not a key that moves it. */
export function gridCursorKey(board: Grid, cursor: number, key: Key): number | undefined {
  const { rows, columns } = board;
  const row = board.rowOf(cursor);
  const column = board.columnOf(cursor);
  const to = (r: number, c: number) => ((r + rows) % rows) * columns + ((c + columns) % columns);
  switch (key) {
    case 'up':
      return to(row + 1, column);
    case 'down':
      return to(row - 1, column);
    case 'left':
      return to(row, column - 1);
    case 'right':
      return to(row, column + 1);
  }
  if (key.length !== 1) return undefined;
  const letter = 'abcdefghijklmnopqrstuvwxyz'.indexOf(key.toLowerCase());
  if (letter >= 0 && letter < columns) return to(row, letter);
  return /^[1-9]$/.test(key) && Number(key) <= rows ? to(Number(key) - 1, column) : undefined;
}
