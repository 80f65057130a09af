/**
 * Yut's win chances for the analysis (issue 31): the level's search over the learned evaluation
 * (bot.ts: log-odds of winning, seat against its strongest rival, fit by logistic regression on
 * self-play), its leaves mapped to a probability by the logistic function and scaled by
 * YUT_LOG_ODDS (bench/fit-chances.ts measures it).
 */
import { levelLimits, logistic, searchedChances } from '../../analysis/estimate.js';
import type { Level } from '../../engine/bots.js';
import type { WinChances } from '../../engine/core.js';
import { learnedEvaluate } from './bot.js';
import { yutGame, type YutEvent, type YutState } from './rules.js';

/**
 * The scale of learnedEvaluate's log-odds at the leaves: 1.07, fit on 38,333 positions of 400
 * strong self-play games (log-loss 0.564, against 0.693 for a coin): the learned weights, fit on
 * the expert's positions, are a shade timid here.
 */
export const YUT_LOG_ODDS = 1.07;

/** The search of each level: greedy looks at the move alone, strong through the next throw. */
export const YUT_ANALYSIS_LIMITS = levelLimits(
  { chanceDepth: 0, replies: 0, nodeBudget: 1_000 },
  { chanceDepth: 1, replies: 1, nodeBudget: 4_000 },
  { chanceDepth: 1, replies: 1, nodeBudget: 20_000 },
);

export function yutWinChances(level: Level): WinChances<YutState, YutEvent> {
  return searchedChances(yutGame, {
    method: `estimated: a search (${level}) of the learned evaluation, its log-odds of winning fitted by logistic regression on self-play`,
    estimate: (state, seat) => logistic(YUT_LOG_ODDS * learnedEvaluate(state, seat)),
    limits: YUT_ANALYSIS_LIMITS[level],
    seats: (state) => state.rules.players,
  });
}
