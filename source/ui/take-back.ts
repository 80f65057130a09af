/**
 * A take-back is the table's (it applies engine/take-back.ts, or a game's own rule): the screens
 * only say in their log whose replies went with it.
 */
export { repliesWords } from '../engine/take-back.js';
