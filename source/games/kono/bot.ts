/**
 * What the computer players know of Kono, and why they move. A move's motive is one of the
 * seed's: capture (which piece), escape (from which piece), block (which piece), advance (toward
 * which home point) or retreat. The rule-based level (greedy) takes the first motive that
 * applies, in that order, choosing within it by the evaluation; the strong level searches the
 * round with alpha-beta on an evaluation of points held, captures, progress toward the free home
 * points and the power to capture. Both say why, in the seed's sentence.
 */
import type { Bot, Choice, Level } from '../../engine/bots.js';
import { alphaBetaChoice } from '../../engine/alpha-beta.js';
import type { Random } from '../../engine/random.js';
import {
  at,
  type Colour,
  colourOfPoint,
  colourOfSeat,
  DIRECTIONS,
  homeValue,
  isHome,
  type KonoEvent,
  konoGame,
  type KonoState,
  type Moved,
  movesOf,
  other,
  powered,
  reduce,
  roundScore,
  target,
} from './rules.js';

export type Motive =
  | { readonly kind: 'capture'; readonly row: number; readonly column: number }
  | { readonly kind: 'escape'; readonly row: number; readonly column: number }
  | { readonly kind: 'block'; readonly row: number; readonly column: number }
  | { readonly kind: 'advance'; readonly row: number; readonly column: number }
  | { readonly kind: 'retreat' };

/** Diagonal steps between two points of the same colour of square; Infinity across colours. */
function steps(r1: number, c1: number, r2: number, c2: number): number {
  if ((r1 + c1) % 2 !== (r2 + c2) % 2) return Number.POSITIVE_INFINITY;
  return Math.max(Math.abs(r1 - r2), Math.abs(c1 - c2));
}

/** The opponent's home points a piece of `colour` could still take: free or held by them. */
function targetsOf(state: KonoState, colour: Colour): [number, number, number][] {
  const out: [number, number, number][] = [];
  const n = state.size;
  // The opponent's home points lie on its back row and the row before it.
  for (const row of colour === 'white' ? [n - 1, n] : [1, 2])
    for (let column = 1; column <= n; column++) {
      const value = homeValue(n, other(colour), row, column);
      if (value > 0 && colourOfPoint(at(state, row, column)) !== colour)
        out.push([row, column, value]);
    }
  return out;
}

/** The best free home point a piece at (row, column) heads for: the value for its distance. */
function goalOf(
  state: KonoState,
  colour: Colour,
  row: number,
  column: number,
  targets = targetsOf(state, colour),
) {
  let best: { row: number; column: number; distance: number; worth: number } | undefined;
  for (const [r, c, value] of targets) {
    const distance = steps(row, column, r, c);
    if (!Number.isFinite(distance)) continue;
    const worth = value / (1 + distance);
    if (!best || worth > best.worth) best = { row: r, column: c, distance, worth };
  }
  return best;
}

/** Whether an opponent piece with the power to capture stands diagonally next to (row, column). */
function threatenedAt(state: KonoState, colour: Colour, row: number, column: number): boolean {
  for (const d of DIRECTIONS) {
    const t = target(state.size, row, column, d);
    if (!t) continue;
    const p = at(state, t[0], t[1]);
    if (colourOfPoint(p) === other(colour) && powered(p)) return true;
  }
  return false;
}

/** Values are in tenths of a point: 10 per point held, 50 per capture, progress in between. */
export function evaluateKono(state: KonoState, seat: number): number {
  if (state.phase !== 'play') {
    const last = state.results.at(-1);
    if (last && (state.phase === 'roundOver' || state.phase === 'over'))
      return 10 * ((last.scores[seat] ?? 0) - (last.scores[1 - seat] ?? 0)) + 0;
    return 0;
  }
  const side = (s: number) => {
    const colour = colourOfSeat(state, s);
    if (colour === null) return 0;
    let v = 10 * roundScore(state, s);
    const n = state.size;
    const targets = targetsOf(state, colour);
    for (let row = 1; row <= n; row++) {
      const line = state.board[row - 1] ?? [];
      for (let column = 1; column <= n; column++) {
        const p = line[column - 1];
        if (colourOfPoint(p) !== colour) continue;
        if (isHome(n, other(colour), row, column)) continue;
        // Kono is a race: every row nearer the far side counts, and the best free home point.
        v += 4 * (colour === 'white' ? row - 1 : n - row);
        const goal = goalOf(state, colour, row, column, targets);
        if (goal) v += 6 * goal.worth;
        if (powered(p)) v += 4;
        // A piece the other side can take next turn is half lost (5 points, and the chase).
        if (state.turn !== s && threatenedAt(state, colour, row, column)) v -= 25;
      }
    }
    return v;
  };
  return side(seat) - side(1 - seat);
}

