/**
 * What the analysis of a recorded game gives (issue 31): for every decision, the mover's chance
 * of winning before it, after the move played and after the best move; for every throw or roll,
 * its luck. The command line (`madang analyze`, `--json`), the replay viewer and the end screen
 * all read these shapes; `analysis/analyze.ts` makes them from a timeline. Pure data: no clock,
 * no I/O; chances are fractions (0 to 1), losses and luck percentage points of win chance.
 */
import type { Level } from '../engine/bots.js';

/** Grades by the loss of win chance, in percentage points (lichess's thresholds). */
export type Grade = 'only' | 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** The marks of the move list: `?!` `?` `??` (nothing for the others). */
export const GRADE_MARKS: Readonly<Record<Grade, string>> = {
  only: '',
  best: '',
  good: '',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
};

/** A player's choice among legal moves. */
export interface MoveAnalysis {
  readonly kind: 'move';
  /** The event's position on the timeline (0 = the first event). */
  readonly index: number;
  /** The seat that chose (counted from 0). */
  readonly seat: number;
  /** What was played, in the game's words. */
  readonly played: string;
  /**
   * The mover's chance of winning before the move (its search's rating of the best move), after
   * it, and after the best move. After a move is the chance the next event starts from (where a
   * throw follows, the mean over every throw: that throw's `before`), so that the chances chain
   * from event to event; bestAfter is found the same way, a throw further than `before` looks,
   * and where the estimate is not exact the two differ by what that look changes.
   */
  readonly before: number;
  readonly after: number;
  readonly bestAfter: number;
  /** The best move in the game's words (the one played when it was best), and why (the bot's reason). */
  readonly best: string;
  readonly why: string;
  /** How many legal moves there were (1: the move was forced and loses nothing). */
  readonly choices: number;
  /** (bestAfter − after) × 100, never below 0. */
  readonly loss: number;
  readonly grade: Grade;
  /**
   * Games of more than two players: every seat's chance after the event, by seat (the mover's is
   * `after`). Absent with two: the other's chance is 1 − the mover's.
   */
  readonly chances?: readonly number[] | undefined;
}

/** A throw or roll: the luck it brought the player who threw (gnubg's definition). */
export interface ChanceAnalysis {
  readonly kind: 'chance';
  readonly index: number;
  /** The seat whose throw it was. */
  readonly seat: number;
  /** The throw, in the game's words. */
  readonly played: string;
  /** The thrower's chance of winning before the throw, and after this throw. */
  readonly before: number;
  readonly after: number;
  /** (after − the mean of after over every possible throw, weighed by probability) × 100. */
  readonly luck: number;
  /**
   * Games of more than two players: every seat's chance after the event, by seat (the mover's is
   * `after`). Absent with two: the other's chance is 1 − the mover's.
   */
  readonly chances?: readonly number[] | undefined;
}

export type DecisionAnalysis = MoveAnalysis | ChanceAnalysis;

export interface SeatSummary {
  readonly seat: number;
  readonly name: string;
  /** The seat's moves with a choice (forced moves say nothing of skill and are not counted). */
  readonly moves: number;
  /**
   * Mean over the seat's moves with a choice (`moves`) of lichess's per-move accuracy,
   * 103.1668·e^(−0.04354·loss) − 3.1669 clamped to 0..100 (analyze.ts moveAccuracy); 100 with none.
   */
  readonly accuracy: number;
  readonly totalLoss: number;
  readonly totalLuck: number;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

export interface AnalysisSummary {
  readonly game: string;
  readonly level: Level;
  /** True where the chances are exact (Ur with a solved table), false where estimated. */
  readonly exact: boolean;
  /** How the chances were found, one sentence (for the screen, the command and the JSON). */
  readonly method: string;
  readonly seats: readonly SeatSummary[];
}

/** A whole game's analysis: one entry per timeline event that is a decision or a throw. */
export interface GameAnalysis {
  readonly decisions: readonly DecisionAnalysis[];
  readonly summary: AnalysisSummary;
}

/**
 * An analysis under way while a screen is open (the replay viewer): decisions arrive in the
 * order asked (the moves near the one shown first), and it can be refocused or cancelled.
 * Work runs in slices (or on a worker thread) so that it never holds the event loop.
 */
export interface AnalysisRun {
  /** Decisions found so far, by timeline index. */
  readonly found: ReadonlyMap<number, DecisionAnalysis>;
  /** How many of the game's decisions and throws are done, of how many. */
  progress(): { readonly done: number; readonly total: number };
  /** Analyse the decisions nearest this timeline index next. */
  focus(index: number): void;
  /** Called after each decision found, and once at the end (with the summary). */
  subscribe(listener: () => void): () => void;
  /** The summary, once every decision is found. */
  summary(): AnalysisSummary | undefined;
  /** Why the run stopped short (its worker failed), if it did. */
  problem?(): string | undefined;
  cancel(): void;
}
