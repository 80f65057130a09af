/**
 * The Kono board as styled text, drawn the way the seed draws it: points joined by lines, rows
 * numbered down the West side and columns along the bottom, N at the top and S below. White's
 * pieces W in White's colour, Black's B in Black's; a piece with the power to capture is a
 * doubled letter (WW, BB) in bold and underlined. Empty home points are ◇ in their owner's
 * colour, and the back rows' values stand beside N and S, over the points they belong to.
 * The cursor is in brackets; the chosen piece's moves are shown by their direction keys.
 */
import type { Segment, Style } from '../../../ui/Segments.js';
import {
  at,
  BACK_ROW,
  type Colour,
  colourOfPoint,
  type Direction,
  isHome,
  type KonoState,
  powered,
  type Size,
} from '../rules.js';

/** White in the Ur and Yoté White (seat colour 3), Black in their Black (1); letters set them apart. */
export const COLOUR_SEAT: Readonly<Record<Colour, number>> = { white: 3, black: 1 };
const RED = 0;
const GREEN = 2;
const CURSOR = 5;
const DIM: Style = { dim: true };

/** The keys of the four directions: the numeric keypad's corners, as the compass shows them. */
export const DIRECTION_KEYS: Readonly<Record<Direction, string>> = {
  northwest: '7',
  northeast: '9',
  southwest: '1',
  southeast: '3',
};

/** What a point shows besides its piece. */
export type Mark =
  | { readonly kind: 'chosen' }
  /** Where the chosen piece can step, by its key; `capture` when a piece stands there. */
  | { readonly kind: 'move'; readonly direction: Direction; readonly capture: boolean }
  /** The move being previewed (its key pressed once). */
  | { readonly kind: 'preview'; readonly direction: Direction; readonly capture: boolean }
  /** The last move: where it came from, and where it went. */
  | { readonly kind: 'from' }
  | { readonly kind: 'to' };

export const pointKey = (row: number, column: number) => `${row},${column}`;

export interface BoardView {
  readonly cursor?: readonly [number, number] | undefined;
  readonly marks?: ReadonlyMap<string, Mark> | undefined;
  /** Without the rows of │ between the points: for a 9 × 9 board in a short window. */
  readonly compact?: boolean | undefined;
}

/** Columns a board of this size takes (the cursor's closing bracket after a doubled letter included). */
export const boardWidth = (size: number) => 4 * size + 3;
/** Rows it takes: the N and S lines, the points, the joins between them, the column numbers. */
export const boardHeight = (size: number, compact: boolean) => (compact ? size : 2 * size - 1) + 3;

/** The text column (from 0) a point's letter stands in: two for the row number, then 4 a point. */
const letterColumn = (column: number) => 4 * column - 1;

function edgeLine(label: string, size: number, home: Colour): Segment[] {
  const values = BACK_ROW[size as Size] ?? [];
  let text = label.padEnd(letterColumn(1));
  const line: Segment[] = [{ text, style: DIM }];
  values.forEach((value, i) => {
    const gap = letterColumn(i + 1) - text.length;
    line.push({ text: ' '.repeat(Math.max(0, gap)), style: {} });
    line.push({ text: String(value), style: { seat: COLOUR_SEAT[home], dim: true } });
    text += ' '.repeat(Math.max(0, gap)) + String(value);
  });
  return line;
}

function pointText(state: KonoState, row: number, column: number, mark: Mark | undefined): Segment {
  const point = at(state, row, column) ?? 'O';
  const colour = colourOfPoint(point);
  if (colour !== null) {
    const hot = mark?.kind === 'move' || mark?.kind === 'preview';
    return {
      text: point,
      style: {
        seat: hot ? RED : COLOUR_SEAT[colour],
        bold: true,
        underline: powered(point) || mark?.kind === 'to',
        inverse: mark?.kind === 'chosen' || mark?.kind === 'preview',
      },
    };
  }
  if (mark?.kind === 'move' || mark?.kind === 'preview')
    return {
      text: DIRECTION_KEYS[mark.direction],
      style: {
        seat: mark.kind === 'preview' ? CURSOR : GREEN,
        bold: true,
        inverse: mark.kind === 'preview',
      },
    };
  if (mark?.kind === 'from') return { text: '·', style: {} };
  for (const owner of ['white', 'black'] as const)
    if (isHome(state.size, owner, row, column))
      return { text: '◇', style: { seat: COLOUR_SEAT[owner], dim: true } };
  return { text: '+', style: DIM };
}

export function konoBoardSegments(state: KonoState, view: BoardView = {}): Segment[][] {
  const n = state.size;
  const { cursor, marks, compact = false } = view;
  const bracket: Style = { seat: CURSOR, bold: true };
  const lines: Segment[][] = [edgeLine('N', n, 'white')];
  for (let row = 1; row <= n; row++) {
    const line: Segment[] = [{ text: String(row).padStart(2), style: DIM }];
    for (let column = 1; column <= n; column++) {
      const here = cursor?.[0] === row && cursor?.[1] === column;
      const piece = pointText(state, row, column, marks?.get(pointKey(row, column)));
      line.push(here ? { text: '[', style: bracket } : { text: ' ', style: {} }, piece);
      // A doubled letter takes the space after it; the bracket then takes the join's place.
      const close = here ? { text: ']', style: bracket } : null;
      const join = column < n ? { text: '─', style: DIM } : null;
      if (piece.text.length === 1) line.push(close ?? { text: ' ', style: {} });
      else if (close) {
        line.push(close);
        continue;
      }
      if (join) line.push(join);
    }
    lines.push(line);
    if (row < n && !compact)
      lines.push([
        {
          text: '   │'.repeat(n),
          style: DIM,
        },
      ]);
  }
  lines.push(edgeLine('S', n, 'black'));
  let numbers = 'W';
  for (let column = 1; column <= n; column++)
    numbers = numbers.padEnd(letterColumn(column)) + String(column);
  lines.push([{ text: `${numbers}  E`, style: DIM }]);
  return lines;
}
