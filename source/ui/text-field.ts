/**
 * A text field as a pure model: its text and the cursor in it, edited by the keys the app's one
 * input handler passes on, so no key is lost when a field gains focus (a field listening for its
 * own keys misses those typed before it has subscribed). Typing and pasting insert at the cursor;
 * ← → Home End move it; Backspace deletes before it, Delete (Ctrl+D) at it; the text is kept
 * printable and within `max` characters.
 */
import type { Key } from './keys.js';
import { printable } from '../engine/safe-text.js';

export interface Field {
  readonly value: string;
  /** Characters before the cursor (0 … value length). */
  readonly cursor: number;
}

/** A field with the cursor at the end of its text. */
export const fieldOf = (value: string): Field => ({ value, cursor: [...value].length });

/** The field after `key`; undefined when the key is not one of editing (↑↓, Enter, Esc, …). */
export function editField(field: Field, key: Key, max: number): Field | undefined {
  const chars = [...field.value];
  const at = Math.max(0, Math.min(field.cursor, chars.length));
  switch (key) {
    case 'left':
      return { ...field, cursor: Math.max(0, at - 1) };
    case 'right':
      return { ...field, cursor: Math.min(chars.length, at + 1) };
    case 'home':
      return { ...field, cursor: 0 };
    case 'end':
      return { ...field, cursor: chars.length };
    case 'backspace':
      if (at === 0) return field;
      return { value: [...chars.slice(0, at - 1), ...chars.slice(at)].join(''), cursor: at - 1 };
    case 'delete':
      return { value: [...chars.slice(0, at), ...chars.slice(at + 1)].join(''), cursor: at };
    case 'space':
      return insert(chars, at, ' ', max);
    default: {
      const text = [...key].length === 1 || !/^[a-z+]+$/.test(key) ? printable(key) : '';
      if (text === '') return undefined;
      return insert(chars, at, text, max);
    }
  }
}

function insert(chars: string[], at: number, text: string, max: number): Field {
  // A paste past the limit keeps what fits.
  const room = Math.max(0, max - chars.length);
  const added = [...text].slice(0, room);
  return {
    value: [...chars.slice(0, at), ...added, ...chars.slice(at)].join(''),
    cursor: at + added.length,
  };
}
