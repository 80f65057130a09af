/**
 * A game in progress as the table is made from it (its seed, seats, chance source, recorder),
 * and what a shared table told its views, for a view opened later: headless, beside the table.
 */
import type { ChanceSource } from '../engine/chance.js';
import type { Recorder } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type { Fact } from './table.js';

/** A game being played: made by the app's session factory, for a new or a resumed game. */
export interface Session<S = unknown> {
  readonly id: number;
  /** The seed of the chance source (null when the throws come from a script). */
  readonly seed: number | null;
  readonly initial: S;
  readonly seats: readonly Seat[];
  /** Where throws and rolls come from; undefined for a game without chance. */
  readonly chance: ChanceSource | undefined;
  readonly recorder: Recorder;
  /** Seeds the computers' tie-breaks: the same seed and throws, the same game. */
  readonly botSeed: number;
  /** A starting log, e.g. for a resumed game. */
  readonly log?: readonly string[] | undefined;
  /** Saving to the game's own file (Yut's advanced game): the problem in words if it failed. */
  readonly save?: ((state: S) => string | undefined) | undefined;
}

/**
 * One thing a shared table told its views: an event (with the table's states around it, so a
 * view opened later draws it without folding), a take-back, or its words (chat, notices).
 */
export type Past<E, S = unknown> =
  | {
      readonly kind: 'event';
      readonly event: E;
      readonly before: S;
      readonly after: S;
      /** A computer's reason for its move, told under the move's line. */
      readonly reason?: string | undefined;
    }
  | Extract<Fact<S, E>, { readonly kind: 'takenBack' }>
  | { readonly kind: 'line'; readonly line: string };
