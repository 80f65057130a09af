/**
 * The recording format (docs/design.md, "Recordings"): JSON Lines. A header line, then one line per
 * game event in the reducer's own vocabulary, then, on a finished game, a closing line with the
 * outcome. Three session lines besides: `session/moveTakenBack` (the last event was taken back: a move,
 * or a computer's throw or roll in a reply taken back; replay folds the events again without
 * it), `session/resumed` (play went on in a later run) and `session/explained` (why the
 * computer made the move before it, for the replay; the rules never see it).
 *
 * Everything here is pure: the Replayer takes the file's lines one at a time and keeps only
 * what replay needs (the state, and for take-backs up to TAKE_BACK_DEPTH states since a person's
 * last throw), so a file of any length replays in bounded memory.
 */
import {
  type Game,
  type GameEvent,
  isRecord,
  type Outcome,
  outcomeWords,
  sameOutcome,
} from './game.js';
import type { Timeline } from './timeline.js';

/** What a recording needs of a game: its rules, and its options checked from the header. */
export interface RecordedGame {
  readonly id: string;
  readonly rules: Game<unknown, GameEvent, unknown>;
  /** The header's options checked, defaults written out; or why they are not a valid setup. */
  parseOptions(unchecked: unknown): ParsedOptions<unknown>;
  /** How many players a game of these (checked) options seats. */
  seatCount(options: never): number;
  /** A refusal of the rules in the players' names, for rules that speak of seats by number. */
  named?(problem: string, names: readonly string[]): string;
  /** What an event did, as log lines (for the timeline's move lines). */
  describe?(before: unknown, event: GameEvent, after: unknown, names: readonly string[]): string[];
  /** A seat's standing at the end, for ratings (engine/core.ts). */
  standing?(state: unknown, seat: number): readonly number[];
}

export type ParsedOptions<O> =
  { readonly ok: true; readonly options: O } | { readonly ok: false; readonly problem: string };

/** Finds a game by the name in a recording's header (the app passes the registry's). */
export type GameLookup = (name: string) => RecordedGame | undefined;

/** How a recording was left: finished, left unfinished, or left because the game was saved. */
export type RecordingEnd = 'finished' | 'unfinished' | 'saved';

/** Where the play screens send each accepted event, take-back and the end, as they happen. */
export interface Recorder {
  readonly file: string | undefined;
  /** `chance`: a throw, roll or draw, not a player's move (a game of none is not kept). */
  event(event: GameEvent, chance?: boolean): void;
  takenBack(): void;
  end(outcome: Outcome): void;
  /** Why the computer made the move just recorded (shown in the replay). */
  explained(reason: string): void;
  /** The game stops here; `ending` says why when it was saved to the game's own file. */
  close(ending?: RecordingEnd): void;
  /** Why the recording stopped, if it did. */
  readonly problem: string | undefined;
}

export const NO_RECORDING: Recorder = {
  file: undefined,
  event() {},
  takenBack() {},
  end() {},
  explained() {},
  close() {},
  problem: undefined,
};

/** A recording loaded whole: to watch, or to go on playing (resume). */
export interface LoadedRecording {
  readonly file: string;
  readonly header: Header;
  readonly events: readonly GameEvent[];
  /** Where appending may go on (after the last whole line). */
  readonly goodBytes: number;
  /** The computer's reasons, by the index of the event they explain. */
  readonly reasons?: ReadonlyMap<number, string> | undefined;
  /** The people's seats the computer made a move for (engine/computer-moves.ts), in force. */
  readonly computerPlayed?: readonly number[] | undefined;
  /** The header's options as the game checked them (parsed once, when the file was read). */
  readonly options?: unknown;
  /** The events folded once as they were read: checkpoints, turns, move lines, outcome. */
  readonly timeline?: Timeline | undefined;
}

/** A recording as the recordings browser lists it (storage/catalogue.ts reads it). */
export interface Listed {
  readonly file: string;
  /** The file's name in the folder. */
  readonly name: string;
  /** When it was last written (ms since the epoch): the list is newest first. */
  readonly modified: number;
  /** Its header, when this madang can play the recording. */
  readonly header?: Header | undefined;
  /** Why it cannot be watched, when it cannot (not a recording, a game madang does not have). */
  readonly problem?: string | undefined;
  /** How the game ended, from its closing line; undefined for a game left unfinished. */
  readonly outcome?: Outcome | undefined;
  /** Its steps (the events the replay viewer steps through), counted or estimated. */
  readonly steps: number;
  /** The steps were estimated from the file's size (only its first kilobytes were read). */
  readonly approximate: boolean;
}

export interface Catalogue {
  readonly directory: string;
  readonly recordings: readonly Listed[];
}

export const FORMAT = 'madang-recording';
/**
 * 2: `session/explained` lines, and take-backs reaching over a computer's throws. A madang that
 * reads only 1 refuses such a file with a misleading line-by-line reason; with 2 it says to
 * update. Version 1 files (no such lines) read as before.
 */
