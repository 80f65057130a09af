/**
 * What the computer players know of Yoté: material on the board and in hand, the attacks each
 * side has ready, the pieces standing where they can be jumped, and room to move. The strong
 * level searches with alpha-beta (Yoté has no chance, so a plain minimax tree fits), deepening
 * one event at a time until its node budget is spent.
 */
import { type Bot, type Level, levelBot } from '../../engine/bots.js';
import { alphaBetaChoice } from '../../engine/alpha-beta.js';
import {
  CELL_NAMES,
  CELLS,
  cellOf,
  COLOUR_NAMES,
  EMPTY,
  jumpsFrom,
  legalEvents,
  NEIGHBOURS,
  piecesOf,
  reduce,
  type YoteEvent,
  yoteGame,
  type YoteState,
} from './rules.js';

const WIN = 100_000;
const PIECE = 100;

/** The pieces of `colour` that the other side could jump now, and how many jumps it has. */
export function threatened(state: YoteState, colour: number): Set<number> {
  const out = new Set<number>();
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.board[cell] !== 1 - colour) continue;
    for (const { over } of jumpsFrom(state, cell)) out.add(over);
  }
  return out;
}

/**
 * One pass over the board: each side's free steps, and how many of its pieces stand where the
 * other side could jump them (an opponent beside, the cell behind empty).
 */
function tally(board: readonly number[]) {
  const steps = [0, 0];
  const exposed = [0, 0];
  for (let cell = 0; cell < CELLS; cell++) {
    const colour = board[cell] as number;
    if (colour === EMPTY) continue;
    const around = NEIGHBOURS[cell] as readonly (readonly [number, number])[];
    let open = 0;
    let hit = false;
    for (let d = 0; d < 4; d++) {
      const next = (around[d] as readonly [number, number])[0];
      if (next < 0) continue;
      const there = board[next];
      if (there === EMPTY) open++;
      else if (!hit && there !== colour) {
        const behind = (around[d ^ 1] as readonly [number, number])[0];
        hit = behind >= 0 && board[behind] === EMPTY;
      }
    }
    steps[colour] = (steps[colour] as number) + open;
    if (hit) exposed[colour] = (exposed[colour] as number) + 1;
  }
  return { steps, exposed };
}

export function evaluateYote(state: YoteState, seat: number): number {
  if (state.ending !== null) {
    if (state.ending.winner === null) return 0;
    return state.ending.winner === seat ? WIN : -WIN;
  }
  const other = 1 - seat;
  let score = PIECE * (piecesOf(state, seat) - piecesOf(state, other));
  const toAct = state.turn;
  const sign = toAct === seat ? 1 : -1;
  const { steps, exposed } = tally(state.board);
  // Whatever the attacker has in hand this turn is as good as taken.
  if (state.step === 'remove') score += sign * PIECE;
  else if (state.step === 'again' && jumpsFrom(state, state.attacker as number).length > 0)
    score += sign * 1.6 * PIECE;
  else if (state.step === 'act') {
    // The side to act can attack now (a jump and a removal), the other side only next turn.
    const waiting = exposed[1 - toAct] as number;
    if (waiting > 0) score += sign * (1.6 * PIECE + 10 * (waiting - 1));
    score -= sign * 35 * (exposed[toAct] as number);
  }
  score += 2 * ((steps[seat] as number) - (steps[other] as number));
  return score;
}

/** Attacks and removals first, then the rest: alpha-beta cuts more when good moves come first. */
function ordered(events: readonly YoteEvent[]): YoteEvent[] {
  const rank = (e: YoteEvent) =>
    e.type === 'yote/jumped' ? 0 : e.type === 'yote/removed' ? 1 : e.type === 'yote/moved' ? 2 : 3;
  return [...events].sort((a, b) => rank(a) - rank(b));
}

/** Positions one decision may visit before the search settles for its deepest full answer, and its deepest search in events. */
export const STRONG_LIMITS = { nodeBudget: 25_000, maxDepth: 8 };

