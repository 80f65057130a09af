/** A menu as a pure model: a list of items, a cursor, and what a key chooses. */
import type { Key } from './keys.js';

export interface MenuItem<T extends string> {
  readonly id: T;
  readonly label: string;
  readonly hint: string;
  /** A letter that chooses it from anywhere in the menu (Quit: q), shown past the ninth item. */
  readonly key?: string;
}

export type MenuOutcome<T extends string> =
  | { readonly type: 'cursor'; readonly index: number }
  | { readonly type: 'chosen'; readonly id: T }
  | { readonly type: 'none' };

export function menuKey<T extends string>(
  items: readonly MenuItem<T>[],
  index: number,
  key: Key,
): MenuOutcome<T> {
  const n = items.length;
  if (key === 'up' || key === 'k') return { type: 'cursor', index: (index - 1 + n) % n };
  if (key === 'down' || key === 'j' || key === 'tab')
    return { type: 'cursor', index: (index + 1) % n };
  if (key === 'enter' || key === 'space') {
    const item = items[index];
    return item ? { type: 'chosen', id: item.id } : { type: 'none' };
  }
  const numbered = items[Number(key) - 1];
  if (/^[1-9]$/.test(key) && numbered) return { type: 'chosen', id: numbered.id };
  return { type: 'none' };
}
