/**
 * What the computer players know of Yut: how far each piece is from home by its best route,
 * what a position is worth (progress, catches, the danger of being caught on the next throw,
 * the rear piece), and how to say why a move was chosen, in the game's own words.
 */
import { type Bot, expectimaxBot, greedyBot, type Level, randomBot } from '../../engine/bots.js';
import type { Random } from '../../engine/random.js';
import {
  ARRIVED,
  COW_PATH,
  destination,
  IN_HAND,
  isBoardPosition,
  RESULTS,
  type Result,
  steps,
} from './board.js';
import { seatName, takesShortcut } from './describe.js';
import { resultProbabilities } from './sticks.js';
import {
  animalOf,
  occupant,
  type PieceMoved,
  stacksOf,
  type YutEvent,
  type YutState,
  yutGame,
} from './rules.js';

const FORWARD: readonly Result[] = ['do', 'gae', 'geol', 'yut', 'mo'];

/** Steps still to go by the best route (stopping on corners to take the shortcuts). */
const REMAINING: readonly number[] = (() => {
  const rem = Array<number>(30).fill(Number.POSITIVE_INFINITY);
  const to = (p: number) => (p === ARRIVED ? 0 : (rem[p] as number));
  for (let pass = 0; pass < 40; pass++) {
    for (let p = 29; p >= 0; p--) {
      for (const [i, r] of FORWARD.entries()) {
        const d = destination(p, r);
        if (d !== undefined) rem[p] = Math.min(rem[p] as number, i + 1 + to(d));
      }
    }
  }
  return rem;
})();

function remaining(position: number, cow: boolean): number {
  if (position === ARRIVED) return 0;
  if (cow) return COW_PATH.length - COW_PATH.indexOf(position);
  return REMAINING[position] as number;
}

/** How far along a piece is, 0 in hand to 1 arrived. */
function progress(position: number, cow: boolean): number {
  return 1 - remaining(position, cow) / remaining(IN_HAND, cow);
}

/** Which results let `seat` land on `target` with one throw (from hand or any of its stacks). */
export function resultsReaching(state: YutState, seat: number, target: number): Result[] {
  const cow = animalOf(state, seat) === 'cow';
  const froms = new Set((state.positions[seat] ?? []).filter((p) => p !== ARRIVED));
  return RESULTS.filter((r) => [...froms].some((from) => destination(from, r, cow) === target));
}

const WIN = 1000;

/** A position's worth for `seat`: its progress against the best opponent's, danger included. */
export function evaluate(state: YutState, seat: number): number {
  if (state.winner !== null) return state.winner === seat ? WIN : -WIN;
  const chances = resultProbabilities(state.rules.frontProbability);
  const players = state.rules.players;
  const worth = (s: number) => {
    const cow = animalOf(state, s) === 'cow';
    const pieces = state.positions[s] ?? [];
    let sum = 0;
    let rear = 1;
    for (const p of pieces) {
      const g = progress(p, cow);
      sum += g + (p === ARRIVED ? 0.15 : 0);
      if (p !== ARRIVED) rear = Math.min(rear, g);
    }
    // Bring the rear piece along: a straggler costs more than its progress says.
    return sum + 0.15 * rear;
  };
  /** Expected loss of `s`'s stacks to the seats after it, on their next throw. */
  const danger = (s: number) => {
    const cow = animalOf(state, s) === 'cow';
    let loss = 0;
    for (const stack of stacksOf(state, s)) {
      let safe = 1;
      for (let k = 1; k < players; k++) {
        const other = (s + k) % players;
        let p = 0;
        for (const r of resultsReaching(state, other, stack.position)) p += chances[r];
        // The seat that moves next threatens most; later seats may be caught first.
        safe *= 1 - Math.min(1, p) * (k === 1 ? 1 : 0.6);
      }
      loss += (1 - safe) * stack.size * progress(stack.position, cow);
    }
    return loss;
  };
  // A threat bites hardest on the stacks of a seat that does not move next: the seat about to
  // move can still run from it or strike first.
  const exposure = (s: number) => (s === state.turn ? 0.35 : 0.9);
  let mine = worth(seat) - exposure(seat) * danger(seat);
  // Throws still owed to the bot (a catch) are worth about a step or two each.
  if (state.turn === seat && state.phase === 'throw') mine += 0.12 * state.throwsOwed;
  let rival = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < players; s++) {
    if (s !== seat) rival = Math.max(rival, worth(s) - exposure(s) * danger(s));
  }
  return mine - rival;
}

/** Expected loss of `s`'s stacks (in pieces' progress) to the seat after it, on its next throw. */
function nextSeatThreat(state: YutState, s: number): number {
  const chances = resultProbabilities(state.rules.frontProbability);
  const cow = animalOf(state, s) === 'cow';
  const other = (s + 1) % state.rules.players;
  let loss = 0;
  for (const stack of stacksOf(state, s)) {
    let p = 0;
    for (const r of resultsReaching(state, other, stack.position)) p += chances[r];
    loss += Math.min(1, p) * stack.size * progress(stack.position, cow);
  }
  return loss;
}

/** Steps a throw gives on average: what a throw still owed is worth in steps. */
const MEAN_STEPS = 2.5;

/**
 * What the learned evaluation sees of one seat, each scaled to about 0..1: progress, pieces
 * home and in hand, the rear piece, the danger it stands in (apart for the seat about to move,
 * which can still run), whether it moves next, the steps it holds (results and throws owed),
 * and its pieces stacked.
 */
