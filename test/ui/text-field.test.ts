import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorWindow } from '../../source/ui/TextField.js';
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

describe('a long text in a narrow field', () => {
  it('shows a window that fits, with the cursor in it, and `…` exactly where it is cut', () => {
    fc.assert(
      fc.property(
        fc.nat(300),
        fc.nat(300),
        fc.integer({ min: 4, max: 80 }),
        (length, cursor, room) => {
          const at = Math.min(cursor, length);
          const { from, to, lead, trail } = cursorWindow(length, at, room);
          // The cells shown: the characters from..to, and the cursor's cell past the end.
          const cells = to - from + (at === length ? 1 : 0);
          expect(cells + (lead ? 1 : 0) + (trail ? 1 : 0)).toBeLessThanOrEqual(room);
          expect(from).toBeLessThanOrEqual(at);
          expect(at === length || at < to).toBe(true);
          expect(lead).toBe(from > 0);
          expect(trail).toBe(to < length);
          if (length + 1 <= room)
            expect({ from, to, lead, trail }).toEqual({
              from: 0,
              to: length,
              lead: false,
              trail: false,
            });
        },
      ),
      // The function is cheap: many runs reach the rare cursors (the second-to-last character).
      { numRuns: 5000 },
    );
  });

  it('the cursor on the last character: no `…` after it (a run of the suite found this)', () => {
    expect(cursorWindow(299, 297, 4)).toEqual({ from: 296, to: 299, lead: true, trail: false });
    expect(cursorWindow(299, 298, 4)).toEqual({ from: 296, to: 299, lead: true, trail: false });
  });

  it('a path typed to its end shows its end', () => {
    expect(cursorWindow(60, 60, 20)).toEqual({ from: 42, to: 60, lead: true, trail: false });
    expect(cursorWindow(60, 0, 20)).toEqual({ from: 0, to: 19, lead: false, trail: true });
  });
});
