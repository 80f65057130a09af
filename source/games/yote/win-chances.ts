/**
 * Yoté's win chances for the analysis (issue 31): a search of the computer's evaluation (in
 * hundredths of a piece), its leaves mapped to a probability by a logistic fit on self-play
 * (bench/fit-chances.ts). A draw counts half.
 */
import { levelLimits, logistic, searchedChances } from '../../analysis/estimate.js';
import type { Level } from '../../engine/bots.js';
import type { WinChances } from '../../engine/core.js';
import { evaluateYote } from './bot.js';
import { yoteGame, type YoteEvent, type YoteState } from './rules.js';

/**
 * Log-odds of winning per unit of evaluateYote: 0.00266 (a piece, 100, is 0.27), fit on 19,280
 * positions of 300 greedy self-play games (log-loss 0.604, a coin's 0.693).
 */
export const YOTE_LOG_ODDS = 0.00266;

export const YOTE_ANALYSIS_LIMITS = levelLimits(
  { chanceDepth: 0, replies: 0, nodeBudget: 1_000 },
  { chanceDepth: 0, replies: 1, nodeBudget: 6_000 },
  { chanceDepth: 0, replies: 2, nodeBudget: 30_000 },
);

export function yoteWinChances(level: Level): WinChances<YoteState, YoteEvent> {
  return searchedChances(yoteGame, {
    method: `estimated: a search (${level}) of the computer's evaluation, mapped to a probability by a logistic fit on self-play; a draw counts half`,
    estimate: (state, seat) => logistic(YOTE_LOG_ODDS * evaluateYote(state, seat)),
    limits: YOTE_ANALYSIS_LIMITS[level],
    seats: () => 2,
  });
}
