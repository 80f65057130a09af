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
  roleProblems,
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

  it('every game folder plays the roles a game must, and takes the default of the rest or its own (a sixth game writes these)', () => {
    const games = readdirSync(`${ROOT}source/games`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(games.sort()).toEqual([...GAME_IDS].sort());
    const graph = importGraph(`${ROOT}source`);
    // A game writes its rules, core, descriptions, computers, board and key map; its play
    // screen, panel, replay face and setup are the shared defaults (ui/PlayScreen.tsx or the move
    // list, ui/ReplayFace.tsx, ui/SetupForm.tsx) wherever it writes none of its own.
    expect(games.flatMap((game) => roleProblems(graph, game))).toEqual([]);
  });

  it('the role check fails on a game lacking a role, whatever its files are called', () => {
    const graph = new Map([
      // Chess has everything, under names of its own choosing.
      ['games/chess/index', ['games/chess/core', 'games/chess/ui/faces', 'ui/SetupForm']],
      ['games/chess/core', ['games/chess/rules', 'games/chess/describe', 'games/chess/bot']],
      [
        'games/chess/ui/faces',
        [
          'games/chess/ui/ChessBoard',
          'games/chess/ui/play',
          'ui/PlayScreen',
          'ui/ReplayFace',
          'games/chess/ui/ChessPanel',
        ],
      ],
      ['games/chess/classic', []],
      // Go lacks its descriptions and its key map, its panel, and a setup of its own or shared.
      [
        'games/go/index',
        [
          'games/go/core',
          'games/go/ui/GoBoard',
          'ui/PlayScreen',
          'ui/ReplayFace',
          'games/go/ui/GoSetup',
        ],
      ],
      ['games/go/core', ['games/go/rules', 'games/go/bot']],
      ['games/go/classic', []],
      // Nim's module spreads no core and draws no board (it has no console: the move list's).
      [
        'games/nim/index',
        ['games/nim/ui/play', 'ui/ListPlayScreen', 'ui/ReplayFace', 'ui/SetupForm'],
      ],
      ['games/nim/core', ['games/nim/rules', 'games/nim/describe', 'games/nim/bot']],
      // Hex has only a core.
      ['games/hex/core', []],
    ]);
    expect(['chess', 'go', 'nim', 'hex'].flatMap((game) => roleProblems(graph, game))).toEqual([
      'games/go/ lacks its descriptions (its core stands on none)',
      'games/go/ lacks its key map (its module stands on none)',
      'games/go/ has a panel neither of its own nor the shared ui/ListPlayScreen',
      'games/go/ has a setup neither of its own nor the shared ui/SetupForm',
      'games/nim/ has no core (core.ts) that its module spreads',
      'games/nim/ lacks its board (its module stands on none)',
      'games/hex/ has no module (index.tsx)',
    ]);
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
