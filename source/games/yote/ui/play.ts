/**
 * The Yoté play screen as a pure model: the table's state as it told it, the cursor on the board, the
 * chosen piece and what it can do, the log, and the mapping from a key to an action. Enter (or
 * Space) does what the cursor's cell means in the current step: place, choose a piece, step or
 * jump to a marked cell, take a piece, or stop the attack on the attacking piece.
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import {
  type EventLog,
  type Told,
  type ToldBack,
  wanting,
  wantingBack,
} from '../../../ui/event-log.js';
import {
  backLogged,
  computerToPlay,
  FRAME_HELP,
  frameKey,
  type Overlay,
  reduceFramed,
  type SessionAction,
  toldLogged,
} from '../../../ui/play-session.js';
import { repliesWords } from '../../../engine/take-back.js';
import { describeYoteEvent } from '../describe.js';
import { gridCursorKey } from '../../../ui/grid-cursor.js';
import {
  BOARD,
  CELL_NAMES,
  cellOf,
  COLOUR_NAMES,
  COLUMNS,
  EMPTY,
  jumpsFrom,
  legalEvents,
  onBoard,
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
  | { readonly type: 'yotePlay/cursorSet'; readonly cell: number }
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
        : `none on board: Enter takes from the hand`;
    case 'again':
      return `jump again with ${CELL_NAMES[state.attacker ?? 0]}, or s to stop`;
    case 'act':
      return play.chosen === null
        ? (state.hands[state.turn] ?? 0) > 0
          ? 'place on an empty cell, or choose a piece'
          : 'choose a piece to move or attack with'
        : `${CELL_NAMES[play.chosen]}: ${movesWords(state, play.chosen)}`;
  }
}

/** What the chosen piece can do, as the board marks it. */
function movesWords(state: YoteState, piece: number): string {
  const steps = stepsFrom(state, piece).length > 0;
  const jumps = jumpsFrom(state, piece).length > 0;
  return steps && jumps ? 'step to • or jump to ◎' : jumps ? 'jump to ◎' : 'step to •';
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
  }
  const cell = gridCursorKey(BOARD, play.cursor, key);
  return cell === undefined ? undefined : { type: 'yotePlay/cursorSet', cell };
}

/** An event the table told, drawn with the states it told around it. */
export function applyYoteEvent(play: YotePlay, told: Told<YoteState, YoteEvent>): YotePlay {
  const { event, after: state } = told;
  const landed = event.type === 'yote/removed' ? undefined : cellsOf(event).to;
  // A turn begins on its player's first legal choice (every game's rule: after the computer's
  // move the person's cursor is there); within a turn the cursor follows the piece that moved,
  // and the attacking piece stays under it while its attack goes on.
  const first = state.turn !== play.state.turn ? legalEvents(state)[0] : undefined;
  return {
    ...play,
    ...toldLogged(play, told, describeYoteEvent),
    cursor: first
      ? (cellsOf(first).from ?? cellsOf(first).to ?? play.cursor)
      : state.step === 'again'
        ? (state.attacker ?? play.cursor)
        : (landed ?? play.cursor),
    chosen: null,
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
      return ask(play, {
        type: 'yote/removed',
        cell: onBoard(state, 1 - state.turn) === 0 ? 'hand' : name,
      });
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
    ...backLogged(play, back, `${who} took back a step${repliesWords(back.repliers)}.`),
    chosen: null,
    cursor: back.state.attacker ?? play.cursor,
  };
}

/**
 * The cells an event names: the piece that moves (`from`, pressed first to make the move) and
 * where it goes, is placed or what it takes (`to`).
 */
function cellsOf(event: YoteEvent): { from?: number | undefined; to?: number | undefined } {
  switch (event.type) {
    case 'yote/placed':
    case 'yote/removed':
      return { to: cellOf(event.cell) };
    case 'yote/moved':
    case 'yote/jumped':
      return { from: cellOf(event.from), to: cellOf(event.to) };
    case 'yote/stopped':
      return {};
  }
}

/** The cursor and the chosen piece after a hint: on where the move goes, its piece chosen. */
function hinted(play: YotePlay, event: YoteEvent): Pick<YotePlay, 'cursor' | 'chosen'> {
  const { from, to } = cellsOf(event);
  return {
    cursor: to ?? (event.type === 'yote/stopped' ? play.state.attacker : null) ?? play.cursor,
    chosen: play.state.step === 'act' ? (from ?? null) : null,
  };
}

export function reduceYotePlay(play: YotePlay, action: YoteAction): YotePlay {
  switch (action.type) {
    case 'play/told':
      return applyYoteEvent(play, action.told);
    case 'play/takenBack':
      return takenBack(play, action.back);
    case 'yotePlay/cursorSet':
      return { ...play, cursor: action.cell, notice: null };
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
