/**
 * Yoté as a pure game value (rules/yote.md): a 5 × 6 board, twelve pieces in hand each, place,
 * step or attack. An attack is several decisions, each its own event, so that the screens, the
 * bots and the recording see the same steps: the jump, the extra removal, then another jump by
 * the same piece or a stop. No chance anywhere.
 */
import { type Game, isRecord, type Outcome } from '../../engine/game.js';
import { grid } from '../../engine/grid.js';
import { type IntegerOption, parseDeclared } from '../../engine/options.js';

export const ROWS = 5;
export const COLUMNS = 6;
export const PIECES = 12;

export const COLOUR_NAMES = ['White', 'Black'] as const;
export const EMPTY = -1;

/** The board: cells A1 to F5 (row 1 drawn at the bottom), their lines, the console's drawing. */
export const BOARD = grid(ROWS, COLUMNS);
export const { cells: CELLS, names: CELL_NAMES, cellOf, rowOf, columnOf } = BOARD;
/** For each cell and direction: the neighbour and the cell beyond (`d ^ 1` is the way back). */
export const NEIGHBOURS = BOARD.lines;
const nameOf = (cell: number) => CELL_NAMES[cell] as string;

export interface YoteOptions {
  /** A draw after this many turns in a row without a placement or a capture (the endless-game rule). */
  readonly quietTurns: number;
}

/** Why the game ended. */
export type Ending =
  | { readonly reason: 'wiped'; readonly winner: number }
  | { readonly reason: 'few'; readonly winner: null }
  | { readonly reason: 'stuck'; readonly winner: number | null; readonly stuck: number }
  | { readonly reason: 'quiet'; readonly winner: null };

export interface YoteState {
  readonly options: YoteOptions;
  /** board[cell]: EMPTY, 0 (White) or 1 (Black). */
  readonly board: readonly number[];
  /** Pieces each colour still has to place. */
  readonly hands: readonly [number, number];
  /** Pieces each colour has lost (taken by the other). */
  readonly lost: readonly [number, number];
  /** 0 White, 1 Black: White plays first. */
  readonly turn: number;
  /**
   * act: place, move or attack; remove: the attacker takes one more piece; again: the attacking
   * piece may jump again or stop; over.
   */
  readonly step: 'act' | 'remove' | 'again' | 'over';
  /** The attacking piece's cell during an attack, and the cells it has jumped from and to. */
  readonly attacker: number | null;
  readonly chain: readonly number[];
  /** Turns in a row ended without a placement or a capture. */
  readonly quiet: number;
  /** Whether this turn placed or captured (the quiet count starts again). */
  readonly eventful: boolean;
  readonly ending: Ending | null;
}

export type Placed = { readonly type: 'yote/placed'; readonly cell: string };
export type Moved = { readonly type: 'yote/moved'; readonly from: string; readonly to: string };
export type Jumped = { readonly type: 'yote/jumped'; readonly from: string; readonly to: string };
/** The attacker's extra removal: a piece on the board, or (none on the board) one from the hand. */
export type Removed = { readonly type: 'yote/removed'; readonly cell: string | 'hand' };
export type Stopped = { readonly type: 'yote/stopped' };
export type YoteEvent = Placed | Moved | Jumped | Removed | Stopped;

/** Yoté's one option, declared once: the flag, the setup row, the check and the words follow. */
export const YOTE_OPTIONS: {
  readonly quietTurns: IntegerOption & { readonly label: string; readonly note: string };
} = {
  quietTurns: {
    kind: 'integer',
    min: 10,
    max: 1000,
    step: 10,
    default: 50,
    label: 'Endless game',
    note: '(turns with no placement or capture)',
    flag: 'quiet-turns',
    help: 'the endless-game rule: a draw after N turns in a row without a placement or a capture',
    words: (n) => `a draw after ${n} quiet turns`,
    refusal: 'The endless-game rule needs a number of turns',
  },
};

/** Options from outside checked, the default written out, nothing else kept. */
export const parseYoteOptions = (unchecked: unknown) =>
  parseDeclared<YoteOptions>(YOTE_OPTIONS, unchecked, true);

export function setup(options: YoteOptions): YoteState {
  return {
    options,
    board: Array<number>(CELLS).fill(EMPTY),
    hands: [PIECES, PIECES],
    lost: [0, 0],
    turn: 0,
    step: 'act',
    attacker: null,
    chain: [],
    quiet: 0,
    eventful: false,
    ending: null,
  };
}

export const onBoard = (state: YoteState, colour: number) =>
  state.board.filter((c) => c === colour).length;
/** Pieces a colour still has, on the board and in hand. */
export const piecesOf = (state: YoteState, colour: number) =>
  onBoard(state, colour) + (state.hands[colour] ?? 0);

/** The empty cells a piece on `cell` may step to. */
export function stepsFrom(state: YoteState, cell: number): number[] {
  const out: number[] = [];
  for (const [next] of NEIGHBOURS[cell] ?? [])
    if (next >= 0 && state.board[next] === EMPTY) out.push(next);
  return out;
}

