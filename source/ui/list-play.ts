/**
 * The generic play model: the table's state as it told it, the legal moves of the player to act
 * as a list to choose from (↑↓ or a number, Enter), take-backs asked of the table, the log.
 * A game with no board of its own to point at plays on this as it stands; the others can start
 * on it and grow their own selection later.
 */
import type { Game, GameEvent } from '../engine/game.js';
import type { Seat } from '../engine/seats.js';
import type { Key } from './keys.js';
import { type EventLog, type Told, type ToldBack, wanting, wantingBack } from './event-log.js';
import {
  backLogged,
  computerToPlay,
  LOG_KEPT,
  frameKey,
  type Overlay,
  reduceFramed,
  type SessionAction,
  toldLogged,
} from './play-session.js';
import { repliesWords } from '../engine/take-back.js';

export interface ListFace<S, E extends GameEvent> {
  readonly rules: Game<S, E, never>;
  /** What an event did, as log lines. */
  describe(before: S, event: E, after: S, names: readonly string[]): string[];
  /** A legal move as a line of the move list. */
  label(state: S, event: E, names: readonly string[]): string;
}

export interface ListPlay<S, E> extends EventLog<S, E> {
  readonly seats: readonly Seat[];
  /** Index of the chosen move in legalEvents(state). */
  readonly choice: number;
  readonly log: readonly string[];
  readonly notice: string | null;
  readonly overlay: Overlay;
}

export type ListAction<E, S = unknown> = OwnAction<E, S>;

type OwnAction<E, S> =
  | SessionAction<E, S>
  | { readonly type: 'list/cursorMoved'; readonly delta: number }
  | { readonly type: 'list/picked'; readonly index: number }
  | { readonly type: 'list/moveRequested' }
  | { readonly type: 'list/undoRequested' };

/** The whole game's log is kept, for the log page (`l`). */
const LOG = LOG_KEPT;

export function listPlayModel<S, E extends GameEvent>(face: ListFace<S, E>) {
  const { rules } = face;
  const names = (play: ListPlay<S, E>) => play.seats.map((s) => s.name);
  const running = (state: S) => rules.outcome(state).status === 'running';

  function init(initial: S, seats: readonly Seat[], log: readonly string[] = []): ListPlay<S, E> {
    const who = seats[rules.toAct(initial)]?.name ?? 'Player 1';
    return {
      initial,
      events: [],
      state: initial,
      seats,
      choice: 0,
      log: [...log, `${who} to play.`],
      notice: null,
      overlay: null,
    };
  }

  /** An event the table told, drawn with the states it told around it. */
  function apply(play: ListPlay<S, E>, told: Told<S, E>): ListPlay<S, E> {
    return { ...play, ...toldLogged(play, told, face.describe), choice: 0 };
  }

  /**
   * Events told together (a batch of the table's: draws, the computers' moves in a hurry),
   * applied in turn as `apply` would, `settle` after each, with the events and the log copied
   * once for all of them instead of once an event (a thousand players' round is thousands).
   */
  function applyAll<P extends ListPlay<S, E>>(
    play: P,
    told: readonly Told<S, E>[],
    settle: (before: P, after: P) => P = (_, after) => after,
  ): P {
    const events = [...play.events];
    const log = [...play.log];
    let now = play;
    for (const { event, before, after, note } of told) {
      const lines = face.describe(before, event, after, names(now));
      if (note !== undefined) lines.splice(1, 0, note);
      events.push(event);
      log.push(...lines);
      // The arrays grow under every step's model; only the last is kept.
      const next: P = { ...now, events, state: after, choice: 0, log, notice: null };
      now = settle(now, next);
    }
    return now === play ? play : { ...now, log: log.length > LOG ? log.slice(-LOG) : log };
  }

  /** A take-back the table made: a person's last move, with the computers' reply after it. */
  function takenBack(play: ListPlay<S, E>, back: ToldBack<S, E>): ListPlay<S, E> {
    const who = play.seats[back.mover]?.name ?? 'The player';
    const line = `${who} took back a move${repliesWords(back.repliers)}.`;
    return { ...play, ...backLogged(play, back, line), choice: 0 };
  }

  /** A hint chooses its move in the list. */
  function hinted(play: ListPlay<S, E>, event: E): Partial<ListPlay<S, E>> {
    const legal = rules.legalEvents(play.state);
    const index = legal.findIndex((e) => JSON.stringify(e) === JSON.stringify(event));
    return { choice: Math.max(0, index) };
  }

  function reduce(play: ListPlay<S, E>, action: ListAction<E, S>): ListPlay<S, E> {
    const legal = rules.legalEvents(play.state);
    switch (action.type) {
      case 'play/told':
        return apply(play, action.told);
      case 'play/takenBack':
        return takenBack(play, action.back);
      case 'list/cursorMoved':
        if (legal.length === 0) return play;
        return { ...play, choice: (play.choice + action.delta + legal.length) % legal.length };
      case 'list/picked':
        return action.index < legal.length ? { ...play, choice: action.index, notice: null } : play;
      case 'list/moveRequested': {
        const event = legal[play.choice];
        return event ? { ...play, ...wanting(event) } : { ...play, notice: 'Nothing to move now.' };
      }
      case 'list/undoRequested':
        return { ...play, ...wantingBack<E>() };
      default:
        return reduceFramed(play, action, hinted);
    }
  }

  function key(play: ListPlay<S, E>, pressed: Key): ListAction<E, S> | undefined {
    const shared = frameKey(play.overlay, running(play.state), pressed);
    if (shared !== undefined) return shared ?? undefined;
    // A person's last move can be taken back while the computer replies, as well as after.
    if (pressed === 'u') return { type: 'list/undoRequested' };
    const waiting = computerToPlay(play.seats[rules.toAct(play.state)]);
    if (waiting) return waiting;
    switch (pressed) {
      case 'space':
        return { type: 'play/chanceRequested' };
      case 'up':
        return { type: 'list/cursorMoved', delta: -1 };
      case 'down':
        return { type: 'list/cursorMoved', delta: 1 };
      case 'enter':
        return { type: 'list/moveRequested' };
      case 'h':
        return { type: 'play/hintRequested' };
      case 's':
        return { type: 'play/saveRequested' };
      default:
        return /^[1-9]$/.test(pressed)
          ? { type: 'list/picked', index: Number(pressed) - 1 }
          : undefined;
    }
  }

  return { init, reduce, key, applyAll };
}