/** Why a move is good, in the seed's terms (the first that applies). */
export function motiveOf(state: KonoState, move: Moved): Motive {
  const colour = colourOfSeat(state, state.turn) as Colour;
  const [r, c] = target(state.size, move.row, move.column, move.direction) as [number, number];
  const there = at(state, r, c);
  if (colourOfPoint(there) === other(colour)) return { kind: 'capture', row: r, column: c };
  const n = state.size;
  if (threatenedAt(state, colour, move.row, move.column) && !threatenedAt(state, colour, r, c)) {
    for (const d of DIRECTIONS) {
      const t = target(n, move.row, move.column, d);
      const p = t && at(state, t[0], t[1]);
      if (t && colourOfPoint(p) === other(colour) && powered(p))
        return { kind: 'escape', row: t[0], column: t[1] };
    }
  }
  // Blocking: standing on the point an opponent piece was about to step to, toward our home.
  for (const d of DIRECTIONS) {
    const t = target(n, r, c, d);
    if (!t) continue;
    const p = at(state, t[0], t[1]);
    if (colourOfPoint(p) !== other(colour)) continue;
    const theirGoal = goalOf(state, other(colour), t[0], t[1]);
    if (
      theirGoal &&
      steps(r, c, theirGoal.row, theirGoal.column) < theirGoal.distance &&
      isHomeward(other(colour), t[0], r)
    )
      return { kind: 'block', row: t[0], column: t[1] };
  }
  const before = goalOf(state, colour, move.row, move.column);
  const landed = homeValue(n, other(colour), r, c) > 0;
  if (landed) return { kind: 'advance', row: r, column: c };
  if (before && steps(r, c, before.row, before.column) < before.distance)
    return { kind: 'advance', row: before.row, column: before.column };
  return { kind: 'retreat' };
}

/** Whether a step from row `from` to row `to` goes toward the side `colour` is heading for. */
function isHomeward(colour: Colour, from: number, to: number): boolean {
  return colour === 'white' ? to > from : to < from;
}

/**
 * The strategies' order. Blocking and advancing share a rank and the evaluation chooses between
 * them: blocking first, always, walled the rule-based level in (against the random player it
 * drew 127 of 300 rounds, one a size, and won 168; ranked together, 22 drawn and 277 won).
 */
const RANK: Readonly<Record<Motive['kind'], number>> = {
  capture: 0,
  escape: 1,
  block: 2,
  advance: 2,
  retreat: 3,
};

/** Choices outside the moves of a round: the size, the colour, another round. */
function settle(state: KonoState, random: Random): Choice<KonoEvent> | undefined {
  switch (state.phase) {
    case 'size':
      return { event: { type: 'kono/sizeChosen', size: state.settings.size ?? 5 }, value: 0 };
    case 'colour':
      // The colours are alike but for who has the first move, which the chooser has anyway.
      return {
        event: { type: 'kono/colourChosen', colour: random.below(2) === 0 ? 'white' : 'black' },
        value: 0,
      };
    case 'roundOver':
      // A computer asked never prolongs the tournament by itself.
      return { event: { type: 'kono/anotherRound', again: false }, value: 0 };
    default:
      return undefined;
  }
}

function pick(scored: readonly Choice<KonoEvent>[], random: Random): Choice<KonoEvent> {
  let top = Number.NEGATIVE_INFINITY;
  for (const s of scored) top = Math.max(top, s.value);
  const ties = scored.filter((s) => s.value >= top - 1e-9);
  return ties[random.below(ties.length)] as Choice<KonoEvent>;
}

