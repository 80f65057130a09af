/**
 * The changes madang serve sends (source/render/frames.ts), read by a terminal (the bench's and the
 * tests' own, bench/ssh-client.ts): whatever frames Ink writes, one after the other, the client's
 * screen is each frame; a row that changed in a few cells costs a few bytes.
 */
import ansiEscapes from 'ansi-escapes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Terminal } from '../../bench/ssh-client.js';
import { ClientScreen, fitRows, rowChange } from '../../source/render/frames.js';
import { displayWidth } from '../../source/ui/text.js';

const plain = (row: string) => row.replace(/\x1b\[\d*m/g, '').trimEnd();

const COLUMNS = 20;
const HEIGHT = 6;

/** A row as chalk writes one: runs of text, each styled and ended. */
const run = fc
  .tuple(
    fc.constantFrom('', '\x1b[1m', '\x1b[2m', '\x1b[31m', '\x1b[94m', '\x1b[7m', '\x1b[4m'),
    fc.array(fc.constantFrom('a', 'b', ' ', '│', '─', '윷', 'é', '●'), { maxLength: 6 }),
  )
  .map(([on, chars]) => {
    const text = chars.join('');
    if (on === '' || text === '') return text;
    const ends: Record<string, number> = {
      '\x1b[1m': 22,
      '\x1b[2m': 22,
      '\x1b[7m': 27,
      '\x1b[4m': 24,
    };
    const off = ends[on] ?? 39;
    return `${on}${text}\x1b[${off}m`;
  });
const row = fc
  .array(run, { maxLength: 4 })
  .map((runs) => runs.join(''))
  // Within the window, as Ink cuts its rows.

  .filter(
    (r) =>
      [...r.replace(/\x1b\[\d*m/g, '')].reduce((w, c) => w + (c === '윷' ? 2 : 1), 0) <= COLUMNS,
  );
const frame = fc.array(row, { minLength: HEIGHT, maxLength: HEIGHT });

/** How Ink 8 writes a frame that fills the window: the last one's rows erased, then its own. */
function inkWrites(rows: readonly string[], previous: number, cleared: boolean): string {
  const start = cleared
    ? ansiEscapes.cursorTo(0, 0) + ansiEscapes.eraseDown
    : ansiEscapes.eraseLines(previous);
  return `\x1b[?2026h${start}${rows.join('\n')}\x1b[?2026l`;
}

describe("the changes sent to a client's screen", () => {
  it('after any frames, written either way Ink writes them, the client shows the last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(frame, fc.boolean()), { minLength: 1, maxLength: 6 }),
        (frames) => {
          const screen = new ClientScreen(HEIGHT);
          const client = new Terminal(COLUMNS, HEIGHT);
          let previous = 0;
          for (const [rows, cleared] of frames) {
            screen.take(inkWrites(rows, previous, cleared));
            previous = rows.length;
            client.write(screen.change());
            expect(client.text()).toBe(rows.map(plain).join('\n'));
          }
        },
      ),
    );
  });

  it('a screen lost (a resize, a client behind) is sent whole, and is the frame', () => {
    fc.assert(
      fc.property(frame, frame, (first, second) => {
        const screen = new ClientScreen(HEIGHT);
        screen.take(inkWrites(first, 0, false));
        screen.change();
        const client = new Terminal(COLUMNS, HEIGHT);
        client.write('garbage left by the resize');
        screen.take(inkWrites(second, HEIGHT, false));
        screen.lost();
        const whole = screen.change();
        // Every row written at its place and the rest of it erased: whatever was there goes.
        expect(whole.match(/\x1b\[\d+;1H/g)?.length).toBe(HEIGHT);
        expect(whole.match(/\x1b\[K/g)?.length).toBe(HEIGHT);
        client.write(whole);
        expect(client.text()).toBe(second.map(plain).join('\n'));
      }),
    );
  });

  it('a row changed in one cell costs that cell, placed; the same frame again costs nothing', () => {
    const was = '│ \x1b[31mAnn\x1b[39m  3 pieces home   │';
    const now = '│ \x1b[31mAnn\x1b[39m  4 pieces home   │';
    expect(rowChange(7, was, now)).toBe('\x1b[7;8H4');
    expect(rowChange(7, was, was)).toBe('');
    // A style changed alone is sent with its style, and ended.
    expect(rowChange(1, 'ab', 'a\x1b[1mb\x1b[22m')).toBe('\x1b[1;2H\x1b[1mb\x1b[22m');
    // A shorter row: the rest of the line erased.
    expect(rowChange(2, 'abcdef', 'abc')).toBe('\x1b[2;4H\x1b[K');
    const screen = new ClientScreen(3);
    screen.take(['one', 'two', 'three'].join('\n'));
    expect(screen.change()).not.toBe('');
    screen.take(ansiEscapes.eraseLines(3) + ['one', 'two', 'three'].join('\n'));
    expect(screen.change()).toBe('');
  });

  it('clients shown the same rows one after another, and others between them, each get their own change', () => {
    fc.assert(
      fc.property(frame, frame, frame, (before, other, now) => {
        // Two viewers of one drawing, then one whose screen was another, then a third viewer.
        const histories = [before, before, other, before];
        const screens = histories.map((rows) => {
          const screen = new ClientScreen(HEIGHT);
          const client = new Terminal(COLUMNS, HEIGHT);
          screen.show(rows);
          client.write(screen.change());
          return { screen, client };
        });
        for (const { screen, client } of screens) {
          screen.show(now);
          client.write(screen.change());
          expect(client.text()).toBe(now.map(plain).join('\n'));
        }
      }),
    );
  });

  it('rows wider than the window are cut at its edge, a wide character across it left out', () => {
    const rows = ['ab', '\x1b[1mabcdef\x1b[22m', 'ab윷', 'a\x1b[31m윷윷\x1b[39m'];
    expect(fitRows(rows, 3)).toEqual(['ab', '\x1b[1mabc\x1b[22m', 'ab', 'a\x1b[31m윷\x1b[39m']);
    // Rows that fit are the same rows, not a copy.
    const fitting = ['ab', 'cd'];
    expect(fitRows(fitting, 2)).toBe(fitting);
    fc.assert(
      fc.property(frame, fc.integer({ min: 1, max: 24 }), (rows, columns) => {
        const fitted = fitRows(rows, columns);
        fitted.forEach((cut, y) => {
          const strip = (row: string) => row.replace(/\x1b\[\d*m/g, '');
          const whole = strip(rows[y] as string);
          const shown = strip(cut);
          expect(displayWidth(shown)).toBeLessThanOrEqual(columns);
          // What is left is the row's beginning, as much of it as fits.
          expect(whole.startsWith(shown)).toBe(true);
          const next = [...whole.slice(shown.length)][0];
          if (next !== undefined && displayWidth(whole) > columns)
            expect(displayWidth(shown) + displayWidth(next)).toBeGreaterThan(columns);
          if (displayWidth(whole) <= columns) expect(cut).toBe(rows[y]);
        });
      }),
    );
  });

  it('rows of signs, arrows, shapes and wide characters are cut to the window too', () => {
    // Every character of U+2000–27FF (some a column, some two: ◽ ⌚ ☔) and a few others: a row
    // that fitRows's quick count takes for narrower than it is would be sent whole, and wrap.
    const char = fc.oneof(
      fc.integer({ min: 0x2000, max: 0x27ff }).map((code) => String.fromCodePoint(code)),
      fc.constantFrom('a', '윷', '◆', '▶', '›', '•', '\x1b[1m', '\x1b[22m'),
    );
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }),
        fc.integer({ min: 1, max: 10 }),
        (chars, columns) => {
          const [cut] = fitRows([chars.join('')], columns);
          expect(displayWidth((cut as string).replace(/\x1b\[\d*m/g, ''))).toBeLessThanOrEqual(
            columns,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
