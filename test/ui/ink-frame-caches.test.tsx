/**
 * The bundle's edits of Ink (scripts/ink-frame-caches.mjs) keep every frame byte for byte: an
 * edited copy of Ink's build draws the same screens as Ink itself, again and again (the second
 * time from the caches kept across frames): colour, borders, wide and Korean characters, wrapped,
 * truncated and clipped text. An edit whose text Ink no longer has fails loudly.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ink from 'ink';
import { createElement as h, type ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editInk } from '../../scripts/ink-frame-caches.mjs';

const BUILD = join(process.cwd(), 'node_modules', 'ink', 'build');
// Inside the project, so that the copy's own imports (yoga-layout, chalk...) resolve as Ink's do.
const TOP = join(process.cwd(), '.tmp', `ink-edited-${process.pid}`);
const COPY = join(TOP, 'build');

let edited: typeof ink;
const changed: string[] = [];

/**
 * A package's build copied with the bundle's edits made (without its source maps, whose sources
 * the packages leave out): the names of the files edited.
 */
function copyEdited(build: string, copy: string): string[] {
  const edited: string[] = [];
  cpSync(build, copy, { recursive: true, filter: (from) => !from.endsWith('.map') });
  for (const name of readdirSync(build, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.js')) continue;
    const from = join(build, name);
    const code = readFileSync(from, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
    const made = editInk(from, code);
    if (made !== undefined) edited.push(name);
    writeFileSync(join(copy, name), made ?? code);
  }
  return edited;
}

beforeAll(async () => {
  changed.push(...copyEdited(BUILD, COPY));
  edited = (await import(pathToFileURL(join(COPY, 'index.js')).href)) as typeof ink;
});

afterAll(() => rmSync(TOP, { recursive: true, force: true }));

/** A screen of everything Ink's frame building treats apart. */
function screen(lib: typeof ink, n: number): ReactElement {
  const { Box, Text } = lib;
  return h(
    Box,
    { flexDirection: 'column', width: 60, height: 14 },
    h(
      Box,
      { borderStyle: 'round', paddingX: 1, flexDirection: 'column' },
      h(Text, { bold: true, color: 'cyan' }, `Yut Nori · turn ${n}`),
      h(Text, null, h(Text, { color: 'red' }, 'R2'), ' on ', h(Text, { inverse: true }, '»22«')),
      h(Text, { wrap: 'truncate' }, `윷놀이 마당 ${'넓은 글자 '.repeat(8)}`),
    ),
    h(
      Box,
      { width: 30, height: 3, overflow: 'hidden', flexDirection: 'column' },
      h(Text, null, `clipped ${'word '.repeat(20)} ${n}`),
    ),
    h(Text, { dimColor: true }, `wrapped: ${'a long reason '.repeat(6)}🎲 ${n % 3}`),
    h(Text, { backgroundColor: 'yellow', color: 'black' }, ` ${n} `),
  );
}

describe("the bundle's edits of Ink", () => {
  it('edit the four files they name, and Ink has every text they replace', () => {
    expect(changed.sort()).toEqual([
      'measure-text.js',
      'output.js',
      'render-node-to-output.js',
      'wrap-text.js',
    ]);
  });

  it('draw every frame as Ink does, the first time and from the kept caches', () => {
    let drawn = 0;
    for (let round = 0; round < 3; round++)
      for (let n = 0; n < 6; n++) {
        const mine = edited.renderToString(screen(edited, n), { columns: 80 });
        const theirs = ink.renderToString(screen(ink, n), { columns: 80 });
        expect(mine).toBe(theirs);
        drawn += theirs.length;
      }
    // Colour is on in the tests: the frames carry styles, not only text.
    expect(ink.renderToString(screen(ink, 1), { columns: 80 })).toContain('\x1b[');
    expect(drawn).toBeGreaterThan(0);
  });

  it('turn cells back into the same text as ansi-tokenize does, styles shared or not', async () => {
    const build = join(process.cwd(), 'node_modules', '@alcalzone', 'ansi-tokenize', 'build');
    const copy = join(TOP, 'ansi-tokenize');
    expect(copyEdited(build, copy)).toEqual(['styledChars.js']);
    type Tokenize = typeof import('@alcalzone/ansi-tokenize');
    const theirs = (await import('@alcalzone/ansi-tokenize')) as Tokenize;
    const mine = (await import(pathToFileURL(join(copy, 'index.js')).href)) as Tokenize;
    const lines = [
      'plain text, no codes at all',
      '\x1b[1m\x1b[36m▸ Yut Nori\x1b[39m\x1b[22m  2–4 players',
      '\x1b[31mR2\x1b[39m on \x1b[7m»22«\x1b[27m \x1b[2mdim\x1b[22m \x1b[1mbold\x1b[0m after a reset',
      '\x1b[1m\x1b[2mboth intensities\x1b[22m then none',
      '윷놀이 \x1b[33m마당\x1b[39m 🎲 wide',
      '\x1b[43m\x1b[30m 3 \x1b[39m\x1b[49m',
    ];
    for (const line of lines) {
      const cells = (lib: Tokenize) => lib.styledCharsFromTokens(lib.tokenize(line));
      expect(mine.styledCharsToString(cells(mine))).toBe(theirs.styledCharsToString(cells(theirs)));
      // A row as Ink makes it: cells of several lines side by side, blank ones between.
      const blank = { type: 'char' as const, value: ' ', fullWidth: false, styles: [] };
      const row = (lib: Tokenize) => [...cells(lib), blank, blank, ...cells(lib), blank];
      expect(mine.styledCharsToString(row(mine))).toBe(theirs.styledCharsToString(row(theirs)));
    }
  });

  it('fail loudly on an Ink whose text has changed', () => {
    expect(() =>
      editInk('/x/node_modules/ink/build/output.js', 'export default class Output {}'),
    ).toThrow(/ink-frame-caches: ink\/build\/output.js no longer has/);
    expect(editInk('/x/node_modules/ink/build/dom.js', 'anything')).toBeUndefined();
  });
});
