/** Yut Nori's public face: the game value plus the seed's graded function. */
import { ARRIVED, destination, isResult, onCowPath, RESULTS, type Result } from './board.js';
import { ANIMALS, type Animal, yutGame } from './rules.js';

/**
 * The seed's graded function (rules/yut.md §8): where a piece at `pos` ends after `result`,
 * 100 when it arrives, `pos` itself when it cannot move (0 with back-do, or already arrived).
 * Pass `'cow'` for a cow's piece, which keeps to its own path.
 */
export function movePlayer(pos: number, result: Result | string, animal?: Animal | string): number {
  if (!isResult(result))
    throw new TypeError(`"${result}" is not a result: use ${RESULTS.join(', ')}`);
  if (animal !== undefined && !(ANIMALS as readonly string[]).includes(animal)) {
    throw new TypeError(`"${animal}" is not an animal: use ${ANIMALS.join(', ')}`);
  }
  const valid = pos === ARRIVED || (Number.isInteger(pos) && pos >= 0 && pos <= 29);
  if (!valid) throw new RangeError(`${pos} is not a position: use 0, 1 to 29, or 100`);
  const cow = animal === 'cow';
  if (cow && !onCowPath(pos)) throw new RangeError(`a cow's piece cannot stand at ${pos}`);
  if (pos === ARRIVED) return ARRIVED;
  return destination(pos, result, cow) ?? pos;
}

export const yut = { ...yutGame, movePlayer };

export * from './board.js';
export * from './rules.js';
export * from './sticks.js';
export * from './text.js';
export * from './throws.js';