export const VERSION = 2;

export interface PlayerInfo {
  readonly name: string;
  readonly kind: 'human' | 'bot';
  readonly level?: string;
  /** A served game's player: their key's fingerprint (the server's `guest:N` for a guest). */
  readonly id?: string;
}

export interface Header {
  readonly format: typeof FORMAT;
  readonly version: number;
  readonly game: string;
  readonly options: unknown;
  readonly players: readonly PlayerInfo[];
  readonly seed: number | null;
  readonly startedAt: string;
  readonly app: string;
  /** A served game: its table's code, and whether the table was made rated (ratings/). */
  readonly table?: string;
  readonly rated?: boolean;
}

export const TAKEN_BACK = 'session/moveTakenBack';
/**
 * How many events in a row a recording can take back, since a person's last throw or roll
 * (which is never taken back; a computer's is, with its reply). A play screen that takes back
 * across turns keeps to the same count.
 */
export const TAKE_BACK_DEPTH = 1000;
export const RESUMED = 'session/resumed';
export const ENDED = 'session/ended';
export const EXPLAINED = 'session/explained';
/** The longest reason kept from a file (a computer's reasons are a line or two). */
export const LONGEST_REASON = 500;

export const headerLine = (header: Header) => `${JSON.stringify(header)}\n`;
export const eventLine = (event: GameEvent) => `${JSON.stringify(event)}\n`;
export const takenBackLine = () => `${JSON.stringify({ type: TAKEN_BACK })}\n`;
export const endLine = (outcome: Outcome) => `${JSON.stringify({ type: ENDED, outcome })}\n`;
export const explainedLine = (reason: string) => `${JSON.stringify({ type: EXPLAINED, reason })}\n`;
export const resumedLine = (at: string, seed: number | null) =>
  `${JSON.stringify({ type: RESUMED, at, seed })}\n`;

export type ParsedHeader =
  | { ok: true; header: Header; game: RecordedGame; options: unknown }
  | { ok: false; problem: string };

/** Control characters removed: text from a file must never reach the terminal as escapes. */
export function cleanText(text: string): string {
  return text.replace(/\p{C}/gu, '');
}

export function parseHeader(line: string, lookup: GameLookup): ParsedHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: 'not a madang recording (its first line is not a header)' };
  }
  if (!isRecord(value) || value.format !== FORMAT) {
    return { ok: false, problem: 'not a madang recording (its first line is not a header)' };
  }
  const { version, game, options, players, seed, startedAt, app } = value;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, problem: 'the header has no valid format version' };
  }
  if (version > VERSION) {
    return {
      ok: false,
      problem: `recording format version ${version} is newer than this madang reads (${VERSION}); update madang`,
    };
  }
  const entry = typeof game === 'string' ? lookup(game) : undefined;
  if (!entry) {
    const shown = typeof game === 'string' ? cleanText(game).slice(0, 30) : String(game);
    return {
      ok: false,
      problem: `a recording of "${shown}", a game this version of madang does not have`,
    };
  }
  const parsed = entry.parseOptions(options);
  if (!parsed.ok) return { ok: false, problem: `the header's options: ${parsed.problem}` };
  if (
    !Array.isArray(players) ||
    !players.every(
      (p) => isRecord(p) && typeof p.name === 'string' && (p.kind === 'human' || p.kind === 'bot'),
    )
  ) {
    return { ok: false, problem: 'the header does not list the players' };
  }
  const seats = entry.seatCount(parsed.options as never);
  if (players.length !== seats) {
    return {
      ok: false,
      problem: `the header lists ${players.length} players, but its options are for a game of ${seats}`,
    };
  }
  const header: Header = {
    format: FORMAT,
    version,
    game: game as string,
    options,
    players: players.map((p) => ({
      name: cleanText(String(p.name)).slice(0, 40),
      kind: p.kind as 'human' | 'bot',
      ...(typeof p.level === 'string' ? { level: cleanText(p.level).slice(0, 20) } : {}),
      ...(typeof p.id === 'string' ? { id: cleanText(p.id).slice(0, 100) } : {}),
    })),
    seed: typeof seed === 'number' && Number.isSafeInteger(seed) ? seed : null,
    startedAt: typeof startedAt === 'string' ? cleanText(startedAt).slice(0, 40) : '',
    app: typeof app === 'string' ? cleanText(app).slice(0, 40) : '',
    ...(typeof value.table === 'string' ? { table: cleanText(value.table).slice(0, 16) } : {}),
    ...(typeof value.rated === 'boolean' ? { rated: value.rated } : {}),
  };
  return { ok: true, header, game: entry, options: parsed.options };
}

/** What one line did to the replay. */
export type Step =
  | { readonly kind: 'event'; readonly event: GameEvent }
  | { readonly kind: 'takenBack' }
  | { readonly kind: 'resumed'; readonly seed: number | null }
  | { readonly kind: 'explained'; readonly reason: string }
  | { readonly kind: 'ended'; readonly outcome: Outcome }
  | { readonly kind: 'problem'; readonly problem: string };

