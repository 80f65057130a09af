/**
 * THE registry: the games madang has, one line each, in menu order. Only the composition roots
 * (the command line, the library entry, the bench) import this; the app gets the list as a value.
 */
import type { AnyGameModule } from './module.js';
import { urModule } from './ur/index.js';
import { konoModule } from './kono/index.js';
import { layersModule } from './layers/index.js';
import { yoteModule } from './yote/index.js';
import { yutModule } from './yut/index.js';

export const GAMES: readonly AnyGameModule[] = [
  yutModule,
  urModule,
  yoteModule,
  konoModule,
  layersModule,
];
