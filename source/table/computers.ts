/**
 * A table with a computer in every seat, played out at once: the one loop of the games between
 * computers (the bench's matches, playMatch in the library, self-play for the analysis, the
 * fixtures and the tests). Its
 * throws are drawn with their true probabilities from the seed's stream and its tie-breaks from
 * seed ^ 0x5bd1e995, as these games always were, so the same seed still gives the same game.
 */
import { type Bot, timedBot } from '../engine/bots.js';
import type { ChanceSource } from '../engine/chance.js';
import type { Game, GameEvent, Outcome } from '../engine/game.js';
import { NO_RECORDING } from '../engine/recording.js';
import { sampleChance, seededRandom } from '../engine/random.js';
import { seatOf } from '../engine/seats.js';
import { type Scheduler, Table } from './table.js';

export interface PlayedOut<S, E> {
  readonly events: readonly E[];
  readonly final: S;
  /** How it ended: won, drawn or ranked; running where it stopped at maxEvents. */
  readonly outcome: Outcome;
}

/** Each seat played by its bot from `initial`, to the end or `maxEvents`. */
export function playOut<S, E extends GameEvent>(
  rules: Game<S, E, unknown>,
  initial: S,
  bots: readonly Bot<S, E>[],
  seed: number,
  maxEvents: number,
): PlayedOut<S, E> {
  // Chance and the bots' tie-breaks draw from separate streams, so the same seed gives the same
  // throws whichever bots play: the fair way to pair matches.
  const dice = seededRandom(seed);
  const chance: ChanceSource<E> = {
    next: (state) => {
      const outcomes = rules.chance(state as S);
      return outcomes
        ? { ok: true, event: sampleChance(outcomes, dice).event }
        : { ok: false, problem: 'No throw is due.' };
    },
  };
  // Nobody watches: the time a table waits for people is none, and each step runs in turn here.
  let due: (() => void) | undefined;
  const scheduler: Scheduler = {
    after(_ms, run) {
      due = run;
      return () => {
        if (due === run) due = undefined;
      };
    },
  };
  const table = new Table<S, E>({
    // No words for the reasons: nobody reads them, and saying them costs a game's time again.
    game: { rules: rules as Game<S, E, never>, bot: noBot, explain: () => '' },
    initial,
    seats: bots.map((bot, seat) => seatOf(`Seat ${seat + 1}`, bot.level)),
    chance,
    recorder: NO_RECORDING,
    botSeed: seed,
    scheduler,
    botDelay: 0,
    bots,
    ties: seededRandom(seed ^ 0x5bd1e995),
  });
  table.subscribe(() => {
    if (table.events.length >= maxEvents) table.stop();
  });
  if (maxEvents > 0) table.start();
  while (due) {
    const run = due;
    due = undefined;
    run();
  }
  return { events: table.events, final: table.state, outcome: table.outcome };
}

/** Every seat has its bot already: no seat changes hands here. */
function noBot(level: string): never {
  throw new Error(`no computer at ${level} for a table of given bots`);
}

/** A headless game between bots (tests, the bench, the library): how it ended and where. */
export interface MatchResult<S> {
  /** The winner of a won game; undefined for a draw, a ranking or a game cut at maxEvents. */
  readonly winner: number | undefined;
  /** How it ended (a draw or a ranking too). */
  readonly outcome: Outcome;
  readonly events: number;
  readonly final: S;
}

export function playMatch<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  initial: S,
  bots: readonly Bot<S, E>[],
  seed: number,
  maxEvents = 100_000,
  onDecision?: (ms: number, seat: number) => void,
): MatchResult<S> {
  // Each decision timed where the bench asks (the bot's own time, not the table's).
  const timed = onDecision
    ? bots.map((bot, seat) =>
        timedBot(
          bot,
          (ms) => onDecision(ms, seat),
          () => performance.now(),
        ),
      )
    : bots;
  const { events, final, outcome } = playOut(game, initial, timed, seed, maxEvents);
  return {
    winner: outcome.status === 'won' ? outcome.winner : undefined,
    outcome,
    events: events.length,
    final,
  };
}
