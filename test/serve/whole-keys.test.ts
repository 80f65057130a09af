/**
 * Keys past a connection's allowance are cut where no key is made that was not typed: a burst
 * cut just after an ESC left a lone ESC, read as Escape, which left the name page (the
 * hostile-keys attack found it: the connection closed in the middle of typed sequences).
 */
import { describe, expect, it } from 'vitest';
import { wholeKeys } from '../../source/serve/server.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('cutting keys past the allowance', () => {
  it('never inside an escape sequence or a character', () => {
    expect(wholeKeys(bytes('ab\x1b[8mcd'), 3)).toBe(2);
    expect(wholeKeys(bytes('ab\x1b[8mcd'), 5)).toBe(2);
    expect(wholeKeys(bytes('ab\x1b[8mcd'), 6)).toBe(6);
    expect(wholeKeys(bytes('ab\x1bxcd'), 3)).toBe(2);
    // 윷 is three bytes.
    expect(wholeKeys(bytes('a윷b'), 2)).toBe(1);
    expect(wholeKeys(bytes('a윷b'), 4)).toBe(4);
    // Nothing cut: all of it, even a sequence the next read finishes.
    expect(wholeKeys(bytes('ab\x1b['), 4)).toBe(4);
    expect(wholeKeys(bytes('abc'), 1)).toBe(1);
  });
});
