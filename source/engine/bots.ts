/**
 * Computer players over the game contract alone: legalEvents, reduce, chance, toAct. A bot is a
 * function from a state where it must decide to one of legalEvents(state). The games give the
 * knowledge (an evaluation of a state for a seat); the search here knows no game.
 *
 * A bot may use the rules and the true probabilities of the dice or sticks, never the future
 * throws: chance nodes are averaged over chance(state), never looked up.
 */
import type { Game, GameEvent } from './game.js';
import type { Random } from './random.js';

export const LEVELS = ['random', 'greedy', 'strong', 'expert', 'perfect'] as const;
export type Level = (typeof LEVELS)[number];

export interface Choice<E> {
  readonly event: E;
  /** The value the bot gave the move (higher is better for it). */
  readonly value: number;
}

export interface Bot<S, E> {
  readonly level: Level;
  choose(state: S, random: Random): Choice<E>;
}

/**
 * How the edges (the play screen, each classic console) ask a computer for its move: here and
 * now by default; the program hands them one that thinks on a worker thread (cli/thinking.ts),
 * so that no search holds the event loop and keys, signals and the terminal are answered while
 * it thinks. `game` is the rules' name, by which the other thread finds the same bot.
 */
export type Think = <S, E>(
  game: string,
  bot: Bot<S, E>,
  state: S,
  random: Random,
) => Promise<Choice<E>>;

/**
 * A bot whose every choice is timed (the bench's time per decision), choosing as `bot` does;
 * the clock is the caller's (the engine reads none).
 */
export function timedBot<S, E>(
  bot: Bot<S, E>,
  took: (ms: number) => void,
  now: () => number,
): Bot<S, E> {
  return {
    level: bot.level,
    choose(state, random) {
      const start = now();
      const choice = bot.choose(state, random);
      took(now() - start);
      return choice;
    },
  };
}

export const thinkHere: Think = (_game, bot, state, random) =>
  Promise.resolve(bot.choose(state, random));

/** How good a state is for `seat`: higher is better; a won game is ±Infinity-like. */
export type Evaluate<S> = (state: S, seat: number) => number;

export function randomBot<S, E extends GameEvent>(game: Game<S, E, unknown>): Bot<S, E> {
  return {
    level: 'random',
    choose(state, random) {
      const legal = game.legalEvents(state);
      return { event: legal[random.below(legal.length)] as E, value: 0 };
    },
  };
}

/** Ties are broken at random, so that equal moves do not always go the same way. */
function best<E>(scored: readonly Choice<E>[], random: Random): Choice<E> {
  let top = Number.NEGATIVE_INFINITY;
  for (const s of scored) top = Math.max(top, s.value);
  const ties = scored.filter((s) => s.value >= top - 1e-9);
  return ties[random.below(ties.length)] as Choice<E>;
}

/** One move deep: the move whose resulting state the evaluation likes best. */
export function greedyBot<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  evaluate: Evaluate<S>,
): Bot<S, E> {
  return {
    level: 'greedy',
    choose(state, random) {
      const seat = game.toAct(state);
      const scored = game.legalEvents(state).map((event) => ({
        event,
        value: evaluate(game.reduce(state, event), seat),
      }));
      return best(scored, random);
    },
  };
}

/** A game's computer for a level: random and greedy as every game has them, the rest its own. */
export function levelBot<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  evaluate: Evaluate<S>,
  level: Level,
  above: (level: Exclude<Level, 'random' | 'greedy'>) => Bot<S, E>,
): Bot<S, E> {
  if (level === 'random') return randomBot(game);
  return level === 'greedy' ? greedyBot(game, evaluate) : above(level);
}

