/**
 * Alpha-beta for a game with no chance inside what it searches (Yoté, a Kono round), deepened
 * one event at a time until a node budget is spent: the seat's own events maximise, the other
 * side's minimise, and the deepest search done in full gives the answer.
 */
import type { Choice } from './bots.js';
import type { Random } from './random.js';

export interface AlphaBeta<S, E> {
  /** The events searched from a position, in the order tried (good ones first cut more). */
  readonly events: (state: S) => readonly E[];
  readonly reduce: (state: S, event: E) => S;
  readonly toAct: (state: S) => number;
  /** Where the search stops before its depth: the game (or the round) is over. */
  readonly over: (state: S) => boolean;
  /** A leaf's worth to the seat; `depth` is what the search had left there. */
  readonly value: (state: S, seat: number, depth: number) => number;
  readonly nodeBudget: number;
  readonly maxDepth: number;
  /**
   * Kono's: the best root move so far bounds the rest (just below it, so that equals are valued
   * exactly and the tie-break sees them); without it each root move is searched unbounded.
   */
  readonly rootBound?: boolean;
  /** A best root value that needs no deeper search (a win or a loss found). */
  readonly enough?: (best: number) => boolean;
}

class OutOfNodes extends Error {}

/** The seat's choice among the root's events: the best at the deepest full depth, ties at random. */
export function alphaBetaChoice<S, E>(
  spec: AlphaBeta<S, E>,
  state: S,
  seat: number,
  random: Random,
): Choice<E> {
  let nodes = 0;
  const search = (s: S, depth: number, alpha: number, beta: number): number => {
    if (++nodes > spec.nodeBudget) throw new OutOfNodes();
    if (spec.over(s) || depth === 0) return spec.value(s, seat, depth);
    const mine = spec.toAct(s) === seat;
    let best = mine ? -Infinity : Infinity;
    for (const e of spec.events(s)) {
      const v = search(spec.reduce(s, e), depth - 1, alpha, beta);
      best = mine ? Math.max(best, v) : Math.min(best, v);
      if (mine) alpha = Math.max(alpha, best);
      else beta = Math.min(beta, best);
      if (alpha >= beta) break;
    }
    return best;
  };
  let root: Choice<E>[] = spec.events(state).map((event) => ({ event, value: 0 }));
  if (root.length === 1) return root[0] as Choice<E>;
  for (let depth = 1; depth <= spec.maxDepth; depth++) {
    try {
      let best = -Infinity;
      const valued = root.map(({ event }) => {
        const bound = spec.rootBound ? best - 1e-6 : -Infinity;
        const value = search(spec.reduce(state, event), depth - 1, bound, Infinity);
        best = Math.max(best, value);
        return { event, value };
      });
      // Best first: the next, deeper iteration searches them first.
      root = valued.sort((a, b) => b.value - a.value);
    } catch (error) {
      if (error instanceof OutOfNodes) break;
      throw error;
    }
    if (spec.enough?.(root[0]?.value ?? 0)) break;
  }
  let top = -Infinity;
  for (const r of root) top = Math.max(top, r.value);
  const ties = root.filter((r) => r.value >= top - 1e-9);
  return ties[random.below(ties.length)] as Choice<E>;
}
