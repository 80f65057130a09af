/**
 * A table as its spectators see it, drawn once per size for all of them. A spectator who has
 * pressed none of the game's keys sees exactly what every other such spectator of that table at
 * that size sees: its connection's own tree then holds a blank place of the game's size
 * (ServeApp's SharedPlay) and its frames take their rows from the one drawing here, so that a
 * move watched by fifty costs one React render, layout and draw, and fifty diffs and writes. The
 * first game key of a spectator gives it its own screen again (the key waits for it).
 */
import { createContext, type ReactNode } from 'react';
import { renderScreen, type Screen } from '../render/screen.js';
import type { ServedTable } from './hall.js';

/** What a connection is told of a shared drawing: its rows, or that it is gone. */
export interface SharedRows {
  /** Each frame's rows (the game's top rows of the connection's screen), and at once the last. */
  rows(rows: readonly string[]): void;
  /** The drawing failed: the connection draws its own (told once). */
  lost(): void;
}

/**
 * A connection's side: its tree holds a place for the shared drawing of `table` at this size (its
 * top rows) until the returned stop; `lost`: the drawing failed, the connection draws its own.
 */
export interface ViewShare {
  watch(table: ServedTable, width: number, height: number, lost: () => void): () => void;
}

/** Provided by the server to each connection's tree; none elsewhere (nothing is shared). */
export const ViewShareContext = createContext<ViewShare | undefined>(undefined);

interface Drawing {
  screen: Screen | undefined;
  readonly watchers: Set<SharedRows>;
  rows: readonly string[];
  failed: boolean;
}

/** The spectators' drawings of a server: one per table's game, size and colour, while watched. */
export class SharedViews {
  private readonly drawings = new Map<string, Drawing>();
  private readonly games = new WeakMap<object, number>();
  private serial = 0;

  constructor(
    /** The spectator's game screen of `table` at that size, in colour or not. */
    private readonly element: (
      table: ServedTable,
      width: number,
      height: number,
      colour: boolean,
    ) => ReactNode,
    private readonly log: (line: string) => void = () => undefined,
    /** Told how long each frame of a drawing took (ms), as a connection's own are. */
    private readonly drawn?: (ms: number) => void,
  ) {}

  /** Drawings now held (each a React tree). */
  get size(): number {
    return this.drawings.size;
  }

  /** `to` is told the rows of `table`'s spectators' screen at this size until it stops. */
  watch(
    table: ServedTable,
    width: number,
    height: number,
    colour: boolean,
    to: SharedRows,
  ): () => void {
    const game = table.table;
    if (!game) {
      to.lost();
      return () => undefined;
    }
    // A game of its own each time the table starts one (a rematch): a new drawing.
    let id = this.games.get(game);
    if (id === undefined) this.games.set(game, (id = ++this.serial));
    const key = `${table.code}|${id}|${width}x${height}|${colour ? 1 : 0}`;
    let drawing = this.drawings.get(key);
    if (drawing === undefined) {
      const made: Drawing = { screen: undefined, watchers: new Set(), rows: [], failed: false };
      drawing = made;
      this.drawings.set(key, made);
      made.screen = renderScreen(this.element(table, width, height, colour), {
        columns: width,
        rows: height,
        drawn: this.drawn,
        frame: (rows) => {
          made.rows = rows;
          for (const watcher of [...made.watchers]) watcher.rows(rows);
        },
        // Told at most once, perhaps before renderScreen has returned.
        failed: (error) => {
          this.log(`a shared screen failed: ${error.message}`);
          made.failed = true;
          this.drop(key, made);
          for (const watcher of [...made.watchers]) watcher.lost();
        },
      });
      // A drawing that failed as it was made is let go now that it can be.
      if (made.failed) made.screen.unmount();
    }
    if (drawing.failed) {
      to.lost();
      return () => undefined;
    }
    const held = drawing;
    held.watchers.add(to);
    if (held.rows.length > 0) to.rows(held.rows);
    return () => {
      held.watchers.delete(to);
      if (held.watchers.size === 0) this.drop(key, held);
    };
  }

  private drop(key: string, drawing: Drawing): void {
    if (this.drawings.get(key) !== drawing) return;
    this.drawings.delete(key);
    drawing.screen?.unmount();
  }
}
