/**
 * Kono as a pure game value (rules/kono.md), the whole tournament as one state: each round's
 * board size, the dice for the first player (a chance event), the colour chosen, diagonal
 * single steps with blocking, the capture power gained on the opponent's home points, passes,
 * every end of a round and its scoring, another round or the tournament's end.
 *
 * Seat 0 is the seed's "Human" and seat 1 its "Computer" (either may be a person or the
 * computer): the names the save file uses.
 */
import { type ChanceOutcome, type Game, isRecord, type Outcome } from '../../engine/game.js';
import { checkDeclared, type ChoiceOption, type IntegerOption } from '../../engine/options.js';

export const SIZES = [5, 7, 9] as const;
export type Size = (typeof SIZES)[number];
export type Colour = 'white' | 'black';
/** A point: the seed's letters, a doubled letter for a piece with the power to capture. */
export type Point = 'O' | 'W' | 'WW' | 'B' | 'BB';
export const DIRECTIONS = ['northwest', 'northeast', 'southeast', 'southwest'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** Row and column steps of each direction (rows grow southwards). */
export const STEP: Readonly<Record<Direction, readonly [number, number]>> = {
  northwest: [-1, -1],
  northeast: [-1, 1],
  southeast: [1, 1],
  southwest: [1, -1],
};
export const SEAT_LABELS = ['Human', 'Computer'] as const;
export const CAPTURE_BONUS = 5;
export const QUIT_PENALTY = 5;

/** The back row's values for each size; the two side home points are worth 1. */
export const BACK_ROW: Readonly<Record<Size, readonly number[]>> = {
  5: [3, 1, 5, 1, 3],
  7: [3, 1, 5, 7, 5, 1, 3],
  9: [3, 1, 5, 7, 9, 7, 5, 1, 3],
};

export interface RoundResult {
  readonly round: number;
  readonly size: number;
  /** Each seat's score this round: home points held + 5 per capture − 5 for quitting. */
  readonly scores: readonly [number, number];
  /** The seat awarded the difference, or null for a drawn round. */
  readonly winner: number | null;
  readonly awarded: number;
  readonly quitter: number | null;
  /** Why the round ended. */
  readonly ending: Ending;
}

/** How a round ends: all home, no pieces left, nobody can move, the endless-round rule, a quit. */
export type Ending = 'home' | 'wiped' | 'stuck' | 'quiet' | 'quit';

/** Who is asked the tournament's questions, and a board size given in advance. */
export interface KonoSettings {
  /** The seat asked the board size and whether to play another round; null: nobody (one round). */
  readonly asker: number | null;
  /** Every round's board size, given in advance (--size); null: asked at each round. */
  readonly size: number | null;
  /**
   * The endless-round rule (a reading: the seed has none): a round ends, scored as it stands,
   * after this many moves in a row in which nobody captured and nobody had more pieces on the
   * opponent's home points than ever before in the round. (Stepping off a home point and back
   * is no progress: both can happen only so often, so every round ends.)
   */
  readonly quietMoves: number;
}

export const DEFAULT_QUIET_MOVES = 60;
export const QUIET_MOVES_MIN = 10;
export const QUIET_MOVES_MAX = 1000;

export interface KonoState {
  readonly settings: KonoSettings;
  readonly round: number;
  /** Tournament points from the rounds before this one, by seat. */
  readonly totals: readonly [number, number];
  /**
   * size: seat 0 chooses the board; dice: the first player is thrown for; colour: the first
   * player chooses a colour; play; roundOver: seat 0 says whether to play another; over.
   */
  readonly phase: 'size' | 'dice' | 'colour' | 'play' | 'roundOver' | 'over';
  readonly size: number;
  /** The board row by row from North; empty before the size is chosen. */
  readonly board: readonly (readonly Point[])[];
  /** Each seat's colour this round, or null before it is chosen. */
  readonly colours: readonly [Colour | null, Colour | null];
  /** The seat to act: to move, to choose the colour, or (size, roundOver) seat 0. */
  readonly turn: number;
  /** The seat that chose the colour and moved first this round (a later round's dice winner). */
  readonly chooser: number | null;
  /** The last dice thrown for the first player, by seat. */
  readonly dice: readonly (readonly [number, number])[] | null;
  readonly results: readonly RoundResult[];
  /** Moves this round that were passes, for the log: the seat that could not move. */
  readonly passed: number | null;
  /** Moves in a row this round with no capture and no new most pieces on the opponent's home. */
  readonly quiet: number;
  /** The most pieces each seat has had on the opponent's home points at once this round. */
  readonly homeBest: readonly [number, number];
  /** Why the last round ended (for the log and the screens). */
  readonly ending: Ending | null;
}

export type SizeChosen = { readonly type: 'kono/sizeChosen'; readonly size: number };
export type DiceThrown = {
  readonly type: 'kono/diceThrown';
  /** Each seat's two dice, seat 0's first. */
  readonly dice: readonly [readonly [number, number], readonly [number, number]];
};
export type ColourChosen = { readonly type: 'kono/colourChosen'; readonly colour: Colour };
/** A piece at (row, column), counted from 1 at the North-West corner, one step diagonally. */
export type Moved = {
  readonly type: 'kono/moved';
  readonly row: number;
  readonly column: number;
  readonly direction: Direction;
};
/**
 * A player quits the round. `seat`: who quits, when it is not the player to move (the seed's menu
 * is shown before the computer's turn too, and it is the person who answers it).
 */
export type Quit = { readonly type: 'kono/quit'; readonly seat?: number };
export type AnotherRound = { readonly type: 'kono/anotherRound'; readonly again: boolean };
export type KonoEvent = SizeChosen | DiceThrown | ColourChosen | Moved | Quit | AnotherRound;

export interface KonoOptions extends KonoSettings {
  /** A tournament resumed from a save file starts where the file left it. */
  readonly start?: SavedTournament | undefined;
}

/** What a save file holds: the tournament mid-round, before a player's turn. */
export interface SavedTournament {
  readonly round: number;
  readonly totals: readonly [number, number];
  readonly colours: readonly [Colour | null, Colour | null];
  readonly board: readonly (readonly Point[])[];
  /** The next player's seat; null when the save was made before the first player was chosen. */
  readonly next: number | null;
}

export const letterOf = (colour: Colour) => (colour === 'white' ? 'W' : 'B');
export const colourOfPoint = (point: Point | undefined): Colour | null =>
  point === 'W' || point === 'WW' ? 'white' : point === 'B' || point === 'BB' ? 'black' : null;
export const powered = (point: Point | undefined) => point === 'WW' || point === 'BB';
export const other = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

/** Whether (row, column) is a home point of `colour` (1-based). */
export function isHome(size: number, colour: Colour, row: number, column: number): boolean {
  const back = colour === 'white' ? 1 : size;
  const side = colour === 'white' ? 2 : size - 1;
  return row === back || (row === side && (column === 1 || column === size));
}

/** What a home point of `colour` is worth to the opponent standing on it (0 if not one). */
export function homeValue(size: number, colour: Colour, row: number, column: number): number {
  if (!isHome(size, colour, row, column)) return 0;
  const back = colour === 'white' ? 1 : size;
  return row === back ? (BACK_ROW[size as Size]?.[column - 1] ?? 0) : 1;
}

/**
 * The board with every piece that stands on an opponent's home point doubled: it has reached one,
 * so it can capture (seed 001), though saves written by other programs often leave it single.
 */
export function withPowers(board: readonly (readonly Point[])[]): Point[][] {
  const size = board.length;
  return board.map((row, r) =>
    row.map((p, c): Point => {
      const colour = colourOfPoint(p);
      if (colour === null || powered(p) || !isHome(size, other(colour), r + 1, c + 1)) return p;
      return colour === 'white' ? 'WW' : 'BB';
    }),
  );
}

export function startingBoard(size: number): Point[][] {
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c): Point => {
      if (isHome(size, 'white', r + 1, c + 1)) return 'W';
      if (isHome(size, 'black', r + 1, c + 1)) return 'B';
      return 'O';
    }),
  );
}

