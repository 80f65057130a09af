/**
 * The Yoté play screen as a pure model: the table's state as it told it, the cursor on the board, the
 * chosen piece and what it can do, the log, and the mapping from a key to an action. Enter (or
 * Space) does what the cursor's cell means in the current step: place, choose a piece, step or
 * jump to a marked cell, take a piece, or stop the attack on the attacking piece.
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import {
  appended,
  cutBack,
  type EventLog,
  type Told,
  type ToldBack,
  wanting,
  wantingBack,
} from '../../../ui/event-log.js';
import {
  computerToPlay,
  FRAME_HELP,
  LOG_KEPT,
  frameKey,
  type Overlay,
  reduceFramed,
  type SessionAction,
} from '../../../ui/play-session.js';
import { repliesWords } from '../../../engine/take-back.js';
import { describeYoteEvent } from '../describe.js';
import {
  CELL_NAMES,
  cellOf,
  COLOUR_NAMES,
  COLUMNS,
  EMPTY,
  jumpsFrom,
  legalEvents,
  onBoard,
  ROWS,
  stepsFrom,
  type YoteEvent,
  type YoteState,
} from '../rules.js';
import type { Mark } from './YoteBoard.js';

export interface YotePlay extends EventLog<YoteState, YoteEvent> {
  readonly seats: readonly Seat[];
  readonly cursor: number;
  /** The piece chosen to move or attack with (the act step only). */
  readonly chosen: number | null;
  readonly log: readonly string[];
  readonly notice: string | null;
  readonly overlay: Overlay;
}

export type YoteAction =
  | SessionAction<YoteEvent, YoteState>
  | { readonly type: 'yotePlay/cursorMoved'; readonly rows: number; readonly columns: number }
  | { readonly type: 'yotePlay/cursorSet'; readonly row?: number; readonly column?: number }
  | { readonly type: 'yotePlay/cellPressed' }
  | { readonly type: 'yotePlay/choiceDropped' }
  | { readonly type: 'yotePlay/stopRequested' }
  | { readonly type: 'yotePlay/undoRequested' };

