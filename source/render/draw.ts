/**
 * A laid-out tree drawn into rows of cells, as Ink draws it: boxes' borders, texts at their
 * place (wrapped or cut where they do not fit), what overflows a hidden-overflow box clipped.
 */
import Yoga from 'yoga-layout';
import { BLANK, type Cell, colourCode, isSecond, PLAIN, secondOf, type Style } from './cells.js';
import {
  type BoxNode,
  type Child,
  type RootNode,
  runsOf,
  ownStyle,
  type TextNode,
} from './nodes.js';
import { textCells } from './text.js';

interface Clip {
  readonly x1: number | undefined;
  readonly x2: number | undefined;
  readonly y1: number | undefined;
  readonly y2: number | undefined;
}

const tighter = (
  a: number | undefined,
  b: number | undefined,
  pick: (a: number, b: number) => number,
) => (a === undefined ? b : b === undefined ? a : pick(a, b));

const within = (outer: Clip | undefined, inner: Clip): Clip =>
  outer === undefined
    ? inner
    : {
        x1: tighter(outer.x1, inner.x1, Math.max),
        x2: tighter(outer.x2, inner.x2, Math.min),
        y1: tighter(outer.y1, inner.y1, Math.max),
        y2: tighter(outer.y2, inner.y2, Math.min),
      };

/** The frame: `columns` wide, as high as the tree. */
export function layOut(root: RootNode, columns: number): void {
  if (root.columns !== columns) root.yoga.setWidth(columns);
  root.columns = columns;
  root.yoga.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);
}

export function draw(root: RootNode): Cell[][] {
  const layout = root.yoga.getComputedLayout();
  const width = Math.max(0, Math.round(layout.width));
  const height = Math.max(0, Math.round(layout.height));
  const rows: Cell[][] = [];
  for (let y = 0; y < height; y++) rows.push(new Array<Cell>(width).fill(BLANK));
  for (const child of root.children) drawNode(child, rows, width, 0, 0, undefined);
  return rows;
}

function drawNode(
  node: Child,
  rows: Cell[][],
  width: number,
  offsetX: number,
  offsetY: number,
  clip: Clip | undefined,
): void {
  // Not drawn where Yoga displays it not (nodes.ts setHidden and the display prop set it so):
  // known without asking Yoga, each call into its WebAssembly a cost on every node of a frame.
  if (node.hidden || (node.kind === 'box' && node.props.display === 'none')) return;
  // The node's place and size in one call, not four.
  const layout = node.yoga.getComputedLayout();
  const x = offsetX + layout.left;
  const y = offsetY + layout.top;
  // A text has no padding nor border (Ink's Text takes none): its width is its room.
  if (node.kind === 'text') return drawText(node, rows, width, x, y, layout.width, clip);
  drawBorder(node, rows, width, x, y, layout.width, layout.height, clip);
  const overflowX = node.props.overflowX ?? node.props.overflow;
  const overflowY = node.props.overflowY ?? node.props.overflow;
  let inner = clip;
  if (overflowX === 'hidden' || overflowY === 'hidden') {
    const h = overflowX === 'hidden';
    const v = overflowY === 'hidden';
    const { props } = node;
    // The border's widths, as nodes.ts gives them to Yoga.
    const edge = (side: unknown) => (props.borderStyle && side !== false ? 1 : 0);
    inner = within(clip, {
      x1: h ? x + edge(props.borderLeft) : undefined,
      x2: h ? x + layout.width - edge(props.borderRight) : undefined,
      y1: v ? y + edge(props.borderTop) : undefined,
      y2: v ? y + layout.height - edge(props.borderBottom) : undefined,
    });
  }
  for (const child of node.children) drawNode(child, rows, width, x, y, inner);
}

function drawText(
  node: TextNode,
  rows: Cell[][],
  width: number,
  x: number,
  y: number,
  maxWidth: number,
  clip: Clip | undefined,
): void {
  const runs = runsOf(node);
  if (runs.runs.length === 0) return;
  const own = ownStyle(node);
  const { lines } = textCells(
    runs,
    runs.width > maxWidth ? maxWidth : runs.width,
    node.props.wrap ?? 'wrap',
    own,
  );
  write(rows, width, x, y, lines, clip);
}

const lineWidth = (line: readonly Cell[]) => {
  let sum = 0;
  for (const cell of line) sum += cell.width;
  return sum;
};