export const piecesAtStart = (size: number) => size + 2;

export function newTournament(settings: KonoSettings): KonoState {
  const fresh: KonoState = {
    settings,
    round: 1,
    totals: [0, 0],
    phase: 'size',
    size: 0,
    board: [],
    colours: [null, null],
    turn: settings.asker ?? 0,
    chooser: null,
    dice: null,
    results: [],
    passed: null,
    quiet: 0,
    homeBest: [0, 0],
    ending: null,
  };
  return settings.size === null ? fresh : startRound(fresh, settings.size);
}

/**
 * Kono's options, declared once: the flags, the setup rows, the check and the words follow. The
 * saved tournament a game resumes (`start`) is no single value: it is checked below.
 */
export const KONO_OPTIONS: {
  readonly size: ChoiceOption<number | null> & { readonly label: string };
  readonly quietMoves: IntegerOption & { readonly label: string };
  readonly asker: ChoiceOption<number | null>;
} = {
  size: {
    kind: 'choice',
    choices: [null, ...SIZES],
    default: null,
    label: 'Board',
    flag: 'size',
    help: 'the board size of every round',
    defaultHelp: 'asked',
    words: (size) => (size === null ? 'the board asked at every round' : `${size} × ${size} board`),
    row: (size) => (size === null ? 'asked at every round' : `${size} × ${size}`),
    refusal: 'The board size is',
  },
  quietMoves: {
    kind: 'integer',
    min: QUIET_MOVES_MIN,
    max: QUIET_MOVES_MAX,
    step: 10,
    default: DEFAULT_QUIET_MOVES,
    label: 'Endless round',
    flag: 'quiet-moves',
    help: 'the endless-round rule: a round ends after N moves with no capture and no new home point',
    words: (n) => `a round ends after ${n} quiet moves`,
    row: (n) => `ends after ${n} quiet moves`,
    refusal: 'The endless-round rule needs a number of moves',
  },
  asker: {
    kind: 'choice',
    choices: [0, 1, null],
    none: 'nobody',
    default: 0,
    words: (asker) => (asker === null ? 'one round' : ''),
    refusal: 'The seat asked about the tournament is',
  },
};

