/**
 * `printable` (engine/safe-text.ts, beside the gate): what may be kept of typed text (a name, a
 * chat line) is headless, for the server's hall and identity as for a screen's text field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable, safeText } from '../../source/engine/safe-text.js';

describe('printable', () => {
  it('drops controls, escapes and bidi overrides, and keeps letters of any script', () => {
    expect(printable('Ann\x1b[8m')).toBe('Ann[8m');
    expect(printable('a\tb\r\nc\x7f\x9bd')).toBe('abcd');
    expect(printable('\u202eBo\u2066')).toBe('Bo');
    expect(printable('윷놀이 Cy 🎲')).toBe('윷놀이 Cy 🎲');
  });

  it('leaves nothing the gate would escape, and keeps what is printable already', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const kept = printable(text);
        expect(safeText(kept)).toBe(kept);
        expect(printable(kept)).toBe(kept);
      }),
    );
  });
});
