/**
 * THE registry with faces: each game's module (its core and its screens, command and console)
 * under the id `games/cores.ts` gives its core, one line a game; the list is in the cores' order.
 * Only the composition roots (the command line, the bench) import this; the app gets the list as
 * a value.
 */
import { CORES, type GameId } from './cores.js';
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
