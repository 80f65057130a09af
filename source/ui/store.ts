/**
 * A tiny synchronous store for a pure reducer: each action sees the state left by the one
 * before it, even when keys arrive faster than React renders.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How often `later` draws at most: a frame every 50 ms (the computers playing at once). */
export const LATER_MS = 50;

export function useStore<S, A>(reducer: (state: S, action: A) => S, initial: () => S) {
  const [state, setState] = useState<S>(initial);
  const ref = useRef<S>(state);
  const dispatch = useCallback(
    (action: A) => {
      const next = reducer(ref.current, action);
      ref.current = next;
      setState(next);
      return next;
    },
    [reducer],
  );
  const current = useCallback(() => ref.current, []);
  // `later`: the store changes at once, the screen at most every LATER_MS (batch after batch
  // of the computers' moves is not each drawn: a frame of a thousand players' forest costs as
  // much as a batch). A frame due is asked for at once, so that React draws it in the loop's
  // next turn (the table's next batch waits a turn more); the last state is drawn in the end.
  const drawn = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(trailing.current), []);
  const draw = useCallback(() => {
    clearTimeout(trailing.current);
    trailing.current = undefined;
    drawn.current = performance.now();
    setState(ref.current);
  }, []);
  const later = useCallback(
    (action: A) => {
      const next = reducer(ref.current, action);
      ref.current = next;
      if (performance.now() - drawn.current >= LATER_MS) draw();
      else trailing.current ??= setTimeout(draw, 2 * LATER_MS);
      return next;
    },
    [reducer, draw],
  );
  // `held`: the store changes at once and the screen waits for what follows at once (the table's
  // own draw after a move), drawn with it; drawn alone if nothing follows in 2 × LATER_MS.
  const held = useCallback(
    (action: A) => {
      const next = reducer(ref.current, action);
      ref.current = next;
      trailing.current ??= setTimeout(draw, 2 * LATER_MS);
      return next;
    },
    [reducer, draw],
  );
  return [state, dispatch, current, later, held] as const;
}
