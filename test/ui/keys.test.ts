import type { Key as InkKey } from 'ink';
import { describe, expect, it } from 'vitest';
import { keyNames } from '../../source/ui/keys.js';

const none = {} as InkKey;

describe('keys by name', () => {
  it('a line feed is Enter (a key typed while the terminal was still in cooked mode)', () => {
    expect(keyNames('\n', none)).toEqual(['enter']);
    expect(keyNames('\r', { ...none, return: true })).toEqual(['enter']);
  });

  it('a burst is split into its keys; Ctrl+D is delete; DEL is backspace', () => {
    expect(keyNames('ab \r', none)).toEqual(['a', 'b', 'space', 'enter']);
    expect(keyNames('d', { ...none, ctrl: true })).toEqual(['delete']);
    expect(keyNames('', { ...none, delete: true })).toEqual(['backspace']);
  });
});
