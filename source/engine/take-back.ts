/**
 * How far `u` reaches back: a person's last move, and with it everything the computers did
 * after it (their throws and rolls too), as chess programs take back a move with its reply.
 * A person's own throw or roll is never taken back: its outcome has been seen. Pure: the
 * events are folded again from the start, never undone by patching a state.
 */
import type { Game, GameEvent } from './game.js';
import { TAKE_BACK_DEPTH } from './recording.js';
import type { Seat } from './seats.js';

export type TakeBack<S> =
  | {
      readonly ok: true;
      /** How many events stay (the move taken back was `events[kept]`). */
      readonly kept: number;
      /** The state before that move: where play goes on. */
      readonly state: S;
      /** Who made the move taken back. */
      readonly mover: number;
      /** The computers whose replies go with it, by name, in order of play (none: no reply). */
      readonly repliers: readonly string[];
      /** The last chance event that stays, with the seat that made it. */
      readonly lastChance: { readonly event: GameEvent; readonly seat: number } | undefined;
    }
  | { readonly ok: false; readonly problem: string };

/** Where a game's take-backs stop, for a game whose play comes in parts (Kono's rounds). */
export interface TakeBackLimits<E> {
  /**
   * An event no take-back reaches past or takes back (the choices between Kono's rounds): the
   * computers' replies are walked back only as far as it.
   */
  readonly boundary?: (event: E) => boolean;
  /** What is said when nothing of the player's is left before a boundary. */
  readonly nothing?: string;
}

/** `noun` names the game's chance event ("throw", "roll"). */
export function takeBack<S, E extends GameEvent>(
  rules: Game<S, E, never>,
  initial: S,
  events: readonly E[],
  seats: readonly Seat[],
  noun: string,
  limits: TakeBackLimits<E> = {},
): TakeBack<S> {
  const befores: S[] = [];
  let state = initial;
  for (const event of events) {
    befores.push(state);
    state = rules.reduce(state, event);
  }
  if (rules.outcome(state).status !== 'running') return { ok: false, problem: 'The game is over.' };
  const actor = (i: number) => rules.toAct(befores[i] as S);
  const byComputer = (i: number) => seats[actor(i)]?.kind === 'computer';
  const isChance = (i: number) => rules.chance(befores[i] as S) !== undefined;
  const boundary = (i: number) => limits.boundary?.(events[i] as E) === true;
  let k = events.length - 1;
  while (k >= 0 && byComputer(k) && !boundary(k)) k--;
  if (k < 0 || boundary(k))
    return { ok: false, problem: limits.nothing ?? 'Nothing of yours to take back yet.' };
  if (isChance(k))
    return { ok: false, problem: `Nothing to take back: a ${noun} is never taken back.` };
  // The recording keeps this many states to go back to (TAKE_BACK_DEPTH).
  if (events.length - k > TAKE_BACK_DEPTH)
    return { ok: false, problem: 'That move is too far back to take back.' };
  const repliers: string[] = [];
  for (let i = k + 1; i < events.length; i++) {
    const name = seats[actor(i)]?.name ?? `Player ${actor(i) + 1}`;
    if (!repliers.includes(name)) repliers.push(name);
  }
  let lastChance: { event: GameEvent; seat: number } | undefined;
  for (let i = k - 1; i >= 0 && lastChance === undefined; i--)
    if (isChance(i)) lastChance = { event: events[i] as E, seat: actor(i) };
  return { ok: true, kept: k, state: befores[k] as S, mover: actor(k), repliers, lastChance };
}

/** " and CPU 1's reply" (or nothing): the end of a take-back's log line. */
export function repliesWords(repliers: readonly string[]): string {
  if (repliers.length === 0) return '';
  const names =
    repliers.length === 1
      ? `${repliers[0]}'s reply`
      : `the replies of ${repliers.slice(0, -1).join(', ')} and ${repliers.at(-1)}`;
  return ` and ${names}`;
}
