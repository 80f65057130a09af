/** A text field drawn: its text (or a mask), the cursor as an inverse cell, the length limit. */
import { Text } from '../render/components.js';
import type { Field } from './text-field.js';

export function TextField({
  field,
  focus,
  max,
  mask,
  placeholder,
  width,
}: {
  field: Field;
  focus: boolean;
  max: number;
  mask?: string | undefined;
  placeholder?: string | undefined;
  /**
   * The columns the field may take, where its text can be longer (a file's path): the text is
   * then cut with `…`, keeping the cursor (and, unfocused, the text's end) in view.
   */
  width?: number | undefined;
}) {
  const chars = [...(mask ? mask.repeat([...field.value].length) : field.value)];
  if (!focus) {
    if (width !== undefined && chars.length > width)
      return <Text>…{chars.slice(chars.length - Math.max(0, width - 1)).join('')}</Text>;
    return chars.length > 0 ? (
      <Text>{chars.join('')}</Text>
    ) : (
      <Text dimColor>{placeholder ?? ''}</Text>
    );
  }
  const at = Math.max(0, Math.min(field.cursor, chars.length));
  const counter = `${chars.length >= at + 1 ? ' ' : ''}${[...field.value].length}/${max}`;
  if (width !== undefined && chars.length + 1 + counter.length > width) {
    const seen = cursorWindow(chars.length, at, Math.max(4, width - counter.length));
    return (
      <Text>
        {seen.lead ? '…' : ''}
        {chars.slice(seen.from, at).join('')}
        <Text inverse>{chars[at] ?? ' '}</Text>
        {chars.slice(at + 1, seen.to).join('')}
        {seen.trail ? '…' : ''}
        <Text dimColor>{counter}</Text>
      </Text>
    );
  }
  // Empty and focused: the cursor on the placeholder's first letter, the rest of it dim.
  if (chars.length === 0 && placeholder) {
    const [first = ' ', ...rest] = [...placeholder];
    return (
      <Text>
        <Text inverse dimColor>
          {first}
        </Text>
        <Text dimColor>
          {rest.join('')} 0/{max}
        </Text>
      </Text>
    );
  }
  return (
    <Text>
      {chars.slice(0, at).join('')}
      <Text inverse>{chars[at] ?? ' '}</Text>
      {chars.slice(at + 1).join('')}
      <Text dimColor>
        {chars.length >= at + 1 ? ' ' : ''}
        {[...field.value].length}/{max}
      </Text>
    </Text>
  );
}

/**
 * Which of a text's `length` characters (and the cell after them, where the cursor may stand)
 * fit in `room` cells with the cursor at `at` in view: `…` before them where the start is cut,
 * and after them where the end is.
 */
export function cursorWindow(
  length: number,
  at: number,
  room: number,
): { from: number; to: number; lead: boolean; trail: boolean } {
  const cells = length + 1;
  if (cells <= room) return { from: 0, to: length, lead: false, trail: false };
  // From the start, where the cursor is in the first room − 1 cells (one left for the `…`).
  if (at < room - 1) return { from: 0, to: room - 1, lead: false, trail: true };
  // Else `…`, the characters up to the cursor and one after it where there is one (then `…`
  // where more follow), and the cell past the end where the cursor stands there.
  const to = Math.min(length, at + 2);
  const trail = to < length;
  const end = at === length ? 1 : 0;
  const from = to + end - (room - 1 - (trail ? 1 : 0));
  return { from, to, lead: true, trail };
}
