import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBoard, historicalSpec, parseBoard } from '../../../source/games/ur/board.js';

const external = (name: string) =>
  new URL(`../../../../shared/external/ur/${name}`, import.meta.url);
const hasShared = existsSync(external('original_board.ur'));

describe('the .ur board loader', () => {
  it('the built-in historical board: 14-square paths, five rosettes, four forbidden squares', () => {
    const loaded = checkBoard(historicalSpec(), 'historical');
    if (!loaded.ok) throw new Error(loaded.problem);
    const { board } = loaded;
    expect(board.paths[0]).toEqual([
      '3,0',
      '2,0',
      '1,0',
      '0,0',
      '0,1',
      '1,1',
      '2,1',
      '3,1',
      '4,1',
      '5,1',
      '6,1',
      '7,1',
      '7,0',
      '6,0',
    ]);
    expect(board.paths[1]).toEqual([
      '3,2',
      '2,2',
      '1,2',
      '0,2',
      '0,1',
      '1,1',
      '2,1',
      '3,1',
      '4,1',
      '5,1',
      '6,1',
      '7,1',
      '7,2',
      '6,2',
    ]);
    expect([...board.rosettes].sort()).toEqual(['0,0', '0,2', '3,1', '7,0', '7,2']);
    expect([...board.forbidden].sort()).toEqual(['4,0', '4,2', '5,0', '5,2']);
  });

  it.runIf(hasShared)('is the same board as the assignment’s original_board.ur', () => {
    expect(historicalSpec()).toEqual(
      JSON.parse(readFileSync(external('original_board.ur'), 'utf8')),
    );
  });

  it.runIf(hasShared)(
    'loads two_lines.ur, which has no exit flags: the lanes’ last squares are the exits',
    () => {
      const loaded = parseBoard(readFileSync(external('two_lines.ur'), 'utf8'), 'two_lines.ur');
      if (!loaded.ok) throw new Error(loaded.problem);
      expect(loaded.board.paths[0]).toEqual([
        '0,0',
        '1,0',
        '2,0',
        '3,0',
        '4,0',
        '5,0',
        '6,0',
        '7,0',
      ]);
      expect(loaded.board.paths[1]).toEqual([
        '0,2',
        '1,2',
        '2,2',
        '3,2',
        '4,2',
        '5,2',
        '6,2',
        '7,2',
      ]);
      expect(loaded.board.rosettes.size).toBe(0);
    },
  );

  const base = () => JSON.parse(JSON.stringify(historicalSpec()));
  // The cases edit a copy of the board's JSON freely, as a broken file would be.
  type Square = Record<string, unknown>;
  const at = (b: Square[][], r: number, c: number) => (b[r] as Square[])[c] as Square;
  const cases: [string, (b: Square[][]) => unknown, string][] = [
    ['not JSON', () => '{', 'b.ur: not JSON'],
    ['not a list', () => ({}), 'b.ur: the board: it must be a list of rows of squares'],
    [
      'a ragged row',
      (b) => ((b[2] as Square[]).pop(), b),
      'b.ur: row 2: every row must have 3 squares (the board is rectangular)',
    ],
    [
      'a square that is not an object',
      (b) => (((b[1] as unknown[])[1] = 7), b),
      'b.ur: square [1, 1]: a square must be an object',
    ],
    [
      'a wrong position',
      (b) => ((at(b, 1, 1).position = [1, 2]), b),
      'b.ur: square [1, 1]: its "position" must be [1, 1]',
    ],
    [
      'a bad link',
      (b) => ((at(b, 1, 1).next_white = 'up'), b),
      'b.ur: square [1, 1]: "next_white" must be [row, col] or null',
    ],
    [
      'a bad flag',
      (b) => ((at(b, 0, 0).exit = 'Red'), b),
      'b.ur: square [0, 0]: "exit" must be "", "White" or "Black"',
    ],
    [
      'a rosette that is not a boolean',
      (b) => ((at(b, 0, 0).rosette = 'yes'), b),
      'b.ur: square [0, 0]: "rosette" and "forbidden" must be true or false',
    ],
    [
      'no entrance',
      (b) => ((at(b, 3, 0).entrance = ''), b),
      'b.ur: the board: it must have exactly one entrance for White (it has 0)',
    ],
    [
      'two entrances',
      (b) => ((at(b, 2, 2).entrance = 'Black'), b),
      'b.ur: the board: it must have exactly one entrance for Black (it has 2)',
    ],
    [
      'a link off the board',
      (b) => ((at(b, 7, 1).next_white = [8, 1]), b),
      "b.ur: square [7, 1]: White's next square [8, 1] is off the board",
    ],
    [
      'a link into a forbidden square',
      (b) => ((at(b, 3, 0).next_white = [4, 0]), b),
      "b.ur: square [3, 0]: White's next square [4, 0] is forbidden",
    ],
    [
      'a loop',
      (b) => ((at(b, 7, 0).next_white = [3, 0]), b),
      "b.ur: square [3, 0]: White's path loops back here",
    ],
    [
      'a forbidden entrance',
      (b) => ((at(b, 3, 2).forbidden = true), b),
      "b.ur: square [3, 2]: Black's entrance is forbidden",
    ],
  ];
  for (const [name, change, problem] of cases) {
    it(`refuses ${name}, naming the file and the square`, () => {
      const value = change(base());
      const loaded =
        typeof value === 'string' ? parseBoard(value, 'b.ur') : checkBoard(value, 'b.ur');
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.problem.startsWith(problem)).toBe(true);
    });
  }
});
