/**
 * The store's `later`: the state changes at once (what the next key sees), the screen at most
 * every LATER_MS, and the last state is always drawn in the end. Time is faked (the timers and
 * performance.now), React's own scheduling is real.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATER_MS, useStore } from '../../source/ui/store.js';

afterEach(() => {
  vi.useRealTimers();
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('useStore’s later', () => {
  it('draws a batch of changes once a frame, and the last of them in the end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.setSystemTime(0);
    vi.advanceTimersByTime(1000);
    const drawn: number[] = [];
    let later: ((n: number) => number) | undefined;
    let current: (() => number) | undefined;
    function Counter() {
      const [n, , now, inBatch] = useStore(
        (_: number, next: number) => next,
        () => 0,
      );
      later = inBatch;
      current = now;
      useEffect(() => {
        drawn.push(n);
      }, [n]);
      return <Text>{n}</Text>;
    }
    const r = render(<Counter />);
    await turn();
    // Ten changes, one a turn of the loop, 4 ms apart: within two frames' time.
    for (let k = 1; k <= 10; k++) {
      later?.(k);
      expect(current?.()).toBe(k);
      await turn();
      vi.advanceTimersByTime(4);
      await turn();
    }
    // The first drawn at once (and the initial 0), the others not before a frame is due.
    expect(drawn).toEqual([0, 1]);
    expect(r.lastFrame()).toBe('1');
    // The last is drawn once its frame is due, with nothing more told (a timer waits for it).
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2 * LATER_MS);
    expect(vi.getTimerCount()).toBe(0);
    for (let k = 0; k < 5; k++) await turn();
    expect(drawn.at(-1)).toBe(10);
    expect(r.lastFrame()).toBe('10');
    r.unmount();
  });
});
