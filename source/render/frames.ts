/**
 * What a terminal is sent of a screen (a served client's, or the local one): only what changed
 * on it since what it was last sent. madang's renderer hands over a frame's rows (ClientScreen
 * .show), each row written in one form (cells.ts textOf); a row that differs from the client's is
 * sent as the span of cells that changed, put in place with a cursor position. A screen whose
 * state on the terminal is not known (the first frame, a resize, a client that fell behind) is
 * sent whole, row by row. ClientScreen.take reads Ink's own output the same way (the tests that
 * hold the two side by side).
 */
import { type Cell, cellsOfAnsi, sameStyle, textOf } from './cells.js';

/**
 * A row's cells, read once for all the clients that are shown it (the spectators of a table, the
 * lobby's viewers see the same rows): bounded, since rows come and go with the game.
 */
const read = new Map<string, Cell[]>();
function cellsOf(row: string): Cell[] {
  let cells = read.get(row);
  if (cells === undefined) {
    cells = cellsOfAnsi(row);
    if (read.size >= 8192) read.clear();
    read.set(row, cells);
  }
  return cells;
}

/**
 * Rows as a window `columns` wide shows them: a row wider is cut at its edge (a wide character
 * that would cross it is left out). The terminal would wrap it onto the next row, which is then
 * not what the client was sent; a tree drawn just before it learnt of a smaller window is wider.
 * The same rows when all fit.
 */
export function fitRows(rows: readonly string[], columns: number): readonly string[] {
  let out: string[] | undefined;
  for (let y = 0; y < rows.length; y++) {
    const row = rows[y] as string;
    if (mostColumns(row) <= columns) continue;
    const cells = cellsOf(row);
    if (widthOf(cells) <= columns) continue;
    const kept: Cell[] = [];
    let used = 0;
    for (const cell of cells) {
      if (used + cell.width > columns) break;
      kept.push(cell);
      used += cell.width;
    }
    out ??= [...rows];
    out[y] = textOf(kept);
  }
  return out ?? rows;
}

