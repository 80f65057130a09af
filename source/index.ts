/**
 * madang as a library: each game's pure engine, for other programs and graders.
 *
 *   import { yut } from 'madang';
 *   yut.movePlayer(5, 'gae');  // 21
 */
export * from './engine/game.js';
export * from './engine/random.js';
export * as yutRules from './games/yut/library.js';
export { yut } from './games/yut/library.js';
export * as yoteRules from './games/yote/rules.js';
export { yoteGame as yote } from './games/yote/rules.js';
export * as konoRules from './games/kono/rules.js';
export { kono } from './games/kono/library.js';
export * as layersRules from './games/layers/rules.js';
export { layers } from './games/layers/library.js';
