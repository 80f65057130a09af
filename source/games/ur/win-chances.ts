/**
 * Ur's win chances for the analysis (issue 31): exact where a solved table for these rules is
 * built (`madang ur solve`), whatever the level asked; else the level's search over the bot's
 * evaluation, mapped to a probability by a logistic fit on self-play (bench/fit-chances.ts).
 */
import { logistic, searchedChances } from '../../analysis/estimate.js';
import type { Level } from '../../engine/bots.js';
import type { WinChances } from '../../engine/core.js';
import { finalChance } from '../../analysis/estimate.js';
import { evaluateUr } from './bot.js';
import { rateMoves, tableFor, tableTrouble } from './perfect.js';
import { urGame, type UrEvent, type UrState } from './rules.js';
import type { UrTable } from './table-format.js';

/**
 * The log-odds of winning per unit of evaluateUr: 0.387, fit on 106,340 positions of 300 strong
 * self-play games of seven stones (log-loss 0.653, a coin's 0.693: Ur is mostly the dice).
 */
export const UR_LOG_ODDS = 0.387;

function exactChances(table: UrTable): WinChances<UrState, UrEvent> {
  const moves = (state: UrState) =>
    rateMoves(table, state).map((m) => ({ event: m.event as UrEvent, chance: m.chance }));
  return {
    exact: true,
    method: 'exact: the solved table of these rules (madang ur solve)',
    moves,
    chance(state, seat) {
      const outcome = urGame.outcome(state);
      if (outcome.status !== 'running') return finalChance(outcome, seat);
      if (state.phase === 'roll') {
        const p = table.chanceToRoll(state.stones, state.turn);
        return state.turn === seat ? p : 1 - p;
      }
      const best = Math.max(...moves(state).map((m) => m.chance));
      return state.turn === seat ? best : 1 - best;
    },
  };
}

export function urWinChances(level: Level, state: UrState): WinChances<UrState, UrEvent> {
  const table = tableFor(state.rules);
  if (table) return exactChances(table);
  const limits =
    level === 'random' || level === 'greedy'
      ? { chanceDepth: 1, replies: 0, nodeBudget: 2_000 }
      : { chanceDepth: 1, replies: 1, nodeBudget: 20_000 };
  return searchedChances(urGame, {
    // A damaged table is said to be so (it was "no solved table"), naming the file.
    method: `estimated: a search (${level}) of the computer's evaluation, mapped to a probability by a logistic fit on self-play; ${tableTrouble(state.rules) ?? 'no solved table for these rules'}`,
    estimate: (s, seat) => logistic(UR_LOG_ODDS * evaluateUr(s, seat)),
    limits,
    seats: () => 2,
    // The rules (the board) are the same all game long.
    key: (s) => JSON.stringify([s.stones, s.turn, s.phase, s.roll, s.winner]),
  });
}
