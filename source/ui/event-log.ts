/**
 * The event log every play model stands on: the game's events in force, their fold, and the
 * last fact the model's reducer accepted (a move applied or a take-back), stated by the reducer
 * so that the play session sends the table that fact, never a difference of two event lists.
 */
export type Accepted<E> =
  | { readonly type: 'event'; readonly event: E }
  | { readonly type: 'takenBack'; readonly kept: number; readonly mover: number };

export interface EventLog<S, E> {
  readonly initial: S;
  readonly events: readonly E[];
  /** Always the fold of `events` over `initial`. */
  readonly state: S;
  /** The last fact the reducer accepted (a fresh object each time; undefined before the first). */
  readonly accepted?: Accepted<E> | undefined;
}

/** An accepted event appended: `state` is the state after it. */
export const appended = <S, E>(log: EventLog<S, E>, event: E, state: S) => ({
  events: [...log.events, event],
  state,
  accepted: { type: 'event', event } as Accepted<E>,
});

/** The events after the first `kept` taken back (`mover`'s move and what followed it). */
export const cutBack = <S, E>(log: EventLog<S, E>, kept: number, state: S, mover: number) => ({
  events: log.events.slice(0, kept),
  state,
  accepted: { type: 'takenBack', kept, mover } as Accepted<E>,
});

/** An event the table told, with the computer's reason as a log line (`  (strong: …)`). */
export interface Told<E> {
  readonly event: E;
  readonly note?: string | undefined;
}
