/**
 * One game loop (issue 40, 2): the classic consoles, the matches between computers and self-play
 * hold no game of their own. A table holds it (table/table.ts): it reduces, asks the computers and
 * keeps the recording; these keep their prompts, their parsing and their words. Read from the
 * source, as the layout test reads it: a call of a reducer, a computer's choice or the recorder in
 * one of these files is a second game loop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/tmux.js';
import { GAME_IDS } from '../../source/games/cores.js';

const SOURCE = join(ROOT, 'source');

/** The files that drove a game themselves before the table did. */
const FILES = [
  ...GAME_IDS.map((game) => `games/${game}/classic.ts`).filter((file) =>
    readdirSync(join(SOURCE, 'games', file.split('/')[1] as string)).includes('classic.ts'),
  ),
  ...readdirSync(join(SOURCE, 'games/yut/classic')).map((file) => `games/yut/classic/${file}`),
  ...readdirSync(join(SOURCE, 'classic')).map((file) => `classic/${file}`),
  'table/computers.ts',
  'analysis/self-play.ts',
];

/** What folding events, asking a computer or recording looks like in the source. */
const LOOP = [
  {
    what: 'reduces',
    pattern: /(?<![\w.])reduce\(|\.reduce\((?:state|s|before|now)\b|rules\.reduce\(/,
  },
  { what: 'asks a computer', pattern: /\.choose\(|\bthink\(/ },
  {
    what: 'calls the recorder',
    pattern: /\brecorder\??\.(?:event|takenBack|explained|end|close)\(/,
  },
];

describe('one game loop: the consoles, matches and self-play are tables', () => {
  it('none of their files reduces, asks a computer or calls the recorder (the table does)', () => {
    expect(FILES.length).toBeGreaterThan(10);
    const loops: string[] = [];
    for (const file of FILES) {
      const lines = readFileSync(join(SOURCE, file), 'utf8').split('\n');
      lines.forEach((line, at) => {
        if (/^\s*(\*|\/\/)/.test(line)) return;
        for (const { what, pattern } of LOOP)
          if (pattern.test(line)) loops.push(`${file}:${at + 1} ${what}: ${line.trim()}`);
      });
    }
    expect(loops).toEqual([]);
  });
});