export interface SearchLimits {
  /** Chance nodes allowed within one turn on a line of play before it is evaluated as it stands. */
  readonly chanceDepth: number;
  /** Turns of the other seats searched after the bot's own (0: stop where its turn ends). */
  readonly replies: number;
  /** Nodes one decision may visit before the rest are evaluated as they stand. */
  readonly nodeBudget: number;
  /**
   * Search deeper while the time allows: after the search to `replies`, one more turn at a time
   * up to `replies`, each begun only when the last one took under a tenth of what is left of
   * `budgetMs`, and given up (its result unused) if it runs past the budget. `now` is the edge's
   * clock; the rules never see it.
   */
  readonly deepen?: {
    readonly replies: number;
    readonly budgetMs: number;
    readonly now: () => number;
  };
}

/**
 * Expectimax: the bot's decisions are maxed, throws averaged with their true probabilities, and
 * the other seats' decisions (for `replies` turns after the bot's) are taken to be the worst
 * for the bot. A line is evaluated where the horizon ends, the game ends, or the limits bite.
 */
export function expectimaxBot<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  evaluate: Evaluate<S>,
  limits: SearchLimits = { chanceDepth: 2, replies: 1, nodeBudget: 20_000 },
  level: Level = 'strong',
): Bot<S, E> {
  const score = expectimaxScores(game, evaluate, limits);
  return { level, choose: (state, random) => best(score(state), random) };
}

/** Thrown inside a deepening search that ran out of time: its partial result is not used. */
class OutOfTime extends Error {}

/** Every legal move of `state` with its expectimax value (see expectimaxBot). */
export function expectimaxScores<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  evaluate: Evaluate<S>,
  limits: SearchLimits,
): (state: S) => Choice<E>[] {
  const search = (state: S, replies: number, deadline?: number): Choice<E>[] => {
    const seat = game.toAct(state);
    let nodes = 0;
    const value = (s: S, actor: number, turnsLeft: number, chanceLeft: number): number => {
      nodes++;
      if (deadline !== undefined && (nodes & 1023) === 0 && limits.deepen!.now() > deadline)
        throw new OutOfTime();
      if (game.outcome(s).status !== 'running') return evaluate(s, seat);
      const toAct = game.toAct(s);
      if (toAct !== actor) {
        // A new turn begins: search it while the horizon lasts.
        if (turnsLeft <= 0 || nodes > budget) return evaluate(s, seat);
        return value(s, toAct, turnsLeft - 1, limits.chanceDepth);
      }
      const outcomes = game.chance(s);
      if (outcomes) {
        if (chanceLeft <= 0 || nodes > budget) return evaluate(s, seat);
        let sum = 0;
        for (const o of outcomes) {
          if (o.probability > 0)
            sum += o.probability * value(game.reduce(s, o.event), actor, turnsLeft, chanceLeft - 1);
        }
        return sum;
      }
      const legal = game.legalEvents(s);
      if (legal.length === 0 || nodes > budget) return evaluate(s, seat);
      const mine = actor === seat;
      let bestValue = mine ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      for (const event of legal) {
        const v = value(game.reduce(s, event), actor, turnsLeft, chanceLeft);
        bestValue = mine ? Math.max(bestValue, v) : Math.min(bestValue, v);
      }
      return bestValue;
    };
    // A deeper search may visit as many more nodes as its time allows.
    const budget = deadline === undefined ? limits.nodeBudget : Number.POSITIVE_INFINITY;
    return game.legalEvents(state).map((event) => ({
      event,
      value: value(game.reduce(state, event), seat, replies, limits.chanceDepth),
    }));
  };
  return (state) => {
    const deepen = limits.deepen;
    if (!deepen) return search(state, limits.replies);
    const started = deepen.now();
    const deadline = started + deepen.budgetMs;
    let scores = search(state, limits.replies);
    if (scores.length <= 1) return scores;
    let last = deepen.now() - started;
    for (let replies = limits.replies + 1; replies <= deepen.replies; replies++) {
      const left = deadline - deepen.now();
      if (last * 10 > left) break;
      const begun = deepen.now();
      try {
        scores = search(state, replies, deadline);
      } catch (error) {
        if (error instanceof OutOfTime) break;
        throw error;
      }
      last = deepen.now() - begun;
    }
    return scores;
  };
}
