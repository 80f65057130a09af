/**
 * The session factory: one place where a new or a resumed game gets its seed, its chance source
 * (seeded, or the run's script), its recorder and its seats. The clock and fresh seeds are read
 * here, at the edge, and written into the recording.
 */
import type { ChanceSource } from '../engine/chance.js';
import { foldEvents } from '../engine/game.js';
import {
  type Header,
  type LoadedRecording,
  newHeader,
  type Recorder,
} from '../engine/recording.js';
import { playerInfo, seatFromPlayer, type Seat } from '../engine/seats.js';
import { stateOn } from '../engine/timeline.js';
import type { AnyGameModule, SetupContext, Start } from '../games/module.js';
import type { Session } from '../ui/play-session.js';

/** What the run gives every game it starts (from the command line). */
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
  module: AnyGameModule,
  context: Pick<SessionContext, 'seed' | 'freshSeed'>,
  scripted: ChanceSource | undefined,
  game: number,
  options: unknown,
): { source: ChanceSource | undefined; seed: number | null } {
  if (!module.chance) return { source: undefined, seed: null };
  if (scripted) return { source: scripted, seed: null };
  const seed = game === 0 && context.seed !== undefined ? context.seed : context.freshSeed();
  return { source: module.chance.seeded(seed, options), seed };
}

export class SessionFactory {
  private games = 0;

  constructor(private readonly context: SessionContext) {}

  private draw(module: AnyGameModule, options: unknown) {
    const id = this.games++;
    const { source, seed } = chanceFor(module, this.context, this.context.scripted, id, options);
    return { id, source, seed };
  }

  /** A new game: its header written with every option, the seats as the setup left them. */
  start(module: AnyGameModule, start: Start): Session | string {
    const parsed = module.parseOptions(start.options);
    if (!parsed.ok) return parsed.problem;
    const { id, source, seed } = this.draw(module, parsed.options);
    const header = newHeader({
      game: module.id,
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
      initial: module.rules.setup(parsed.options),
      seats: start.seats,
      chance: source,
      recorder: this.context.openRecorder(header),
      botSeed: seed ?? id,
      log: start.log,
      save: start.save,
      header,
    };
  }

  /** Go on with a recorded game: its events folded by its own rules, then appended to. */
  resume(module: AnyGameModule, loaded: LoadedRecording, context?: SetupContext): Session | string {
    // A recording read from its file comes with its options checked and its events folded (its
    // timeline): play goes on from there; one handed over bare is checked and folded here.
    const parsed =
      loaded.options !== undefined
        ? { ok: true as const, options: loaded.options }
        : module.parseOptions(loaded.header.options);
    if (!parsed.ok) return `${loaded.file}: the header's options: ${parsed.problem}`;
    const folded = loaded.timeline
      ? { state: stateOn(module.rules, loaded.timeline, loaded.events.length), problem: undefined }
      : foldEvents(module.rules, module.rules.setup(parsed.options), loaded.events);
    if (folded.problem) return `${loaded.file}: ${folded.problem.reason}`;
    const { id, source, seed } = this.draw(module, parsed.options);
    // The seed written into the resumed line is the one the throws are drawn from.
    let recorder: Recorder;
    try {
      recorder = this.context.appendRecorder(loaded, this.context.now().toISOString(), seed);
    } catch (error) {
      return (error as Error).message;
    }
    const seats: readonly Seat[] = loaded.header.players.map(seatFromPlayer);
    const save = context && module.saveFor?.(parsed.options, seats, context);
    return {
      id,
      seed,
      initial: folded.state,
      seats,
      chance: source,
      recorder,
      botSeed: seed ?? id,
      log: [resumedWords(module, folded.state, seats)],
      save,
      header: loaded.header,
    };
  }
}

/** What a resumed game's log says first: where it goes on, in a player's words. */
function resumedWords(module: AnyGameModule, state: unknown, seats: readonly Seat[]): string {
  const seat = module.rules.toAct(state);
  const who = seats[seat]?.name ?? `Player ${seat + 1}`;
  const due = module.rules.chance(state) !== undefined;
  return `The game goes on where it was left: ${who} to ${due ? (module.chance?.noun ?? 'play') : 'move'}.`;
}
