/**
 * A tiny synchronous store for a pure reducer: each action sees the state left by the one
 * before it, even when keys arrive faster than React renders.
 */
import { useCallback, useRef, useState } from 'react';

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
  return [state, dispatch, current] as const;
}
