/** A Kono round in play for tests: seat 0 White (heading South), seat 1 Black, `turn` to move. */
import {
  type KonoOptions,
  type KonoState,
  type Point,
  setup,
  withDefaults,
} from '../../source/games/kono/rules.js';
import { deepFreeze } from './freeze.js';

export function position(
  rows: readonly string[],
  turn = 0,
  options: Partial<KonoOptions> = {},
): KonoState {
  const board = rows.map((r) => r.trim().split(/\s+/) as Point[]);
  return deepFreeze({
    ...setup(withDefaults({ asker: 0, size: null, ...options })),
    phase: 'play' as const,
    size: board.length,
    board,
    colours: ['white', 'black'] as const,
    turn,
    chooser: 0,
  });
}

/** The seed's save-file example, in the seed's text layout exactly. */
export const SEED_SAVE = `Round: 3

Computer:
   Score: 17
   Color: Black

Human:
   Score: 14
   Color: White

Board:
   O  W  O  O  W
   O  O  W  W  W
   W  W  B  B  O
   B  B  B  O  O
   O  B  O  O  B

Next Player: Human
`;
