/**
 * A game's pure core: everything about a game that needs no screen, no terminal and no command
 * line (its rules, options, chance kit, computers, and its words for what happened and why).
 * Headless programs (the library entry, tables, analysis, the bench) use cores only; a game's
 * module (games/module.ts) adds its faces: setup, play and replay screens, command, console.
 */
import type { Bot, Level } from './bots.js';
import type { ChanceSource, ParsedScript } from './chance.js';
import type { Game, GameEvent } from './game.js';
import { defaultsOf, type OptionsDeclaration, wordsOf } from './options.js';
import type { ParsedOptions } from './recording.js';
import type { Seat } from './seats.js';
import type { TakeBack } from './take-back.js';

/** The chance source of a game with throws or rolls. */
export interface ChanceKit<E extends GameEvent, O> {
  /** 'throw', 'roll': for messages. */
  readonly noun: string;
  /** An event of the kind, to ask the rules whether one is due now. */
  readonly probe: E;
  /** Drawn as soon as due, whoever is to act (Layers' orders and fight numbers): no key. */
  readonly automatic?: boolean | undefined;
  seeded(seed: number, options: O): ChanceSource<E>;
  /** A script of chance events (`--throws FILE`), errors naming the file and line. */
  parseScript(text: string, file: string): ParsedScript<E>;
}

export interface GameCore<S, E extends GameEvent, O> {
  readonly id: string;
  readonly title: string;
  /** One line, for the menu's help and `madang --help`. */
  readonly description: string;
  readonly seats: { readonly min: number; readonly max: number };
  readonly rules: Game<S, E, O>;
  /**
   * For ratings (ratings/ranking.ts), a game of more than two: what orders a seat that did not win
   * at the end, compared in order, larger better (Yut: pieces home, then out of hand). Without
   * it, every seat but the winner shares the second place.
   */
  standing?(state: S, seat: number): readonly number[];
  /**
   * Its options declared once (engine/options.ts): the flags, the setup rows, the check and the
   * words derive from it. Options that are no single value (a saved position) stay the game's own.
   */
  readonly options?: OptionsDeclaration<O>;
  /** Options from outside (a recording's header) checked, defaults written out. */
  parseOptions(unchecked: unknown): ParsedOptions<O>;
  /** How many players a game of these options seats. */
  seatCount(options: O): number;
  /** Its options in a few of the game's own words, as its setup says them ("2 players, 4 pieces each"). */
  optionWords(options: O): string;
  /**
   * A refusal of the rules in the players' names, where the rules speak of seats by number
   * (Yut's "Player 0", the seed's words, kept for the classic console).
   */
  named?(problem: string, names: readonly string[]): string;
  /** The options of a typical game (two players), for the generic tests and the bench. */
  readonly typicalOptions: O;
  readonly chance?: ChanceKit<E, O> | undefined;
  bot(level: Level): Bot<S, E>;
  /** The level whose move a hint shows (default strong): Ur's perfect where a table is built. */
  hintLevel?(state: S): Level;
  /**
   * How far a take-back reaches, where the game's rule is its own (Kono's stops at the round);
   * absent: the shared rule (engine/take-back.ts). A table built from the core takes back by it.
   */
  takeBack?(initial: S, events: readonly E[], seats: readonly Seat[]): TakeBack<S>;
  /** The computer's levels this game offers (by default random, greedy and strong). */
  readonly levels?: readonly Level[];
  /**
   * Win chances for the analysis at a level (the level's search; Ur's perfect reads a solved
   * table), for the rules `state` is played by (its options).
   */
  winChances?(level: Level, state: S): WinChances<S, E>;
  /**
   * Make winChances quick before a run on the event loop asks for them (Ur reads its solved
   * table in the background); resolves when they are.
   */
  prepareWinChances?(state: S): Promise<void>;
  /** Why a computer chose a move, in the game's words. */
  explain(state: S, event: E, names: readonly string[]): string;
  /** What an event did, as log lines. */
  describe(before: S, event: E, after: S, names: readonly string[]): string[];
  /**
   * A move list's line for an event, where the first line describe gives is not the whole of it
   * (Yut's catch has a log line of its own) or where describe says nothing (a step the log leaves
   * to the event that completes it, as Layers' order draw). Undefined: describe's first line.
   */
  moveLine?(before: S, event: E, after: S, names: readonly string[]): string | undefined;
}

/** A legal move with the mover's chance of winning after it (a fraction, 0 to 1). */
export interface RatedMove<E> {
  readonly event: E;
  readonly chance: number;
}

/**
 * How a game rates positions as chances of winning, for the analysis of a recording (issue 31):
 * exact where a solved table exists (Ur), else a search's value mapped to a probability by a fit
 * on self-play, or rollouts. A draw counts as half a win (the expected score, as chess engines
 * give it). Pure and deterministic: the same state always gets the same chance.
 */
export interface WinChances<S, E> {
  /** True where the chances are exact. */
  readonly exact: boolean;
  /** How the chances are found, one sentence. */
  readonly method: string;
  /** Every legal move of a decision (the player to act's) with the mover's chance after it. */
  moves(state: S): readonly RatedMove<E>[];
  /**
   * The chance that `seat` wins from `state`: a throw due, a decision (anyone's), or the game over
   * (1, 0, or ½ for a draw).
   */
  chance(state: S, seat: number): number;
  /** True where every seat's chance is a share of one win: they add up to 1 (Layers). */
  readonly shares?: boolean;
  /**
   * False for a decision or throw outside play, which the analysis skips (Kono's dice for the
   * first player, its choices between rounds). Everything is in play when absent.
   */
  inPlay?(state: S): boolean;
}

/** A core of any game, as the registry of cores lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameCore = GameCore<any, any, any>;

/** Define a core with its types checked. */
/** What a core may leave out: what its declared options and its seats already say. */
type Derived = 'seatCount' | 'optionWords' | 'typicalOptions';

/**
 * A core with its types checked. Left out: the typical options are the declared defaults, the
 * options' words are the declared ones' (wordsOf), and a game of one number of seats (`seats.min`
 * is `seats.max`) seats that many.
 */
export function gameCore<S, E extends GameEvent, O>(
  core: Omit<GameCore<S, E, O>, Derived> & Partial<Pick<GameCore<S, E, O>, Derived>>,
): GameCore<S, E, O> {
  const declared = (core.options ?? {}) as Parameters<typeof defaultsOf>[0];
  return {
    seatCount: () => core.seats.min,
    optionWords: (options) => wordsOf(declared, options as object),
    typicalOptions: defaultsOf<O>(declared),
    ...core,
  };
}
