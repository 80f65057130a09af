/**
 * No byte sequence typed at the keyboard ends the program: `ESC [ 8 m` (and `ESC[5m`, `ESC[5x`,
 * `ESC[6q`) threw inside Ink 6.8's keypress parser, which ended the local program and, over SSH,
 * the whole server. Here the real App and the key reader are fed every CSI final byte, random
 * bytes and sequences cut across writes, and still answer the next key.
 */
import fc from 'fast-check';
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { KeysProvider, useKeys } from '../../source/ui/keys-context.js';
import { appOptions } from '../support/app.js';
import { frameWhen, renderSized } from '../support/ink.js';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const NAMED = ['\x1b[8m', '\x1b[5m', '\x1b[5x', '\x1b[6q'];
/** ESC [ with no parameter, one, two and a private one, before every final byte (0x40–0x7e). */
const EVERY_FINAL = ['', '8', '1;5', '?25'].flatMap((params) =>
  Array.from({ length: 0x7f - 0x40 }, (_, n) => `\x1b[${params}${String.fromCharCode(0x40 + n)}`),
);

/** Every key the reader hears. */
const probeKeys: string[] = [];
function Probe() {
  useKeys((key) => {
    probeKeys.push(key);
  });
  return <Text>listening</Text>;
}

describe('hostile input at the keyboard', () => {
  it('the main menu takes every escape sequence typed, whole or cut across writes, and answers the next key', async () => {
    const r = renderSized(<App options={appOptions()} />, 80, 24);
    cleanup = r.unmount;
    await frameWhen(r.lastFrame, 'Recordings');
    for (const typed of [...NAMED, ...EVERY_FINAL]) {
      // Cursor keys move the menu; nothing else may happen, and nothing may throw.
      if (/^\x1b\[[0-9;?]*[ABCDHFZ]$/.test(typed)) continue;
      expect(() => r.stdin.write(typed), JSON.stringify(typed)).not.toThrow();
      // The same cut in three.
      expect(() => {
        r.stdin.write(typed.slice(0, 2));
        r.stdin.write(typed.slice(2, -1));
        r.stdin.write(typed.slice(-1));
      }, JSON.stringify(typed)).not.toThrow();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    r.stdin.write('3');
    await frameWhen(r.lastFrame, 'Royal Game of Ur · new game');
  });

  it('random bytes, in random pieces, never stop the key reader (a property)', async () => {
    const r = renderSized(
      <KeysProvider>
        <Probe />
      </KeysProvider>,
      80,
      24,
    );
    cleanup = r.unmount;
    await fc.assert(
      fc.asyncProperty(
        // Any byte, and often the bytes escape sequences are made of.
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 255 }).map((b) => String.fromCharCode(b)),
            fc.constantFrom('\x1b', '[', 'O', '8', ';'),
            // A whole CSI sequence: parameters, then any final byte.
            fc
              .tuple(fc.stringMatching(/^[0-9;?]{0,4}$/), fc.integer({ min: 0x40, max: 0x7e }))
              .map(([params, final]) => `\x1b[${params}${String.fromCharCode(final)}`),
          ),
          { maxLength: 32 },
        ),
        fc.array(fc.nat({ max: 96 }), { maxLength: 4 }),
        async (chars, cuts) => {
          const text = chars.join('');
          const at = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, text.length]) {
            r.stdin.write(text.slice(from, cut));
            from = cut;
          }
          // An escape left pending (a lone ESC, or ESC [) is flushed by Ink 8 after 20 ms (Ink 6:
          // in the next turn); a key before that would end the sequence. Then a plain key is heard.
          await new Promise((resolve) =>
            text.includes('\x1b') ? setTimeout(resolve, 30) : setImmediate(resolve),
          );
          probeKeys.length = 0;
          r.stdin.write('k');
          expect(probeKeys.at(-1)).toBe('k');
        },
      ),
      { numRuns: 400 },
    );
  });
});
