/**
 * A board of named squares (engine/grid.ts) and its cursor (ui/grid-cursor.ts), on boards of other
 * sizes than Yoté's, whose tests play them on its own.
 */
import { describe, expect, it } from 'vitest';
import { grid } from '../../source/engine/grid.js';
import { gridCursorKey } from '../../source/ui/grid-cursor.js';

describe('a grid of named squares', () => {
  const board = grid(3, 4);

  it('names its cells A1 at the bottom left, row by row, and reads them back in any case', () => {
    expect(board.names).toEqual([
      'A1',
      'B1',
      'C1',
      'D1',
      'A2',
      'B2',
      'C2',
      'D2',
      'A3',
      'B3',
      'C3',
      'D3',
    ]);
    for (const [cell, name] of board.names.entries()) {
      expect(board.cellOf(name)).toBe(cell);
      expect(board.cellOf(name.toLowerCase())).toBe(cell);
    }
    expect(board.cellOf('E1')).toBeUndefined();
    expect(board.cellOf('A4')).toBeUndefined();
    expect(board.cellOf(7)).toBeUndefined();
  });

  it('gives each cell its lines, up, down, right and left, with the cell beyond; off the board is −1', () => {
    const a1 = board.cellOf('A1') as number;
    expect(board.lines[a1]).toEqual([
      [board.cellOf('A2'), board.cellOf('A3')],
      [-1, -1],
      [board.cellOf('B1'), board.cellOf('C1')],
      [-1, -1],
    ]);
    // Each direction's opposite leads back.
    for (let cell = 0; cell < board.cells; cell++)
      board.lines[cell]?.forEach(([next], d) => {
        if (next >= 0) expect(board.lines[next]?.[d ^ 1]?.[0]).toBe(cell);
      });
    expect(board.between(a1, board.cellOf('C1') as number)).toBe(board.cellOf('B1'));
    expect(board.between(a1, board.cellOf('B2') as number)).toBeUndefined();
  });

  it('draws the top row first, its numbers lined up past row 9', () => {
    expect(board.text((cell) => (cell === 0 ? 'x' : '.'))).toBe(
      ['    A B C D', '  3 . . . .', '  2 . . . .', '  1 x . . .', ''].join('\n'),
    );
    const tall = grid(10, 2)
      .text(() => '.')
      .split('\n');
    expect(tall[0]).toBe('     A B');
    expect(tall[1]).toBe('  10 . .');
    expect(tall[10]).toBe('   1 . .');
  });

  it('moves a cursor by the arrows round the edges, and by a typed column or row', () => {
    const at = (name: string) => board.cellOf(name) as number;
    expect(gridCursorKey(board, at('A1'), 'up')).toBe(at('A2'));
    expect(gridCursorKey(board, at('A1'), 'down')).toBe(at('A3'));
    expect(gridCursorKey(board, at('A1'), 'left')).toBe(at('D1'));
    expect(gridCursorKey(board, at('D2'), 'right')).toBe(at('A2'));
    expect(gridCursorKey(board, at('A2'), 'c')).toBe(at('C2'));
    expect(gridCursorKey(board, at('C2'), '3')).toBe(at('C3'));
    // Past the board's columns and rows, and keys of other meanings, move nothing.
    for (const key of ['e', '4', '0', 'enter', 'escape'])
      expect(gridCursorKey(board, at('A1'), key)).toBeUndefined();
  });
});
