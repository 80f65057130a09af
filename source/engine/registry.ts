/**
 * The games madang knows, by name: what recordings, replay and verify use to find a game's
 * engine without knowing anything about it.
 */
import { checkOptions as checkUrOptions, urGame } from '../games/ur/rules.js';
import { checkOptions as checkYutOptions, yutGame } from '../games/yut/rules.js';
import type { Game, GameEvent } from './game.js';

export interface GameEntry {
  readonly game: Game<unknown, GameEvent, unknown>;
  /** Why these options (from a file) are not a valid setup; undefined when they are. */
  readonly checkOptions: (options: unknown) => string | undefined;
}

export const GAMES: Readonly<Record<string, GameEntry>> = {
  yut: { game: yutGame as unknown as GameEntry['game'], checkOptions: checkYutOptions },
  ur: { game: urGame as unknown as GameEntry['game'], checkOptions: checkUrOptions },
};

export function gameEntry(name: unknown): GameEntry | undefined {
  return typeof name === 'string' && Object.hasOwn(GAMES, name) ? GAMES[name] : undefined;
}
