/**
 * THE registry with faces: each game's module (its core and its screens, command and console)
 * under the id `games/cores.ts` gives its core, one line a game; the list is in the cores' order.
 * Only the composition roots (the command line, the bench) import this; the app gets the list as
 * a value.
 */
import { addCore, CORES, type GameId } from './cores.js';
import type { AnyGameModule } from './module.js';
import { konoModule } from './kono/index.js';
import { layersModule } from './layers/index.js';
import { urModule } from './ur/index.js';
import { yoteModule } from './yote/index.js';
import { yutModule } from './yut/index.js';

/** Exactly the cores' ids: a game missing here, or one more, does not compile. */
const FACES: { readonly [id in GameId]: AnyGameModule } = {
  yut: yutModule,
  ur: urModule,
  yote: yoteModule,
  kono: konoModule,
  layers: layersModule,
};

export const GAMES: readonly AnyGameModule[] = CORES.map((core) => FACES[core.id as GameId]);

/** Games placed beside the program's while it runs (register); the program places none. */
const added: AnyGameModule[] = [];

/**
 * The games registered now, in menu order: the program's (GAMES), then any placed since. The
 * command line and the tests' app take their list from here when they start.
 */
export const registeredGames = (): readonly AnyGameModule[] =>
  added.length === 0 ? GAMES : [...GAMES, ...added];

/** A registered game's module by its id (the name in a recording's header). */
export const gameOf = (id: string): AnyGameModule | undefined =>
  registeredGames().find((game) => game.id === id);

/**
 * Places a game (its module, and its core for the headless lookups: games/cores.ts' coreOf) after
 * the program's until the function returned takes it away: a test's game, played through the
 * shared screens as a game of the program's is. Nothing the program ships calls it.
 */
export function register(game: AnyGameModule): () => void {
  const removeCore = addCore(game);
  added.push(game);
  return () => {
    removeCore();
    const at = added.indexOf(game);
    if (at >= 0) added.splice(at, 1);
  };
}
