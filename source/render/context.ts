/**
 * What a screen drawn by madang's renderer tells its components: that it is, its size, and, for
 * the program's own terminal, where its keys come from and how the program ends.
 */
import { useApp } from 'ink';
import { createContext, useContext } from 'react';

/** A key by its name (ui/keys.ts). */
type Key = string;

export interface ScreenSize {
  columns(): number;
  rows(): number;
  /** Told when the size changes; returns the unsubscribe. */
  onResize(listener: () => void): () => void;
  /** The terminal's keys (local play), for the one reader of keys; returns the unsubscribe. */
  readonly keys?: ((press: (key: Key) => void) => () => void) | undefined;
  /** The program leaves its screen (the app's quit). */
  readonly exit?: ((error?: Error) => void) | undefined;
}

/** Set by renderScreen for the tree under it; absent (null) under Ink's render. */
export const OwnScreen = createContext<ScreenSize | null>(null);

/** The app's way out: the own screen's, or Ink's. */
export function useExit(): (error?: Error) => void {
  const own = useContext(OwnScreen);
  const ink = useApp();
  return own?.exit ?? ink.exit;
}