/** Alpha-beta over events (engine/alpha-beta.ts); a sooner win and a later loss are better. */
export function alphaBetaBot(limits = STRONG_LIMITS): Bot<YoteState, YoteEvent> {
  return {
    level: 'strong',
    choose: (state, random) =>
      alphaBetaChoice(
        {
          events: (s) => ordered(legalEvents(s)),
          reduce,
          toAct: (s) => s.turn,
          over: (s) => s.ending !== null,
          value(s, seat, depth) {
            const v = evaluateYote(s, seat);
            return v === WIN ? v + depth : v === -WIN ? v - depth : v;
          },
          ...limits,
          enough: (best) => Math.abs(best) >= WIN,
        },
        state,
        state.turn,
        random,
      ),
  };
}

// No level above strong here: a seat that names one (a recording from a game that has it, or
// Ur's perfect) plays strong.
export const yoteBot = (level: Level): Bot<YoteState, YoteEvent> =>
  levelBot(yoteGame, evaluateYote, level, () => alphaBetaBot());

const at = (cell: number | undefined) => CELL_NAMES[cell ?? -1] ?? '?';

/** Why this event, in a line ("jumps C3 and takes E2: it was about to attack"). */
export function explainYoteMove(
  state: YoteState,
  event: YoteEvent,
  names?: readonly string[],
): string {
  const colour = state.turn;
  const other = 1 - colour;
  const them = names?.[other] ?? COLOUR_NAMES[other];
  const after = reduce(state, event);
  if (after.ending?.winner === colour) return 'it wins the game';
  const danger = (s: YoteState) => threatened(s, colour);
  const attacks = (s: YoteState, cell: number) => jumpsFrom(s, cell).map(({ over }) => at(over));
  switch (event.type) {
    case 'yote/jumped': {
      const from = cellOf(event.from) as number;
      const to = cellOf(event.to) as number;
      const over = (from + to) / 2;
      const wasAttacking =
        state.board[over] === other &&
        jumpsFrom(state, over).some((j) => state.board[j.over] === colour);
      return `jumps ${at(over)} from ${event.from} to ${event.to}${wasAttacking ? `: it was about to attack` : ''}`;
    }
    case 'yote/removed': {
      if (event.cell === 'hand')
        return `takes a piece from ${them}'s hand: none is left on the board`;
      const cell = cellOf(event.cell) as number;
      const threats = jumpsFrom(state, cell).filter((j) => state.board[j.over] === colour);
      if (threats.length > 0)
        return `takes ${event.cell}: it was about to attack ${at(threats[0]?.over)}`;
      return after.step === 'again'
        ? `takes ${event.cell}, and can jump again`
        : `takes ${event.cell}: the best removal it found`;
    }
    case 'yote/stopped':
      return danger(after).size > 0 ? 'stops the attack: no jump is safe' : 'stops the attack';
    case 'yote/moved':
    case 'yote/placed': {
      const to = cellOf(event.type === 'yote/moved' ? event.to : event.cell) as number;
      const verb =
        event.type === 'yote/moved'
          ? `moves ${event.from} to ${event.to}`
          : `places on ${event.cell}`;
      const before = danger(state);
      const now = danger(after);
      const reasons: string[] = [];
      if (event.type === 'yote/moved' && before.has(cellOf(event.from) as number) && !now.has(to))
        reasons.push('escapes an attack');
      else if (now.size < before.size) reasons.push('blocks an attack');
      // `after` is the other side's turn: the threat is judged as if the bot played again.
      const next = attacks({ ...after, turn: colour }, to);
      if (next.length > 0 && !now.has(to)) reasons.push(`threatens ${next.join(' and ')}`);
      else if (next.length > 0) reasons.push(`threatens ${next.join(' and ')}, at a risk`);
      if (reasons.length === 0)
        reasons.push(now.size > 0 ? 'the least harm it could find' : 'out of reach');
      return `${verb}: ${reasons.join(', ')}`;
    }
  }
}