export function features(state: YutState, s: number): number[] {
  const n = state.rules.pieces;
  const cow = animalOf(state, s) === 'cow';
  const pieces = state.positions[s] ?? [];
  let sum = 0;
  let home = 0;
  let hand = 0;
  let rear = 1;
  for (const p of pieces) {
    const g = progress(p, cow);
    sum += g;
    if (p === ARRIVED) home++;
    else rear = Math.min(rear, g);
    if (p === IN_HAND) hand++;
  }
  let stacked = 0;
  for (const stack of stacksOf(state, s)) if (stack.size > 1) stacked += stack.size;
  const onTurn = state.turn === s && state.phase !== 'over';
  const threat = nextSeatThreat(state, s) / n;
  let held = 0;
  if (onTurn) {
    held += state.throwsOwed * (state.phase === 'throw' ? MEAN_STEPS : 0);
    for (const r of state.results) held += steps(r);
  }
  return [
    sum / n,
    home / n,
    hand / n,
    rear,
    onTurn ? 0 : threat,
    onTurn ? threat : 0,
    onTurn ? 1 : 0,
    held / 20,
    stacked / n,
  ];
}

/**
 * Weights of `features`, fit by logistic regression on self-play (bench/learn-yut.ts): a
 * position's worth is the log-odds of winning it, seat against its strongest rival.
 */
export const LEARNED: readonly number[] = [
  2.334, 1.045, 0.537, 2.264, -7.226, -3.445, -0.124, 1.904, 0.798,
];

export function learnedEvaluate(
  state: YutState,
  seat: number,
  w: readonly number[] = LEARNED,
): number {
  if (state.winner !== null) return state.winner === seat ? WIN : -WIN;
  const score = (s: number) => {
    const f = features(state, s);
    let v = 0;
    for (let i = 0; i < f.length; i++) v += (w[i] ?? 0) * (f[i] as number);
    return v;
  };
  let rival = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < state.rules.players; s++) if (s !== seat) rival = Math.max(rival, score(s));
  return score(seat) - rival;
}

/** Yut's computer levels: the three every game has, and expert (the learned evaluation). */
export const YUT_LEVELS: readonly Level[] = ['random', 'greedy', 'strong', 'expert'];

export function yutBot(level: Level): Bot<YutState, YutEvent> {
  switch (level) {
    case 'random':
      return randomBot(yutGame);
    case 'greedy':
      return greedyBot(yutGame, evaluate);
    case 'strong':
      // Through the opponent's turn and its own next one, one throw per turn (a yut or mo chain
      // is cut there and evaluated): measured stronger, and faster, than one reply with two throws.
      return expectimaxBot(yutGame, evaluate, { chanceDepth: 1, replies: 2, nodeBudget: 60_000 });
    // perfect is Ur's alone (a solved table): a seat that names it here plays expert.
    case 'perfect':
    case 'expert':
      // The learned evaluation, through the opponent's turn and its own next one, then a turn
      // further at a time (up to four) while a decision stays within 150 ms (see
      // SearchLimits.deepen). Four rather than three: 55.9% against strong instead of 54.9% on
      // the same 2,000 paired games, the 95th percentile 102 ms instead of 47 ms.
      return expectimaxBot(
        yutGame,
        learnedEvaluate,
        {
          chanceDepth: 1,
          replies: 2,
          nodeBudget: 60_000,
          deepen: { replies: 4, budgetMs: 150, now: () => performance.now() },
        },
        'expert',
      );
  }
}

const stackWords = (size: number) => (size === 1 ? 'piece' : `stack of ${size}`);

/** Why this move, in a line: catches, shortcuts, stacking, arriving, and the danger it leaves. */
export function explainMove(state: YutState, move: PieceMoved, names?: readonly string[]): string {
  const seat = state.turn;
  const cow = animalOf(state, seat) === 'cow';
  const to = destination(move.from, move.result, cow);
  if (to === undefined) return 'cannot move';
  const size = move.from === IN_HAND ? 1 : (occupant(state, move.from)?.size ?? 1);
  const parts: string[] = [];
  const there = isBoardPosition(to) ? occupant(state, to) : undefined;
  if (there && there.seat !== seat) {
    parts.push(`catches ${seatName(names, there.seat)}'s ${stackWords(there.size)} at ${to}`);
  }
  if (takesShortcut(move.from, move.result, cow))
    parts.push(`takes the shortcut from ${move.from}`);
  if (there && there.seat === seat)
    parts.push(`stacks with the ${stackWords(there.size)} at ${to}`);
  if (to === ARRIVED) parts.push(`brings the ${stackWords(size)} home`);
  if (parts.length === 0) {
    parts.push(
      move.from === IN_HAND
        ? `enters a new piece at ${to}`
        : `moves the ${stackWords(size)} from ${move.from} to ${to}`,
    );
  }
  if (isBoardPosition(to)) {
    const after = yutGame.reduce(state, move);
    const threats: string[] = [];
    for (let k = 1; k < state.rules.players; k++) {
      const other = (seat + k) % state.rules.players;
      const reach = resultsReaching(after, other, to);
      if (reach.length > 0)
        threats.push(
          `${seatName(names, other)} can reach it with ${reach.map((r) => `a ${r}`).join(' or ')}`,
        );
    }
    if (threats.length > 0 && after.turn !== seat) parts.push(`leaves ${to} where ${threats[0]}`);
    else if (after.turn !== seat) parts.push(`${to} is out of reach of every opponent`);
  }
  return parts.join('; ');
}

/** The hint key: the strong level's move and why, in the game's words. */
export function hint(
  state: YutState,
  random: Random,
  names?: readonly string[],
): { move: PieceMoved; reason: string } | undefined {
  if (state.phase !== 'move') return undefined;
  const { event } = yutBot('strong').choose(state, random);
  if (event.type !== 'yut/pieceMoved') return undefined;
  return { move: event, reason: explainMove(state, event, names) };
}
