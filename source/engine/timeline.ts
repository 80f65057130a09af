/**
 * A recorded game's timeline, folded once as its events are read (storage/load.ts) and shared
 * by whatever looks at a recording (the replay viewer now, analysis later): checkpoints to reach
 * any position cheaply, where each turn starts, one line a move in the game's words, and how it
 * ended. Take-backs in the file cut it back as they cut back the events.
 */
import { type Game, type GameEvent, type Outcome } from './game.js';

/** The state is kept every CHECKPOINT events, so that stepping back never folds far. */
export const CHECKPOINT = 64;

/** What a timeline needs of a game: its rules, and its words for what an event did. */
export interface TimelineGame<S> {
  readonly rules: Game<S, GameEvent, unknown>;
  describe?(before: S, event: GameEvent, after: S, names: readonly string[]): string[];
  moveLine?(before: S, event: GameEvent, after: S, names: readonly string[]): string | undefined;
}

export interface Timeline<S = unknown> {
  readonly initial: S;
  readonly events: readonly GameEvent[];
  /** `checkpoints[k]` is the state after `k × CHECKPOINT` events. */
  readonly checkpoints: readonly S[];
  /** The event position where each turn begins (a turn begins where the player to act changes). */
  readonly turnStarts: readonly number[];
  /** One line a move: what it did, in the game's words (the first line it describes). */
  readonly moveLines: readonly string[];
  /** How the game stands after the last event. */
  readonly outcome: Outcome;
}

/** A move's line in the game's words: its own move line, else the first line it describes. */
export function moveLineOf<S>(
  game: TimelineGame<S>,
  before: S,
  event: GameEvent,
  after: S,
  names: readonly string[],
): string {
  return (
    game.moveLine?.(before, event, after, names) ??
    game.describe?.(before, event, after, names)[0] ??
    event.type
  );
}

/** The legal moves of `state`, each with its line: what it would do, in the game's words. */
export function legalMoveLines<S, E extends GameEvent>(
  game: {
    readonly rules: Game<S, E, never>;
    describe?(before: S, event: E, after: S, names: readonly string[]): string[];
    moveLine?(before: S, event: E, after: S, names: readonly string[]): string | undefined;
  },
  state: S,
  names: readonly string[],
): { readonly event: E; readonly line: string }[] {
  return game.rules.legalEvents(state).map((event) => ({
    event,
    line: moveLineOf(game, state, event, game.rules.reduce(state, event), names),
  }));
}

/** Builds a timeline one event at a time, as a recording is read. */
export class TimelineBuilder<S> {
  private readonly events: GameEvent[] = [];
  private readonly checkpoints: S[];
  private readonly actors: number[] = [];
  private readonly lines: string[] = [];
  private last: S;

  constructor(
    private readonly game: TimelineGame<S>,
    private readonly initial: S,
    private readonly names: readonly string[],
  ) {
    this.checkpoints = [initial];
    this.last = initial;
  }

  /** An event in force: the state before it and after it. */
  pushed(event: GameEvent, before: S, after: S): void {
    this.events.push(event);
    this.actors.push(this.game.rules.toAct(before));
    this.lines.push(moveLineOf(this.game, before, event, after, this.names));
    if (this.events.length % CHECKPOINT === 0) this.checkpoints.push(after);
    this.last = after;
  }

  /** The events after the first `kept` were taken back; `state` is where play went on. */
  takenBack(kept: number, state: S): void {
    this.events.length = kept;
    this.actors.length = kept;
    this.lines.length = kept;
    this.checkpoints.length = Math.floor(kept / CHECKPOINT) + 1;
    this.last = state;
  }

  timeline(): Timeline<S> {
    const turnStarts = [0];
    for (let i = 1; i < this.actors.length; i++)
      if (this.actors[i] !== this.actors[i - 1]) turnStarts.push(i);
    return {
      initial: this.initial,
      events: [...this.events],
      checkpoints: [...this.checkpoints],
      turnStarts,
      moveLines: [...this.lines],
      outcome: this.game.rules.outcome(this.last),
    };
  }
}

/** The timeline of events already in hand, folded once. */
export function timelineOf<S>(
  game: TimelineGame<S>,
  initial: S,
  events: readonly GameEvent[],
  names: readonly string[],
): Timeline<S> {
  const builder = new TimelineBuilder(game, initial, names);
  let state = initial;
  for (const event of events) {
    const after = game.rules.reduce(state, event);
    builder.pushed(event, state, after);
    state = after;
  }
  return builder.timeline();
}

/** The state after `index` events, folded from the nearest checkpoint (never by undoing). */
export function stateOn<S>(
  rules: Game<S, GameEvent, unknown>,
  timeline: Timeline<S>,
  index: number,
): S {
  const base = Math.min(Math.floor(index / CHECKPOINT), timeline.checkpoints.length - 1);
  let state = timeline.checkpoints[base] as S;
  for (let i = base * CHECKPOINT; i < index; i++) state = rules.reduce(state, timeline.events[i]);
  return state;
}