/** The seed's strategies in order: capture, escape, block, advance, retreat. */
export function ruleBot(): Bot<KonoState, KonoEvent> {
  return {
    level: 'greedy',
    choose(state, random) {
      const settled = settle(state, random);
      if (settled) return settled;
      const seat = state.turn;
      const moves = konoGame.legalEvents(state).filter((e): e is Moved => e.type === 'kono/moved');
      const ranked = moves.map((move) => ({
        event: move as KonoEvent,
        rank: RANK[motiveOf(state, move).kind],
        value: evaluateKono(reduce(state, move), seat),
      }));
      if (ranked.length === 0) return { event: { type: 'kono/quit' }, value: 0 };
      const first = Math.min(...ranked.map((m) => m.rank));
      return pick(
        ranked.filter((m) => m.rank === first),
        random,
      );
    },
  };
}

/** Alpha-beta over the round's moves (no chance inside a round), deepened until the budget. */
export function searchBot(nodeBudget = 8_000, maxDepth = 8): Bot<KonoState, KonoEvent> {
  const events = (s: KonoState) => movesOf(s, colourOfSeat(s, s.turn) as Colour);
  return {
    level: 'strong',
    choose(state, random) {
      const settled = settle(state, random);
      if (settled) return settled;
      if (events(state).length === 0) return { event: { type: 'kono/quit' }, value: 0 };
      return alphaBetaChoice<KonoState, KonoEvent>(
        {
          events,
          reduce,
          toAct: (s) => s.turn,
          over: (s) => s.phase !== 'play',
          value: (s, seat) => evaluateKono(s, seat),
          nodeBudget,
          maxDepth,
          rootBound: true,
        },
        state,
        state.turn,
        random,
      );
    },
  };
}

export function konoBot(level: Level): Bot<KonoState, KonoEvent> {
  switch (level) {
    case 'random':
      return {
        level: 'random',
        // Any move, but never quitting: a random quit would end every round at once.
        choose: (state, r) => {
          const settled = settle(state, r);
          if (settled) return settled;
          const moves = konoGame.legalEvents(state).filter((e) => e.type !== 'kono/quit');
          return { event: moves[r.below(moves.length)] as KonoEvent, value: 0 };
        },
      };
    case 'greedy':
      return ruleBot();
    // No level above strong here: a seat that names one (a recording from a game that has it) plays strong.
    // perfect is Ur's alone (a solved table): a seat that names it elsewhere plays strong.
    case 'perfect':
    case 'expert':
    case 'strong':
      return searchBot();
  }
}

export const pointName = (row: number, column: number) => `(${row},${column})`;

/** The motive as the seed's second sentence: "It wanted to block the human piece at (4,3)." */
export function motiveWords(state: KonoState, motive: Motive, names?: readonly string[]): string {
  const them = names?.[1 - state.turn] ?? (state.turn === 0 ? 'computer' : 'human');
  const piece = `the ${them} piece`;
  switch (motive.kind) {
    case 'capture':
      return `to capture ${piece} at ${pointName(motive.row, motive.column)}`;
    case 'escape':
      return `to escape ${piece} at ${pointName(motive.row, motive.column)}`;
    case 'block':
      return `to block ${piece} at ${pointName(motive.row, motive.column)}`;
    case 'advance':
      return `to advance toward the home point ${pointName(motive.row, motive.column)}`;
    case 'retreat':
      return 'to retreat';
  }
}

/** Why this event, in a line: the move and its motive. */
export function explainKonoMove(
  state: KonoState,
  event: KonoEvent,
  names?: readonly string[],
): string {
  switch (event.type) {
    case 'kono/moved':
      return `the piece at ${pointName(event.row, event.column)} ${event.direction}, ${motiveWords(state, motiveOf(state, event), names)}`;
    case 'kono/colourChosen':
      return `plays ${event.colour}`;
    case 'kono/sizeChosen':
      return `a ${event.size} × ${event.size} board`;
    case 'kono/anotherRound':
      return event.again ? 'another round' : 'no more rounds';
    case 'kono/quit':
      return 'quits the round';
    case 'kono/diceThrown':
      return 'throws the dice';
  }
}
