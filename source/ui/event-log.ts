/**
 * What every play model holds of the game: the table's state and events as the table told them
 * (each fact carries the state after it), never folded again here, and the last thing the model
 * asked the table for (a person's event, a take-back). The table decides; the play session sends
 * what is wanted and gives the model what the table told (docs/design.md, "The table").
 */
import type { Fact } from '../table/table.js';

/** What a play model asks the table for: a person's event, or a take-back of their last move. */
export type Wanted<E> =
  { readonly type: 'event'; readonly event: E } | { readonly type: 'takeBack' };

export interface EventLog<S, E> {
  /** The state the game began in (the session's), for the replay and the saves. */
  readonly initial: S;
  /** The events in force, as the table told them. */
  readonly events: readonly E[];
  /** The table's state after the last fact it told (never folded here). */
  readonly state: S;
  /** The last thing asked of the table (a fresh object each time; undefined before the first). */
  readonly wanted?: Wanted<E> | undefined;
}

/** A person's event asked of the table: the model shows it once the table tells it. */
export const wanting = <E>(event: E) => ({ wanted: { type: 'event', event } as Wanted<E> });

/** A take-back asked of the table (the table's rule says what goes, or why nothing can). */
export const wantingBack = <E>() => ({ wanted: { type: 'takeBack' } as Wanted<E> });

/** An event the table told: the states around it, the computer's reason as a log line. */
export interface Told<S, E> {
  readonly event: E;
  readonly before: S;
  readonly after: S;
  /** The computer's reason, as its log line (`  (strong: …)`). */
  readonly note?: string | undefined;
}

/** A take-back the table told (table/table.ts's `takenBack` fact). */
export type ToldBack<S, E> = Omit<Extract<Fact<S, E>, { kind: 'takenBack' }>, 'kind'>;

/** The event told appended: its events and state are the table's. */
export const appended = <S, E>(log: EventLog<S, E>, told: Told<S, E>) => ({
  events: [...log.events, told.event],
  state: told.after,
});

/** The events the table kept after a take-back, and its state. */
export const cutBack = <S, E>(log: EventLog<S, E>, back: ToldBack<S, E>) => ({
  events: log.events.slice(0, back.kept),
  state: back.state,
});

/** A fact of the table as the told event a play model applies (undefined: no event). */
export function toldOf<S, E>(fact: Fact<S, E>): Told<S, E> | undefined {
  if (fact.kind !== 'event') return undefined;
  return {
    event: fact.event,
    before: fact.before,
    after: fact.after,
    note: fact.by === 'computer' ? `  (${fact.reason ?? ''})` : undefined,
  };
}
