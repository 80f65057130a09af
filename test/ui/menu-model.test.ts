import { describe, expect, it } from 'vitest';
import { menuKey } from '../../source/ui/menu-model.js';

const items = [
  { id: 'a', label: 'A', hint: '' },
  { id: 'b', label: 'B', hint: '' },
  { id: 'c', label: 'C', hint: '' },
] as const;

describe('menus', () => {
  it('move the cursor round, choose with Enter or a number', () => {
    expect(menuKey(items, 0, 'up')).toEqual({ type: 'cursor', index: 2 });
    expect(menuKey(items, 2, 'down')).toEqual({ type: 'cursor', index: 0 });
    expect(menuKey(items, 1, 'enter')).toEqual({ type: 'chosen', id: 'b' });
    expect(menuKey(items, 0, '3')).toEqual({ type: 'chosen', id: 'c' });
    expect(menuKey(items, 0, '4')).toEqual({ type: 'none' });
    expect(menuKey(items, 0, 'x')).toEqual({ type: 'none' });
  });
});
