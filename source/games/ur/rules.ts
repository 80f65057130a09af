/**
 * The Royal Game of Ur as a pure game value (rules/ur.md): two colours, seven stones each,
 * four binary dice, entering, own-stone blocking, captures, safe rosettes, extra rolls on
 * rosettes (an option, on by default), exact bearing off, a pass on 0 or no move.
 */
import { type ChanceOutcome, type Game, isRecord, type Outcome } from '../../engine/game.js';
import {
  accepts,
  checkDeclared,
  type ChoiceOption,
  type IntegerOption,
} from '../../engine/options.js';
import { type Board, type BoardSpec, checkBoard, historicalSpec } from './board.js';

/** Stones per colour by default (the seed's seven); `stones` plays 2 to 7. */
export const STONES = 7;
export const MIN_STONES = 2;
/** A stone's place: −1 off the board (not yet entered), 0.. its path index, path length = borne off. */
export const OFF = -1;

export type Die = 0 | 1;
export type Dice = readonly [Die, Die, Die, Die];

export interface UrOptions {
  /** The board's squares, as a .ur file holds them (default: the historical board). */
  readonly board?: BoardSpec | undefined;
  /** A stone landing on a rosette earns another roll (default on). */
  readonly extraRollOnRosette?: boolean | undefined;
  /** Stones per colour, 2 to 7 (default 7: a recording without it plays seven). */
  readonly stones?: number | undefined;
}

export interface UrRules {
  readonly board: Board;
  readonly extraRollOnRosette: boolean;
  readonly stones: number;
}

export interface UrState {
  readonly rules: UrRules;
  /** stones[colour][stone]: OFF, a path index, or the path length when borne off. */
  readonly stones: readonly [readonly number[], readonly number[]];
  /** 0 White, 1 Black. */
  readonly turn: number;
  readonly phase: 'roll' | 'move' | 'over';
  readonly roll: number | null;
  readonly winner: number | null;
}

export type DiceRolled = { readonly type: 'ur/diceRolled'; readonly dice: Dice };
export type StoneMoved = { readonly type: 'ur/stoneMoved'; readonly stone: number };
export type UrEvent = DiceRolled | StoneMoved;

export const COLOUR_NAMES = ['White', 'Black'] as const;

/** A number of stones a side madang plays: MIN_STONES to STONES. */
export const isStones = (n: unknown): n is number => accepts(UR_OPTIONS.stones, n);

/**
 * Ur's options, declared once: the flag, the setup row, the check and the words follow. The
 * board is no single value: a file's squares, checked below.
 */
export const UR_OPTIONS: {
  readonly stones: IntegerOption & { readonly label: string };
  readonly extraRollOnRosette: ChoiceOption<boolean>;
} = {
  stones: {
    kind: 'integer',
    min: MIN_STONES,
    max: STONES,
    default: STONES,
    wrap: true,
    label: 'Stones',
    flag: 'stones',
    help: 'stones per player',
    words: (n) => `${n} stones`,
    row: (n) => `${n} each`,
    refusal: 'The number of stones must be a whole number',
  },
  extraRollOnRosette: {
    kind: 'choice',
    choices: [true, false],
    default: true,
    words: (on) => (on ? 'a rosette rolls again' : 'no roll again on a rosette'),
    refusal: 'The rosette rule must be',
  },
};

export function checkOptions(options: unknown): string | undefined {
  if (options === undefined) return undefined;
  if (!isRecord(options)) return 'The game options are missing.';
  const problem = checkDeclared(UR_OPTIONS, options);
  if (problem !== undefined) return problem;
  const { board } = options;
  if (board !== undefined) {
    const checked = checkBoard(board, 'the board');
    if (!checked.ok) return checked.problem;
  }
  return undefined;
}

export function setup(options: UrOptions = {}): UrState {
  const problem = checkOptions(options);
  if (problem !== undefined) throw new RangeError(problem);
  const checked = checkBoard(options.board ?? historicalSpec(), 'the board');
  if (!checked.ok) throw new RangeError(checked.problem);
  const stones = options.stones ?? STONES;
  const off = () => Array<number>(stones).fill(OFF);
  return {
    rules: {
      board: checked.board,
      extraRollOnRosette: options.extraRollOnRosette ?? true,
      stones,
    },
    stones: [off(), off()],
    turn: 0,
    phase: 'roll',
    roll: null,
    winner: null,
  };
}

const pathOf = (state: UrState, colour: number) =>
  state.rules.board.paths[colour] as readonly string[];

/** The square a stone stands on ("row,col"), or undefined when off the board or borne off. */
export function squareOf(state: UrState, colour: number, place: number): string | undefined {
  const path = pathOf(state, colour);
  return place >= 0 && place < path.length ? path[place] : undefined;
}

/** Where a stone would go with the current roll: a place, or the reason it cannot. */
export function target(state: UrState, stone: number): { place: number } | { problem: string } {
  const colour = state.turn;
  const roll = state.roll ?? 0;
  const path = pathOf(state, colour);
  const from = state.stones[colour]?.[stone];
  if (from === undefined) return { problem: `There is no stone ${stone}.` };
  if (from >= path.length) return { problem: 'That stone is borne off already.' };
  const to = from + roll;
  if (to > path.length)
    return {
      problem: `That stone would overshoot: bearing off takes exactly ${path.length - from}.`,
    };
  if (to === path.length) return { place: to };
  const square = path[to] as string;
  if ((state.stones[colour] ?? []).some((p, i) => i !== stone && p === to)) {
    return { problem: 'That stone would land on its own stone.' };
  }
  const other = 1 - colour;
  const rival = (state.stones[other] ?? []).some((p) => squareOf(state, other, p) === square);
  if (rival && state.rules.board.rosettes.has(square)) {
    return { problem: 'That stone cannot capture on a rosette: a stone there is safe.' };
  }
  return { place: to };
}