function describeOutcome(outcome: unknown, players: readonly PlayerInfo[]): string {
  const names = players.map((p) => p.name);
  if (!isRecord(outcome)) return 'a game still running';
  if (outcome.status === 'won' && typeof outcome.winner === 'number')
    return outcomeWords({ status: 'won', winner: outcome.winner }, names);
  if (outcome.status === 'drawn') return 'a draw';
  if (outcome.status === 'ranked') return 'a ranking';
  return 'a game still running';
}

/**
 * Folds a recording's lines (after the header) through the game's reducer, one at a time.
 * The first problem stops it: `problem` says which line and why.
 */
export class Replayer {
  state: unknown;
  /** Game events in force (taken-back moves excluded). */
  events = 0;
  /** Throws and rolls among them. */
  chanceEvents = 0;
  ended: Outcome | undefined;
  problem: { line: number; reason: string } | undefined;
  /**
   * States before each event since a person's last throw or roll (the last TAKE_BACK_DEPTH of
   * them): what a take-back returns to.
   */
  private undoStack: { readonly state: unknown; readonly chance: boolean }[] = [];

  constructor(
    readonly header: Header,
    readonly game: RecordedGame,
    /** The header's options as `parseHeader` checked them. */
    readonly options: unknown,
  ) {
    this.state = game.rules.setup(options);
    this.initial = this.state;
  }

  /** The state before the first event. */
  readonly initial: unknown;

  get outcome(): Outcome {
    return this.game.rules.outcome(this.state);
  }

  /** Apply one line of the file (its 1-based number is for messages). */
  push(text: string, line: number): Step {
    if (this.problem) return { kind: 'problem', problem: this.problem.reason };
    const fail = (reason: string): Step => {
      this.problem = { line, reason };
      return { kind: 'problem', problem: reason };
    };
    if (this.ended) return fail('there is more after the closing line');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return fail('this line is not JSON');
    }
    if (!isRecord(value)) return fail('this line is not an event');
    const game = this.game.rules;
    switch (value.type) {
      case TAKEN_BACK: {
        const before = this.undoStack.pop();
        if (before === undefined)
          return fail("a take-back with no move to take back since a person's last throw or roll");
        this.state = before.state;
        this.events--;
        if (before.chance) this.chanceEvents--;
        return { kind: 'takenBack' };
      }
      case RESUMED:
        return { kind: 'resumed', seed: typeof value.seed === 'number' ? value.seed : null };
      case EXPLAINED:
        if (typeof value.reason !== 'string') return fail('an explanation without its reason');
        if (this.events === 0) return fail('an explanation with no move before it');
        return { kind: 'explained', reason: cleanText(value.reason).slice(0, LONGEST_REASON) };
      case ENDED: {
        if (!sameOutcome(this.outcome, value.outcome)) {
          return fail(
            `the closing line says ${describeOutcome(value.outcome, this.header.players)}, but the replay ends with ${describeOutcome(this.outcome, this.header.players)}`,
          );
        }
        this.ended = this.outcome;
        return { kind: 'ended', outcome: this.outcome };
      }
      default: {
        const problem = game.check(this.state, value);
        if (problem !== undefined) {
          const names = this.header.players.map((p) => p.name);
          return fail(this.game.named?.(problem, names) ?? problem);
        }
        const chance = game.chance(this.state) !== undefined;
        const byComputer = this.header.players[game.toAct(this.state)]?.kind === 'bot';
        const before = this.state;
        this.state = game.reduce(this.state, value);
        this.events++;
        if (chance) this.chanceEvents++;
        if (chance && !byComputer) {
          // Nothing before a person's throw or roll is ever taken back: its outcome was theirs
          // to see. A computer's goes with the reply it began, when a person takes back the
          // move it answered (as chess programs do).
          this.undoStack = [];
        } else {
          // Only the last TAKE_BACK_DEPTH are kept, so that memory stays bounded.
          this.undoStack.push({ state: before, chance });
          if (this.undoStack.length > TAKE_BACK_DEPTH) this.undoStack.shift();
        }
        return { kind: 'event', event: value as unknown as GameEvent };
      }
    }
  }
}

/** A new recording's header. The clock is read by the caller, at the edge. */
export function newHeader(fields: {
  game: string;
  options: unknown;
  players: readonly PlayerInfo[];
  seed: number | null;
  startedAt: Date;
  app: string;
  table?: string | undefined;
  rated?: boolean | undefined;
}): Header {
  return {
    format: FORMAT,
    version: VERSION,
    game: fields.game,
    options: fields.options,
    players: fields.players,
    seed: fields.seed,
    startedAt: fields.startedAt.toISOString(),
    app: fields.app,
    // Only a served game says its table (a local game's header is as before).
    ...(fields.table !== undefined ? { table: fields.table, rated: fields.rated === true } : {}),
  };
}
