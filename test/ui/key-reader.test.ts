/**
 * Keys read from a terminal's bytes by madang itself (a served channel, the local terminal): an
 * escape sequence or a character cut between two reads is joined, a lone ESC is Escape once
 * nothing follows it for a moment, and nothing is heard after stop.
 */
import { describe, expect, it } from 'vitest';
import { keyReader } from '../../source/ui/key-reader.js';
import { unfinishedAt } from '../../source/ui/keys.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keys read from bytes', () => {
  it('joins a sequence cut between two reads, and a character cut in its UTF-8', async () => {
    const keys: string[] = [];
    const read = keyReader((key) => keys.push(key));
    read(Buffer.from('\x1b['));
    read(Buffer.from('A'));
    const han = Buffer.from('한');
    read(han.subarray(0, 1));
    read(han.subarray(1));
    read(Buffer.from('\x1bO'));
    read(Buffer.from('B'));
    await wait(40);
    expect(keys).toEqual(['up', '한', 'down']);
  });

  it('a lone ESC is Escape once nothing follows it; after stop nothing is heard', async () => {
    const keys: string[] = [];
    const read = keyReader((key) => keys.push(key));
    read('\x1b');
    expect(keys).toEqual([]);
    await wait(40);
    expect(keys).toEqual(['escape']);
    read('q\x1b');
    read.stop();
    await wait(40);
    read('x');
    expect(keys).toEqual(['escape', 'q']);
  });

  it('knows where a sequence is unfinished', () => {
    expect(unfinishedAt('abc')).toBe(-1);
    expect(unfinishedAt('a\x1b')).toBe(1);
    expect(unfinishedAt('a\x1b[1;5')).toBe(1);
    expect(unfinishedAt('a\x1b[1;5A')).toBe(-1);
    expect(unfinishedAt('\x1b\x1b[')).toBe(0);
    expect(unfinishedAt('\x1bx')).toBe(-1);
    expect(unfinishedAt('\x1bO')).toBe(0);
    expect(unfinishedAt('\x1bOA')).toBe(-1);
  });
});
