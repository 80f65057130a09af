/**
 * The full-screen board as styled text, computed purely from the state and the move preview.
 * Stations sit on the 11×11 grid of rules/yut.md §1: grid column c at x = 4c (each station is
 * four characters wide), grid row r at y = 2r. Corners and the centre are drawn in [ ], the
 * other stations in ( ); a piece shows its seat letter and the size of its stack.
 */
import type { Segment, Style } from '../../../ui/Segments.js';
import { ARRIVED, CORNERS, COORDINATES, START_FINISH } from '../board.js';
import { occupant, type YutState } from '../rules.js';
import type { Preview } from './play.js';

export const BOARD_WIDTH = 44;
export const BOARD_HEIGHT = 22; // 21 rows of stations and lines, one for the start label

export const SEAT_LETTERS = ['R', 'B', 'G', 'Y'] as const;

export type { Segment, Style } from '../../../ui/Segments.js';

const LINE: Style = { dim: true };

/** The lines between stations: the four edges and the two diagonals. */
const LINES: readonly (readonly [number, number])[] = [
  [10, 9], [9, 8], [8, 7], [7, 6], [6, 5],
  [10, 11], [11, 12], [12, 13], [13, 14], [14, 15],
  [15, 16], [16, 17], [17, 18], [18, 19], [19, 29],
  [5, 4], [4, 3], [3, 2], [2, 1], [1, 29],
  [5, 20], [20, 21], [21, 22], [22, 23], [23, 24], [24, 15],
  [10, 25], [25, 26], [26, 22], [22, 27], [27, 28], [28, 29],
]; // prettier-ignore

function at(position: number): { x: number; y: number } {
  const [row, col] = COORDINATES[position] as readonly [number, number];
  return { x: col * 4, y: row * 2 };
}

/**
 * The first line out of each corner, in the direction pieces travel: where an arrow shows it
 * (start/finish 29 → 1 up the right side, then 5 → 6 along the top, and so on).
 */
const TRAVEL: readonly (readonly [number, number])[] = [
  [29, 1],
  [5, 6],
  [10, 11],
  [15, 16],
];

export interface BoardView {
  readonly preview?: Preview | undefined;
  readonly turn?: number | undefined;
  /** Every empty station shows its number (the log and hints speak of stations by number). */
  readonly numbers?: boolean | undefined;
}

type Grid = { chars: string[][]; styles: Style[][] };

const putter =
  ({ chars, styles }: Grid) =>
  (x: number, y: number, text: string, style: Style) => {
    for (let i = 0; i < text.length; i++) {
      const row = chars[y];
      if (row && x + i >= 0 && x + i < BOARD_WIDTH) {
        row[x + i] = text[i] as string;
        (styles[y] as Style[])[x + i] = style;
      }
    }
  };

/**
 * The boards last drawn, by what their stations show: a frame whose board did not change (a
 * throw, the other seat's screen, a table's spectators) is handed the very lines it had, which
 * the screen then passes over. Bounded; the lines are never changed once made.
 */
const drawn = new Map<string, Segment[][]>();

/** What the board shows, as a key: each station's stack, the preview, whose turn, the numbers. */
function boardKey(state: YutState, view: BoardView): string {
  let key = `${view.turn ?? state.turn}${view.numbers ? 'n' : ''}|`;
  for (let position = 1; position <= 29; position++) {
    const who = occupant(state, position);
    key += who ? `${who.seat}${who.size},` : ',';
  }
  const { preview } = view;
  if (preview)
    key += `|${preview.from}>${preview.to}:${preview.route.join('.')}:${preview.size}+${preview.joins?.size ?? 0}${preview.catches ? 'x' : ''}`;
  return key;
}

export function boardSegments(state: YutState, view: BoardView = {}): Segment[][] {
  const key = boardKey(state, view);
  let lines = drawn.get(key);
  if (lines === undefined) {
    lines = drawBoard(state, view);
    if (drawn.size >= 256) drawn.clear();
    drawn.set(key, lines);
  }
  return lines;
}

