/**
 * The recording format (DESIGN.md): JSON Lines. A header line, then one line per game event in
 * the reducer's own vocabulary, then, on a finished game, a closing line with the outcome.
 * Two session lines besides: `session/moveTakenBack` (the last move was taken back; replay
 * folds the events again without it) and `session/resumed` (play went on in a later run).
 *
 * Everything here is pure: the Replayer takes the file's lines one at a time and keeps only
 * what replay needs (the state, and the states since the last throw for take-backs), so a file
 * of any length replays in bounded memory.
 */
import { type GameEvent, isRecord, type Outcome } from './game.js';
import { type GameEntry, gameEntry } from './registry.js';

export const FORMAT = 'madang-recording';
export const VERSION = 1;

export interface PlayerInfo {
  readonly name: string;
  readonly kind: 'human' | 'bot';
  readonly level?: string;
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
}

export const TAKEN_BACK = 'session/moveTakenBack';
export const RESUMED = 'session/resumed';
export const ENDED = 'session/ended';

export const headerLine = (header: Header) => `${JSON.stringify(header)}\n`;
export const eventLine = (event: GameEvent) => `${JSON.stringify(event)}\n`;
export const takenBackLine = () => `${JSON.stringify({ type: TAKEN_BACK })}\n`;
export const endLine = (outcome: Outcome) => `${JSON.stringify({ type: ENDED, outcome })}\n`;
export const resumedLine = (at: string, seed: number | null) =>
  `${JSON.stringify({ type: RESUMED, at, seed })}\n`;

export type ParsedHeader =
  { ok: true; header: Header; entry: GameEntry } | { ok: false; problem: string };

/** Control characters removed: text from a file must never reach the terminal as escapes. */
export function cleanText(text: string): string {
  return text.replace(/\p{C}/gu, '');
}

export function parseHeader(line: string): ParsedHeader {
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
  const entry = gameEntry(game);
  if (!entry) {
    const shown = typeof game === 'string' ? cleanText(game).slice(0, 30) : String(game);
    return {
      ok: false,
      problem: `a recording of "${shown}", a game this version of madang does not have`,
    };
  }
  const optionsProblem = entry.checkOptions(options);
  if (optionsProblem !== undefined)
    return { ok: false, problem: `the header's options: ${optionsProblem}` };
  if (
    !Array.isArray(players) ||
    !players.every(
      (p) => isRecord(p) && typeof p.name === 'string' && (p.kind === 'human' || p.kind === 'bot'),
    )
  ) {
    return { ok: false, problem: 'the header does not list the players' };
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
    })),
    seed: typeof seed === 'number' && Number.isSafeInteger(seed) ? seed : null,
    startedAt: typeof startedAt === 'string' ? cleanText(startedAt).slice(0, 40) : '',
    app: typeof app === 'string' ? cleanText(app).slice(0, 40) : '',
  };
  return { ok: true, header, entry };
}

/** What one line did to the replay. */
export type Step =
  | { readonly kind: 'event'; readonly event: GameEvent }
  | { readonly kind: 'takenBack' }
  | { readonly kind: 'resumed'; readonly seed: number | null }
  | { readonly kind: 'ended'; readonly outcome: Outcome }
  | { readonly kind: 'problem'; readonly problem: string };

function sameOutcome(a: Outcome, b: unknown): boolean {
  if (!isRecord(b)) return false;
  if (a.status === 'running') return b.status === 'running';
  return b.status === 'won' && b.winner === a.winner;
}

function describeOutcome(outcome: unknown, names: readonly PlayerInfo[]): string {
  if (!isRecord(outcome) || outcome.status !== 'won') return 'a game still running';
  const winner = typeof outcome.winner === 'number' ? names[outcome.winner]?.name : undefined;
  return `${winner ?? `player ${String(outcome.winner)}`} won`;
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
  /** States before each move since the last chance event: what a take-back returns to. */
  private undoStack: unknown[] = [];

  constructor(
    readonly header: Header,
    readonly entry: GameEntry,
  ) {
    this.state = entry.game.setup(header.options);
  }

  get outcome(): Outcome {
    return this.entry.game.outcome(this.state);
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
    const { game } = this.entry;
    switch (value.type) {
      case TAKEN_BACK: {
        const before = this.undoStack.pop();
        if (before === undefined) return fail('a take-back with no move of this turn to take back');
        this.state = before;
        this.events--;
        return { kind: 'takenBack' };
      }
      case RESUMED:
        return { kind: 'resumed', seed: typeof value.seed === 'number' ? value.seed : null };
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
        if (problem !== undefined) return fail(problem);
        const isChance = game.chance(this.state) !== undefined;
        const before = this.state;
        this.state = game.reduce(this.state, value);
        this.events++;
        if (isChance) {
          this.chanceEvents++;
          this.undoStack = [];
        } else if (game.toAct(this.state) !== game.toAct(before)) {
          // A move that ended the turn cannot be taken back.
          this.undoStack = [];
        } else {
          this.undoStack.push(before);
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
  };
}
