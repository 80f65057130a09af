/**
 * Layers' win chances for the analysis (issue 31): each player's worth (bot.ts valueOf:
 * experience, the tree it heads, turns on top) turned into a share of the win by a softmax
 * whose scale is fit on self-play (bench/fit-chances.ts), and searched one turn deep: the fight's
 * numbers averaged, the answer to a draw the worst for the mover. The round's order is drawn for
 * everyone at once: no one's luck, so it is not analysed.
 */
import { levelLimits, searchedChances } from '../../analysis/estimate.js';
import type { Level } from '../../engine/bots.js';
import type { WinChances } from '../../engine/core.js';
import { valueOf } from './bot.js';
import { layersGame, type LayersEvent, type LayersState } from './rules.js';

/**
 * The softmax's scale, log-odds between two players per unit of valueOf: 0.0764, fit on 72,801
 * positions of 300 strong self-play games of ten players (log-loss 1.987, ten-way chance 2.303).
 */
export const LAYERS_SCALE = 0.0764;

export const LAYERS_ANALYSIS_LIMITS = levelLimits(
  { chanceDepth: 1, replies: 0, nodeBudget: 5_000 },
  { chanceDepth: 2, replies: 0, nodeBudget: 20_000 },
  { chanceDepth: 2, replies: 0, nodeBudget: 20_000 },
);

/** `player`'s share of the win: its softmax weight among every player's. */
export function layersShare(state: LayersState, player: number): number {
  const n = state.options.players;
  const values = Array.from({ length: n }, (_, p) => valueOf(state, p));
  const top = Math.max(...values);
  let sum = 0;
  for (const v of values) sum += Math.exp(LAYERS_SCALE * (v - top));
  return Math.exp(LAYERS_SCALE * ((values[player] as number) - top)) / sum;
}

export function layersWinChances(level: Level): WinChances<LayersState, LayersEvent> {
  return searchedChances(layersGame, {
    method: `estimated: each player's worth (experience, tree, turns on top) as a share of the win by a softmax fit on self-play, searched through the fight (${level})`,
    estimate: layersShare,
    limits: LAYERS_ANALYSIS_LIMITS[level],
    seats: (state) => state.options.players,
    inPlay: (state) => state.phase !== 'order',
    shares: true,
    // The last fight's numbers are for the log: the outcomes of one fight are three positions.
    key: (state) => JSON.stringify({ ...state, last: null, options: null }),
  });
}