/** Lines of cells at (x, y), within the clip (Ink's Output.write and its clipping). */
function write(
  rows: Cell[][],
  width: number,
  x: number,
  y: number,
  lines: readonly (readonly Cell[])[],
  clip: Clip | undefined,
): void {
  let shown = lines;
  if (clip) {
    if (
      (clip.x1 !== undefined && clip.x2 !== undefined && clip.x1 >= clip.x2) ||
      (clip.y1 !== undefined && clip.y2 !== undefined && clip.y1 >= clip.y2)
    )
      return;
    const horizontal = clip.x1 !== undefined && clip.x2 !== undefined;
    const vertical = clip.y1 !== undefined && clip.y2 !== undefined;
    if (horizontal) {
      const widest = shown.reduce((w, line) => Math.max(w, lineWidth(line)), 0);
      if (x + widest < (clip.x1 as number) || x > (clip.x2 as number)) return;
    }
    if (vertical && (y + shown.length < (clip.y1 as number) || y > (clip.y2 as number))) return;
    if (horizontal) {
      const x1 = clip.x1 as number;
      const x2 = clip.x2 as number;
      shown = shown.map((line) => {
        const from = x < x1 ? x1 - x : 0;
        const w = lineWidth(line);
        const to = x + w > x2 ? x2 - x : w;
        return columnsOf(line, from, to);
      });
      if (x < x1) x = x1;
    }
    if (vertical) {
      const y1 = clip.y1 as number;
      const y2 = clip.y2 as number;
      const from = y < y1 ? y1 - y : 0;
      const to = y + shown.length > y2 ? y2 - y : shown.length;
      shown = shown.slice(from, to);
      if (y < y1) y = y1;
    }
  }
  for (let index = 0; index < shown.length; index++) {
    const row = rows[y + index];
    const line = shown[index] as readonly Cell[];
    if (!row || line.length === 0) continue;
    let at = x;
    // A write that lands on the second column of a wide character blanks that character.
    if (at > 0 && isSecond(row[at])) row[at - 1] = blankOf(row[at - 1] as Cell);
    // Past the frame's width a row grows, as Ink's does (what is past it is left to the terminal).
    for (const cell of line) {
      if (at >= 0) row[at] = cell;
      for (let k = 1; k < cell.width; k++)
        if (at + k >= 0) row[at + k] = at < 0 ? blankOf(cell) : secondOf(cell.style);
      at += Math.max(1, cell.width);
    }
    if (at >= 0 && isSecond(row[at])) row[at] = blankOf(row[at] as Cell);
  }
}

const blankOf = (cell: Cell): Cell =>
  cell.style === PLAIN ? BLANK : { text: ' ', style: cell.style, width: 1 };

/** The cells of a line from column `from` to `to`; a wide character cut in two is a space. */
function columnsOf(line: readonly Cell[], from: number, to: number): Cell[] {
  if (from >= to) return [];
  const out: Cell[] = [];
  let column = 0;
  for (const cell of line) {
    const start = column;
    column += cell.width;
    if (column <= from) continue;
    if (start >= to) break;
    out.push(cell.width > 1 && (start < from || column > to) ? blankOf(cell) : cell);
  }
  return out;
}

const borderStyles = new Map<string, Style>();
function borderStyle(fg: number, dim: boolean): Style {
  const key = `${fg}${dim ? 'd' : ''}`;
  let style = borderStyles.get(key);
  if (!style) borderStyles.set(key, (style = Object.freeze({ ...PLAIN, fg, dim })));
  return style;
}

/** A border's cells: one object a character and style, frame after frame (so a row is known unchanged). */
const borders = new Map<string, Map<Style, Cell>>();
function borderCell(text: string, style: Style): Cell {
  let byStyle = borders.get(text);
  if (!byStyle) borders.set(text, (byStyle = new Map()));
  let cell = byStyle.get(style);
  if (!cell) byStyle.set(style, (cell = Object.freeze({ text, style, width: 1 })));
  return cell;
}

const BOXES: Record<string, readonly string[]> = {
  // top-left, top, top-right, right, bottom-right, bottom, bottom-left, left (cli-boxes)
  single: ['┌', '─', '┐', '│', '┘', '─', '└', '│'],
  double: ['╔', '═', '╗', '║', '╝', '═', '╚', '║'],
  round: ['╭', '─', '╮', '│', '╯', '─', '╰', '│'],
  bold: ['┏', '━', '┓', '┃', '┛', '━', '┗', '┃'],
  singleDouble: ['╓', '─', '╖', '║', '╜', '─', '╙', '║'],
  doubleSingle: ['╒', '═', '╕', '│', '╛', '═', '╘', '│'],
  classic: ['+', '-', '+', '|', '+', '-', '+', '|'],
  arrow: ['↘', '↓', '↙', '←', '↖', '↑', '↗', '→'],
};

function drawBorder(
  node: BoxNode,
  rows: Cell[][],
  width: number,
  x: number,
  y: number,
  w: number,
  h: number,
  clip: Clip | undefined,
): void {
  const { props } = node;
  const kind = props.borderStyle;
  if (!kind) return;
  const box = typeof kind === 'string' ? BOXES[kind] : undefined;
  if (!box) return;
  const colour = colourCode(props.borderColor as string | undefined);
  const dim = props.borderDimColor === true;
  const style: Style = colour === undefined && !dim ? PLAIN : borderStyle(colour ?? 39, dim);
  const cell = (text: string): Cell => borderCell(text, style);
  const top = props.borderTop !== false;
  const bottom = props.borderBottom !== false;
  const left = props.borderLeft !== false;
  const right = props.borderRight !== false;
  const inside = w - (left ? 1 : 0) - (right ? 1 : 0);
  const across = (l: string, middle: string, r: string) => [
    ...(left ? [cell(l)] : []),
    ...Array.from({ length: Math.max(0, inside) }, () => cell(middle)),
    ...(right ? [cell(r)] : []),
  ];
  const down = h - (top ? 1 : 0) - (bottom ? 1 : 0);
  const offset = top ? 1 : 0;
  if (top) write(rows, width, x, y, [across(box[0]!, box[1]!, box[2]!)], clip);
  if (left && down > 0)
    write(
      rows,
      width,
      x,
      y + offset,
      Array.from({ length: down }, () => [cell(box[7]!)]),
      clip,
    );
  if (right && down > 0)
    write(
      rows,
      width,
      x + w - 1,
      y + offset,
      Array.from({ length: down }, () => [cell(box[3]!)]),
      clip,
    );
  if (bottom) write(rows, width, x, y + h - 1, [across(box[6]!, box[5]!, box[4]!)], clip);
}