export function check(state: UrState, event: unknown): string | undefined {
  if (!isRecord(event)) return 'That is not a move.';
  if (state.phase === 'over')
    return `The game is over: ${COLOUR_NAMES[state.winner ?? 0]} has won.`;
  if (event.type === 'ur/diceRolled') {
    if (state.phase !== 'roll') return `${COLOUR_NAMES[state.turn]} must move a stone first.`;
    const dice = event.dice;
    if (!Array.isArray(dice) || dice.length !== 4 || !dice.every((d) => d === 0 || d === 1)) {
      return 'A roll is four dice, each 0 or 1.';
    }
    return undefined;
  }
  if (event.type === 'ur/stoneMoved') {
    if (state.phase !== 'move') return `${COLOUR_NAMES[state.turn]} must roll first.`;
    const stone = event.stone;
    const count = state.rules.stones;
    if (typeof stone !== 'number' || !Number.isInteger(stone) || stone < 0 || stone >= count) {
      return `Choose a stone from 0 to ${count - 1}.`;
    }
    const t = target(state, stone);
    return 'problem' in t ? t.problem : undefined;
  }
  return 'That is not a move of the Royal Game of Ur.';
}

function movable(state: UrState): number[] {
  const stones: number[] = [];
  let offTried = false;
  for (let stone = 0; stone < state.rules.stones; stone++) {
    // Stones off the board are all alike: offer the first of them only.
    if (state.stones[state.turn]?.[stone] === OFF) {
      if (offTried) continue;
      offTried = true;
    }
    if ('place' in target(state, stone)) stones.push(stone);
  }
  return stones;
}

/** Every state built whole, in one property order: one shape for V8 (see Yut's rules). */
const next = (
  state: UrState,
  stones: UrState['stones'],
  turn: number,
  phase: UrState['phase'],
  roll: number | null,
  winner: number | null,
): UrState => ({ rules: state.rules, stones, turn, phase, roll, winner });

const passTurn = (state: UrState, stones = state.stones): UrState =>
  next(state, stones, 1 - state.turn, 'roll', null, state.winner);

export function reduce(state: UrState, event: unknown): UrState {
  if (check(state, event) !== undefined) return state;
  const e = event as UrEvent;
  if (e.type === 'ur/diceRolled') {
    const roll = e.dice[0] + e.dice[1] + e.dice[2] + e.dice[3];
    const rolled = next(state, state.stones, state.turn, 'move', roll, state.winner);
    // A roll of 0, or a roll with which no stone can move, passes the turn.
    return roll === 0 || movable(rolled).length === 0 ? passTurn(rolled) : rolled;
  }
  const colour = state.turn;
  const place = (target(state, e.stone) as { place: number }).place;
  const own = (state.stones[colour] ?? []).map((p, i) => (i === e.stone ? place : p));
  const square = squareOf(state, colour, place);
  const other = 1 - colour;
  const theirs = (state.stones[other] ?? []).map((p) =>
    square !== undefined && squareOf(state, other, p) === square ? OFF : p,
  );
  const stones = (colour === 0 ? [own, theirs] : [theirs, own]) as [number[], number[]];
  const path = pathOf(state, colour);
  if (own.every((p) => p === path.length)) return next(state, stones, colour, 'over', null, colour);
  const again =
    square !== undefined &&
    state.rules.extraRollOnRosette &&
    state.rules.board.rosettes.has(square);
  return again ? next(state, stones, colour, 'roll', null, state.winner) : passTurn(state, stones);
}

export function legalEvents(state: UrState): StoneMoved[] {
  if (state.phase !== 'move') return [];
  return movable(state).map((stone) => ({ type: 'ur/stoneMoved', stone }));
}

/** The five sums of four dice, each with one representative roll and its chance. */
const REPRESENTATIVE: readonly [Dice, number][] = [
  [[0, 0, 0, 0], 1 / 16],
  [[1, 0, 0, 0], 4 / 16],
  [[1, 1, 0, 0], 6 / 16],
  [[1, 1, 1, 0], 4 / 16],
  [[1, 1, 1, 1], 1 / 16],
];

/** The roll's outcomes, made once: chance() runs before every roll. */
const OUTCOMES: readonly ChanceOutcome<DiceRolled>[] = Object.freeze(
  REPRESENTATIVE.map(([dice, probability]) =>
    Object.freeze({ event: Object.freeze({ type: 'ur/diceRolled' as const, dice }), probability }),
  ),
);

export function chance(state: UrState): readonly ChanceOutcome<DiceRolled>[] | undefined {
  return state.phase === 'roll' ? OUTCOMES : undefined;
}

export function outcome(state: UrState): Outcome {
  return state.winner === null ? { status: 'running' } : { status: 'won', winner: state.winner };
}

export const urGame: Game<UrState, UrEvent, UrOptions> = {
  name: 'ur',
  setup,
  check,
  reduce,
  legalEvents,
  chance,
  outcome,
  toAct: (state) => state.turn,
};
