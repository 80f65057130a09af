/**
 * The game contract every madang game implements. A game is a value, not a class: pure
 * functions over an immutable state. Nothing here reads a clock, a file or Math.random;
 * randomness arrives as event data (a throw carries its sticks, a roll its dice).
 */

/** Every event is a serialisable fact named `game/eventName`, in the past tense. */
export interface GameEvent {
  readonly type: string;
}

/** One outcome of a chance node: the event that would happen and its probability. */
export interface ChanceOutcome<E extends GameEvent> {
  readonly event: E;
  readonly probability: number;
}

/**
 * How a game stands: running, won by one seat, drawn, or ranked (games that end in scores, such
 * as a tournament: `ranking` lists the seats best first, `scores` is indexed by seat).
 */
export type Outcome =
  | { readonly status: 'running' }
  | { readonly status: 'won'; readonly winner: number }
  | { readonly status: 'drawn' }
  | {
      readonly status: 'ranked';
      readonly ranking: readonly number[];
      readonly scores: readonly number[];
    };

/** A game going on: one frozen value, so that asking after every event makes nothing new. */
export const RUNNING: Outcome = Object.freeze({ status: 'running' });

/** Two outcomes say the same (an outcome read from a file is compared with the replay's). */
export function sameOutcome(a: Outcome, b: unknown): boolean {
  if (!isRecord(b) || b.status !== a.status) return false;
  if (a.status === 'won') return b.winner === a.winner;
  if (a.status === 'ranked') {
    const same = (x: readonly number[], y: unknown) =>
      Array.isArray(y) && y.length === x.length && x.every((v, i) => y[i] === v);
    return same(a.ranking, b.ranking) && same(a.scores, b.scores);
  }
  return true;
}

/** An outcome in words, with the seats' names. */
export function outcomeWords(outcome: Outcome, names: readonly string[]): string {
  const name = (seat: number) => names[seat] ?? `player ${seat}`;
  switch (outcome.status) {
    case 'running':
      return 'a game still running';
    case 'won':
      return `${name(outcome.winner)} won`;
    case 'drawn':
      return 'a draw';
    case 'ranked':
      return outcome.ranking.map((seat) => `${name(seat)} ${outcome.scores[seat] ?? 0}`).join(', ');
  }
}

export interface Game<S, E extends GameEvent, O> {
  /** The name used in event types and recordings (`yut`, `ur`, …). */
  readonly name: string;
  /**
   * A new game for these checked options. Options from outside (a recording's header, the
   * command line) go through the game module's `parseOptions` first, so setup cannot fail.
   */
  setup(options: O): S;
  /** Why `event` is not allowed in `state`, in words a player understands; undefined when it is. */
  check(state: S, event: unknown): string | undefined;
  /** The state after `event`; the very same state when `check` finds a problem. Never throws. */
  reduce(state: S, event: unknown): S;
  /** Every event the player to act may choose now (empty when a chance event is due or over). */
  legalEvents(state: S): readonly E[];
  /** When the next event is a throw or roll: its outcomes and probabilities; else undefined. */
  chance(state: S): readonly ChanceOutcome<E>[] | undefined;
  /** Running, or how it ended. */
  outcome(state: S): Outcome;
  /** The seat whose decision or throw is due. */
  toAct(state: S): number;
}

/** The result of applying an event: the new state, or the problem and the untouched state. */
export type Applied<S> =
  | { readonly ok: true; readonly state: S }
  | { readonly ok: false; readonly problem: string; readonly state: S };

/** Check then reduce, reporting the problem to the caller instead of silently ignoring it. */
export function apply<S, E extends GameEvent, O>(
  game: Game<S, E, O>,
  state: S,
  event: unknown,
): Applied<S> {
  const problem = game.check(state, event);
  if (problem !== undefined) return { ok: false, problem, state };
  return { ok: true, state: game.reduce(state, event) };
}

/** The whole game is the fold of its events: replay stops at the first rejected one. */
export function foldEvents<S, E extends GameEvent, O>(
  game: Game<S, E, O>,
  initial: S,
  events: Iterable<unknown>,
): { state: S; applied: number; problem?: { index: number; reason: string } } {
  let state = initial;
  let applied = 0;
  for (const event of events) {
    const problem = game.check(state, event);
    if (problem !== undefined)
      return { state, applied, problem: { index: applied, reason: problem } };
    state = game.reduce(state, event);
    applied++;
  }
  return { state, applied };
}

/** True for a plain object (not null, not an array): the only shape an event can have. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
