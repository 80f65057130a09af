/** The recording header of a new Yut game, the same from every front end. */
import { type Header, newHeader, type PlayerInfo } from '../../engine/recording.js';
import type { YutOptions } from './rules.js';

export function yutHeader(
  options: YutOptions,
  players: readonly PlayerInfo[],
  seed: number | null,
  app: string,
  startedAt: Date,
): Header {
  // Every rule option is written out, the defaults too, so the file never depends on them.
  const rules = { ...options, frontProbability: options.frontProbability ?? 0.5 };
  return newHeader({ game: 'yut', options: rules, players, seed, startedAt, app });
}
