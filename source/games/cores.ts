/**
 * THE registry, headless: each game's pure core (no screen, no command line) under its id, in
 * menu order; one line a game. `games/index.ts` gives the same ids their faces (its type holds it
 * to these ids), and every other list of games (the library's, the menu's, the command line's,
 * the tests') is derived from these two.
 */
import type { AnyGameCore } from '../engine/core.js';
import { konoCore } from './kono/core.js';
import { layersCore } from './layers/core.js';
import { urCore } from './ur/core.js';
import { yoteCore } from './yote/core.js';
import { yutCore } from './yut/core.js';

const REGISTRY = { yut: yutCore, ur: urCore, yote: yoteCore, kono: konoCore, layers: layersCore };

/** A game's id: the name of its folder, its command and its recordings' header. */
export type GameId = keyof typeof REGISTRY;

/** The ids in menu order. */
export const GAME_IDS = Object.keys(REGISTRY) as readonly GameId[];

export const CORES: readonly AnyGameCore[] = GAME_IDS.map((id) => REGISTRY[id]);

/**
 * Cores placed beside the program's while it runs (games/index.ts' register: a test's extra game).
 * The program places none: what it ships is CORES.
 */
const added: AnyGameCore[] = [];

/** A game's core by its id (the name in a recording's header): the program's, or one placed. */
export const coreOf = (id: string): AnyGameCore | undefined =>
  CORES.find((core) => core.id === id) ?? added.find((core) => core.id === id);

/** Places a core beside the program's until the function returned takes it away. */
export function addCore(core: AnyGameCore): () => void {
  if (coreOf(core.id)) throw new Error(`a game "${core.id}" is in the registry already`);
  added.push(core);
  return () => {
    const at = added.indexOf(core);
    if (at >= 0) added.splice(at, 1);
  };
}

// The library names each core `<id>Core` (source/index.ts exports these).
export { konoCore, layersCore, urCore, yoteCore, yutCore };