/** The jumps of the piece on `cell`: the opponent piece jumped and the empty cell beyond. */
export function jumpsFrom(state: YoteState, cell: number): { over: number; to: number }[] {
  const colour = state.board[cell];
  if (colour === undefined || colour === EMPTY) return [];
  const out: { over: number; to: number }[] = [];
  for (const [over, to] of NEIGHBOURS[cell] ?? []) {
    if (to >= 0 && state.board[over] === 1 - colour && state.board[to] === EMPTY)
      out.push({ over, to });
  }
  return out;
}

const colourName = (colour: number) => COLOUR_NAMES[colour] ?? 'that side';

/** Whether a colour has anything to do at the start of its turn. */
export function canAct(state: YoteState, colour: number): boolean {
  if ((state.hands[colour] ?? 0) > 0 && state.board.includes(EMPTY)) return true;
  for (let cell = 0; cell < CELLS; cell++)
    if (
      state.board[cell] === colour &&
      (stepsFrom(state, cell).length > 0 || jumpsFrom(state, cell).length > 0)
    )
      return true;
  return false;
}

function cellProblem(name: unknown, what: string): string | number {
  const cell = cellOf(name);
  return cell ?? `${what} must be a cell from A1 to F5.`;
}

export function check(state: YoteState, event: unknown): string | undefined {
  if (!isRecord(event)) return 'That is not a move.';
  if (state.step === 'over') return 'The game is over.';
  const colour = state.turn;
  const mine = colourName(colour);
  switch (event.type) {
    case 'yote/placed': {
      if (state.step !== 'act') return stepProblem(state);
      const cell = cellProblem(event.cell, 'The place');
      if (typeof cell === 'string') return cell;
      if ((state.hands[colour] ?? 0) === 0) return `${mine} has no pieces left to place.`;
      if (state.board[cell] !== EMPTY)
        return `${CELL_NAMES[cell]} is taken: place on an empty cell.`;
      return undefined;
    }
    case 'yote/moved':
    case 'yote/jumped': {
      const jump = event.type === 'yote/jumped';
      if (jump ? state.step !== 'act' && state.step !== 'again' : state.step !== 'act')
        return stepProblem(state);
      const from = cellProblem(event.from, 'The piece');
      if (typeof from === 'string') return from;
      const to = cellProblem(event.to, 'The destination');
      if (typeof to === 'string') return to;
      if (state.board[from] !== colour) return `There is no ${mine} piece on ${CELL_NAMES[from]}.`;
      if (state.step === 'again' && from !== state.attacker)
        return `Only the attacking piece on ${CELL_NAMES[state.attacker ?? 0]} may jump again.`;
      if (state.board[to] !== EMPTY) return `${CELL_NAMES[to]} is not empty.`;
      if (!jump)
        return stepsFrom(state, from).includes(to)
          ? undefined
          : `${CELL_NAMES[from]} to ${CELL_NAMES[to]} is not one step up, down, left or right.`;
      const over = BOARD.between(from, to);
      if (over === undefined)
        return `An attack jumps straight over the next cell: ${CELL_NAMES[from]} to ${CELL_NAMES[to]} is not a jump.`;
      if (state.board[over] !== 1 - colour)
        return `There is no ${colourName(1 - colour)} piece on ${CELL_NAMES[over]} to jump over.`;
      return undefined;
    }
    case 'yote/removed': {
      if (state.step !== 'remove') return stepProblem(state);
      const other = 1 - colour;
      if (event.cell === 'hand')
        return onBoard(state, other) > 0
          ? `${colourName(other)} still has pieces on the board: take one of those.`
          : undefined;
      const cell = cellProblem(event.cell, 'The piece to take');
      if (typeof cell === 'string') return cell;
      if (state.board[cell] !== other)
        return `There is no ${colourName(other)} piece on ${CELL_NAMES[cell]} to take.`;
      return undefined;
    }
    case 'yote/stopped':
      // In the middle of an attack its extra removal comes first; after it, the stop.
      if (state.step === 'remove') return stepProblem(state);
      return state.step === 'again' ? undefined : 'There is no attack to stop.';
    default:
      return 'That is not a Yoté move.';
  }
}

/** What the step wants instead, when an event of another step comes. */
function stepProblem(state: YoteState): string {
  switch (state.step) {
    case 'remove':
      return `First take one more ${colourName(1 - state.turn)} piece (the attack's extra removal).`;
    case 'again':
      return `The attack goes on: jump again with the piece on ${CELL_NAMES[state.attacker ?? 0]}, or stop.`;
    case 'act':
      return 'Place, move or attack first: there is nothing to take or stop now.';
    case 'over':
      return 'The game is over.';
  }
}

/** The turn passes; then the ends that are judged between turns. */
function endTurn(state: YoteState): YoteState {
  const quiet = state.eventful ? 0 : state.quiet + 1;
  return judged({
    ...state,
    turn: 1 - state.turn,
    step: 'act',
    attacker: null,
    chain: [],
    quiet,
    eventful: false,
  });
}

