import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../source/games/cores.js';
import {
  coreProblems,
  importGraph,
  layoutProblems,
  PROCESS_ENV,
  standsOn,
} from './support/layout.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the layout tells the truth about the architecture', () => {
  it('source/ keeps its boundaries: dependencies point down, no game names another, no circles', () => {
    const graph = importGraph(`${ROOT}source`);
    expect(graph.size).toBeGreaterThan(50);
    expect(layoutProblems(graph)).toEqual([]);
  });

  it("each game's core is pure: no screen, command line, console, file, ink/react/yargs, node:fs or process.env, even indirectly", () => {
    const packages = new Map<string, string[]>();
    const graph = importGraph(`${ROOT}source`, packages);
    const cores = [...graph.keys()].filter((m) => /^games\/[^/]+\/core$/.test(m));
    expect(cores.sort()).toEqual(GAME_IDS.map((id) => `games/${id}/core`).sort());
    expect(coreProblems(graph, packages)).toEqual([]);
  });

  it('the core check fails on each kind of breach', () => {
    const graph = new Map([
      ['games/yut/index', ['games/yut/core']],
      ['games/yut/core', ['games/yut/bot', 'games/yut/ui/play']],
      ['games/yut/bot', ['engine/bots', 'ui/keys']],
      ['games/yut/ui/play', []],
      ['ui/keys', []],
      ['engine/bots', []],
      ['games/ur/index', []],
      ['games/kono/core', ['games/kono/rules']],
      ['games/kono/rules', []],
      ['games/cores', ['games/kono/core', 'games/kono/ui/KonoPlayScreen']],
      ['games/yote/core', ['games/yote/store']],
      ['games/yote/store', []],
    ]);
    const packages = new Map([
      ['games/kono/rules', ['node:fs', 'ink']],
      ['engine/bots', ['yargs']],
      ['games/yote/store', ['fs/promises', PROCESS_ENV, 'node:path']],
    ]);
    expect(coreProblems(graph, packages)).toEqual([
      'games/ur has a module but no core.ts',
      'games/yut/core stands on yargs (in engine/bots)',
      'games/yut/core stands on ui/keys (through games/yut/bot): a core has no faces',
      'games/yut/core stands on games/yut/ui/play: a core has no faces',
      'games/kono/core stands on node:fs (in games/kono/rules)',
      'games/kono/core stands on ink (in games/kono/rules)',
      'games/yote/core stands on fs/promises (in games/yote/store)',
      'games/yote/core stands on process.env (in games/yote/store)',
    ]);
    expect(layoutProblems(graph)).toContain(
      'games/cores (cores) may not import games/kono/ui/KonoPlayScreen: the registry of cores lists cores',
    );
  });

  it('the check fails on each kind of breach', () => {
    const graph = new Map([
      ['engine/game', ['ui/theme']],
      ['storage/load', ['games/yut/rules']],
      ['ui/App', ['games/index']],
      ['games/ur/rules', ['games/yut/board']],
      ['app/App', ['games/yut/index']],
      ['classic/lines', ['classic/prompts']],
      ['classic/prompts', ['classic/lines']],
      ['engine/x', ['../../etc/passwd']],
    ]);
    expect(layoutProblems(graph)).toEqual([
      'engine/game (engine) may not import ui/theme (ui)',
      'storage/load (storage) may not import games/yut/rules (game:yut)',
      'ui/App (ui) may not import games/index (registry)',
      'games/ur/rules imports games/yut/board: a game imports another game',
      'app/App (app) may not import games/yut/index (game:yut)',
      'engine/x imports ../../etc/passwd, outside source/',
      'an import circle: classic/lines → classic/prompts',
    ]);
  });

  it('the design and the pages the source cites are in the repository (docs/…, no DESIGN.md it lacks)', () => {
    const missing: string[] = [];
    for (const module of importGraph(`${ROOT}source`).keys()) {
      const file = ['ts', 'tsx'].map((x) => `${ROOT}source/${module}.${x}`).find(existsSync);
      const text = file ? readFileSync(file, 'utf8') : '';
      for (const [cited] of text.matchAll(/\bdocs\/[\w./-]+\.md\b|\bDESIGN\.md\b/g))
        if (!existsSync(`${ROOT}${cited}`)) missing.push(`${module} cites ${cited}`);
    }
    expect(missing).toEqual([]);
  });

  it('no two tracked files differ only by the case of their names (macOS and Windows)', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard'],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    // The .js files built from .ts and .tsx collide too, so compare without the extension.
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of tracked) {
      const key = file.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').toLowerCase();
      const other = seen.get(key);
      if (other !== undefined) clashes.push(`${other} and ${file}`);
      seen.set(key, file);
    }
    expect(clashes).toEqual([]);
  });

  it('every game folder has the same files for the same roles (a sixth game writes these)', () => {
    const games = readdirSync(`${ROOT}source/games`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(games.sort()).toEqual([...GAME_IDS].sort());
    const graph = importGraph(`${ROOT}source`);
    const missing: string[] = [];
    for (const game of games) {
      const Game = `${game[0]?.toUpperCase()}${game.slice(1)}`;
      const has = (file: string) => existsSync(`${ROOT}source/games/${game}/${file}`);
      // The play screen and the replay face have defaults (ui/PlayScreen.tsx, ui/ReplayFace.tsx),
      // which the module declares with these: a game writes its own only where it needs one.
      const roles = [
        'index.tsx',
        'core.ts',
        'rules.ts',
        'bot.ts',
        'describe.ts',
        'ui/play.ts',
        `ui/${Game}Board.tsx`,
        `ui/${Game}Panel.tsx`,
      ];
      for (const file of roles) if (!has(file)) missing.push(`games/${game}/${file}`);
      // The setup: the shared form of its options and seats (ui/SetupForm, from its module or
      // through a file of its own), or a model and a view of its own.
      if (!standsOn(graph, `games/${game}/index`, 'ui/SetupForm', `games/${game}/`))
        for (const file of ['ui/setup-model.ts', `ui/${Game}Setup.tsx`])
          if (!has(file)) missing.push(`games/${game}/${file} (or the shared ui/SetupForm)`);
      // The console: one file, or a folder of them (Yut's, with its advanced game's).
      if (!has('classic.ts') && !has('classic/console.ts'))
        missing.push(`games/${game}/classic.ts`);
    }
    expect(missing).toEqual([]);
  });

  it('a game stands on the shared setup form from its module, or through a file of its own', () => {
    const graph = new Map([
      ['games/yote/index', ['ui/SetupForm']],
      ['games/ur/index', ['games/ur/ui/UrSetup']],
      ['games/ur/ui/UrSetup', ['ui/SetupForm']],
      ['games/kono/index', ['games/kono/ui/KonoSetup', 'ui/play-session']],
      ['games/kono/ui/KonoSetup', []],
      ['ui/play-session', ['ui/SetupForm']],
    ]);
    const on = (game: string) =>
      standsOn(graph, `games/${game}/index`, 'ui/SetupForm', `games/${game}/`);
    expect(['yote', 'ur', 'kono'].map(on)).toEqual([true, true, false]);
  });

  it("a replay draws the play screen's own board: both stand on ui/<Game>Board, the replay on no board layout of its own", () => {
    const graph = importGraph(`${ROOT}source`);
    const problems: string[] = [];
    for (const game of GAME_IDS) {
      const Game = `${game[0]?.toUpperCase()}${game.slice(1)}`;
      const board = `games/${game}/ui/${Game}Board`;
      const module = `games/${game}/index`;
      const given = graph.get(module) ?? [];
      for (const [screen, fallback] of [
        [`${Game}PlayScreen`, 'ui/PlayScreen'],
        [`${Game}Replay`, 'ui/ReplayFace'],
      ] as const) {
        // The game's own screen where its module gives one, else the module declares the default.
        const own = `games/${game}/ui/${screen}`;
        const drawer = given.includes(own) ? own : module;
        if (drawer === module && !given.includes(fallback))
          problems.push(`${module} gives neither ui/${screen} nor ${fallback}`);
        if (!(graph.get(drawer) ?? []).includes(board))
          problems.push(`${drawer} (its ${screen}) does not draw ${Game}Board`);
      }
      const replay = graph.get(`games/${game}/ui/${Game}Replay`) ?? [];
      for (const imported of replay)
        if (/board-layout$/.test(imported)) problems.push(`${Game}Replay draws from ${imported}`);
    }
    expect(problems).toEqual([]);
  });
});
