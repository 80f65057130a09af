/** Helpers for Yut tests: build events by name and play them, failing loudly on a rejection. */
import { expect } from 'vitest';
import type { Result } from '../../source/games/yut/board.js';
import {
  check,
  type PieceMoved,
  reduce,
  type SticksThrown,
  setup,
  type YutOptions,
  type YutState,
} from '../../source/games/yut/rules.js';
import { STICKS_FOR } from '../../source/games/yut/sticks.js';

export const thrown = (result: Result): SticksThrown => ({
  type: 'yut/sticksThrown',
  sticks: STICKS_FOR[result],
});

export const moved = (from: number, result: Result): PieceMoved => ({
  type: 'yut/pieceMoved',
  from,
  result,
});

/** Apply each event in turn; each must be accepted. */
export function play(state: YutState, ...events: unknown[]): YutState {
  let s = state;
  for (const event of events) {
    expect(check(s, event), JSON.stringify(event)).toBeUndefined();
    s = reduce(s, event);
  }
  return s;
}

export function newGame(options: Partial<YutOptions> = {}): YutState {
  return setup({ players: 2, pieces: 4, ...options });
}