/** The lines between the stations and the arrows on them, the same on every board: drawn once. */
let lineGrid: Grid | undefined;
function boardLines(): Grid {
  if (lineGrid) return lineGrid;
  const grid: Grid = {
    chars: Array.from({ length: BOARD_HEIGHT }, () => Array<string>(BOARD_WIDTH).fill(' ')),
    styles: Array.from({ length: BOARD_HEIGHT }, () => Array<Style>(BOARD_WIDTH).fill({})),
  };
  const put = putter(grid);
  for (const [a, b] of LINES) {
    const p = at(a);
    const q = at(b);
    if (p.y === q.y) {
      for (let x = Math.min(p.x, q.x) + 4; x < Math.max(p.x, q.x); x++) put(x, p.y, '─', LINE);
      continue;
    }
    const [top, bottom] = p.y < q.y ? [p, q] : [q, p];
    const glyph = top.x === bottom.x ? '│' : top.x < bottom.x ? '╲' : '╱';
    for (let y = top.y + 1; y < bottom.y; y++) {
      const t = (y - top.y) / (bottom.y - top.y);
      const centre = top.x + 1.5 + t * (bottom.x - top.x);
      // Edges: the line runs down the token's inner column; diagonals: between the tokens.
      const x =
        glyph === '│'
          ? top.x + (top.x === 0 ? 1 : 2)
          : glyph === '╲'
            ? Math.floor(centre + 0.5)
            : Math.ceil(centre - 0.5);
      put(x, y, glyph, LINE);
    }
  }

  for (const [a, b] of TRAVEL) {
    const p = at(a);
    const q = at(b);
    if (p.y === q.y) {
      put(
        Math.floor((Math.min(p.x, q.x) + 4 + Math.max(p.x, q.x)) / 2),
        p.y,
        q.x < p.x ? '◂' : '▸',
        LINE,
      );
    } else {
      const x = p.x + (p.x === 0 ? 1 : 2);
      put(x, Math.floor((p.y + q.y) / 2), q.y < p.y ? '▴' : '▾', LINE);
    }
  }
  lineGrid = grid;
  return grid;
}

function drawBoard(state: YutState, view: BoardView): Segment[][] {
  const template = boardLines();
  const chars = template.chars.map((row) => row.slice());
  const styles = template.styles.map((row) => row.slice());
  const put = putter({ chars, styles });
  const { preview } = view;
  const turn = view.turn ?? state.turn;
  const passed = new Set(preview?.route.slice(0, -1) ?? []);
  for (let position = 1; position <= 29; position++) {
    const { x, y } = at(position);
    const corner = CORNERS.has(position) || position === 15 || position === START_FINISH;
    const [open, close] = corner ? ['[', ']'] : ['(', ')'];
    const who = occupant(state, position);
    const isFrom = preview !== undefined && preview.from === position;
    const isTo = preview?.to === position;
    let inner = view.numbers ? String(position).padStart(2) : '  ';
    let style: Style = corner ? { bold: true } : { dim: true };
    let bracket: Style = style;
    if (who) {
      inner = `${SEAT_LETTERS[who.seat]}${who.size}`;
      style = { seat: who.seat, bold: true };
      bracket = { seat: who.seat };
    }
    if (isFrom) {
      style = { ...style, inverse: true };
      bracket = { ...bracket, inverse: true };
    }
    if (isTo && preview) {
      // What will stand there: the moving stack (with the one it joins). A catch shows it in
      // inverse; the panel names who is caught.
      const size = preview.size + (preview.joins?.size ?? 0);
      inner = `${SEAT_LETTERS[turn]}${size}`;
      style = preview.catches
        ? { seat: turn, bold: true, inverse: true }
        : { seat: turn, bold: true, underline: true };
      put(x, y, '»', { seat: turn, bold: true });
      put(x + 1, y, inner, style);
      put(x + 3, y, '«', { seat: turn, bold: true });
      continue;
    }
    if (passed.has(position) && !who) {
      inner = '··';
      style = { seat: turn, bold: true };
    }
    put(x, y, open, bracket);
    put(x + 1, y, inner, style);
    put(x + 3, y, close, bracket);
  }

  const arriving = preview?.to === ARRIVED;
  const label = arriving ? `»${SEAT_LETTERS[turn]}${preview?.size} arrives ▲` : 'start/finish ▲';
  put(
    BOARD_WIDTH - label.length,
    BOARD_HEIGHT - 1,
    label,
    arriving ? { seat: turn, bold: true } : LINE,
  );

  return chars.map((row, y) => toSegments(row, styles[y] as Style[]));
}

/** Merge runs of characters that share a style (one segment a run, made once it ends). */
function toSegments(row: string[], styles: Style[]): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  for (let x = 1; x <= row.length; x++) {
    if (x < row.length && styles[x] === styles[from]) continue;
    segments.push({ text: row.slice(from, x).join(''), style: styles[from] as Style });
    from = x;
  }
  return segments;
}

/** The board as plain text (tests, and terminals without colour read the same letters). */
export function boardPlain(segments: Segment[][]): string[] {
  return segments.map((line) =>
    line
      .map((s) => s.text)
      .join('')
      .trimEnd(),
  );
}
