import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { parseBoard } from '../../../source/games/ur/board.js';
import {
  chance,
  check,
  legalEvents,
  reduce,
  setup,
  type UrOptions,
  type UrState,
} from '../../../source/games/ur/rules.js';
import { deepFreeze } from '../../support/freeze.js';
import { runs } from '../../support/runs.js';

function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function invariants(s: UrState): void {
  for (const colour of [0, 1]) {
    const stones = s.stones[colour] ?? [];
    const length = s.rules.board.paths[colour]?.length ?? 0;
    ok(stones.length === 7, 'seven stones per side');
    ok(
      stones.every((p) => Number.isInteger(p) && p >= -1 && p <= length),
      'places on the path',
    );
    const onBoard = stones.filter((p) => p >= 0 && p < length);
    ok(new Set(onBoard).size === onBoard.length, 'two stones of a colour on one square');
  }
  const finished = [0, 1].filter((c) =>
    s.stones[c]?.every((p) => p === s.rules.board.paths[c]?.length),
  ).length;
  ok(s.phase === 'over' ? finished === 1 && s.winner !== null : finished === 0, 'one winner, once');
}

const boards: UrOptions[] = [{}];
const twoLines = new URL('../../../../shared/external/ur/two_lines.ur', import.meta.url);
if (existsSync(twoLines)) {
  const loaded = parseBoard(readFileSync(twoLines, 'utf8'), 'two_lines.ur');
  if (loaded.ok) boards.push({ board: loaded.board.spec });
}

describe('random games of Ur keep every invariant', () => {
  it('over a thousand games, junk events included', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...boards),
        fc.boolean(),
        fc.anything(),
        (seed, options, extra, junk) => {
          const random = seededRandom(seed);
          let s = deepFreeze(setup({ ...options, extraRollOnRosette: extra }));
          for (let step = 0; step < 20_000 && s.phase !== 'over'; step++) {
            invariants(s);
            const legal = legalEvents(s);
            for (const e of legal) ok(check(s, e) === undefined, 'a legal event refused');
            if (check(s, junk) !== undefined) ok(reduce(s, junk) === s, 'junk changed the state');
            const outcomes = chance(s);
            const event = outcomes
              ? sampleChance(outcomes, random).event
              : legal[random.below(legal.length)];
            s = deepFreeze(reduce(s, event));
          }
          invariants(s);
          expect(s.phase).toBe('over');
        },
      ),
      { numRuns: runs(1000) },
    );
  }, 60_000);
});
