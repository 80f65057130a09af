/**
 * A game's pure core: everything about a game that needs no screen, no terminal and no command
 * line (its rules, options, chance kit, computers, and its words for what happened and why).
 * Headless programs (the library entry, tables, analysis, the bench) use cores only; a game's
 * module (games/module.ts) adds its faces: setup, play and replay screens, command, console.
 */
import type { Bot, Level } from './bots.js';
import type { ChanceSource, ParsedScript } from './chance.js';
import type { Game, GameEvent } from './game.js';
import type { ParsedOptions } from './recording.js';

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
  /** Options from outside (a recording's header) checked, defaults written out. */
  parseOptions(unchecked: unknown): ParsedOptions<O>;
  /** How many players a game of these options seats. */
  seatCount(options: O): number;
  /**
   * A refusal of the rules in the players' names, where the rules speak of seats by number
   * (Yut's "Player 0", the seed's words, kept for the classic console).
   */
  named?(problem: string, names: readonly string[]): string;
  /** The options of a typical game (two players), for the generic tests and the bench. */
  readonly typicalOptions: O;
  readonly chance?: ChanceKit<E, O> | undefined;
  bot(level: Level): Bot<S, E>;
  /** The computer's levels this game offers (by default random, greedy and strong). */
  readonly levels?: readonly Level[];
  /** Why a computer chose a move, in the game's words. */
  explain(state: S, event: E, names: readonly string[]): string;
  /** What an event did, as log lines. */
  describe(before: S, event: E, after: S, names: readonly string[]): string[];
}

/** A core of any game, as the registry of cores lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameCore = GameCore<any, any, any>;

/** Define a core with its types checked. */
export function gameCore<S, E extends GameEvent, O>(core: GameCore<S, E, O>): GameCore<S, E, O> {
  return core;
}
