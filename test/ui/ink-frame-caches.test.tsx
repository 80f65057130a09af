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

beforeAll(async () => {
  // The code only: without its source maps (whose sources Ink's package leaves out).
  cpSync(BUILD, COPY, { recursive: true, filter: (from) => !from.endsWith('.map') });
  for (const name of readdirSync(BUILD, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.js')) continue;
    const from = join(BUILD, name);
    const code = readFileSync(from, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
    const made = editInk(from, code);
    if (made !== undefined) changed.push(name);
    writeFileSync(join(COPY, name), made ?? code);
  }
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

  it('fail loudly on an Ink whose text has changed', () => {
    expect(() =>
      editInk('/x/node_modules/ink/build/output.js', 'export default class Output {}'),
    ).toThrow(/ink-frame-caches: ink\/build\/output.js no longer has/);
    expect(editInk('/x/node_modules/ink/build/dom.js', 'anything')).toBeUndefined();
  });
});