export function checkOptions(options: unknown): string | undefined {
  if (!isRecord(options)) return 'The game options are missing.';
  const problem = checkDeclared(KONO_OPTIONS, options);
  if (problem !== undefined) return problem;
  if (options.start !== undefined) return checkStart(options.start);
  return undefined;
}

/** A resumed tournament, as a recording's header carries it, checked. */
function checkStart(start: unknown): string | undefined {
  if (!isRecord(start)) return 'The saved tournament is missing.';
  const { board, round, totals, colours, next } = start;
  const size = Array.isArray(board) ? board.length : 0;
  if (!SIZES.includes(size as Size)) return 'The saved board is not 5, 7 or 9 rows.';
  if (
    !Array.isArray(board) ||
    !board.every(
      (row) =>
        Array.isArray(row) &&
        row.length === size &&
        row.every((p) => ['O', 'W', 'WW', 'B', 'BB'].includes(p as string)),
    )
  )
    return 'The saved board is not a square of O, W, WW, B and BB.';
  if (!Number.isInteger(round) || (round as number) < 0) return 'The saved round is not a number.';
  if (!Array.isArray(totals) || totals.length !== 2 || !totals.every(Number.isInteger))
    return 'The saved scores are not numbers.';
  if (
    !Array.isArray(colours) ||
    colours.length !== 2 ||
    !colours.every((c) => c === null || c === 'white' || c === 'black')
  )
    return 'The saved colours are not white or black.';
  const chosen = colours[0] !== null && colours[1] !== null;
  if (chosen && colours[0] === colours[1]) return 'The saved players have the same colour.';
  if (chosen !== (next === 0 || next === 1))
    return 'A saved next player needs both colours, and both colours a next player.';
  return undefined;
}

/** The options with their defaults written out (check them first). */
export const withDefaults = (options: Partial<KonoOptions>): KonoOptions => ({
  asker: options.asker === undefined ? KONO_OPTIONS.asker.default : options.asker,
  size: options.size ?? KONO_OPTIONS.size.default,
  quietMoves: options.quietMoves ?? KONO_OPTIONS.quietMoves.default,
  ...(options.start ? { start: options.start } : {}),
});

