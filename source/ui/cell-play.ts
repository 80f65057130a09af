/**
 * The play model of a game played by pointing at the cells of a board (engine/grid.ts), as the
 * list model (list-play.ts) is that of a game played from a list: the table's state as it told
 * it, a cursor on a cell, the piece chosen, the log, and the keys such games share. The arrows,
 * or a column letter and a row number, move the cursor; Enter or Space press its cell; x,
 * Backspace or Esc let go of the chosen piece; u asks for a take-back, h for a hint. What a press
 * means is the game's (its face's `press`); what it asks, the table decides.
 */
import type { Game, GameEvent } from '../engine/game.js';
import type { Grid } from '../engine/grid.js';
import type { Seat } from '../engine/seats.js';
import type { Session } from '../table/session.js';
import { repliesWords } from '../engine/take-back.js';
import { type EventLog, type Told, type ToldBack, wanting, wantingBack } from './event-log.js';
import { gridCursorKey } from './grid-cursor.js';
import type { Key } from './keys.js';
import {
  backLogged,
  computerToPlay,
  type DescribeEvent,
  FRAME_HELP,
  frameKey,
  type Overlay,
  reduceFramed,
  resumedLog,
  type SessionAction,
  toldLogged,
} from './play-session.js';

/** What Enter on a cell does: asks an event, chooses a piece (or lets go: null), or says why not. */
export type Pressed<E> =
  { readonly event: E } | { readonly chosen: number | null } | { readonly notice: string } | null;

export interface CellFace<S, E extends GameEvent> {
  readonly rules: Game<S, E, never>;
  readonly grid: Grid;
  readonly describe: DescribeEvent<S, E>;
  /** Each seat's side in the game's words ("White"), said with its name in the log. */
  readonly sides: readonly string[];
  /** What the log calls a move taken back ("step"). */
  readonly move: string;
  /** The cells an event names: the piece that moves (`from`) and where it goes or what it takes (`to`). */
  cellsOf(event: E): { readonly from?: number | undefined; readonly to?: number | undefined };
  /** The piece a move in progress holds (the cursor stays on it), or null between moves. */
  held(state: S): number | null;
  press(state: S, cursor: number, chosen: number | null): Pressed<E>;
  /** The game's own keys on its player's turn, each asking an event (Yoté's s: stop the attack). */
  keys?(state: S, key: Key): E | undefined;
  /** The help page's lines for what Enter means and for the game's own keys. */
  readonly help: readonly string[];
}

export interface CellPlay<S, E> extends EventLog<S, E> {
  readonly seats: readonly Seat[];
  readonly cursor: number;
  /** The piece chosen to move (between moves only). */
  readonly chosen: number | null;
  readonly log: readonly string[];
  readonly notice: string | null;
  readonly overlay: Overlay;
}

export type CellAction<E, S = unknown> =
  | SessionAction<E, S>
  | { readonly type: 'cells/cursorSet'; readonly cell: number }
  | { readonly type: 'cells/pressed' }
  | { readonly type: 'cells/dropped' }
  | { readonly type: 'cells/asked'; readonly event: E }
  | { readonly type: 'cells/undoRequested' };

