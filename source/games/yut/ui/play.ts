/**
 * The Yut play screen as a pure model: the table's state as it told it, what the player has
 * selected, the move preview, the turn log, and the mapping from a key to an action. The Ink
 * components only draw this; the table the play screen links it to (ui/play-session.ts) draws
 * the sticks.
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import {
  type EventLog,
  type Told,
  type ToldBack,
  wanting,
  wantingBack,
} from '../../../ui/event-log.js';
import {
  backLogged,
  computerToPlay,
  frameKey,
  type Overlay,
  reduceFramed,
  type SessionAction,
  toldLogged,
} from '../../../ui/play-session.js';
import { repliesWords } from '../../../engine/take-back.js';
import { ARRIVED, IN_HAND, type Result, route } from '../board.js';
import { describeEvent, takesShortcut } from '../describe.js';
import {
  animalOf,
  check,
  legalEvents,
  movablePositions,
  occupant,
  type PieceMoved,
  type SticksThrown,
  type Stack,
  type YutEvent,
  type YutState,
} from '../rules.js';
import type { Sticks } from '../sticks.js';

export const isComputer = (play: YutPlay, seat = play.state.turn) =>
  play.seats[seat]?.kind === 'computer';

export interface Selection {
  readonly from: number;
  readonly result: Result;
}

export interface YutPlay extends EventLog<YutState, YutEvent> {
  readonly seats: readonly Seat[];
  readonly selection: Selection | null;
  readonly log: readonly string[];
  /** The last refusal or hint, shown until the next action. */
  readonly notice: string | null;
  readonly lastThrow: { readonly seat: number; readonly sticks: Sticks } | null;
  readonly overlay: Overlay;
  /** A turn has just begun (no throw yet): when the advanced game may be saved. */
  readonly turnStart: boolean;
  /** The board shows each empty station's number (`n`). */
  readonly numbers: boolean;
}

export type PlayAction =
  | SessionAction<YutEvent, YutState>
  | { readonly type: 'play/stackChosen'; readonly delta: 1 | -1 }
  | { readonly type: 'play/resultChosen'; readonly delta: 1 | -1 }
  | { readonly type: 'play/moveRequested' }
  | { readonly type: 'play/undoRequested' }
  | { readonly type: 'play/numbersToggled' }
  /** ↑↓ through the list of legal moves. */
  | { readonly type: 'play/moveChosen'; readonly delta: 1 | -1 }
  /** A move picked by its number in the list (1 is the first). */
  | { readonly type: 'play/moveNumbered'; readonly number: number };

export function newPlay(initial: YutState, seats: readonly Seat[]): YutPlay {
  return withSelection({
    initial,
    events: [],
    state: initial,
    seats,
    selection: null,
    log: [
      `${seats[initial.turn]?.name ?? `Player ${initial.turn + 1}`} to ${initial.phase === 'move' ? 'move' : 'throw'}.`,
    ],
    notice: null,
    lastThrow: null,
    overlay: null,
    turnStart: true,
    numbers: false,
  });
}

// ---------------------------------------------------------------------------------------------
// Selection and preview

/** The distinct results in the list, in canonical order. */
export function distinctResults(state: YutState): Result[] {
  return [...new Set(state.results)];
}

/** Keep the selection when it still makes sense, else pick the first legal move. */
function withSelection(play: YutPlay): YutPlay {
  const { state } = play;
  if (state.phase !== 'move') return { ...play, selection: null };
  const froms = movablePositions(state, state.turn);
  const results = distinctResults(state);
  const kept = play.selection;
  const legalMove = (from: number, result: Result) =>
    froms.includes(from) &&
    results.includes(result) &&
    check(state, move(from, result)) === undefined;
  // A selection is kept only while it is a legal move (a piece in hand cannot take a back-do).
  if (kept && legalMove(kept.from, kept.result)) return play;
  const legal = legalEvents(state)[0];
  const keepsPiece = kept !== null && results.some((r) => legalMove(kept.from, r));
  const from = kept && keepsPiece ? kept.from : (legal?.from ?? froms[0] ?? 0);
  const result =
    results.find((r) => check(state, move(from, r)) === undefined) ??
    legal?.result ??
    (results[0] as Result);
  return { ...play, selection: { from, result } };
}

const move = (from: number, result: Result): PieceMoved => ({
  type: 'yut/pieceMoved',
  from,
  result,
});

export interface Preview {
  readonly from: number;
  readonly result: Result;
  /** The stack that would move (size 1 from hand). */
  readonly size: number;
  /** Where it would land: 1..29, 100 = arrives; undefined when the move is not allowed. */
  readonly to: number | undefined;
  /** Stations passed through and stopped at. */
  readonly route: readonly number[];
  readonly catches: Stack | undefined;
  readonly joins: Stack | undefined;
  readonly shortcut: boolean;
  readonly problem: string | undefined;
}

export function preview(state: YutState, selection: Selection | null): Preview | undefined {
  if (!selection || state.phase !== 'move') return undefined;
  const { from, result } = selection;
  const problem = check(state, move(from, result));
  const cow = animalOf(state, state.turn) === 'cow';
  const path = problem === undefined ? route(from, result, cow) : [];
  const to = path.at(-1);
  const there = to === undefined || to === ARRIVED ? undefined : occupant(state, to);
  return {
    from,
    result,
    size: from === IN_HAND ? 1 : (occupant(state, from)?.size ?? 0),
    to,
    route: path,
    catches: there && there.seat !== state.turn ? there : undefined,
    joins: there && there.seat === state.turn ? there : undefined,
    shortcut: problem === undefined && takesShortcut(from, result, cow),
    problem,
  };
}

