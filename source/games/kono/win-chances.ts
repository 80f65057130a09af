/**
 * Kono's win chances for the analysis (issue 31): the chance to win the round in play (each
 * round is a game of its own; the tournament's winner depends on rounds not yet chosen). A
 * search of the computer's evaluation, its leaves mapped to a probability by a logistic fit on
 * self-play (bench/fit-chances.ts); a round's end is its result (a drawn round counts half).
 */
import { levelLimits, logistic, searchedChances } from '../../analysis/estimate.js';
import type { Level } from '../../engine/bots.js';
import type { WinChances } from '../../engine/core.js';
import type { Game, Outcome } from '../../engine/game.js';
import { evaluateKono } from './bot.js';
import { konoGame, type KonoEvent, type KonoOptions, type KonoState } from './rules.js';

/**
 * Log-odds of winning the round per unit of evaluateKono (tenths of a point): 0.0185, fit on
 * 17,298 positions of 300 greedy self-played rounds of 5×5 (log-loss 0.549, a coin's 0.693).
 */
export const KONO_LOG_ODDS = 0.0185;

export const KONO_ANALYSIS_LIMITS = levelLimits(
  { chanceDepth: 0, replies: 0, nodeBudget: 1_000 },
  { chanceDepth: 0, replies: 1, nodeBudget: 4_000 },
  { chanceDepth: 0, replies: 2, nodeBudget: 20_000 },
);

/** How a round stands: over once it is scored (the tournament's choices after it are not searched). */
function roundOutcome(state: KonoState): Outcome {
  if (state.phase !== 'roundOver' && state.phase !== 'over') return { status: 'running' };
  const last = state.results.at(-1);
  if (!last || last.winner === null) return { status: 'drawn' };
  return { status: 'won', winner: last.winner };
}

/**
 * The rules of one round: Kono's, ending where the round is scored, without quitting. A side
 * ahead by more than the penalty still wins the round by quitting, so by the chance of winning
 * the round a quit was "best" (and every position the leader could quit from, won), though it
 * throws away most of the award and the tournament is the sum of the points: like the
 * computers, the analysis weighs the moves alone (a quit played is rated by the round's result).
 */
export const konoRound: Game<KonoState, KonoEvent, KonoOptions> = {
  ...konoGame,
  outcome: roundOutcome,
  legalEvents(state) {
    const legal = konoGame.legalEvents(state);
    const moves = legal.filter((e) => e.type !== 'kono/quit');
    return moves.length > 0 ? moves : legal;
  },
};

export function konoWinChances(level: Level): WinChances<KonoState, KonoEvent> {
  return searchedChances(konoRound, {
    method: `estimated: the chance to win the round (quitting left out), a search (${level}) of the computer's evaluation mapped to a probability by a logistic fit on self-play; a drawn round counts half`,
    estimate: (state, seat) => logistic(KONO_LOG_ODDS * evaluateKono(state, seat)),
    limits: KONO_ANALYSIS_LIMITS[level],
    seats: () => 2,
    inPlay: (state) => state.phase === 'play',
  });
}
