/**
 * One registry (issue 42, 4): the cores (games/cores.ts, headless) and the faces (games/index.ts)
 * are keyed by the same ids, and every other list of games is derived from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORES, coreOf, GAME_IDS } from '../../source/games/cores.js';
import { GAMES } from '../../source/games/index.js';
import { rulesTextOf } from '../../source/ui/rules-text.js';
import * as library from '../../source/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the registry of games', () => {
  it('lists the faces of the same games as the cores, in the same order, each on its own core', () => {
    expect(GAMES.map((game) => game.id)).toEqual(CORES.map((core) => core.id));
    expect(GAME_IDS).toEqual(CORES.map((core) => core.id));
    for (const game of GAMES) {
      const core = coreOf(game.id);
      expect(core, game.id).toBeDefined();
      // A face spreads its own core: the same rules, bots and words, not a copy of another's.
      const face = game as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(core ?? {}))
        expect(face[key], `${game.id}.${key}`).toBe(value);
    }
  });

  // A console is no role a game must write (test/classic/move-list plays the race, which has none).
  it("keeps each seed's console for its game: --classic is the seed's console exactly", () => {
    for (const game of GAMES) expect(game.classic, game.id).toBeTypeOf('function');
  });

  it('has a folder for each game and a game for each folder', () => {
    const folders = readdirSync(`${ROOT}source/games`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...GAME_IDS].sort());
  });

  it("loads each game's rules by its id, from docs/rules/<id>.md", () => {
    for (const game of GAMES) {
      const text = readFileSync(`${ROOT}docs/rules/${game.id}.md`, 'utf8');
      expect(rulesTextOf(game.id), game.id).toBe(text);
      expect(game.rulesText, game.id).toBe(text);
    }
    expect(() => rulesTextOf('chess')).toThrow(/docs\/rules\/chess\.md/);
  });

  it('the library offers every core of the registry as <id>Core, and CORES as the registry', () => {
    expect(library.CORES).toBe(CORES);
    const named = library as unknown as Record<string, unknown>;
    for (const core of CORES) expect(named[`${core.id}Core`], core.id).toBe(core);
  });
});

/**
 * Where source/ outside a game's own folder may still name a game, and why: the library's public
 * names of each game's rules and values (a static export a line), and Ur's solved tables and
 * solver thread, which the program's edges start before any game is chosen.
 */
const NAMED: Readonly<Record<string, RegExp>> = {
  'index.ts': /^\.\/games\/\w+\/(rules|library|board|solved-table)\.js$/,
  'main.ts': /^\.\/games\/ur\/(solved-table|solve-worker)\.js$/,
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** A game named in code (not in a comment): as a string, or as a folder in a path. */
export function namings(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const id of GAME_IDS) {
    const named = new RegExp(`(['"\`])(\\.{0,2}/)*(games/)?${id}(['"\`]|/[^'"\`]*['"\`])`, 'g');
    for (const [match] of code.matchAll(named)) {
      const path = match.slice(1, -1);
      if (!NAMED[file]?.test(path)) found.push(`${file}: ${match}`);
    }
  }
  return found;
}

describe('a game named once', () => {
  it("no file of source/ outside the game's own folder names a game, but the registry's", () => {
    const SOURCE = `${ROOT}source`;
    const own = new RegExp(`^games/(${GAME_IDS.join('|')})/`);
    const found = sourceFiles(SOURCE)
      .map((file) => relative(SOURCE, file))
      .filter((file) => !own.test(file) && file !== 'games/cores.ts' && file !== 'games/index.ts')
      .flatMap((file) => namings(file, readFileSync(join(SOURCE, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check sees a game named in a string or a path, not in a comment', () => {
    expect(
      namings('app/x.ts', "// 'yut'\nconst a = 'kono';\nimport b from '../games/ur/core.js';"),
    ).toEqual(["app/x.ts: '../games/ur/core.js'", "app/x.ts: 'kono'"]);
    expect(namings('index.ts', "export * from './games/yote/rules.js';")).toEqual([]);
    expect(namings('index.ts', "export { yoteCore } from './games/yote/core.js';")).toEqual([
      "index.ts: './games/yote/core.js'",
    ]);
  });
});
