/**
 * Yut Nori as a pure game value (rules/yut.md §2–§6): setup, check, reduce, legalEvents,
 * chance, outcome. State is minimal; stacks, pieces in hand and usable results are derived.
 */
import { checkDeclared, type ChoiceOption } from '../../engine/options.js';
import {
  type ChanceOutcome,
  type Game,
  isRecord,
  type Outcome,
  RUNNING,
} from '../../engine/game.js';
import {
  ARRIVED,
  destination,
  IN_HAND,
  isBoardPosition,
  isResult,
  onCowPath,
  RESULTS,
  type Result,
  resultOrder,
} from './board.js';
import {
  isSticks,
  resultOfSticks,
  resultProbabilities,
  STICKS_FOR,
  type Sticks,
} from './sticks.js';

export const ANIMALS = ['pig', 'dog', 'sheep', 'cow'] as const;
export type Animal = (typeof ANIMALS)[number];

export interface YutStart {
  /** Piece positions per seat (0, 1..29, 100), as a save file holds them. */
  readonly positions: readonly (readonly number[])[];
  /** The seat that moves next. */
  readonly turn: number;
}

export interface YutOptions {
  /** 2, 3 or 4. */
  readonly players: number;
  /** Pieces per player, 1 to 4 (the advanced game always uses 4). */
  readonly pieces: number;
  /** The advanced game: one animal per seat. Absent in the basic game. */
  readonly animals?: readonly Animal[] | undefined;
  /** The chance that one stick lands front up (rules §2; default 0.5). */
  readonly frontProbability?: number | undefined;
  /** Start from a saved position instead of every piece in hand (a resumed game_info.txt line). */
  readonly start?: YutStart | undefined;
}

export interface YutRules {
  readonly players: number;
  readonly pieces: number;
  readonly animals: readonly Animal[] | null;
  readonly frontProbability: number;
}

export type Phase = 'throw' | 'move' | 'over';

export interface YutState {
  readonly rules: YutRules;
  /** positions[seat][piece]: 0 in hand, 1..29 on the board, 100 arrived. */
  readonly positions: readonly (readonly number[])[];
  /** The seat whose turn it is. */
  readonly turn: number;
  readonly phase: Phase;
  /** Throw phases still owed this turn (a catch adds one, a sheep's catch two). */
  readonly throwsOwed: number;
  /** The result list, a multiset kept in canonical order. */
  readonly results: readonly Result[];
  readonly winner: number | null;
}

export type SticksThrown = { readonly type: 'yut/sticksThrown'; readonly sticks: Sticks };
/** Move the piece or stack at `from` (0: one piece from hand) with `result`. */
export type PieceMoved = {
  readonly type: 'yut/pieceMoved';
  readonly from: number;
  readonly result: Result;
};
export type YutEvent = SticksThrown | PieceMoved;

// ---------------------------------------------------------------------------------------------
// Derived facts

export function animalOf(state: YutState, seat: number): Animal | null {
  return state.rules.animals?.[seat] ?? null;
}

function isCow(state: YutState, seat: number): boolean {
  return animalOf(state, seat) === 'cow';
}

export function inHand(state: YutState, seat: number): number {
  return count(state.positions[seat] ?? [], IN_HAND);
}

export function arrived(state: YutState, seat: number): number {
  return count(state.positions[seat] ?? [], ARRIVED);
}

function count(positions: readonly number[], position: number): number {
  let n = 0;
  for (const p of positions) if (p === position) n++;
  return n;
}

export interface Stack {
  readonly seat: number;
  readonly position: number;
  readonly size: number;
}

/** A seat's stacks on the board (a lone piece is a stack of one), by ascending position. */
export function stacksOf(state: YutState, seat: number): Stack[] {
  // A plain loop over at most four pieces: this runs for every legalEvents call.
  const stacks: Stack[] = [];
  for (const p of state.positions[seat] ?? []) {
    if (!isBoardPosition(p)) continue;
    let i = 0;
    while (i < stacks.length && (stacks[i] as Stack).position < p) i++;
    const there = stacks[i];
    if (there && there.position === p) stacks[i] = { seat, position: p, size: there.size + 1 };
    else stacks.splice(i, 0, { seat, position: p, size: 1 });
  }
  return stacks;
}

/** Who stands on a station, and how many; undefined when it is empty. */
export function occupant(state: YutState, position: number): Stack | undefined {
  if (!isBoardPosition(position)) return undefined;
  for (let seat = 0; seat < state.positions.length; seat++) {
    const size = count(state.positions[seat] ?? [], position);
    if (size > 0) return { seat, position, size };
  }
  return undefined;
}