/** An escape sequence's final character (a letter: the screens write no other). */
const isFinal = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * At least as many columns as a row of textOf's form takes, counted without reading it into
 * cells (every frame's every row is asked): a character a column below U+1100, in punctuation,
 * arrows and mathematical signs (U+2000–22FF: › ← ×), and in box drawing, blocks and geometric
 * shapes short of ◽ ◾ (U+2500–25FC: the boards' lines, ◆ ▶ ■), two for any other (the wide
 * ones are among them), escapes none. Layers' forest rows (◆ ▶) were all read into cells.
 */
function mostColumns(row: string): number {
  let columns = 0;
  for (let i = 0; i < row.length; i++) {
    const code = row.charCodeAt(i);
    if (code === 0x1b) {
      // An escape's parameters run to its final letter.
      i++;
      while (i + 1 < row.length && !isFinal(row.charCodeAt(i + 1))) i++;
      i++;
    } else
      columns +=
        code < 0x1100 || (code >= 0x2000 && code < 0x2300) || (code >= 0x2500 && code < 0x25fd)
          ? 1
          : 2;
  }
  return columns;
}

const ESC = '\x1b[';
/** Synchronized output: the client shows the frame once all of it is there. */
export const BEGIN = `${ESC}?2026h`;
export const END = `${ESC}?2026l`;

const sameCell = (a: Cell | undefined, b: Cell | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.text === b.text &&
  a.width === b.width &&
  sameStyle(a.style, b.style);

/** A row's width in cells: once per row read (its cells are the same array for each client). */
const widths = new WeakMap<readonly Cell[], number>();
function widthOf(cells: readonly Cell[]): number {
  let width = widths.get(cells);
  if (width === undefined) {
    width = 0;
    for (const cell of cells) width += cell.width;
    widths.set(cells, width);
  }
  return width;
}

/**
 * Each row's last change worked out: the clients shown one drawing (a table's spectators, the
 * lobby's viewers) were sent the same rows before, and are sent the same now, one after another,
 * so the change is worked out once for them all. The rows are the drawing's own strings, so the
 * comparison is mostly of references.
 */
const lastChanges: { was: string; now: string; change: string }[] = [];

/**
 * What to send to change a row shown as `was` into `now` (1-based row `y`): the cells between the
 * first and the last that differ, at their column; the rest of the line erased where `now` is
 * shorter. Empty when the row is the same.
 */
export function rowChange(y: number, was: string, now: string): string {
  if (was === now) return '';
  const last = lastChanges[y];
  if (last !== undefined && last.was === was && last.now === now) return last.change;
  const change = changeOf(y, was, now);
  if (y < 1000) lastChanges[y] = { was, now, change };
  return change;
}

function changeOf(y: number, was: string, now: string): string {
  const a = cellsOf(was);
  const b = cellsOf(now);
  let first = 0;
  while (first < a.length && first < b.length && sameCell(a[first], b[first])) first++;
  if (first === a.length && first === b.length) return '';
  let column = 0;
  for (let i = 0; i < first; i++) column += (b[i] as Cell).width;
  const wide = widthOf(b);
  const wideWas = widthOf(a);
  const shorter = wide < wideWas;
  // The same cells at the end, at the same columns, need not be sent again.
  let lastA = a.length;
  let lastB = b.length;
  if (wide === wideWas)
    while (lastA > first && lastB > first && sameCell(a[lastA - 1], b[lastB - 1])) {
      lastA--;
      lastB--;
    }
  return `${ESC}${y};${column + 1}H${textOf(b.slice(first, lastB))}${shorter ? `${ESC}K` : ''}`;
}

/**
 * The screen Ink means, read from what it writes (its frames, whole), and what the client was last
 * sent. Ink's writes are read by rows: its text at the start of a row replaces that row; its
 * erasures and cursor moves (up, down, next line, to the first column, home, to a row) place it.
 */
export class ClientScreen {
  private rows: string[];
  private sent: string[] | undefined;
  private row = 0;
  /** Whether the cursor is at the start of its row (text then replaces the row). */
  private start = true;

  constructor(private height: number) {
    this.rows = Array.from({ length: height }, () => '');
    // The client's screen was cleared on entering the alternate screen: it shows nothing.
    this.sent = [...this.rows];
  }

  /** Ink's output, once through the gate: the screen it means. */
  take(output: string): void {
    // eslint-disable-next-line no-control-regex -- Ink's moves and erasures, and its text
    const parts = output.split(/(\x1b\[[0-9;?]*[A-Za-z]|\r?\n)/);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === '') continue;
      if (i % 2 === 0) {
        this.write(part);
        continue;
      }
      if (part === '\n' || part === '\r\n') {
        this.down(1);
        continue;
      }
      const final = part.at(-1);
      const args = part.slice(2, -1);
      const n = Math.max(1, Number(args.split(';')[0]) || 1);
      switch (final) {
        case 'm':
          this.write(part);
          break;
        case 'A':
          this.row = Math.max(0, this.row - n);
          break;
        case 'B':
          this.row = Math.min(this.height - 1, this.row + n);
          break;
        case 'E':
          this.down(n);
          break;
        case 'G':
          this.start = n === 1;
          break;
        case 'H':
          this.row = Math.min(this.height - 1, n - 1);
          this.start = true;
          break;
        case 'K':
          if (this.start || args === '2') this.rows[this.row] = '';
          break;
        case 'J':
          if (args === '2') this.rows.fill('');
          else
            for (let r = this.start ? this.row : this.row + 1; r < this.height; r++)
              this.rows[r] = '';
          break;
        // Synchronized output and the cursor shown or hidden: the server sends its own.
      }
    }
  }

  /**
   * The screen as madang's renderer drew it (render/screen.ts): its rows, each in textOf's
   * form, taken whole (nothing to read back from escapes).
   */
  show(rows: readonly string[]): void {
    for (let r = 0; r < this.height; r++) this.rows[r] = rows[r] ?? '';
    this.row = 0;
    this.start = true;
  }

  private write(text: string): void {
    this.rows[this.row] = this.start ? text : this.rows[this.row] + text;
    this.start = false;
  }

  private down(n: number): void {
    for (let k = 0; k < n; k++) {
      if (this.row < this.height - 1) this.row++;
      else {
        this.rows.shift();
        this.rows.push('');
      }
    }
    this.start = true;
  }

  /** The rows Ink means now (for tests and the bench). */
  screen(): readonly string[] {
    return this.rows;
  }

  /**
   * What brings the client to the screen now, in synchronized output; '' when nothing changed.
   * What is returned is taken to be sent.
   */
  change(): string {
    const sent = this.sent;
    let out = '';
    if (sent === undefined) {
      // Each row erased, then written: no clear (ESC[2J), which the screen's gate shows as an
      // escape when it does not come from Ink; erased first, since an erase after a row that
      // fills the window would take its last cell (the cursor waits on it).
      for (let r = 0; r < this.height; r++)
        out += `${ESC}${r + 1};1H${ESC}K${textOf(cellsOf(this.rows[r] as string))}`;
    } else
      for (let r = 0; r < this.height; r++)
        out += rowChange(r + 1, sent[r] ?? '', this.rows[r] ?? '');
    this.sent = [...this.rows];
    return out === '' ? '' : `${BEGIN}${out}${END}`;
  }

  /**
   * The client's screen is not known (its window resized, or it fell behind and frames were not
   * sent): the next change is the whole screen. A new height starts from what Ink draws next.
   */
  lost(height = this.height): void {
    if (height !== this.height) {
      this.rows = Array.from({ length: height }, (_, r) => this.rows[r] ?? '');
      this.height = height;
      this.row = Math.min(this.row, height - 1);
    }
    this.sent = undefined;
  }
}
