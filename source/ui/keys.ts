/** Keys as names, so that key handling is a pure function of (screen, key) tested without Ink. */
import type { Key as InkKey } from 'ink';

/** 'up' 'down' 'left' 'right' 'enter' 'space' 'escape' 'backspace' 'tab' 'home' 'end' 'ctrl+c', or a character. */
export type Key = string;

export function keyName(input: string, key: InkKey): Key {
  if (key.ctrl && input === 'c') return 'ctrl+c';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  // A terminal still in cooked mode (a key typed while the program starts) turns Enter into
  // a line feed, which Ink does not count as return.
  if (key.return || input === '\n' || input === '\r') return 'enter';
  if (key.escape) return 'escape';
  if (key.backspace) return 'backspace';
  // Most terminals send DEL (0x7f) for the Backspace key, which Ink reports as delete; the
  // forward Delete key is ESC [3~, which Ink reports as delete too. Both erase backwards here,
  // as a person at most terminals expects; Ctrl+D deletes forwards in a text field.
  if (key.delete) return 'backspace';
  if (key.ctrl && input === 'd') return 'delete';
  if (key.tab) return 'tab';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (input === ' ') return 'space';
  return input;
}

const CONTROL_KEYS: Readonly<Record<string, Key>> = {
  '\r': 'enter',
  '\n': 'enter',
  ' ': 'space',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\t': 'tab',
  '\x1b': 'escape',
  '\x03': 'ctrl+c',
};

/**
 * The keys in one input event. Ink hands a run of plain characters (fast typing, a paste, a
 * script) over as one input; each character is a key of its own.
 */
export function keyNames(input: string, key: InkKey): Key[] {
  const single = keyName(input, key);
  if ([...input].length <= 1 || single !== input) return [single];
  return [...input].map((char) => CONTROL_KEYS[char] ?? char);
}
