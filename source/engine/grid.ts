/**
 * A board of squares in rows and columns, its cells named by a column letter and a row number
 * (A1 at the bottom left, as Yoté's board and a chessboard name them): the names both ways, the
 * lines through each cell, and the board as a console draws it. A game on such a board takes
 * these from here and keeps only its own rules.
 */

export interface Grid {
  readonly rows: number;
  readonly columns: number;
  readonly cells: number;
  /** names[cell]: `A1` … (cell = row × columns + column, row 0 the bottom one). */
  readonly names: readonly string[];
  /** The cell a name stands for (case does not matter), or undefined. */
  readonly cellOf: (name: unknown) => number | undefined;
  readonly rowOf: (cell: number) => number;
  readonly columnOf: (cell: number) => number;
  /**
   * For each cell, the four orthogonal directions (up, down, right, left): the neighbour and the
   * cell beyond it, −1 off the board. They come in opposite pairs: `d ^ 1` is the way back.
   */
  readonly lines: readonly (readonly (readonly [number, number])[])[];
  /** The cell between two cells two apart in a line, or undefined. */
  readonly between: (from: number, to: number) => number | undefined;
  /** The board as text: the column letters above, each row with its number, the top row first. */
  readonly text: (glyph: (cell: number) => string) => string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

export function grid(rows: number, columns: number): Grid {
  const cells = rows * columns;
  const rowOf = (cell: number) => Math.floor(cell / columns);
  const columnOf = (cell: number) => cell % columns;
  const names = Array.from({ length: cells }, (_, i) => `${LETTERS[columnOf(i)]}${rowOf(i) + 1}`);
  const index = new Map(names.map((name, i) => [name, i]));
  const lines = names.map((_, cell) =>
    DIRECTIONS.map(([dr, dc]) => {
      const at = (k: number) => {
        const r = rowOf(cell) + dr * k;
        const c = columnOf(cell) + dc * k;
        return r >= 0 && r < rows && c >= 0 && c < columns ? r * columns + c : -1;
      };
      return [at(1), at(2)] as const;
    }),
  );
  return {
    rows,
    columns,
    cells,
    names,
    cellOf: (name) => (typeof name === 'string' ? index.get(name.toUpperCase()) : undefined),
    rowOf,
    columnOf,
    lines,
    between(from, to) {
      for (const [over, beyond] of lines[from] ?? []) if (beyond === to) return over;
      return undefined;
    },
    text(glyph) {
      const numbers = String(rows).length;
      const out = [`${' '.repeat(3 + numbers)}${LETTERS.slice(0, columns).split('').join(' ')}`];
      for (let row = rows - 1; row >= 0; row--) {
        const shown = Array.from({ length: columns }, (_, c) => glyph(row * columns + c));
        out.push(`  ${String(row + 1).padStart(numbers)} ${shown.join(' ')}`);
      }
      return `${out.join('\n')}\n`;
    },
  };
}
