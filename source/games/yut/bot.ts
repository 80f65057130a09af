/**
 * What the computer players know of Yut: how far each piece is from home by its best route,
 * what a position is worth (progress, catches, the danger of being caught on the next throw,
 * the rear piece), and how to say why a move was chosen, in the game's own words.
 */
import { type Bot, expectimaxBot, type Level, levelBot } from '../../engine/bots.js';
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
  type Stack,
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

/**
 * For each station, which results let `seat` land there with one throw (bit i: RESULTS[i]): what
 * resultsReaching says of every target at once. The evaluation asks it at every leaf of every
 * search, for every stack: one pass over the seat's pieces instead of one per stack.
 */
function reachOf(
  state: YutState,
  seat: number,
  reach: Uint8Array = new Uint8Array(30),
): Uint8Array {
  const landings = LANDINGS[animalOf(state, seat) === 'cow' ? 1 : 0] as Landings;
  reach.fill(0);
  const pieces = state.positions[seat] ?? [];
  for (let k = 0; k < pieces.length; k++) {
    const from = landings[pieces[k] as number];
    if (!from) continue;
    for (let i = 0; i < from.length; i += 2)
      reach[from[i] as number] = (reach[from[i] as number] as number) | (from[i + 1] as number);
  }
  return reach;
}

/** From each station (0: in hand), where each result lands on the board and its bit: to, bit, … */
type Landings = readonly (readonly number[])[];
/** The landings of an ordinary piece and of a cow's (destination, once for all). */
const LANDINGS: readonly Landings[] = [false, true].map((cow) =>
  Array.from({ length: 30 }, (_, from) =>
    RESULTS.flatMap((r, bit) => {
      const to = destination(from, r, cow);
      return to !== undefined && to < 30 ? [to, 1 << bit] : [];
    }),
  ),
);

/** Where reachOf writes at the evaluation's leaves, one a seat: no allocation per leaf. */
const REACH: readonly Uint8Array[] = Array.from({ length: 4 }, () => new Uint8Array(30));

/** Each result's chance by RESULTS index, at the last front probability asked (one a game). */
let chancesFor = Number.NaN;
let chancesByIndex: readonly number[] = [];
function resultChances(frontProbability: number): readonly number[] {
  if (frontProbability !== chancesFor) {
    const chances = resultProbabilities(frontProbability);
    chancesByIndex = RESULTS.map((r) => chances[r]);
    chancesFor = frontProbability;
  }
  return chancesByIndex;
}

/** The chance that one throw gives a result of `mask` (bits as reachOf's), summed in RESULTS order. */
function chanceOfMask(mask: number, chances: readonly number[]): number {
  let p = 0;
  for (let r = 0; mask !== 0; r++, mask >>= 1) if (mask & 1) p += chances[r] as number;
  return p;
}

const WIN = 1000;

/** A position's worth for `seat`: its progress against the best opponent's, danger included. */
export function evaluate(state: YutState, seat: number): number {
  if (state.winner !== null) return state.winner === seat ? WIN : -WIN;
  const chances = resultChances(state.rules.frontProbability);
  const players = state.rules.players;
  // Where each seat's next throw can land, found once per seat (danger asks it of every stack).
  const found = [false, false, false, false];
  const reach = (s: number) => {
    if (found[s]) return REACH[s] as Uint8Array;
    found[s] = true;
    return reachOf(state, s, REACH[s]);
  };
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
        const p = chanceOfMask(reach(other)[stack.position] as number, chances);
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
function nextSeatThreat(state: YutState, s: number, stacks: readonly Stack[]): number {
  if (stacks.length === 0) return 0;
  const chances = resultChances(state.rules.frontProbability);
  const cow = animalOf(state, s) === 'cow';
  const other = (s + 1) % state.rules.players;
  const reach = reachOf(state, other, REACH[other]);
  let loss = 0;
  for (const stack of stacks) {
    const p = chanceOfMask(reach[stack.position] as number, chances);
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
  const stacks = stacksOf(state, s);
  for (const stack of stacks) if (stack.size > 1) stacked += stack.size;
  const onTurn = state.turn === s && state.phase !== 'over';
  const threat = nextSeatThreat(state, s, stacks) / n;
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
  return levelBot(yutGame, evaluate, level, (above) => {
    if (above === 'strong')
      // Through the opponent's turn and its own next one, one throw per turn (a yut or mo chain
      // is cut there and evaluated): measured stronger, and faster, than one reply with two throws.
      return expectimaxBot(yutGame, evaluate, { chanceDepth: 1, replies: 2, nodeBudget: 60_000 });
    // perfect is Ur's alone (a solved table): a seat that names it here plays expert.
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
  });
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
