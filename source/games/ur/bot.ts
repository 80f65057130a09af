/**
 * What the computer players know of Ur: a stone's progress, the safety of rosettes, the danger
 * of standing within an opponent's reach on the shared squares, and why a move was chosen.
 */
import { type Bot, expectimaxBot, type Level, levelBot } from '../../engine/bots.js';
import { placeWords, stoneName } from './describe.js';
import { perfectBot } from './perfect.js';
import { squareOf, type StoneMoved, target, type UrEvent, type UrState, urGame } from './rules.js';

/** The chance of rolling exactly n (0–4) with four binary dice. */
const ROLL = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

/** How likely `colour`'s stone on `square` is to be caught on the opponent's next roll. */
function danger(state: UrState, colour: number, square: string): number {
  if (state.rules.board.rosettes.has(square)) return 0;
  const other = 1 - colour;
  const path = state.rules.board.paths[other] ?? [];
  const at = path.indexOf(square);
  if (at < 0) return 0; // the opponent's path never passes here
  let p = 0;
  for (let roll = 1; roll <= 4; roll++) {
    const from = at - roll;
    const stones = state.stones[other] ?? [];
    const reachable = from === -1 ? stones.includes(-1) : from >= 0 && stones.includes(from);
    if (reachable) p += ROLL[roll] as number;
  }
  return Math.min(1, p);
}

export function evaluateUr(state: UrState, seat: number): number {
  if (state.winner !== null) return state.winner === seat ? 1000 : -1000;
  const worth = (colour: number) => {
    const path = state.rules.board.paths[colour] ?? [];
    let sum = 0;
    for (const place of state.stones[colour] ?? []) {
      if (place < 0) continue;
      const progress = (place + 1) / (path.length + 1);
      const square = squareOf(state, colour, place);
      // A stone at risk is worth its progress times the chance it survives the next roll.
      const exposed =
        square === undefined || state.turn === colour ? 0 : danger(state, colour, square);
      sum += progress * (1 - 0.9 * exposed) + (place >= path.length ? 0.2 : 0);
      if (square && state.rules.board.rosettes.has(square) && place < path.length)
        sum += shared.has(square) ? CENTRE : ROSETTE;
    }
    return sum;
  };
  const shared = sharedRosettes(state);
  // The side to roll next holds the tempo: the roll, and any rosette it brings.
  return worth(seat) - worth(1 - seat) + (state.turn === seat ? TEMPO : -TEMPO);
}

/**
 * The weights below were measured against the solved three-stone table (bench ur-perfect: mean
 * loss per decision over 200 games against perfect): 0.242 pp with one rosette bonus of 0.08 and
 * no tempo; 0.199 with the shared rosette at 0.2; 0.193 with the others at 0.04; 0.142 with the
 * tempo of the side to roll.
 */
const CENTRE = 0.2;
const ROSETTE = 0.04;
const TEMPO = 0.1;

/** The rosettes on both paths (the historical board's central one): safe where fights are. */
function sharedRosettes(state: UrState): ReadonlySet<string> {
  const board = state.rules.board;
  let shared = SHARED.get(board);
  if (!shared) {
    const [white, black] = board.paths;
    shared = new Set([...board.rosettes].filter((r) => white.includes(r) && black.includes(r)));
    SHARED.set(board, shared);
  }
  return shared;
}
const SHARED = new WeakMap<object, ReadonlySet<string>>();

export const urBot = (level: Level): Bot<UrState, UrEvent> =>
  levelBot(urGame, evaluateUr, level, (above) =>
    above === 'perfect'
      ? perfectBot(urBot('strong'))
      : // Yut's expert is not an Ur level: a seat that names it (a recording from a game that has it) plays strong.
        expectimaxBot(urGame, evaluateUr, { chanceDepth: 1, replies: 2, nodeBudget: 40_000 }),
  );

/** Why this move, in a line: captures, rosettes, bearing off, and the risk it leaves. */
export function explainUrMove(state: UrState, move: StoneMoved, names?: readonly string[]): string {
  const colour = state.turn;
  const t = target(state, move.stone);
  if ('problem' in t) return t.problem;
  const path = state.rules.board.paths[colour] ?? [];
  const name = stoneName(colour, move.stone);
  if (t.place >= path.length) return `bears ${name} off`;
  const square = squareOf(state, colour, t.place) as string;
  const parts: string[] = [];
  const other = 1 - colour;
  const victim = (state.stones[other] ?? []).findIndex((p) => squareOf(state, other, p) === square);
  if (victim >= 0) parts.push(`${name} captures ${stoneName(other, victim)}`);
  if (state.rules.board.rosettes.has(square))
    parts.push(
      `${name} lands on a rosette: safe${state.rules.extraRollOnRosette ? ', and another roll' : ''}`,
    );
  if (parts.length === 0) parts.push(`moves ${name} to ${placeWords(state, colour, t.place)}`);
  const after = urGame.reduce(state, move);
  const risk = danger(after, colour, square);
  if (risk > 0)
    parts.push(
      `${names?.[other] ?? (other === 0 ? 'White' : 'Black')} can catch it with ${Math.round(risk * 100)}% chance`,
    );
  return parts.join('; ');
}