/** The keys, for the help page (the rules follow them). */
export const YOTE_HELP: readonly string[] = [
  'Keys',
  '  ← → ↑ ↓    move the cursor (or type a column a–f and a row 1–5: c then 3 is C3)',
  '  Enter      on an empty cell: place a piece there; on one of yours: choose it',
  '             then Enter on a green • steps there, on a red ◎ jumps (attacks)',
  '  Enter      after a jump: on the red piece to take; then on a ◎ to jump again',
  '  s          stop the attack (Enter on the attacking piece stops it too)',
  '  x Esc      drop the chosen piece',
  '  u          take back your last step, with the reply',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

/** The whole game's log is kept, for the log page (`l`). */
const LOG = LOG_KEPT;
const names = (play: YotePlay) => play.seats.map((s) => s.name);
const centre = 2 * COLUMNS + 2;

export function newYotePlay(initial: YoteState, seats: readonly Seat[]): YotePlay {
  const who = seats[initial.turn]?.name ?? COLOUR_NAMES[initial.turn];
  return {
    initial,
    events: [],
    state: initial,
    seats,
    cursor: initial.attacker ?? centre,
    chosen: null,
    log: [`${who} (${COLOUR_NAMES[initial.turn]}) to play.`],
    notice: null,
    overlay: null,
  };
}

/** The marks the board shows: what the chosen (or pointed-at) piece can do, or what may be taken. */
export function yoteMarks(play: YotePlay): Map<number, Mark> {
  const { state } = play;
  const marks = new Map<number, Mark>();
  if (state.step === 'over') return marks;
  for (const cell of state.chain) marks.set(cell, 'path');
  if (state.step === 'remove') {
    for (let cell = 0; cell < state.board.length; cell++)
      if (state.board[cell] === 1 - state.turn) marks.set(cell, 'take');
    return marks;
  }
  const piece =
    state.step === 'again'
      ? state.attacker
      : (play.chosen ?? (state.board[play.cursor] === state.turn ? play.cursor : null));
  if (piece === null) return marks;
  if (state.step === 'act') for (const to of stepsFrom(state, piece)) marks.set(to, 'step');
  for (const { over, to } of jumpsFrom(state, piece)) {
    marks.set(to, 'land');
    marks.set(over, 'victim');
  }
  marks.set(piece, 'chosen');
  return marks;
}

/** What the current step asks of the player, in a line. */
export function stepWords(play: YotePlay): string {
  const { state } = play;
  const other = COLOUR_NAMES[1 - state.turn];
  switch (state.step) {
    case 'over':
      return '';
    case 'remove':
      return onBoard(state, 1 - state.turn) > 0
        ? `take one more ${other} piece: Enter on it`
        : `none on board: Enter takes one from the hand`;
    case 'again':
      return `jump again with ${CELL_NAMES[state.attacker ?? 0]}, or s to stop`;
    case 'act':
      return play.chosen === null
        ? (state.hands[state.turn] ?? 0) > 0
          ? 'place on an empty cell, or choose a piece'
          : 'choose a piece to move or attack with'
        : `${CELL_NAMES[play.chosen]}: step to • or jump to ◎`;
  }
}

export function yoteKey(play: YotePlay, key: Key): YoteAction | undefined {
  // Esc lets go of a chosen piece first; with none chosen it asks to quit, as everywhere.
  if (key === 'escape' && play.overlay === null && play.chosen !== null)
    return { type: 'yotePlay/choiceDropped' };
  const shared = frameKey(play.overlay, play.state.step !== 'over', key);
  if (shared !== undefined) return shared ?? undefined;
  // A person's last step can be taken back while the computer replies, as well as after.
  if (key === 'u') return { type: 'yotePlay/undoRequested' };
  const waiting = computerToPlay(play.seats[play.state.turn]);
  if (waiting) return waiting;
  switch (key) {
    case 'up':
      return { type: 'yotePlay/cursorMoved', rows: 1, columns: 0 };
    case 'down':
      return { type: 'yotePlay/cursorMoved', rows: -1, columns: 0 };
    case 'left':
      return { type: 'yotePlay/cursorMoved', rows: 0, columns: -1 };
    case 'right':
      return { type: 'yotePlay/cursorMoved', rows: 0, columns: 1 };
    case 'enter':
    case 'space':
      return { type: 'yotePlay/cellPressed' };
    case 'backspace':
    case 'x':
      return { type: 'yotePlay/choiceDropped' };
    case 's':
      return { type: 'yotePlay/stopRequested' };
    case 'h':
      return { type: 'play/hintRequested' };
    default: {
      // A column letter or a row number puts the cursor there: `c` then `3` is C3.
      const column = 'abcdef'.indexOf(key.toLowerCase());
      if (key.length === 1 && column >= 0 && column < COLUMNS)
        return { type: 'yotePlay/cursorSet', column };
      if (/^[1-9]$/.test(key) && Number(key) <= ROWS)
        return { type: 'yotePlay/cursorSet', row: Number(key) - 1 };
      return undefined;
    }
  }
}

/** An event the table told, drawn with the states it told around it. */
export function applyYoteEvent(play: YotePlay, told: Told<YoteState, YoteEvent>): YotePlay {
  const { event, after: state, note } = told;
  const lines = describeYoteEvent(told.before, event, state, names(play));
  if (note !== undefined) lines.splice(1, 0, note);
  const landed =
    event.type === 'yote/jumped' || event.type === 'yote/moved'
      ? cellOf(event.to)
      : event.type === 'yote/placed'
        ? cellOf(event.cell)
        : undefined;
  // A turn begins on its player's first legal choice (every game's rule: after the computer's
  // move the person's cursor is there); within a turn the cursor follows the piece that moved,
  // and the attacking piece stays under it while its attack goes on.
  const first = state.turn !== play.state.turn ? legalEvents(state)[0] : undefined;
  return {
    ...play,
    ...appended(play, told),
    cursor: first
      ? (choiceCell(first) ?? play.cursor)
      : state.step === 'again'
        ? (state.attacker ?? play.cursor)
        : (landed ?? play.cursor),
    chosen: null,
    log: [...play.log, ...lines].slice(-LOG),
    notice: null,
  };
}

/** A person's event asked of the table; the model shows it once the table tells it. */
const ask = (play: YotePlay, event: YoteEvent): YotePlay => ({ ...play, ...wanting(event) });

/** Enter on the cursor's cell: what it means in the current step. */
function pressed(play: YotePlay): YotePlay {
  const { state, cursor } = play;
  const name = CELL_NAMES[cursor] as string;
  const here = state.board[cursor];
  switch (state.step) {
    case 'over':
      return play;
    case 'remove':
      if (onBoard(state, 1 - state.turn) === 0)
        return ask(play, { type: 'yote/removed', cell: 'hand' });
      return ask(play, { type: 'yote/removed', cell: name });
    case 'again': {
      if (cursor === state.attacker) return ask(play, { type: 'yote/stopped' });
      const from = CELL_NAMES[state.attacker ?? 0] as string;
      return ask(play, { type: 'yote/jumped', from, to: name });
    }
    case 'act': {
      const mine = here === state.turn;
      if (play.chosen === cursor) return { ...play, chosen: null, notice: null };
      if (mine) {
        if (stepsFrom(state, cursor).length === 0 && jumpsFrom(state, cursor).length === 0)
          return { ...play, notice: `${name} has no free cell beside it and nothing to jump.` };
        return { ...play, chosen: cursor, notice: null };
      }
      if (play.chosen === null) {
        if (here !== EMPTY)
          return {
            ...play,
            notice: `${name} is ${COLOUR_NAMES[1 - state.turn]}'s: choose one of yours, or an empty cell to place on.`,
          };
        return ask(play, { type: 'yote/placed', cell: name });
      }
      const from = CELL_NAMES[play.chosen] as string;
      const jump = jumpsFrom(state, play.chosen).some((j) => j.to === cursor);
      return ask(play, {
        type: jump ? 'yote/jumped' : 'yote/moved',
        from,
        to: name,
      });
    }
  }
}

/** A take-back the table made: a person's last step, with the computer's reply after it. */
function takenBack(play: YotePlay, back: ToldBack<YoteState, YoteEvent>): YotePlay {
  const who = play.seats[back.mover]?.name ?? COLOUR_NAMES[back.mover];
  return {
    ...play,
    ...cutBack(play, back),
    chosen: null,
    cursor: back.state.attacker ?? play.cursor,
    log: [...play.log, `${who} took back a step${repliesWords(back.repliers)}.`].slice(-LOG),
    notice: null,
  };
}

/** The cell a person presses first to make this move: the piece that moves, or where it goes. */
function choiceCell(event: YoteEvent): number | undefined {
  switch (event.type) {
    case 'yote/placed':
    case 'yote/removed':
      return cellOf(event.cell);
    case 'yote/moved':
    case 'yote/jumped':
      return cellOf(event.from);
    case 'yote/stopped':
      return undefined;
  }
}

/** The event's cells, for the cursor and the chosen piece after a hint. */
function hinted(play: YotePlay, event: YoteEvent): Pick<YotePlay, 'cursor' | 'chosen'> {
  switch (event.type) {
    case 'yote/placed':
      return { cursor: cellOf(event.cell) ?? play.cursor, chosen: null };
    case 'yote/moved':
    case 'yote/jumped':
      return {
        cursor: cellOf(event.to) ?? play.cursor,
        chosen: play.state.step === 'act' ? (cellOf(event.from) ?? null) : null,
      };
    case 'yote/removed':
      return { cursor: cellOf(event.cell) ?? play.cursor, chosen: null };
    case 'yote/stopped':
      return { cursor: play.state.attacker ?? play.cursor, chosen: null };
  }
}

export function reduceYotePlay(play: YotePlay, action: YoteAction): YotePlay {
  switch (action.type) {
    case 'play/told':
      return applyYoteEvent(play, action.told);
    case 'play/takenBack':
      return takenBack(play, action.back);
    case 'yotePlay/cursorMoved': {
      const row = Math.floor(play.cursor / COLUMNS);
      const column = play.cursor % COLUMNS;
      const r = (row + action.rows + ROWS) % ROWS;
      const c = (column + action.columns + COLUMNS) % COLUMNS;
      return { ...play, cursor: r * COLUMNS + c, notice: null };
    }
    case 'yotePlay/cursorSet': {
      const row = action.row ?? Math.floor(play.cursor / COLUMNS);
      const column = action.column ?? play.cursor % COLUMNS;
      return { ...play, cursor: row * COLUMNS + column, notice: null };
    }
    case 'yotePlay/cellPressed':
      return pressed(play);
    case 'yotePlay/choiceDropped':
      return { ...play, chosen: null, notice: null };
    case 'yotePlay/stopRequested':
      return ask(play, { type: 'yote/stopped' });
    case 'yotePlay/undoRequested':
      return { ...play, ...wantingBack<YoteEvent>() };
    default:
      return reduceFramed(play, action, hinted);
  }
}