/** The positions a seat can move from: 0 when a piece is in hand, then each stack. */
export function movablePositions(state: YutState, seat: number): number[] {
  const positions = stacksOf(state, seat).map((s) => s.position);
  return inHand(state, seat) > 0 ? [IN_HAND, ...positions] : positions;
}

/** Where the current player's piece at `from` would land with `result` (undefined: cannot). */
export function landing(state: YutState, from: number, result: Result): number | undefined {
  return destination(from, result, isCow(state, state.turn));
}

function canUse(
  state: YutState,
  seat: number,
  result: Result,
  all: YutState['positions'] = state.positions,
): boolean {
  const cow = isCow(state, seat);
  const positions = all[seat] ?? [];
  for (const p of positions) {
    if (p !== ARRIVED && destination(p, result, cow) !== undefined) return true;
  }
  return false;
}

/** Does a throw of this result earn another throw for this seat? (§2 yut/mo; §6 the dog's geol) */
export function earnsThrow(state: YutState, seat: number, result: Result): boolean {
  return (
    result === 'yut' || result === 'mo' || (result === 'geol' && animalOf(state, seat) === 'dog')
  );
}

// ---------------------------------------------------------------------------------------------
// Setup

/**
 * Yut's counts, declared once: the flags, the setup rows, the check and the words follow. A
 * recording must say both. The animals, the sticks' chance and a saved position are checked below.
 */
export const YUT_OPTIONS: {
  readonly players: ChoiceOption<number> & { readonly label: string };
  readonly pieces: ChoiceOption<number> & { readonly label: string };
} = {
  players: {
    kind: 'choice',
    choices: [2, 3, 4],
    stop: true,
    default: 2,
    required: true,
    label: 'Players',
    row: String,
    flag: 'players',
    help: 'number of players',
    words: (n) => `${n} players`,
    refusal: 'The number of players must be',
  },
  pieces: {
    kind: 'choice',
    choices: [1, 2, 3, 4],
    stop: true,
    default: 4,
    required: true,
    label: 'Pieces each',
    row: String,
    flag: 'pieces',
    help: 'pieces per player',
    words: (n) => `${n} ${n === 1 ? 'piece' : 'pieces'} each`,
    refusal: 'The number of pieces per player must be',
  },
};

export function checkOptions(options: unknown): string | undefined {
  if (!isRecord(options)) return 'The game options are missing.';
  const declared = checkDeclared(YUT_OPTIONS, options);
  if (declared !== undefined) return declared;
  const { players, pieces, animals, frontProbability, start } = options as Record<
    string,
    unknown
  > & { players: number; pieces: number };
  if (animals !== undefined && animals !== null) {
    if (!Array.isArray(animals) || animals.length !== players) {
      return 'Each player needs exactly one animal.';
    }
    if (!animals.every((a) => (ANIMALS as readonly unknown[]).includes(a))) {
      return 'An animal must be pig, dog, sheep or cow.';
    }
    if (pieces !== 4) return 'In the advanced game every player has 4 pieces.';
  }
  if (frontProbability !== undefined) {
    if (typeof frontProbability !== 'number' || !(frontProbability > 0 && frontProbability < 1)) {
      return 'The chance of a stick landing front up must be between 0 and 1.';
    }
  }
  if (start !== undefined)
    return checkStart(start, players, pieces, animals as Animal[] | undefined);
  return undefined;
}

function checkStart(
  start: unknown,
  players: number,
  pieces: number,
  animals: readonly Animal[] | undefined | null,
): string | undefined {
  if (!isRecord(start)) return 'The saved position is missing.';
  const { positions, turn } = start;
  if (!Array.isArray(positions) || positions.length !== players) {
    return 'The saved position needs the pieces of every player.';
  }
  const owner = new Map<number, number>();
  for (let seat = 0; seat < players; seat++) {
    const seatPositions: unknown = positions[seat];
    if (!Array.isArray(seatPositions) || seatPositions.length !== pieces) {
      return `Player ${seat} needs exactly ${pieces} piece positions.`;
    }
    for (const p of seatPositions) {
      if (!(p === IN_HAND || p === ARRIVED || (typeof p === 'number' && isBoardPosition(p)))) {
        return `Player ${seat} has a piece at ${String(p)}, which is not a position (0, 1-29, 100).`;
      }
      if (animals?.[seat] === 'cow' && !onCowPath(p)) {
        return `Player ${seat} is a cow, and a cow's piece cannot stand at ${p}.`;
      }
      if (isBoardPosition(p)) {
        const other = owner.get(p);
        if (other !== undefined && other !== seat) {
          return `Players ${other} and ${seat} cannot both stand at ${p}.`;
        }
        owner.set(p, seat);
      }
    }
    if (seatPositions.every((p) => p === ARRIVED)) {
      return `Player ${seat} has already won: there is no game left to play.`;
    }
  }
  if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 0 || turn >= players) {
    return `The player to move must be a seat from 0 to ${players - 1}.`;
  }
  return undefined;
}

