import { describe, expect, it } from 'vitest';
import { editField, fieldOf } from '../../source/ui/text-field.js';

describe('a text field', () => {
  it('types and pastes at the cursor, moves it, erases either side, within the limit', () => {
    let field = fieldOf('Kim');
    const press = (...keys: string[]) => {
      for (const key of keys) field = editField(field, key, 8) ?? field;
    };
    press('space', 'L', 'e', 'e');
    expect(field).toEqual({ value: 'Kim Lee', cursor: 7 });
    press('home', 'delete', 'J');
    expect(field).toEqual({ value: 'Jim Lee', cursor: 1 });
    press('end', 'left', 'backspace');
    expect(field).toEqual({ value: 'Jim Le', cursor: 5 });
    press('right', 'right', 'right', 'ABCDEF');
    expect(field).toEqual({ value: 'Jim LeAB', cursor: 8 });
    press('home', 'left', 'backspace');
    expect(field).toEqual({ value: 'Jim LeAB', cursor: 0 });
  });

  it('keeps escape sequences and control characters out, and counts wide characters as one', () => {
    expect(editField(fieldOf('a'), '\x1b[31m', 10)).toEqual({ value: 'a[31m', cursor: 5 });
    expect(editField(fieldOf('윷'), '놀이', 3)).toEqual({ value: '윷놀이', cursor: 3 });
  });

  it('leaves the keys that are not editing to the screen', () => {
    for (const key of ['up', 'down', 'enter', 'escape', 'tab', 'pageup', 'ctrl+c'])
      expect(editField(fieldOf('x'), key, 5)).toBeUndefined();
  });
});
