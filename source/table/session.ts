/**
 * The session factory: the one place where a game gets what its table is made with: its seed,
 * its chance source (seeded, the run's script, or none where the throws are drawn elsewhere), its
 * recorder and its seats. Local play, the server's hall, a Redis runner taking a table over and a
 * Redis replica following one all make their sessions here (docs/design.md, "One holder"). The
 * clock and fresh seeds are read at the edge (the context) and written into the recording.
 */
import type { ChanceSource } from '../engine/chance.js';
import type { AnyGameCore } from '../engine/core.js';
import { foldEvents } from '../engine/game.js';
import {
  type Header,
  type LoadedRecording,
  newHeader,
  NO_RECORDING,
  type Recorder,
} from '../engine/recording.js';
import { playerInfo, seatFromPlayer, type Seat } from '../engine/seats.js';
import { stateOn } from '../engine/timeline.js';
import type { Fact } from './table.js';

/** A game being played: what its table is made with, for a new, a resumed or a reopened game. */
export interface Session<S = unknown> {
  readonly id: number;
  /** The seed of the chance source (null when the throws come from a script). */
  readonly seed: number | null;
  readonly initial: S;
  readonly seats: readonly Seat[];
  /** Where throws and rolls come from; undefined for a game without chance, or drawn elsewhere. */
  readonly chance: ChanceSource | undefined;
  readonly recorder: Recorder;
  /** Seeds the computers' tie-breaks: the same seed and throws, the same game. */
  readonly botSeed: number;
  /** A starting log, e.g. for a resumed game. */
  readonly log?: readonly string[] | undefined;
  /** Saving to the game's own file (Yut's advanced game): the problem in words if it failed. */
  readonly save?: ((state: S) => string | undefined) | undefined;
  /** The recording's header (a served game's ratings read who played from it). */
  readonly header?: Header | undefined;
  /** A resumed game's people's seats the computer made a move for (its ratings count it not). */
  readonly computerPlayed?: readonly number[] | undefined;
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

/** What the run gives every game it starts (from the command line, or the server's). */
export interface SessionContext {
  /** --seed: the first game of the run plays it; later games get fresh seeds. */
  readonly seed?: number | undefined;
  /** --throws FILE: one sequence for the whole run, so a second game goes on where one stopped. */
  readonly scripted?: ChanceSource | undefined;
  readonly app: string;
  /** Starts a recording with this header; appends to a resumed one. */
  openRecorder(header: Header): Recorder;
  appendRecorder(loaded: LoadedRecording, resumedAt: string, seed: number | null): Recorder;
  freshSeed(): number;
  now(): Date;
}

/**
 * The chance source of the n-th game of a run: the script if any (shared by the run), else
 * --seed for the first game, else a fresh seed. The seed returned is the one drawn from.
 */
export function chanceFor(
  core: AnyGameCore,
  context: Pick<SessionContext, 'seed' | 'freshSeed'>,
  scripted: ChanceSource | undefined,
  game: number,
  options: unknown,
): { source: ChanceSource | undefined; seed: number | null } {
  if (!core.chance) return { source: undefined, seed: null };
  if (scripted) return { source: scripted, seed: null };
  const seed = game === 0 && context.seed !== undefined ? context.seed : context.freshSeed();
  return { source: core.chance.seeded(seed, options), seed };
}

/** What a new game's setup settled: its options (unchecked) and seats, and its own extras. */
export interface Start<S = unknown> {
  readonly options: unknown;
  readonly seats: readonly Seat[];
  readonly log?: readonly string[] | undefined;
  readonly save?: ((state: S) => string | undefined) | undefined;
  /** A served table's code, and whether it was made rated (written into the header). */
  readonly table?: string | undefined;
  readonly rated?: boolean | undefined;
}

/** A game's own save file for a resumed game (Yut's advanced game), as its module offers it. */
type SaveFor<C> = (
  options: never,
  seats: readonly Seat[],
  context: C,
) => ((state: never) => string | undefined) | undefined;

export class SessionFactory {
  private games = 0;

  constructor(private readonly context: SessionContext) {}

