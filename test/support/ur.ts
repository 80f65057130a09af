/** Helpers for Ur tests: small boards described by their paths, and events by name. */
import type { BoardSpec } from '../../source/games/ur/board.js';
import { check, type Dice, reduce, setup, type UrState } from '../../source/games/ur/rules.js';
import { expect } from 'vitest';

type Pos = [number, number];

/** A board of `rows` × `columns` whose only squares in use are the two paths (the rest forbidden). */
export function makeBoard(
  rows: number,
  columns: number,
  white: Pos[],
  black: Pos[],
  rosettes: Pos[] = [],
): BoardSpec {
  const on = (path: Pos[], r: number, c: number) =>
    path.findIndex(([pr, pc]) => pr === r && pc === c);
  const next = (path: Pos[], r: number, c: number) => {
    const i = on(path, r, c);
    return i >= 0 && i < path.length - 1 ? (path[i + 1] as Pos) : null;
  };
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => ({
      position: [r, c] as const,
      next_white: next(white, r, c),
      next_black: next(black, r, c),
      exit: '' as const,
      entrance:
        on(white, r, c) === 0
          ? ('White' as const)
          : on(black, r, c) === 0
            ? ('Black' as const)
            : ('' as const),
      rosette: rosettes.some(([rr, rc]) => rr === r && rc === c),
      forbidden: on(white, r, c) < 0 && on(black, r, c) < 0,
    })),
  );
}

export const rolled = (n: number): { type: 'ur/diceRolled'; dice: Dice } => ({
  type: 'ur/diceRolled',
  dice: [0, 1, 2, 3].map((i) => (i < n ? 1 : 0)) as unknown as Dice,
});
export const moved = (stone: number) => ({ type: 'ur/stoneMoved' as const, stone });

export function play(state: UrState, ...events: unknown[]): UrState {
  let s = state;
  for (const event of events) {
    expect(check(s, event), JSON.stringify(event)).toBeUndefined();
    s = reduce(s, event);
  }
  return s;
}

/** A state with stones placed by path index (−1 off, length = borne off). */
export function placed(base: UrState, white: number[], black: number[], turn = 0): UrState {
  const fill = (xs: number[]) => [...xs, ...Array(7 - xs.length).fill(-1)];
  return { ...base, stones: [fill(white), fill(black)], turn };
}

export const historical = () => setup();
