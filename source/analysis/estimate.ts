/**
 * Win chances estimated by search (issue 31), for the games with no solved table: a game's
 * evaluation, fitted on self-play to the log-odds of winning, is mapped to a probability at the
 * search's leaves, and expectimax (engine/bots.ts) carries probabilities up: throws averaged
 * with their true chances, the other seats' replies taken to be the worst for the mover.
 */
import { expectimaxScores, type Level, type SearchLimits } from '../engine/bots.js';
import type { RatedMove, WinChances } from '../engine/core.js';
import type { Game, GameEvent, Outcome } from '../engine/game.js';

/** The logistic function: log-odds to a probability. */
export const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The analysis's search of each level: random's is greedy's, and perfect (Ur's alone) expert's. */
export const levelLimits = (
  light: SearchLimits,
  strong: SearchLimits,
  expert: SearchLimits,
): Readonly<Record<Level, SearchLimits>> => ({
  random: light,
  greedy: light,
  strong,
  expert,
  perfect: expert,
});

/** A seat's share of a finished game: 1 won, 0 lost, ½ drawn (or tied first in a ranking). */
export function finalChance(outcome: Outcome, seat: number): number {
  switch (outcome.status) {
    case 'won':
      return outcome.winner === seat ? 1 : 0;
    case 'drawn':
      return 0.5;
    case 'ranked': {
      const top = Math.max(...outcome.scores);
      const firsts = outcome.scores.filter((s) => s === top).length;
      return outcome.scores[seat] === top ? 1 / firsts : 0;
    }
    case 'running':
      return Number.NaN;
  }
}

export interface SearchedChances<S> {
  readonly method: string;
  /** The chance that `seat` wins a running position, as fitted on self-play (see logistic). */
  estimate(state: S, seat: number): number;
  readonly limits: SearchLimits;
  /** How many seats play (two: one seat's chance is the other's complement). */
  seats(state: S): number;
  /**
   * What tells positions apart (default: the state as JSON): two states of one key are searched
   * once. Leave out what the rest of the game does not depend on (the last fight's numbers).
   */
  key?(state: S): string;
  /** See WinChances.inPlay. */
  inPlay?(state: S): boolean;
  /**
   * True where `estimate` is each seat's share of one win (every seat's adds up to 1, as Layers'
   * softmax): then so are the chances searched from it.
   */
  readonly shares?: boolean;
}

/**
 * Throws followed one after another (a yut that earns another throw) before the positions they
 * reach are rated as they stand instead of searched.
 */
const CHANCE_DEPTH = 1;
/** Searches kept (a throw's outcomes are asked for again as the decisions that follow them). */
const KEPT = 4_096;

export function searchedChances<S, E extends GameEvent>(
  game: Game<S, E, unknown>,
  spec: SearchedChances<S>,
): WinChances<S, E> {
  const leaf = (state: S, seat: number) => {
    const outcome = game.outcome(state);
    return outcome.status === 'running' ? spec.estimate(state, seat) : finalChance(outcome, seat);
  };
  const score = expectimaxScores(game, leaf, spec.limits);
  // A position is searched once however often it is asked about (the analysis asks twice: as a
  // throw's outcome and as the decision that follows it).
  const keyOf = spec.key ?? ((state: S) => JSON.stringify(state));
  const rated = new Map<string, readonly RatedMove<E>[]>();
  const moves = (state: S): readonly RatedMove<E>[] => {
    const key = keyOf(state);
    let found = rated.get(key);
    if (!found) {
      found = score(state).map((c) => ({ event: c.event, chance: c.value }));
      if (rated.size >= KEPT) rated.clear();
      rated.set(key, found);
    }
    return found;
  };
  const chance = (state: S, seat: number, depth: number): number => {
    const outcome = game.outcome(state);
    if (outcome.status !== 'running') return finalChance(outcome, seat);
    const outcomes = game.chance(state);
    if (outcomes) {
      let sum = 0;
      let total = 0;
      for (const o of outcomes) {
        if (o.probability <= 0) continue;
        const next = game.reduce(state, o.event);
        sum +=
          o.probability * (depth < CHANCE_DEPTH ? chance(next, seat, depth + 1) : leaf(next, seat));
        total += o.probability;
      }
      return sum / total;
    }
    const mover = game.toAct(state);
    if (game.legalEvents(state).length === 0) return leaf(state, seat);
    const many = spec.seats(state) > 2;
    // Among many players, another's decision is rated as it stands: a search from its side
    // would say how it fares, not how `seat` does.
    if (mover !== seat && many && !spec.shares) return leaf(state, seat);
    const options = moves(state);
    let best = options[0] as RatedMove<E>;
    for (const m of options) if (m.chance > best.chance) best = m;
    if (mover === seat) return best.chance;
    if (!many) return 1 - best.chance;
    // Shares of one win: the others share what the mover's best move leaves, each in proportion
    // to its share as the position stands, so that every seat's chance adds up to 1.
    const rest = 1 - leaf(state, mover);
    return rest > 0
      ? (leaf(state, seat) * (1 - best.chance)) / rest
      : (1 - best.chance) / (spec.seats(state) - 1);
  };
  return {
    exact: false,
    method: spec.method,
    moves,
    chance: (state, seat) => chance(state, seat, 0),
    ...(spec.inPlay ? { inPlay: spec.inPlay } : {}),
    ...(spec.shares ? { shares: true } : {}),
  };
}