export function setup(options: KonoOptions): KonoState {
  const settings = { asker: options.asker, size: options.size, quietMoves: options.quietMoves };
  const saved = options.start;
  if (!saved) return newTournament(settings);
  const base: KonoState = {
    ...newTournament({ ...settings, size: null }),
    settings,
    round: saved.round,
    totals: saved.totals,
    size: saved.board.length,
    board: withPowers(saved.board),
    colours: saved.colours,
  };
  // Saved before the first player was chosen: the dice decide it.
  if (saved.next === null) return { ...base, phase: 'dice', colours: [null, null] };
  // What each side already holds on the other's home is no progress to make again.
  const held = (seat: number) => {
    const colour = saved.colours[seat];
    return colour ? homeCount(base, colour) : 0;
  };
  return { ...base, phase: 'play', turn: saved.next, homeBest: [held(0), held(1)] };
}

/** A round begins on an n × n board: the previous winner chooses the colour, else the dice. */
function startRound(state: KonoState, size: number): KonoState {
  const base: KonoState = {
    ...state,
    size,
    board: startingBoard(size),
    colours: [null, null],
    passed: null,
    dice: null,
    quiet: 0,
    homeBest: [0, 0],
    ending: null,
  };
  const last = state.results.at(-1);
  if (last && last.winner !== null)
    return { ...base, phase: 'colour', turn: last.winner, chooser: last.winner };
  // The dice are thrown by the one asked, as a save resumed on the dice has them: after `w` the
  // person sits second, and seat 0 (the computer) threw them and the log named it to play.
  return { ...base, phase: 'dice', turn: state.settings.asker ?? 0, chooser: null };
}

export const colourOfSeat = (state: KonoState, seat: number): Colour | null =>
  state.colours[seat] ?? null;

export const at = (state: KonoState, row: number, column: number): Point | undefined =>
  state.board[row - 1]?.[column - 1];

/** Where a step from (row, column) lands, or undefined off the board. */
export function target(
  size: number,
  row: number,
  column: number,
  direction: Direction,
): [number, number] | undefined {
  const [dr, dc] = STEP[direction];
  const r = row + dr;
  const c = column + dc;
  return r >= 1 && r <= size && c >= 1 && c <= size ? [r, c] : undefined;
}

/** Why a piece of `colour` at (row, column) may not step `direction`, or undefined. */
/**
 * Why the player to move cannot move from this point, whatever the direction: off the board, or
 * not the player's piece. The console refuses such a point before it asks for a direction.
 */
export function pointProblem(state: KonoState, row: unknown, column: unknown): string | undefined {
  if (
    !Number.isInteger(row) ||
    !Number.isInteger(column) ||
    (row as number) < 1 ||
    (column as number) < 1 ||
    (row as number) > state.size ||
    (column as number) > state.size
  )
    return `A point is a row and a column from 1 to ${state.size}.`;
  const colour = colourOfSeat(state, state.turn) as Colour;
  if (colourOfPoint(at(state, row as number, column as number)) !== colour)
    return `There is no ${colour} piece at (${row as number},${column as number}).`;
  return undefined;
}

function moveProblem(
  state: KonoState,
  colour: Colour,
  row: number,
  column: number,
  direction: Direction,
): string | undefined {
  const here = at(state, row, column);
  const to = target(state.size, row, column, direction);
  if (!to)
    return `The piece at (${row},${column}) cannot move ${direction}: that is off the board.`;
  const there = at(state, to[0], to[1]);
  if (there === 'O') return undefined;
  if (colourOfPoint(there) === colour) return `(${to[0]},${to[1]}) is taken by your own piece.`;
  if (!powered(here))
    return `(${to[0]},${to[1]}) is taken, and the piece at (${row},${column}) cannot capture yet: a piece gains that power on the opponent's home points.`;
  return undefined;
}

