/**
 * What many connections see alike, drawn once for all of them. A table as its spectators see it:
 * a spectator who has pressed none of the game's keys sees exactly what every other such
 * spectator of that table at that size sees, so its connection's own tree holds a blank place of
 * the game's size (views/shared-play.tsx) and its frames take their rows from the one drawing
 * here; a move watched by fifty costs one React render, layout and draw, and fifty diffs and
 * writes. Its first game key gives it its own screen again (the key waits for it). The lobby as
 * those see it whose cursors are on the same table (no notice, code field or seat of theirs): all
 * but its title, which names each person.
 */
import { createContext, type ReactNode } from 'react';
import { renderScreen, type Screen } from '../render/screen.js';

/** What a connection is told of a shared drawing: its rows, or that it is gone. */
export interface SharedRows {
  /** Each frame's rows (the place's rows of the connection's screen), and at once the last. */
  rows(rows: readonly string[]): void;
  /** The drawing failed: the connection draws its own (told once). */
  lost(): void;
}

/** A place at the top of a connection's screen that a shared drawing fills. */
export interface SharedPlace {
  /** What is drawn: the same key, the same drawing (its size and the colour are added to it). */
  readonly key: string;
  readonly width: number;
  readonly height: number;
  /** Rows of the place the connection draws itself (the lobby's title, which names its person). */
  readonly own?: readonly number[] | undefined;
  /** The drawing, in colour or not. */
  draw(colour: boolean): ReactNode;
}

/**
 * A connection's side: its tree holds `place` for a shared drawing until the returned stop;
 * `lost`: the drawing failed, the connection draws its own.
 */
export interface ViewShare {
  watch(place: SharedPlace, lost: () => void): () => void;
}

/** Provided by the server to each connection's tree; none elsewhere (nothing is shared). */
export const ViewShareContext = createContext<ViewShare | undefined>(undefined);

interface Drawing {
  screen: Screen | undefined;
  readonly watchers: Set<SharedRows>;
  rows: readonly string[];
  failed: boolean;
}

/** A server's shared drawings: one per place, size and colour, while a connection shows it. */
export class SharedViews {
  private readonly drawings = new Map<string, Drawing>();

  constructor(
    private readonly log: (line: string) => void = () => undefined,
    /** Told how long each frame of a drawing took (ms), as a connection's own are. */
    private readonly drawn?: (ms: number) => void,
  ) {}

  /** Drawings now held (each a React tree). */
  get size(): number {
    return this.drawings.size;
  }

  /** `to` is told the rows of `place` drawn in colour or not, until it stops. */
  watch(place: SharedPlace, colour: boolean, to: SharedRows): () => void {
    const { width, height } = place;
    const key = `${place.key}|${width}x${height}|${colour ? 1 : 0}`;
    let drawing = this.drawings.get(key);
    if (drawing === undefined) {
      const made: Drawing = { screen: undefined, watchers: new Set(), rows: [], failed: false };
      drawing = made;
      this.drawings.set(key, made);
      made.screen = renderScreen(place.draw(colour), {
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

/**
 * One connection's side of the shared drawings: the place its tree holds for one (at most one at
 * a time), and its frames made of its own rows and the drawing's. `changed`: the drawing drew a
 * new frame, to be sent.
 */
export class ConnectionShare implements ViewShare {
  private top:
    | {
        rows: readonly string[] | undefined;
        own: readonly number[];
        width: number;
        height: number;
      }
    | undefined;

  constructor(
    private readonly views: SharedViews,
    private readonly colour: boolean,
    private readonly changed: () => void,
    /** The connection's window, as its screen is drawn (`resized` follows it). */
    private columns: number,
    private lines: number,
  ) {}

  /**
   * The window resized: until its tree holds the place of its new size, a drawing larger than the
   * window is not put in it (rows wider than the window would wrap on the client's screen, and
   * every frame after would land a row off).
   */
  resized(columns: number, rows: number): void {
    this.columns = columns;
    this.lines = rows;
  }

  watch(place: SharedPlace, lost: () => void): () => void {
    let live = true;
    // The rows it has now are shown with the own frame that follows the tree's change.
    let attaching = true;
    const held = {
      rows: undefined as readonly string[] | undefined,
      own: place.own ?? [],
      width: place.width,
      height: place.height,
    };
    this.top = held;
    const stop = this.views.watch(place, this.colour, {
      rows: (rows) => {
        if (!live) return;
        held.rows = rows;
        if (!attaching) this.changed();
      },
      lost: () => {
        if (!live) return;
        live = false;
        if (this.top === held) this.top = undefined;
        lost();
      },
    });
    attaching = false;
    return () => {
      // The tree changed: its own frame, which follows, is the whole screen again.
      if (this.top === held) this.top = undefined;
      live = false;
      stop();
    };
  }

  /**
   * The rows to send for the connection's own: the drawing's in its place, but for the rows the
   * connection keeps its own. Undefined while a new drawing's first frame is still to come (a
   * frame without it would flash a blank place), and while the drawing is of a larger window
   * than the connection's (resized, its tree not yet holding the new place).
   */
  compose(own: readonly string[]): readonly string[] | undefined {
    const { top } = this;
    if (!top) return own;
    if (top.rows === undefined) return undefined;
    if (top.width > this.columns || top.height > this.lines) return undefined;
    const rows = [...own];
    for (let y = 0; y < top.rows.length; y++)
      if (!top.own.includes(y)) rows[y] = top.rows[y] as string;
    return rows;
  }
}
