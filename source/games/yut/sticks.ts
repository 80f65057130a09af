/**
 * The four yut sticks (rules/yut.md §2). A face is 1 when the stick lands front up (counted),
 * 0 when it lands back up. The first stick is the marked one.
 */
import type { Result } from './board.js';

export type Face = 0 | 1;
export type Sticks = readonly [Face, Face, Face, Face];

export function isSticks(value: unknown): value is Sticks {
  return (
    Array.isArray(value) && value.length === 4 && value.every((face) => face === 0 || face === 1)
  );
}

export function resultOfSticks(sticks: Sticks): Result {
  const fronts = sticks[0] + sticks[1] + sticks[2] + sticks[3];
  switch (fronts) {
    case 0:
      return 'mo';
    case 1:
      return sticks[0] === 1 ? 'back-do' : 'do';
    case 2:
      return 'gae';
    case 3:
      return 'geol';
    default:
      return 'yut';
  }
}

/** One representative throw for each result: what a script line `gae` means. */
export const STICKS_FOR: Readonly<Record<Result, Sticks>> = {
  'back-do': [1, 0, 0, 0],
  do: [0, 0, 0, 1],
  gae: [0, 0, 1, 1],
  geol: [0, 1, 1, 1],
  yut: [1, 1, 1, 1],
  mo: [0, 0, 0, 0],
};

/** The probability of each result when each stick lands front with probability p. */
export function resultProbabilities(p: number): Readonly<Record<Result, number>> {
  const q = 1 - p;
  return {
    'back-do': p * q ** 3,
    do: 3 * p * q ** 3,
    gae: 6 * p ** 2 * q ** 2,
    geol: 4 * p ** 3 * q,
    yut: p ** 4,
    mo: q ** 4,
  };
}

/** `0111` → sticks; undefined for anything else. */
export function parseFaces(text: string): Sticks | undefined {
  if (!/^[01]{4}$/.test(text)) return undefined;
  return [...text].map((c) => (c === '1' ? 1 : 0)) as unknown as Sticks;
}

export function formatFaces(sticks: Sticks): string {
  return sticks.join('');
}