/** Every move of `colour`, in board order (North-West first), directions in the seed's order. */
export function movesOf(state: KonoState, colour: Colour): Moved[] {
  const out: Moved[] = [];
  eachMove(state, colour, (row, column, direction) => {
    out.push({ type: 'kono/moved', row, column, direction });
    return false;
  });
  return out;
}

/** Whether `colour` has a move: the search asks after every move, and one is enough. */
export const canMove = (state: KonoState, colour: Colour) => eachMove(state, colour, () => true);

/**
 * Calls `found` for each move of `colour` in board order until it returns true (then true).
 * The same test as moveProblem's, without building its words; rows read directly, since this
 * is the search's innermost loop.
 */
function eachMove(
  state: KonoState,
  colour: Colour,
  found: (row: number, column: number, direction: Direction) => boolean,
): boolean {
  const { board } = state;
  const n = state.size;
  const enemy = other(colour);
  for (let r = 0; r < n; r++) {
    const line = board[r] as readonly Point[];
    for (let c = 0; c < n; c++) {
      const here = line[c];
      if (colourOfPoint(here) !== colour) continue;
      const capturer = powered(here);
      for (const direction of DIRECTIONS) {
        const [dr, dc] = STEP[direction];
        const there = board[r + dr]?.[c + dc];
        if (there === undefined) continue;
        if (there === 'O' || (capturer && colourOfPoint(there) === enemy))
          if (found(r + 1, c + 1, direction)) return true;
      }
    }
  }
  return false;
}

/** Pieces of `colour` on the board. */
export function countOf(state: KonoState, colour: Colour): number {
  let n = 0;
  for (const row of state.board) for (const p of row) if (colourOfPoint(p) === colour) n++;
  return n;
}

/** How many pieces of `colour` stand on the opponent's home points. */
export function homeCount(state: KonoState, colour: Colour): number {
  let n = 0;
  for (let row = 1; row <= state.size; row++) {
    const line = state.board[row - 1] ?? [];
    for (let column = 1; column <= state.size; column++)
      if (
        colourOfPoint(line[column - 1]) === colour &&
        isHome(state.size, other(colour), row, column)
      )
        n++;
  }
  return n;
}

/** Whether every remaining piece of `colour` (at least one) stands on the opponent's home points. */
export function allHome(state: KonoState, colour: Colour): boolean {
  let any = false;
  for (let row = 1; row <= state.size; row++) {
    const line = state.board[row - 1] ?? [];
    for (let column = 1; column <= state.size; column++) {
      if (colourOfPoint(line[column - 1]) !== colour) continue;
      if (!isHome(state.size, other(colour), row, column)) return false;
      any = true;
    }
  }
  return any;
}

/** A seat's round score as the board stands: home points held, captures, the quit penalty. */
export function roundScore(state: KonoState, seat: number, quitter: number | null = null): number {
  const colour = colourOfSeat(state, seat);
  if (colour === null) return 0;
  let score = 0;
  // Only the opponent's home rows can hold points: its back row and the side row before it.
  const n = state.size;
  const rows = colour === 'white' ? [n, n - 1] : [1, 2];
  for (const row of rows)
    (state.board[row - 1] ?? []).forEach((p, c) => {
      if (colourOfPoint(p) === colour) score += homeValue(n, other(colour), row, c + 1);
    });
  const captured = piecesAtStart(state.size) - countOf(state, other(colour));
  score += CAPTURE_BONUS * Math.max(0, captured);
  if (quitter === seat) score -= QUIT_PENALTY;
  return score;
}

function endRound(state: KonoState, quitter: number | null, ending: Ending): KonoState {
  const scores: [number, number] = [roundScore(state, 0, quitter), roundScore(state, 1, quitter)];
  const winner = scores[0] === scores[1] ? null : scores[0] > scores[1] ? 0 : 1;
  const awarded = winner === null ? 0 : Math.abs(scores[0] - scores[1]);
  const totals: [number, number] = [
    state.totals[0] + (winner === 0 ? awarded : 0),
    state.totals[1] + (winner === 1 ? awarded : 0),
  ];
  const result: RoundResult = {
    round: state.round,
    size: state.size,
    scores,
    winner,
    awarded,
    quitter,
    ending,
  };
  const ended = { ...state, totals, results: [...state.results, result], ending };
  // With nobody to ask, the tournament is this one round.
  if (state.settings.asker === null) return { ...ended, phase: 'over' };
  return { ...ended, phase: 'roundOver', turn: state.settings.asker };
}

