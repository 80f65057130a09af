/**
 * Headless games between bots (tests, the bench, demos): chance events drawn with their true
 * probabilities from a seeded generator, each seat's decisions made by its bot.
 */
import type { Bot } from './bots.js';
import type { Game, GameEvent } from './game.js';
import { type Random, sampleChance, seededRandom } from './random.js';

export interface MatchResult<S> {
  readonly winner: number | undefined;
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
  // Chance and the bots' tie-breaks draw from separate streams, so the same seed gives the same
  // throws whichever bots play: the fair way to pair matches.
  const dice: Random = seededRandom(seed);
  const ties: Random = seededRandom(seed ^ 0x5bd1e995);
  let state = initial;
  let events = 0;
  while (game.outcome(state).status === 'running' && events < maxEvents) {
    const outcomes = game.chance(state);
    let event: E;
    if (outcomes) {
      event = sampleChance(outcomes, dice).event;
    } else {
      const seat = game.toAct(state);
      const start = onDecision ? performance.now() : 0;
      event = (bots[seat] as Bot<S, E>).choose(state, ties).event;
      onDecision?.(performance.now() - start, seat);
    }
    state = game.reduce(state, event);
    events++;
  }
  const outcome = game.outcome(state);
  return { winner: outcome.status === 'won' ? outcome.winner : undefined, events, final: state };
}