function judged(state: YoteState): YoteState {
  const white = piecesOf(state, 0);
  const black = piecesOf(state, 1);
  const over = (ending: Ending): YoteState => ({ ...state, step: 'over', ending });
  if (white === 0) return over({ reason: 'wiped', winner: 1 });
  if (black === 0) return over({ reason: 'wiped', winner: 0 });
  if (white <= 3 && black <= 3) return over({ reason: 'few', winner: null });
  if (!canAct(state, state.turn)) {
    const winner = white === black ? null : white > black ? 0 : 1;
    return over({ reason: 'stuck', winner, stuck: state.turn });
  }
  if (state.quiet >= state.options.quietTurns) return over({ reason: 'quiet', winner: null });
  return state;
}

export function reduce(state: YoteState, event: unknown): YoteState {
  if (check(state, event) !== undefined) return state;
  const e = event as YoteEvent;
  const colour = state.turn;
  const other = 1 - colour;
  const board = state.board.slice();
  switch (e.type) {
    case 'yote/placed':
      board[cellOf(e.cell) as number] = colour;
      return endTurn({ ...state, board, hands: plus(state.hands, colour, -1), eventful: true });
    case 'yote/moved':
      board[cellOf(e.from) as number] = EMPTY;
      board[cellOf(e.to) as number] = colour;
      return endTurn({ ...state, board });
    case 'yote/jumped': {
      const from = cellOf(e.from) as number;
      const to = cellOf(e.to) as number;
      board[from] = EMPTY;
      board[BOARD.between(from, to) as number] = EMPTY;
      board[to] = colour;
      const after: YoteState = {
        ...state,
        board,
        lost: plus(state.lost, other, 1),
        step: 'remove',
        attacker: to,
        chain: state.chain.length === 0 ? [from, to] : [...state.chain, to],
        eventful: true,
      };
      // The jumped piece was the last: nothing is left to take, the game is won.
      return piecesOf(after, other) === 0 ? judged(after) : after;
    }
    case 'yote/removed': {
      const fromHand = e.cell === 'hand';
      if (!fromHand) board[cellOf(e.cell) as number] = EMPTY;
      const hands = fromHand ? plus(state.hands, other, -1) : state.hands;
      const after: YoteState = { ...state, board, hands, lost: plus(state.lost, other, 1) };
      if (piecesOf(after, other) === 0) return judged(after);
      // The same piece may attack again; with no jump to make, the turn simply ends.
      if (jumpsFrom(after, state.attacker as number).length > 0) return { ...after, step: 'again' };
      return endTurn(after);
    }
    case 'yote/stopped':
      return endTurn(state);
  }
}

/** A count pair (hands, lost) with one colour's count changed by `by`. */
const plus = (pair: readonly [number, number], colour: number, by: number): [number, number] =>
  colour === 0 ? [pair[0] + by, pair[1]] : [pair[0], pair[1] + by];

/** Every choice of the current step, in a stable order: attacks first, then steps, then placements. */
export function legalEvents(state: YoteState): YoteEvent[] {
  const colour = state.turn;
  const out: YoteEvent[] = [];
  switch (state.step) {
    case 'over':
      return out;
    case 'remove': {
      const other = 1 - colour;
      for (let cell = 0; cell < CELLS; cell++)
        if (state.board[cell] === other) out.push({ type: 'yote/removed', cell: nameOf(cell) });
      if (out.length === 0 && (state.hands[other] ?? 0) > 0)
        out.push({ type: 'yote/removed', cell: 'hand' });
      return out;
    }
    case 'again': {
      const from = state.attacker as number;
      for (const { to } of jumpsFrom(state, from))
        out.push({ type: 'yote/jumped', from: nameOf(from), to: nameOf(to) });
      out.push({ type: 'yote/stopped' });
      return out;
    }
    case 'act': {
      const steps: YoteEvent[] = [];
      for (let cell = 0; cell < CELLS; cell++) {
        if (state.board[cell] !== colour) continue;
        const from = nameOf(cell);
        for (const { to } of jumpsFrom(state, cell))
          out.push({ type: 'yote/jumped', from, to: nameOf(to) });
        for (const to of stepsFrom(state, cell))
          steps.push({ type: 'yote/moved', from, to: nameOf(to) });
      }
      out.push(...steps);
      if ((state.hands[colour] ?? 0) > 0)
        for (let cell = 0; cell < CELLS; cell++)
          if (state.board[cell] === EMPTY) out.push({ type: 'yote/placed', cell: nameOf(cell) });
      return out;
    }
  }
}

export function outcome(state: YoteState): Outcome {
  if (state.ending === null) return { status: 'running' };
  return state.ending.winner === null
    ? { status: 'drawn' }
    : { status: 'won', winner: state.ending.winner };
}

export const yoteGame: Game<YoteState, YoteEvent, YoteOptions> = {
  name: 'yote',
  setup,
  check,
  reduce,
  legalEvents,
  chance: () => undefined,
  outcome,
  toAct: (state) => state.turn,
};
