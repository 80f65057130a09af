/**
 * The game module: everything the shared code may ask of a game, as one typed value exported
 * from `games/<game>/index.ts` and listed once in `games/index.ts`: the game's pure core
 * (`games/<game>/core.ts`, listed in `games/cores.ts` for headless use) plus its faces. The
 * shell, the command line, recordings, replay and verify know games only through this.
 */
import type { ComponentType } from 'react';
import type { Argv } from 'yargs';
import type { ClassicIO, ClassicRun } from '../classic/lines.js';
import { gameConsole } from '../classic/game-console.js';
import type { GameCore } from '../engine/core.js';
import type { GameEvent } from '../engine/game.js';
import { flagsOf, settingsOf } from '../engine/options.js';
import type { Seat, SeatKind } from '../engine/seats.js';
import type { Key } from '../ui/keys.js';
import { rulesTextOf } from '../ui/rules-text.js';
import type { PlayProps } from '../ui/play-session.js';
import type { Start } from '../table/session.js';
import type { ReplayScreenProps } from '../ui/replay-model.js';

/** What the game's own flags settled, checked (the game reads its own shape back). */
export type Settings = Readonly<Record<string, unknown>>;

/** What a setup screen gets from the command line and the program. */
export interface SetupContext {
  /** The game's settings from its command's flags; empty when it was opened from the menu. */
  readonly settings: Settings;
  /** What sits in each seat at the start (--bots, --level). */
  readonly kinds: readonly SeatKind[];
  /** Where the game's own files are (accounts, saves). */
  readonly dataDir: string;
  /** A warning about a file, shown to the player. */
  warn(message: string): void;
  /**
   * The game's own save of these players was used up (resumed, or replaced by a new game): a
   * game saved earlier in this run no longer goes on from it.
   */
  saveUsed?(players: readonly string[]): void;
}

/** A game ready to start: its options and who sits where (table/session.ts). */
export type { Start };
/** What a console gets from the command line (classic/lines.ts). */
export type { ClassicRun };

export type SetupOutcome =
  | { readonly type: 'form'; readonly form: unknown }
  /** The form wants something done outside (a login checked against a file): `answer` does it. */
  | { readonly type: 'request'; readonly form: unknown; readonly request: unknown }
  | { readonly type: 'start'; readonly start: Start }
  | { readonly type: 'back' }
  /** The setup's own "end program". */
  | { readonly type: 'exit' };

/** One entry of the main menu: a setup screen as a pure model, its view, and its effects. */
export interface MenuEntry {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  newForm(context: SetupContext): unknown;
  /**
   * The form after a game was saved and left (Yut's advanced game says so); else newForm. It is
   * given the seats of the game saved: the form resumes that game, not the command line's --bots.
   */
  afterSave?(context: SetupContext, seats: readonly Seat[]): unknown;
  key(form: unknown, key: Key): SetupOutcome;
  /** Carries out a request (file reads and writes); absent when the setup never asks. */
  answer?(form: unknown, request: unknown, context: SetupContext): SetupOutcome;
  readonly View: ComponentType<{ form: unknown; width: number; height: number }>;
  /** A game started straight from the command line, when its flags settle the whole setup. */
  settled?(context: SetupContext): Start | undefined;
}

export type ParsedSettings =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly problem: string };

/** The flags of a game's declared options (engine/options.ts), added to its command. */
export function declaredFlags(yargs: Argv, declaration: Parameters<typeof flagsOf>[0]): Argv {
  return flagsOf(declaration).reduce(
    (y, { flag, type, describe }) => y.option(flag, { type, describe }),
    yargs,
  );
}

/** The game's command: `madang <id> [its flags]`. */
export interface GameCommand {
  readonly describe: string;
  /** Its own flags, for its command only. */
  flags(yargs: Argv): Argv;
  /** The flags read into settings; a bad value gets a one-line problem. */
  settings(
    argv: Readonly<Record<string, unknown>>,
    readFile: ClassicRun['readFile'],
  ): ParsedSettings;
  /** The menu entry the command opens (Yut's --advanced opens another). */
  entry(settings: Settings): string;
  /** Commands of its own besides (`madang users add`). */
  extra?(yargs: Argv, dataDir: (argv: Readonly<Record<string, unknown>>) => string): Argv;
}

/** A game's core (engine/core.ts) and its faces: screens, command, console and files. */
export interface GameModule<S, E extends GameEvent, O> extends GameCore<S, E, O> {
  /**
   * The files it keeps in the data directory (accounts, saves). Where the current directory holds
   * one, that is the data directory (the original programs kept them beside themselves).
   */
  readonly dataFiles?: readonly string[];
  readonly entries: readonly MenuEntry[];
  /** The play screen: the default's (ui/PlayScreen.tsx) declared with the game's board, panel,
   * play model and help lines, or the game's own. */
  readonly Play: ComponentType<PlayProps<S>>;
  /** Its face in the replay viewer: the default's (ui/ReplayFace.tsx), or the game's own. */
  readonly Replay: ComponentType<ReplayScreenProps>;
  /** The rules in the project's words (docs/rules/<game>.md), for the Rules pages. */
  readonly rulesText: string;
  readonly command: GameCommand;
  /** The menu entry a game of these options belongs to (by default the first). */
  entryOf?(options: O): string;
  /**
   * Another game after this one (`swap`: the seats turned by one), where it is more than the
   * same options and seats without the save: a Kono tournament resumed from a save starts anew
   * (not at the saved position again), keeps its save slot, and asks the person wherever they sit.
   */
  playAgain?(start: Start, swap: boolean): Start;
  /**
   * The window a game of these options needs, where its board can outgrow 80×24 (Ur's boards
   * come from files): a smaller window gets the "make the window larger" page, not a garbled board.
   */
  needs?(options: O): { readonly columns: number; readonly rows: number };
  /**
   * Saving a resumed game to the game's own file, when its options say it was saved that way
   * (Yut's advanced game): a recording resumed keeps the rules it was played by.
   */
  saveFor?(
    options: O,
    seats: readonly Seat[],
    context: SetupContext,
  ): ((state: S) => string | undefined) | undefined;
  /**
   * Its own console, for --classic and for pipes (the five games': their seeds' consoles).
   * Returns the exit code. Absent: the shared move list plays it (classic/game-console.ts).
   */
  classic?(io: ClassicIO, run: ClassicRun): Promise<number>;
}

/** The console a game is played on at --classic and on pipes: its own, or the move list. */
export function consoleOf(
  module: AnyGameModule,
): (io: ClassicIO, run: ClassicRun) => Promise<number> {
  return module.classic?.bind(module) ?? ((io, run) => gameConsole(module, io, run));
}

/**
 * The command of a game whose flags are its declared options alone (engine/options.ts): they
 * are read into its settings, and the command opens its one menu entry.
 */
export function declaredCommand(
  id: string,
  declaration: Parameters<typeof flagsOf>[0],
  describe: string,
): GameCommand {
  return {
    describe,
    flags: (yargs) => declaredFlags(yargs, declaration),
    settings: (argv) => settingsOf(declaration, argv),
    entry: () => id,
  };
}

/** A module of any game, as the registry lists them: the shell sees states and events opaquely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any>;

/**
 * Define a module with its types checked, then list it as any game. Its rules' text is
 * docs/rules/<id>.md unless it gives its own.
 */
export function gameModule<S, E extends GameEvent, O>(
  module: Omit<GameModule<S, E, O>, 'rulesText'> & { readonly rulesText?: string },
): AnyGameModule {
  return { ...module, rulesText: module.rulesText ?? rulesTextOf(module.id) } as AnyGameModule;
}