  private draw(core: AnyGameCore, options: unknown) {
    const id = this.games++;
    const { source, seed } = chanceFor(core, this.context, this.context.scripted, id, options);
    return { id, source, seed };
  }

  /** A new game: its header written with every option, the seats as the setup left them. */
  start(core: AnyGameCore, start: Start): Session | string {
    const parsed = core.parseOptions(start.options);
    if (!parsed.ok) return parsed.problem;
    const { id, source, seed } = this.draw(core, parsed.options);
    const header = newHeader({
      game: core.id,
      options: parsed.options,
      players: start.seats.map(playerInfo),
      seed,
      startedAt: this.context.now(),
      app: this.context.app,
      table: start.table,
      rated: start.rated,
    });
    return {
      id,
      seed,
      initial: core.rules.setup(parsed.options),
      seats: start.seats,
      chance: source,
      recorder: this.context.openRecorder(header),
      botSeed: seed ?? id,
      log: start.log,
      save: start.save,
      header,
    };
  }

  /**
   * Go on with a recorded game: its events folded by its own rules, then appended to. A game
   * saved to its own file too gets that save again (`saveFor`, with the setup's context).
   */
  resume<C>(
    core: AnyGameCore & { readonly saveFor?: SaveFor<C> | undefined },
    loaded: LoadedRecording,
    context?: C,
  ): Session | string {
    // A recording read from its file comes with its options checked and its events folded (its
    // timeline): play goes on from there; one handed over bare is checked and folded here.
    const parsed =
      loaded.options !== undefined
        ? { ok: true as const, options: loaded.options }
        : core.parseOptions(loaded.header.options);
    if (!parsed.ok) return `${loaded.file}: the header's options: ${parsed.problem}`;
    const folded = loaded.timeline
      ? { state: stateOn(core.rules, loaded.timeline, loaded.events.length), problem: undefined }
      : foldEvents(core.rules, core.rules.setup(parsed.options), loaded.events);
    if (folded.problem) return `${loaded.file}: ${folded.problem.reason}`;
    const { id, source, seed } = this.draw(core, parsed.options);
    // The seed written into the resumed line is the one the throws are drawn from.
    let recorder: Recorder;
    try {
      recorder = this.context.appendRecorder(loaded, this.context.now().toISOString(), seed);
    } catch (error) {
      return (error as Error).message;
    }
    const seats: readonly Seat[] = loaded.header.players.map(seatFromPlayer);
    const save =
      context !== undefined ? core.saveFor?.(parsed.options as never, seats, context) : undefined;
    return {
      id,
      seed,
      initial: folded.state,
      seats,
      chance: source,
      recorder,
      botSeed: seed ?? id,
      log: [resumedWords(core, folded.state, seats)],
      save: save as Session['save'],
      header: loaded.header,
      computerPlayed: loaded.computerPlayed,
    };
  }
}

/**
 * A table's session made again from its recording's header (madang serve --redis), its options
 * checked: with a recorder, for a runner that takes the table over (its throws go on from the
 * header's seed: the caller draws again the ones the stream holds); without, for a replica that
 * follows it (nothing drawn and nothing recorded here: the runner does both).
 */
export function sessionFromHeader(
  core: AnyGameCore,
  header: Header,
  options: unknown,
  recorder?: Recorder,
): Session {
  const { seed } = header;
  return {
    id: 0,
    seed,
    initial: core.rules.setup(options),
    seats: header.players.map(seatFromPlayer),
    chance: recorder && seed !== null ? core.chance?.seeded(seed, options) : undefined,
    recorder: recorder ?? NO_RECORDING,
    botSeed: seed ?? 0,
    header,
  };
}

/** What a resumed game's log says first: where it goes on, in a player's words. */
function resumedWords(core: AnyGameCore, state: unknown, seats: readonly Seat[]): string {
  const seat = core.rules.toAct(state);
  const who = seats[seat]?.name ?? `Player ${seat + 1}`;
  const due = core.rules.chance(state) !== undefined;
  return `The game goes on where it was left: ${who} to ${due ? (core.chance?.noun ?? 'play') : 'move'}.`;
}
