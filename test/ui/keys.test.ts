import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../source/ui/keys.js';

const NAMED = new Set([
  'up',
  'down',
  'left',
  'right',
  'enter',
  'space',
  'escape',
  'backspace',
  'delete',
  'tab',
  'home',
  'end',
  'pageup',
  'pagedown',
  'ctrl+c',
]);

/** A key is a name above or one printable character: never a control or an escape sequence. */
const isKey = (key: string) =>
  NAMED.has(key) || ([...key].length === 1 && !/[\x00-\x1f\x7f-\x9f]/.test(key));

describe('keys by name', () => {
  it('a line feed is Enter (a key typed while the terminal was still in cooked mode)', () => {
    expect(keysOf('\n')).toEqual(['enter']);
    expect(keysOf('\r')).toEqual(['enter']);
  });

  it('a burst is split into its keys; Ctrl+D is delete; DEL, BS and ESC[3~ are backspace', () => {
    expect(keysOf('ab \r')).toEqual(['a', 'b', 'space', 'enter']);
    expect(keysOf('\x04')).toEqual(['delete']);
    expect(keysOf('\x7f')).toEqual(['backspace']);
    expect(keysOf('\b')).toEqual(['backspace']);
    expect(keysOf('\x1b[3~')).toEqual(['backspace']);
  });

  it('the keys terminals send: cursor keys (CSI, SS3, with modifiers, Alt), editing keys, Escape', () => {
    expect(keysOf('\x1b[A\x1b[B\x1b[C\x1b[D')).toEqual(['up', 'down', 'right', 'left']);
    expect(keysOf('\x1bOA\x1bOD\x1bOH\x1bOF')).toEqual(['up', 'left', 'home', 'end']);
    expect(keysOf('\x1b[1;5A')).toEqual(['up']);
    expect(keysOf('\x1b\x1b[B')).toEqual(['down']);
    expect(keysOf('\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~')).toEqual([
      'home',
      'end',
      'home',
      'end',
      'home',
      'end',
    ]);
    expect(keysOf('\x1b[5~\x1b[6~')).toEqual(['pageup', 'pagedown']);
    expect(keysOf('\t')).toEqual(['tab']);
    expect(keysOf('\x1b[Z')).toEqual(['tab']);
    expect(keysOf('\x1b')).toEqual(['escape']);
    expect(keysOf('\x1b\x1b')).toEqual(['escape']);
    expect(keysOf('\x03')).toEqual(['ctrl+c']);
    expect(keysOf('Y')).toEqual(['Y']);
    expect(keysOf('\x1by')).toEqual(['y']);
  });

  it('the sequences that ended madang under Ink’s parser are no key at all', () => {
    for (const typed of ['\x1b[8m', '\x1b[5m', '\x1b[5x', '\x1b[6q', '\x1b[200~', '\x1b[97u'])
      expect(keysOf(typed), JSON.stringify(typed)).toEqual([]);
    // Text around them is kept.
    expect(keysOf('a\x1b[8mb')).toEqual(['a', 'b']);
  });

  it('control characters that are no key (Ctrl+A, a bell, C1 codes) are dropped', () => {
    expect(keysOf('\x01\x07\x15\x9b')).toEqual([]);
  });

  it('any string at all gives keys and nothing else (a property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (input) => {
        const keys = keysOf(input);
        expect(keys.every(isKey), JSON.stringify({ input, keys })).toBe(true);
      }),
      { numRuns: 1500 },
    );
    // Escape sequences in particular: ESC [ with any parameters and every final byte.
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789;:<=>? !"#$%&\''.split('')) }),
        fc.integer({ min: 0x40, max: 0x7e }),
        (params, final) => {
          const keys = keysOf(`\x1b[${params}${String.fromCharCode(final)}`);
          expect(keys.every(isKey)).toBe(true);
          expect(keys.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