/** After a move: the round's ends, then whose turn, passing a player who cannot move. */
function afterMove(state: KonoState, mover: number): KonoState {
  const mine = colourOfSeat(state, mover) as Colour;
  const theirs = other(mine);
  if (allHome(state, mine) || allHome(state, theirs)) return endRound(state, null, 'home');
  if (countOf(state, mine) === 0 || countOf(state, theirs) === 0)
    return endRound(state, null, 'wiped');
  if (state.quiet >= state.settings.quietMoves) return endRound(state, null, 'quiet');
  const next = 1 - mover;
  if (canMove(state, theirs)) return { ...state, turn: next, passed: null };
  if (canMove(state, mine)) return { ...state, turn: mover, passed: next };
  // Never reached by play: the mover can always step back to the point it left. Kept so that
  // no state, however it was made, can leave a round with nobody to move.
  return endRound(state, null, 'stuck');
}

export function check(state: KonoState, event: unknown): string | undefined {
  if (!isRecord(event)) return 'That is not a move.';
  if (state.phase === 'over') return 'The tournament is over.';
  switch (event.type) {
    case 'kono/sizeChosen':
      if (state.phase !== 'size') return phaseProblem(state);
      return SIZES.includes(event.size as Size) ? undefined : 'The board is 5, 7 or 9 points wide.';
    case 'kono/diceThrown': {
      if (state.phase !== 'dice') return phaseProblem(state);
      const dice = event.dice;
      const die = (d: unknown) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6;
      const pair = (p: unknown) => Array.isArray(p) && p.length === 2 && p.every(die);
      return Array.isArray(dice) && dice.length === 2 && dice.every(pair)
        ? undefined
        : 'A throw is two dice of 1 to 6 for each player.';
    }
    case 'kono/colourChosen':
      if (state.phase !== 'colour') return phaseProblem(state);
      return event.colour === 'white' || event.colour === 'black'
        ? undefined
        : 'The colour is white or black.';
    case 'kono/moved': {
      if (state.phase !== 'play') return phaseProblem(state);
      const { row, column, direction } = event;
      if (!DIRECTIONS.includes(direction as Direction))
        return 'A move goes northwest, northeast, southeast or southwest.';
      const colour = colourOfSeat(state, state.turn) as Colour;
      return (
        pointProblem(state, row, column) ??
        moveProblem(state, colour, row as number, column as number, direction as Direction)
      );
    }
    case 'kono/quit':
      if (state.phase !== 'play') return phaseProblem(state);
      return event.seat === undefined || event.seat === 0 || event.seat === 1
        ? undefined
        : 'The player who quits is seat 0 or 1.';
    case 'kono/anotherRound':
      if (state.phase !== 'roundOver') return phaseProblem(state);
      return typeof event.again === 'boolean' ? undefined : 'Answer yes or no.';
    default:
      return 'That is not a Kono move.';
  }
}

function phaseProblem(state: KonoState): string {
  switch (state.phase) {
    case 'size':
      return 'First choose the board size: 5, 7 or 9.';
    case 'dice':
      return 'First the dice are thrown for the first player.';
    case 'colour':
      return 'First the first player chooses a colour.';
    case 'play':
      return 'The round is being played: move a piece (or quit the round).';
    case 'roundOver':
      return 'The round is over: say whether to play another.';
    case 'over':
      return 'The tournament is over.';
  }
}

