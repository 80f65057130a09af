/** A text field drawn: its text (or a mask), the cursor as an inverse cell, the length limit. */
import { Text } from 'ink';
import type { Field } from './text-field.js';

export function TextField({
  field,
  focus,
  max,
  mask,
  placeholder,
}: {
  field: Field;
  focus: boolean;
  max: number;
  mask?: string | undefined;
  placeholder?: string | undefined;
}) {
  const chars = [...(mask ? mask.repeat([...field.value].length) : field.value)];
  if (!focus) {
    return chars.length > 0 ? (
      <Text>{chars.join('')}</Text>
    ) : (
      <Text dimColor>{placeholder ?? ''}</Text>
    );
  }
  const at = Math.max(0, Math.min(field.cursor, chars.length));
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
