/**
 * The registry of cores: each game's pure core (no screen, no command line), in menu order, for
 * headless use (the library entry, tables, analysis). `games/index.ts` lists the same games with
 * their faces.
 */
import type { AnyGameCore } from '../engine/core.js';
import { konoCore } from './kono/core.js';
import { layersCore } from './layers/core.js';
import { urCore } from './ur/core.js';
import { yoteCore } from './yote/core.js';
import { yutCore } from './yut/core.js';

export const CORES: readonly AnyGameCore[] = [yutCore, urCore, yoteCore, konoCore, layersCore];

/** A game's core by its id (the name in a recording's header). */
export const coreOf = (id: string): AnyGameCore | undefined => CORES.find((core) => core.id === id);