export function reduce(state: KonoState, event: unknown): KonoState {
  if (check(state, event) !== undefined) return state;
  const e = event as KonoEvent;
  switch (e.type) {
    case 'kono/sizeChosen':
      return startRound(state, e.size);
    case 'kono/diceThrown': {
      const sum = (p: readonly [number, number]) => p[0] + p[1];
      const [a, b] = [sum(e.dice[0]), sum(e.dice[1])];
      if (a === b) return { ...state, dice: e.dice };
      const winner = a > b ? 0 : 1;
      return { ...state, dice: e.dice, phase: 'colour', turn: winner, chooser: winner };
    }
    case 'kono/colourChosen': {
      const colours: [Colour, Colour] =
        state.turn === 0 ? [e.colour, other(e.colour)] : [other(e.colour), e.colour];
      return { ...state, colours, phase: 'play' };
    }
    case 'kono/moved': {
      const here = at(state, e.row, e.column) as Point;
      const [r, c] = target(state.size, e.row, e.column, e.direction) as [number, number];
      const colour = colourOfPoint(here) as Colour;
      const reaches = powered(here) || isHome(state.size, other(colour), r, c);
      const piece: Point = reaches ? (colour === 'white' ? 'WW' : 'BB') : here;
      const board = state.board.map((row, i) =>
        i !== e.row - 1 && i !== r - 1
          ? row
          : row.map((p, j) => {
              if (i === e.row - 1 && j === e.column - 1) return 'O';
              if (i === r - 1 && j === c - 1) return piece;
              return p;
            }),
      );
      // Progress: a capture, or more pieces on the opponent's home than ever this round.
      const moved = { ...state, board };
      const home = homeCount(moved, colour);
      const record = home > (state.homeBest[state.turn] ?? 0);
      const homeBest: [number, number] = [state.homeBest[0], state.homeBest[1]];
      if (record) homeBest[state.turn] = home;
      const progress = colourOfPoint(at(state, r, c)) !== null || record;
      return afterMove({ ...moved, homeBest, quiet: progress ? 0 : state.quiet + 1 }, state.turn);
    }
    case 'kono/quit':
      return endRound(state, e.seat ?? state.turn, 'quit');
    case 'kono/anotherRound':
      if (!e.again) return { ...state, phase: 'over' };
      {
        const next: KonoState = {
          ...state,
          phase: 'size',
          round: state.round + 1,
          size: 0,
          board: [],
          colours: [null, null],
          turn: state.settings.asker ?? 0,
          chooser: null,
          dice: null,
          passed: null,
          quiet: 0,
          homeBest: [0, 0],
          ending: null,
        };
        return state.settings.size === null ? next : startRound(next, state.settings.size);
      }
  }
}

export function legalEvents(state: KonoState): KonoEvent[] {
  switch (state.phase) {
    case 'size':
      return SIZES.map((size) => ({ type: 'kono/sizeChosen', size }));
    case 'colour':
      return [
        { type: 'kono/colourChosen', colour: 'white' },
        { type: 'kono/colourChosen', colour: 'black' },
      ];
    case 'play':
      // Quitting the round (the menu's last item) is always a choice, after the moves.
      return [...movesOf(state, colourOfSeat(state, state.turn) as Colour), { type: 'kono/quit' }];
    case 'roundOver':
      return [
        { type: 'kono/anotherRound', again: false },
        { type: 'kono/anotherRound', again: true },
      ];
    case 'dice':
    case 'over':
      return [];
  }
}

/** Both players' throws: 36 × 36 equally likely outcomes. */
const THROWS: ChanceOutcome<DiceThrown>[] = (() => {
  const pairs: [number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) pairs.push([a, b]);
  return pairs.flatMap((p) =>
    pairs.map((q) => ({
      event: { type: 'kono/diceThrown' as const, dice: [p, q] as const },
      probability: 1 / 1296,
    })),
  );
})();

export function chance(state: KonoState): readonly ChanceOutcome<KonoEvent>[] | undefined {
  return state.phase === 'dice' ? THROWS : undefined;
}

export function outcome(state: KonoState): Outcome {
  if (state.phase !== 'over') return { status: 'running' };
  const [a, b] = state.totals;
  return a === b ? { status: 'drawn' } : { status: 'won', winner: a > b ? 0 : 1 };
}

export const konoGame: Game<KonoState, KonoEvent, KonoOptions> = {
  name: 'kono',
  setup,
  check,
  reduce,
  legalEvents,
  chance,
  outcome,
  toAct: (state) => state.turn,
};
