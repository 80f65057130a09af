/**
 * The Yut board of rules/yut.md §1, §3, §4 and the cow's path of §6, as precomputed tables.
 * Positions: 0 = in hand, 1..29 = on the board, 100 = arrived.
 */

export const IN_HAND = 0;
export const ARRIVED = 100;
export const START_FINISH = 29;

/** The corners ★ where a move that starts there turns onto a diagonal (or toward the finish). */
export const CORNERS: ReadonlySet<number> = new Set([5, 10, 22]);

/** (row, column) on the 11×11 grid, index = position; position 0 has none. */
export const COORDINATES: readonly (readonly [number, number])[] = [
  [-1, -1],
  [8, 10],
  [6, 10],
  [4, 10],
  [2, 10],
  [0, 10],
  [0, 8],
  [0, 6],
  [0, 4],
  [0, 2],
  [0, 0],
  [2, 0],
  [4, 0],
  [6, 0],
  [8, 0],
  [10, 0],
  [10, 2],
  [10, 4],
  [10, 6],
  [10, 8],
  [1, 9],
  [3, 7],
  [5, 5],
  [7, 3],
  [9, 1],
  [1, 1],
  [3, 3],
  [7, 7],
  [9, 9],
  [10, 10],
];

export type Result = 'back-do' | 'do' | 'gae' | 'geol' | 'yut' | 'mo';

/** Canonical order (§2): every printed list and every sort uses it. */
export const RESULTS: readonly Result[] = ['back-do', 'do', 'gae', 'geol', 'yut', 'mo'];
const RESULT_INDEX: Readonly<Record<Result, number>> = {
  'back-do': 0,
  do: 1,
  gae: 2,
  geol: 3,
  yut: 4,
  mo: 5,
};

export function isResult(value: unknown): value is Result {
  return typeof value === 'string' && Object.hasOwn(RESULT_INDEX, value);
}

export function resultOrder(result: Result): number {
  return RESULT_INDEX[result];
}

/** Steps forward; back-do is −1. */
export function steps(result: Result): number {
  return result === 'back-do' ? -1 : RESULT_INDEX[result];
}

export function isBoardPosition(position: number): boolean {
  return Number.isInteger(position) && position >= 1 && position <= 29;
}

/**
 * One forward step. `previous` is where the piece stood before `position` in this move, or
 * undefined when the move starts at `position` (the first step decides the shortcut, §3).
 */
function stepForward(position: number, previous: number | undefined): number {
  const first = previous === undefined;
  switch (position) {
    case IN_HAND:
      return 1;
    case 5:
      return first ? 20 : 6;
    case 10:
      return first ? 25 : 11;
    case 22:
      // From 22 itself toward the finish; passing through keeps the diagonal it came along.
      return first || previous === 26 ? 27 : 23;
    case 19:
    case 28:
      return 29;
    case 24:
      return 15;
    case 26:
      return 22;
    case 29:
      return ARRIVED;
    default:
      return position + 1;
  }
}

const BACK_DO: readonly number[] = (() => {
  const table: number[] = [];
  for (let p = 1; p <= 29; p++) table[p] = p - 1;
  Object.assign(table, { 1: 29, 15: 14, 20: 5, 25: 10, 27: 22, 29: 19 });
  return table;
})();

/** The cow's only path (§6): 0 → 1 … 5 → 20 … 24 → 15 … 19 → 29 → arrived. */
export const COW_PATH: readonly number[] = [
  0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 15, 16, 17, 18, 19, 29,
];
const COW_INDEX: ReadonlyMap<number, number> = new Map(COW_PATH.map((p, i) => [p, i]));

export function onCowPath(position: number): boolean {
  return position === ARRIVED || COW_INDEX.has(position);
}

function computeForward(from: number, stepCount: number): number {
  let position = from;
  let previous: number | undefined;
  for (let i = 0; i < stepCount && position !== ARRIVED; i++) {
    const next = stepForward(position, previous);
    previous = position;
    position = next;
  }
  return position;
}

function computeCowForward(from: number, stepCount: number): number {
  const index = COW_INDEX.get(from);
  if (index === undefined) return from;
  const target = index + stepCount;
  return target >= COW_PATH.length ? ARRIVED : (COW_PATH[target] as number);
}

/** MOVES[from][result index]; NaN where the move is impossible. Built once, read in O(1). */
function buildTable(forward: (from: number, n: number) => number, back: (from: number) => number) {
  const table: number[][] = [];
  for (let from = 0; from <= 29; from++) {
    table[from] = RESULTS.map((result) => {
      if (result === 'back-do') return from === IN_HAND ? Number.NaN : back(from);
      return forward(from, steps(result));
    });
  }
  return table;
}

const MOVES = buildTable(computeForward, (from) => BACK_DO[from] as number);
const COW_MOVES = buildTable(computeCowForward, (from) => {
  const index = COW_INDEX.get(from) ?? 0;
  return index === 1 ? START_FINISH : (COW_PATH[index - 1] as number);
});

/**
 * Where a piece at `from` lands with `result`: 1..29, 100 when it arrives, or undefined when it
 * cannot move (a piece in hand with back-do, an arrived piece, a cow off its path).
 */
export function destination(from: number, result: Result, cow = false): number | undefined {
  if (!Number.isInteger(from) || from < 0 || from > 29) return undefined;
  if (cow && !COW_INDEX.has(from)) return undefined;
  const to = (cow ? COW_MOVES : MOVES)[from]?.[RESULT_INDEX[result]];
  return to === undefined || Number.isNaN(to) ? undefined : to;
}

/** The stations a move passes through and stops at, in order (for the UI's preview). */
export function route(from: number, result: Result, cow = false): number[] {
  const to = destination(from, result, cow);
  if (to === undefined) return [];
  if (result === 'back-do') return [to];
  const path: number[] = [];
  if (cow) {
    const index = COW_INDEX.get(from) ?? 0;
    for (let i = 1; i <= steps(result); i++) {
      const next = index + i;
      path.push(next >= COW_PATH.length ? ARRIVED : (COW_PATH[next] as number));
      if (next >= COW_PATH.length) break;
    }
    return path;
  }
  let position = from;
  let previous: number | undefined;
  for (let i = 0; i < steps(result) && position !== ARRIVED; i++) {
    const next = stepForward(position, previous);
    previous = position;
    position = next;
    path.push(position);
  }
  return path;
}
