/**
 * A screen drawn by madang's own renderer: a React tree of Box and Text laid out by Yoga and
 * drawn into rows of cells, once per burst of commits, each row written in one form (cells.ts)
 * for whoever shows it (madang serve diffs them against what each client was last sent).
 *
 * Why not Ink's renderer: it builds each frame as strings of escapes and reads them back
 * (tokenising, slicing, measuring every cell of every frame), 5–10 ms a frame at 80×24, which a
 * server drawing a screen per connection cannot afford. Here a text becomes cells once per change
 * of the text, and a frame is the cells copied into rows.
 */
import { createElement, type ReactNode } from 'react';
import { type Cell, PLAIN, sameStyle, textOf } from './cells.js';
import { draw, layOut } from './draw.js';
import { reconciler } from './host.js';
import { createRoot, free, type RootNode } from './nodes.js';
import { OwnScreen, type ScreenSize } from './context.js';

export interface Screen {
  /** The tree drawn again at a new size. */
  resize(columns: number, rows: number): void;
  unmount(): void;
  /** The rows last drawn. */
  rows(): readonly string[];
}

export interface ScreenOptions {
  columns: number;
  rows: number;
  /** Told each frame: the screen's rows (as many as it has), each in textOf's form. */
  frame: (rows: readonly string[]) => void;
  /** Told how long each frame took to lay out and draw (ms). */
  drawn?: ((ms: number) => void) | undefined;
  /** The keys, for a screen that reads its own terminal (ScreenSize.keys). */
  keys?: ScreenSize['keys'];
  /** The app's quit (ScreenSize.exit). */
  exit?: ScreenSize['exit'];
  /**
   * A component (or a frame) threw: the screen has nothing more to show. Told once; the program
   * leaves its screen (local play), the server ends that one connection.
   */
  failed?: ((error: Error) => void) | undefined;
}

/** A row's text, its plain spaces at the end left off (as Ink trims its lines). */
export function rowText(row: readonly (Cell | undefined)[]): string {
  // A row that grew past the frame has holes, which Ink leaves out.
  const cells = row.includes(undefined) ? row.filter((cell) => cell !== undefined) : row;
  let end = cells.length;
  while (end > 0) {
    const cell = cells[end - 1] as Cell;
    if (
      (cell.text === ' ' && sameStyle(cell.style, PLAIN)) ||
      (cell.width === 0 && cell.text === '')
    )
      end--;
    else break;
  }
  return textOf((end === cells.length ? cells : cells.slice(0, end)) as Cell[]);
}

function sameCells(a: readonly (Cell | undefined)[], b: readonly (Cell | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function renderScreen(element: ReactNode, options: ScreenOptions): Screen {
  let columns = options.columns;
  let height = options.rows;
  let last: string[] = [];
  let pending = false;
  let gone = false;
  const listeners = new Set<() => void>();
  const size: ScreenSize = {
    columns: () => columns,
    rows: () => height,
    onResize: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keys: options.keys,
    exit: options.exit,
  };
  let broken = false;
  // The last frame's rows, cells and text, to know a row that did not change by its cells.
  const drawn: ({ cells: readonly (Cell | undefined)[]; text: string } | undefined)[] = [];
  const fail = (error: unknown) => {
    if (broken) return;
    broken = true;
    options.failed?.(error instanceof Error ? error : new Error(String(error)));
  };
  const frame = () => {
    pending = false;
    if (gone || broken) return;
    try {
      const start = performance.now();
      layOut(root, columns);
      const cells = draw(root);
      // A frame taller than the window shows its last rows, as a terminal scrolled by Ink's did.
      const top = Math.max(0, cells.length - height);
      const rows: string[] = [];
      for (let y = 0; y < height; y++) {
        const row = cells[top + y];
        // A row of the very cells it had last frame is the same text: not written again.
        const was = drawn[y];
        rows.push(
          row === undefined ? '' : was && sameCells(was.cells, row) ? was.text : rowText(row),
        );
        drawn[y] = row === undefined ? undefined : { cells: row, text: rows[y] as string };
      }
      drawn.length = height;
      last = rows;
      options.drawn?.(performance.now() - start);
      options.frame(rows);
    } catch (error) {
      fail(error);
    }
  };
  const root: RootNode = createRoot(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(frame);
  });
  // A legacy root, as Ink's: an update outside React's own events commits at once.
  const container = reconciler.createContainer(
    root,
    0,
    null,
    false,
    null,
    'madang',
    // A render that threw: Ink's own error boundary ends its app; here the owner is told.
    (error: unknown) => fail(error),
    () => undefined,
    () => undefined,
    () => undefined,
    null,
  );
  const tree = createElement(OwnScreen.Provider, { value: size }, element);
  reconciler.updateContainerSync(tree, container, null, () => undefined);
  reconciler.flushSyncWork();
  return {
    resize(newColumns, newRows) {
      columns = newColumns;
      height = newRows;
      for (const listener of [...listeners]) listener();
      // The same tree at a new size is laid out again even where React has nothing to commit.
      root.committed();
    },
    unmount() {
      if (gone) return;
      gone = true;
      // Never inside React's own commit (a key handled there may end the connection): React
      // would not let go of the tree yet, and its Yoga nodes would be freed under it.
      setImmediate(() => {
        reconciler.updateContainerSync(null, container, null, () => undefined);
        reconciler.flushSyncWork();
        free(root);
      });
    },
    rows: () => last,
  };
}