function cycle<T>(items: readonly T[], current: T, delta: number): T {
  const index = items.indexOf(current);
  return items[(index + delta + items.length) % items.length] as T;
}

// ---------------------------------------------------------------------------------------------
// Keys

/** What a key does on the play screen; undefined when it does nothing. Pure. */
export function playKey(play: YutPlay, key: Key): PlayAction | undefined {
  const shared = frameKey(play.overlay, play.state.phase !== 'over', key);
  if (shared !== undefined) return shared ?? undefined;
  // Looking at the board is anyone's, whoever's turn it is.
  if (key === 'n') return { type: 'play/numbersToggled' };
  // A person's last move can be taken back while the computer replies, as well as after.
  if (key === 'u') return { type: 'play/undoRequested' };
  const waiting = computerToPlay(play.seats[play.state.turn]);
  if (waiting) return waiting;
  switch (key) {
    case 'space':
    case 't':
      return { type: 'play/chanceRequested' };
    case 'left':
      return { type: 'play/stackChosen', delta: -1 };
    case 'right':
      return { type: 'play/stackChosen', delta: 1 };
    case 'tab':
      return { type: 'play/resultChosen', delta: 1 };
    case 'up':
      return { type: 'play/moveChosen', delta: -1 };
    case 'down':
      return { type: 'play/moveChosen', delta: 1 };
    case 'enter':
      return { type: 'play/moveRequested' };
    case 'h':
      return { type: 'play/hintRequested' };
    case 's':
      return { type: 'play/saveRequested' };
    default:
      return /^[1-9]$/.test(key) ? { type: 'play/moveNumbered', number: Number(key) } : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The reducer

/**
 * An event the table told, appended and logged with the states it told around it (with `note`,
 * such as a computer's reason, right under the event's own line).
 */
export function applyEvent(play: YutPlay, told: Told<YutState, YutEvent>): YutPlay {
  const { event, after: state } = told;
  return withSelection({
    ...play,
    ...toldLogged(play, told, describeEvent),
    lastThrow:
      event.type === 'yut/sticksThrown'
        ? { seat: play.state.turn, sticks: event.sticks }
        : play.lastThrow,
    turnStart: state.turn !== play.state.turn && state.phase !== 'over',
  });
}

/** A take-back the table made: the move and the computers' reply after it. */
export function takenBack(play: YutPlay, back: ToldBack<YutState, YutEvent>): YutPlay {
  const taken = back.removed[0] as PieceMoved;
  const who = play.seats[back.mover]?.name ?? `Player ${back.mover + 1}`;
  const thrown = back.lastChance?.event as SticksThrown | undefined;
  return withSelection({
    ...play,
    ...backLogged(
      play,
      back,
      `${who} took back the move (${taken.result} from ${taken.from === 0 ? 'hand' : taken.from})${repliesWords(back.repliers)}.`,
    ),
    selection: { from: taken.from, result: taken.result },
    lastThrow:
      back.lastChance && thrown ? { seat: back.lastChance.seat, sticks: thrown.sticks } : null,
    turnStart: false,
  });
}

/** A hinted move is selected: its piece and its throw. */
const hinted = (_: YutPlay, event: YutEvent): Partial<YutPlay> =>
  event.type === 'yut/pieceMoved' ? { selection: { from: event.from, result: event.result } } : {};

export function reducePlay(play: YutPlay, action: PlayAction): YutPlay {
  switch (action.type) {
    case 'play/told':
      return applyEvent(play, action.told);
    case 'play/takenBack':
      return takenBack(play, action.back);
    case 'play/stackChosen':
    case 'play/resultChosen': {
      const { state, selection } = play;
      if (state.phase !== 'move' || !selection) {
        return { ...play, notice: `${play.seats[state.turn]?.name} must throw first (Space).` };
      }
      const next =
        action.type === 'play/stackChosen'
          ? {
              ...selection,
              from: cycle(movablePositions(state, state.turn), selection.from, action.delta),
            }
          : { ...selection, result: cycle(distinctResults(state), selection.result, action.delta) };
      return { ...play, selection: next, notice: null };
    }
    case 'play/moveRequested':
      return {
        ...play,
        ...wanting(
          play.selection ? move(play.selection.from, play.selection.result) : move(IN_HAND, 'do'),
        ),
      };
    case 'play/undoRequested':
      return { ...play, ...wantingBack<YutEvent>() };
    case 'play/numbersToggled':
      return { ...play, numbers: !play.numbers };
    case 'play/moveChosen':
    case 'play/moveNumbered': {
      const { state, selection } = play;
      const moves = legalEvents(state);
      if (state.phase !== 'move' || moves.length === 0) {
        return { ...play, notice: `${play.seats[state.turn]?.name} must throw first (Space).` };
      }
      const at = moves.findIndex(
        (m) => m.from === selection?.from && m.result === selection?.result,
      );
      const index =
        action.type === 'play/moveChosen'
          ? (at + action.delta + moves.length) % moves.length
          : action.number - 1;
      const chosen = moves[index];
      if (!chosen)
        return { ...play, notice: `There are ${moves.length} moves: choose 1 to ${moves.length}.` };
      return { ...play, selection: { from: chosen.from, result: chosen.result }, notice: null };
    }
    default:
      return reduceFramed(play, action, hinted);
  }
}