/** A new game. Options from a person or a file go through `checkOptions` first. */
export function setup(options: YutOptions): YutState {
  const problem = checkOptions(options);
  if (problem !== undefined) throw new RangeError(problem);
  const rules: YutRules = {
    players: options.players,
    pieces: options.pieces,
    animals: options.animals ? [...options.animals] : null,
    frontProbability: options.frontProbability ?? 0.5,
  };
  const positions = options.start
    ? options.start.positions.map((seat) => [...seat])
    : Array.from({ length: rules.players }, () => Array<number>(rules.pieces).fill(IN_HAND));
  return {
    rules,
    positions,
    turn: options.start?.turn ?? 0,
    phase: 'throw',
    throwsOwed: 1,
    results: [],
    winner: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Check

/** A short, safe rendering of an untrusted value for a message. */
function shown(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined) return 'nothing';
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : `an ${typeof value}`;
}

export function check(state: YutState, event: unknown): string | undefined {
  if (!isRecord(event)) return 'That is not a move.';
  if (state.phase === 'over') return `The game is over: Player ${state.winner} has won.`;
  switch (event.type) {
    case 'yut/sticksThrown':
      if (state.phase !== 'throw') {
        return `Player ${state.turn} must move first: ${state.results.join(', ')} still to use.`;
      }
      if (!isSticks(event.sticks)) return 'A throw is four sticks, each 0 (back) or 1 (front).';
      return undefined;
    case 'yut/pieceMoved':
      return checkMove(state, event.from, event.result);
    default:
      return `${event.type === undefined ? 'An event with no type' : `The event ${shown(event.type)}`} is not a Yut move: a Yut event is yut/sticksThrown or yut/pieceMoved.`;
  }
}

function checkMove(state: YutState, from: unknown, result: unknown): string | undefined {
  if (state.phase !== 'move') return `Player ${state.turn} must throw the sticks first.`;
  if (!isResult(result)) return `${shown(result)} is not a result: use ${RESULTS.join(', ')}.`;
  if (!state.results.includes(result)) {
    return `Player ${state.turn} has no ${result} to use (has ${state.results.join(', ')}).`;
  }
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from > 29) {
    return `${shown(from)} is not a position: choose 0 for a new piece or a station 1 to 29.`;
  }
  const seat = state.turn;
  if (from === IN_HAND) {
    if (inHand(state, seat) === 0) return `Player ${seat} has no piece left in hand.`;
    if (result === 'back-do') return 'Back-do cannot bring a new piece onto the board.';
    return undefined;
  }
  if (!(state.positions[seat] ?? []).includes(from))
    return `Player ${seat} has no piece at ${from}.`;
  if (landing(state, from, result) === undefined)
    return `The piece at ${from} cannot move ${result}.`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reduce

/**
 * Every new state is built whole in one literal with the same property order, so all states
 * share one shape in V8 (a spread followed by new keys made several, and slowed every reducer).
 */
function next(
  state: YutState,
  positions: YutState['positions'],
  turn: number,
  phase: Phase,
  throwsOwed: number,
  results: readonly Result[],
  winner: number | null,
): YutState {
  return { rules: state.rules, positions, turn, phase, throwsOwed, results, winner };
}

const NO_RESULTS: readonly Result[] = Object.freeze([]);

function insertResult(results: readonly Result[], result: Result): Result[] {
  const next = [...results];
  let i = next.length;
  while (i > 0 && resultOrder(next[i - 1] as Result) > resultOrder(result)) i--;
  next.splice(i, 0, result);
  return next;
}

/** The turn passes to the next seat; any results left are discarded (§5.3, §5.4). */
function passTurn(state: YutState, positions = state.positions): YutState {
  const turn = (state.turn + 1) % state.rules.players;
  return next(state, positions, turn, 'throw', 1, NO_RESULTS, state.winner);
}

/** Move phase, unless no result in the list can be used: then the list is discarded (§5.3). */
function toMovePhase(
  state: YutState,
  positions: YutState['positions'],
  results: readonly Result[],
): YutState {
  for (const r of results) {
    if (canUse(state, state.turn, r, positions))
      return next(state, positions, state.turn, 'move', 0, results, state.winner);
  }
  return passTurn(state, positions);
}

function throwSticks(state: YutState, sticks: Sticks): YutState {
  const result = resultOfSticks(sticks);
  const results = insertResult(state.results, result);
  const owed = earnsThrow(state, state.turn, result) ? state.throwsOwed : state.throwsOwed - 1;
  if (owed > 0)
    return next(state, state.positions, state.turn, 'throw', owed, results, state.winner);
  return toMovePhase(state, state.positions, results);
}

function movePiece(state: YutState, from: number, result: Result): YutState {
  const seat = state.turn;
  const to = landing(state, from, result) as number;
  const results = [...state.results];
  results.splice(results.indexOf(result), 1);

  let moved = false;
  const own = (state.positions[seat] ?? []).map((p) => {
    // From hand, exactly one piece enters; from the board, the whole stack moves.
    if (p !== from || (from === IN_HAND && moved)) return p;
    moved = true;
    return to;
  });

  let caughtSeat = -1;
  const positions = state.positions.map((pieces, s) => {
    if (s === seat) return own;
    if (to === ARRIVED || !pieces.includes(to)) return pieces;
    caughtSeat = s;
    return pieces.map((p) => (p === to ? IN_HAND : p));
  });

  if (own.every((p) => p === ARRIVED)) {
    return next(state, positions, seat, 'over', 0, results, seat);
  }
  if (caughtSeat >= 0) {
    // The pig's pieces end the catcher's turn at once, even a sheep's (§6).
    if (animalOf(state, caughtSeat) === 'pig') return passTurn(state, positions);
    const owed = animalOf(state, seat) === 'sheep' ? 2 : 1;
    return next(state, positions, seat, 'throw', owed, results, state.winner);
  }
  if (results.length === 0) return passTurn(state, positions);
  return toMovePhase(state, positions, results);
}

export function reduce(state: YutState, event: unknown): YutState {
  if (check(state, event) !== undefined) return state;
  const e = event as YutEvent;
  return e.type === 'yut/sticksThrown'
    ? throwSticks(state, e.sticks)
    : movePiece(state, e.from, e.result);
}

// ---------------------------------------------------------------------------------------------
// Choices and chance

export function legalEvents(state: YutState): PieceMoved[] {
  if (state.phase !== 'move') return [];
  const events: PieceMoved[] = [];
  const froms = movablePositions(state, state.turn);
  let previous: Result | undefined;
  for (const result of state.results) {
    if (result === previous) continue;
    previous = result;
    for (const from of froms) {
      if (landing(state, from, result) !== undefined) {
        events.push({ type: 'yut/pieceMoved', from, result });
      }
    }
  }
  return events;
}

/** The throw's outcomes for each stick probability, made once: chance() runs at every throw. */
const OUTCOMES = new Map<number, readonly ChanceOutcome<SticksThrown>[]>();
/** The last probability asked and its outcomes: a game asks for one probability only. */
let lastProbability: number | undefined;
let lastOutcomes: readonly ChanceOutcome<SticksThrown>[] = [];

/**
 * The six results as outcomes (each with representative sticks), with their true chances. Small
 * enough to be inlined where it is asked at every event (the table asks whether a throw is due
 * after each one): the outcomes are made apart, once.
 */
export function chance(state: YutState): readonly ChanceOutcome<SticksThrown>[] | undefined {
  if (state.phase !== 'throw') return undefined;
  const p = state.rules.frontProbability;
  return p === lastProbability ? lastOutcomes : outcomesFor(p);
}

function outcomesFor(p: number): readonly ChanceOutcome<SticksThrown>[] {
  let outcomes = OUTCOMES.get(p);
  if (!outcomes) {
    const probabilities = resultProbabilities(p);
    outcomes = Object.freeze(
      RESULTS.map((result) =>
        Object.freeze({
          event: Object.freeze({ type: 'yut/sticksThrown' as const, sticks: STICKS_FOR[result] }),
          probability: probabilities[result],
        }),
      ),
    );
    OUTCOMES.set(p, outcomes);
  }
  lastProbability = p;
  lastOutcomes = outcomes;
  return outcomes;
}

export function outcome(state: YutState): Outcome {
  return state.winner === null ? RUNNING : { status: 'won', winner: state.winner };
}

export const yutGame: Game<YutState, YutEvent, YutOptions> = {
  name: 'yut',
  setup,
  check,
  reduce,
  legalEvents,
  chance,
  outcome,
  toAct: (state) => state.turn,
};
