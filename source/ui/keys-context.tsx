/**
 * Keys flow one way: one reader of standard input (here and nowhere else: the input Ink splits
 * into sequences, named by `keysOf`, never Ink's own keypress parser) hands each key to the screens that subscribe with `useKeys(handler, { isActive })`, the shell first.
 * A handler that returns false leaves the key for the next; a key nobody takes waits for the
 * next screen to subscribe, so that no key typed across a screen change is lost (Enter then
 * Space in one burst: the game starts, then throws).
 */
import type { EventEmitter } from 'node:events';
import { type StdinProps, useStdin } from 'ink';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { OwnScreen } from '../render/context.js';
import { type Key, keysOf } from './keys.js';

/** False: not this handler's key (it goes on to the next, or waits). */
export type KeyHandler = (key: Key) => boolean | void;

interface Entry {
  readonly handle: KeyHandler;
  /** The shell's handler comes first (1); a screen's (0) after it. */
  readonly priority: number;
  /** The screen it was registered for: a screen's handler hears no key meant for a later one. */
  readonly screen: number;
}

/** Where keys go: pure bookkeeping, tested without a terminal. */
export class KeyRouter {
  private entries: Entry[] = [];
  private waiting: Key[] = [];
  private screen = 0;

  /** Subscribe; returns the unsubscribe. Keys waiting for a screen go to it at once. */
  add(handle: KeyHandler, priority = 0): () => void {
    const entry: Entry = { handle, priority, screen: this.screen };
    this.entries = [entry, ...this.entries].sort((a, b) => b.priority - a.priority);
    this.flush();
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** One key, to the first handler that takes it; or it waits. */
  press(key: Key): void {
    if (this.waiting.length > 0 || !this.offer(key)) this.waiting.push(key);
  }

  /**
   * The shell changed screens: the handlers of the screen that was no longer hear keys (they
   * wait for the next screen's); `keep` false drops the keys that were waiting too.
   */
  changed(keep: boolean): void {
    this.screen++;
    if (!keep) this.waiting = [];
  }

  private offer(key: Key): boolean {
    for (const entry of this.entries) {
      if (entry.priority === 0 && entry.screen !== this.screen) continue;
      if (entry.handle(key) !== false) return true;
    }
    return false;
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.offer(this.waiting[0] as Key)) this.waiting.shift();
  }
}

const KeysContext = createContext<KeyRouter | null>(null);

/** The one reader of standard input, for everything under it. */
export function KeysProvider({ children, router }: { children: ReactNode; router?: KeyRouter }) {
  const [own] = useState(() => router ?? new KeyRouter());
  // madang's own renderer reads the terminal's keys itself (render/screen.ts); under Ink's, Ink
  // reads them. Ink 8 leaves its input events out of useStdin's type; the context carries them.
  const screen = useContext(OwnScreen);
  const { setRawMode, internal_eventEmitter: input } = useStdin() as StdinProps & {
    internal_eventEmitter: EventEmitter;
  };
  const keys = screen?.keys;
  useEffect(() => {
    if (keys) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [setRawMode, keys]);
  useEffect(() => {
    if (keys) return keys((key) => own.press(key));
    const hear = (data: string) => {
      for (const key of keysOf(data)) own.press(key);
    };
    input.on('input', hear);
    return () => {
      input.off('input', hear);
    };
  }, [input, own, keys]);
  return <KeysContext.Provider value={own}>{children}</KeysContext.Provider>;
}

/** A router without a terminal: a screen drawn off-screen (`madang export --cast`) hears no key. */
export function RouterKeys({ children, router }: { children: ReactNode; router: KeyRouter }) {
  return <KeysContext.Provider value={router}>{children}</KeysContext.Provider>;
}

/** The router, for the shell (which tells it when the screen changes). */
export function useKeyRouter(): KeyRouter {
  const router = useContext(KeysContext);
  if (!router) throw new Error('useKeys needs a KeysProvider above it');
  return router;
}

/**
 * Hear keys while `isActive`. A layout effect subscribes, so the handler is there before any
 * key typed after the screen appeared can arrive; the latest handler is always the one called.
 */
export function useKeys(
  handler: KeyHandler,
  { isActive = true, priority = 0 }: { isActive?: boolean; priority?: number } = {},
): void {
  const router = useKeyRouter();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    if (!isActive) return;
    return router.add((key) => latest.current(key), priority);
  }, [router, isActive, priority]);
}