export function cellPlayModel<S, E extends GameEvent>(face: CellFace<S, E>) {
  const { rules, grid } = face;
  const centre =
    Math.floor((grid.rows - 1) / 2) * grid.columns + Math.floor((grid.columns - 1) / 2);
  const sideOf = (seats: readonly Seat[], seat: number) => seats[seat]?.name ?? face.sides[seat];
  const ask = (play: CellPlay<S, E>, event: E) => ({ ...play, ...wanting(event) });

  function init(initial: S, seats: readonly Seat[]): CellPlay<S, E> {
    const seat = rules.toAct(initial);
    return {
      initial,
      events: [],
      state: initial,
      seats,
      cursor: face.held(initial) ?? centre,
      chosen: null,
      log: [`${sideOf(seats, seat)} (${face.sides[seat]}) to play.`],
      notice: null,
      overlay: null,
    };
  }

  /**
   * An event the table told. A turn begins on its player's first legal choice (every game's
   * rule: after the computer's move the person's cursor is there); within a turn the cursor
   * stays on the piece a move holds, or follows the piece that moved.
   */
  function told(play: CellPlay<S, E>, news: Told<S, E>): CellPlay<S, E> {
    const { event, before, after } = news;
    const first =
      rules.toAct(after) !== rules.toAct(before) ? rules.legalEvents(after)[0] : undefined;
    const at = first && face.cellsOf(first);
    return {
      ...play,
      ...toldLogged(play, news, face.describe),
      cursor: at
        ? (at.from ?? at.to ?? play.cursor)
        : (face.held(after) ?? face.cellsOf(event).to ?? play.cursor),
      chosen: null,
    };
  }

  function takenBack(play: CellPlay<S, E>, back: ToldBack<S, E>): CellPlay<S, E> {
    const line = `${sideOf(play.seats, back.mover)} took back a ${face.move}${repliesWords(back.repliers)}.`;
    return {
      ...play,
      ...backLogged(play, back, line),
      chosen: null,
      cursor: face.held(back.state) ?? play.cursor,
    };
  }

  /** A hint puts the cursor where its move goes, its piece chosen when no move holds one. */
  function hinted(play: CellPlay<S, E>, event: E): Partial<CellPlay<S, E>> {
    const { from, to } = face.cellsOf(event);
    const held = face.held(play.state);
    return { cursor: to ?? held ?? play.cursor, chosen: held === null ? (from ?? null) : null };
  }

  function pressed(play: CellPlay<S, E>): CellPlay<S, E> {
    const answer = face.press(play.state, play.cursor, play.chosen);
    if (answer === null) return play;
    if ('event' in answer) return ask(play, answer.event);
    if ('notice' in answer) return { ...play, notice: answer.notice };
    return { ...play, chosen: answer.chosen, notice: null };
  }

  function reduce(play: CellPlay<S, E>, action: CellAction<E, S>): CellPlay<S, E> {
    switch (action.type) {
      case 'play/told':
        return told(play, action.told);
      case 'play/takenBack':
        return takenBack(play, action.back);
      case 'cells/cursorSet':
        return { ...play, cursor: action.cell, notice: null };
      case 'cells/pressed':
        return pressed(play);
      case 'cells/dropped':
        return { ...play, chosen: null, notice: null };
      case 'cells/asked':
        return ask(play, action.event);
      case 'cells/undoRequested':
        return { ...play, ...wantingBack<E>() };
      default:
        return reduceFramed(play, action, hinted);
    }
  }

  function key(play: CellPlay<S, E>, key: Key): CellAction<E, S> | undefined {
    // Esc lets go of a chosen piece first; with none chosen it asks to quit, as everywhere.
    if (key === 'escape' && play.overlay === null && play.chosen !== null)
      return { type: 'cells/dropped' };
    const running = rules.outcome(play.state).status === 'running';
    const shared = frameKey(play.overlay, running, key);
    if (shared !== undefined) return shared ?? undefined;
    // A person's last move can be taken back while the computer replies, as well as after.
    if (key === 'u') return { type: 'cells/undoRequested' };
    const waiting = computerToPlay(play.seats[rules.toAct(play.state)]);
    if (waiting) return waiting;
    switch (key) {
      case 'enter':
      case 'space':
        return { type: 'cells/pressed' };
      case 'backspace':
      case 'x':
        return { type: 'cells/dropped' };
      case 'h':
        return { type: 'play/hintRequested' };
    }
    const own = face.keys?.(play.state, key);
    if (own !== undefined) return { type: 'cells/asked', event: own };
    const cell = gridCursorKey(grid, play.cursor, key);
    return cell === undefined ? undefined : { type: 'cells/cursorSet', cell };
  }

  // The centre cell as the example of a cell typed ("c then 3 is C3").
  const cell = grid.names[centre] as string;
  const typed = `${cell.slice(0, 1).toLowerCase()} then ${cell.slice(1)} is ${cell}`;
  const last = 'abcdefghijklmnopqrstuvwxyz'[grid.columns - 1];
  /** The help page's key lines: the shared keys around the game's own. */
  const help = [
    'Keys',
    `  ← → ↑ ↓    move the cursor (or type a column a–${last} and a row 1–${grid.rows}: ${typed})`,
    ...face.help,
    '  x Esc      drop the chosen piece',
    `  u          take back your last ${face.move}, with the reply`,
    '  h          a hint: the strong computer’s choice and why',
    '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
    ...FRAME_HELP,
  ];
  return {
    init,
    reduce,
    key,
    /** What the default play screen (ui/PlayScreen.tsx) takes of the model. */
    screen: {
      keys: help,
      init: (session: Pick<Session<S>, 'initial' | 'seats' | 'log'>) =>
        resumedLog(init(session.initial, session.seats), session),
      reduce,
      key,
    },
  };
}
