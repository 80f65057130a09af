/**
 * The import graph of source/ and the rules of its layout (docs/design.md): dependencies point
 * down, the engine imports nothing above it, shared code names no game, no game imports another,
 * the registry is imported only by the composition roots, and there are no import circles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type Graph = ReadonlyMap<string, readonly string[]>;

/** The packages (bare specifiers: `ink`, `react/jsx-runtime`, `node:fs`) each file imports. */
export type Packages = ReadonlyMap<string, readonly string[]>;

/** Listed among a file's packages when it reads the environment. */
export const PROCESS_ENV = 'process.env';

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** Every .ts/.tsx file under `root` (relative paths) and the relative files it imports. */
export function importGraph(root: string, packages?: Map<string, string[]>): Graph {
  const graph = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const text = readFileSync(path, 'utf8');
        const imports: string[] = [];
        const bare: string[] = [];
        for (const match of text.matchAll(IMPORT)) {
          const spec = match[1] ?? match[2] ?? match[3] ?? '';
          if (!spec.startsWith('.')) {
            bare.push(spec);
            continue;
          }
          const target = resolve(dirname(path), spec.replace(/\?raw$/, ''));
          imports.push(relative(root, target).replace(/\.js$/, ''));
        }
        // The environment is an input a core must be handed, not read: it counts as a package.
        if (/\bprocess\.env\b/.test(text)) bare.push(PROCESS_ENV);
        const module = relative(root, path).replace(/\.tsx?$/, '');
        graph.set(module, imports);
        // JSX imports react/jsx-runtime without saying so: a .tsx file stands on React.
        packages?.set(module, entry.name.endsWith('.tsx') ? [...bare, 'react'] : bare);
      }
    }
  };
  walk(root);
  return graph;
}

/** Which part of the layout a module (a path relative to source/, no extension) is in. */
export function layerOf(module: string): string {
  const parts = module.split('/');
  if (parts[0] === 'games') {
    if (parts.length === 2)
      return parts[1] === 'index' ? 'registry' : parts[1] === 'cores' ? 'cores' : 'games/module';
    return `game:${parts[1]}`;
  }
  if (parts[0] === '..') return 'outside';
  return parts.length === 1 ? 'root' : (parts[0] as string);
}

/** What each layer may import (a game may also import its own folder). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  engine: ['engine'],
  table: ['table', 'engine'],
  // Self-play is a table of computers (table/computers.ts).
  analysis: ['analysis', 'table', 'engine'],
  storage: ['storage', 'engine'],
  // A console is a view of a table (classic/table.ts).
  classic: ['classic', 'table', 'engine'],
  // madang's renderer: React's host of Box and Text, their layout and their cells.
  render: ['render', 'engine'],
  ui: ['ui', 'render', 'table', 'analysis', 'engine'],
  app: ['app', 'ui', 'render', 'table', 'analysis', 'engine', 'games/module'],
  'games/module': ['engine', 'table', 'ui', 'classic'],
  game: [
    'engine',
    'table',
    'analysis',
    'ui',
    'render',
    'classic',
    'storage',
    'games/module',
    'outside',
  ],
  // The faces are listed under the cores' ids, in the cores' order.
  registry: ['games/module', 'game', 'cores'],
  cores: ['engine', 'game'],
  ratings: ['ratings', 'engine', 'storage'],
  serve: [
    'serve',
    'app',
    'ui',
    'render',
    'table',
    'analysis',
    'engine',
    'storage',
    'games/module',
    'ratings',
  ],
  cli: [
    'cli',
    'serve',
    'ratings',
    'app',
    'ui',
    'render',
    'table',
    'analysis',
    'engine',
    'storage',
    'classic',
    'registry',
    'cores',
    'games/module',
  ],
  root: ['engine', 'table', 'analysis', 'cli', 'game', 'registry', 'cores', 'storage'],
  types: [],
};

export function layoutProblems(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [file, imports] of graph) {
    const from = layerOf(file);
    const kind = from.startsWith('game:') ? 'game' : from;
    for (const target of imports) {
      const to = layerOf(target);
      const toKind = to.startsWith('game:') ? 'game' : to;
      if (to === 'outside' && !target.startsWith('../docs/')) {
        problems.push(`${file} imports ${target}, outside source/`);
        continue;
      }
      if (kind === 'game' && toKind === 'game') {
        if (to !== from) problems.push(`${file} imports ${target}: a game imports another game`);
        continue;
      }
      if (kind === 'cores' && !/^games\/[^/]+\/core$/.test(target) && toKind !== 'engine') {
        problems.push(
          `${file} (cores) may not import ${target}: the registry of cores lists cores`,
        );
        continue;
      }
      if (kind === 'registry' || kind === 'root' || kind === 'cli' || kind === 'cores') {
        if (!(ALLOWED[kind] ?? []).includes(toKind))
          problems.push(`${file} (${kind}) may not import ${target} (${to})`);
        continue;
      }
      if (!(ALLOWED[kind] ?? []).includes(toKind))
        problems.push(`${file} (${from}) may not import ${target} (${to})`);
    }
  }
  return [...problems, ...circles(graph)];
}

/** Packages a game's core may not stand on, even through another file: the terminal and the CLI. */
const FACE_PACKAGES = /^(ink|ink-[\w-]+|react|react\/.*|yargs|yargs\/.*)$/;

/**
 * What a headless core may not reach either: files and the environment. A core is handed what it
 * needs from them (Ur's solved tables come as a store the program's edges make).
 */
const EDGE_PACKAGES = /^((node:)?fs(\/promises)?|process\.env)$/;

/**
 * A game's core (`games/<game>/core`) is pure: nothing it imports, directly or through another
 * file, is a screen, the command line, a console, a file or a face package (ink, react, yargs),
 * nor reads files (node:fs) or the environment (process.env).
 * Every game folder with a module has a core.
 */
export function coreProblems(graph: Graph, packages: Packages): string[] {
  const problems: string[] = [];
  for (const module of graph.keys()) {
    const game = /^games\/([^/]+)\/index$/.exec(module)?.[1];
    if (game !== undefined && !graph.has(`games/${game}/core`))
      problems.push(`games/${game} has a module but no core.ts`);
  }
  for (const core of graph.keys()) {
    if (!/^games\/[^/]+\/core$/.test(core)) continue;
    const seen = new Set<string>();
    const walk = (module: string, via: string) => {
      if (seen.has(module)) return;
      seen.add(module);
      const layer = layerOf(module);
      const face =
        ['ui', 'render', 'app', 'cli', 'classic', 'storage', 'registry', 'games/module'].includes(
          layer,
        ) ||
        /^games\/[^/]+\/(ui|classic)(\/|$)/.test(module) ||
        /^games\/[^/]+\/index$/.test(module);
      if (face) {
        problems.push(`${core} stands on ${module}${via}: a core has no faces`);
        return;
      }
      for (const name of packages.get(module) ?? [])
        if (FACE_PACKAGES.test(name) || EDGE_PACKAGES.test(name))
          problems.push(`${core} stands on ${name} (in ${module})`);
      for (const next of graph.get(module) ?? [])
        walk(next, module === core ? '' : ` (through ${module})`);
    };
    walk(core, '');
  }
  return problems;
}

/** Import circles, each named by its files (Tarjan's strongly connected components). */
export function circles(graph: Graph): string[] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w !== undefined) {
          on.delete(w);
          component.push(w);
        }
      } while (w !== undefined && w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop)
        found.push(`an import circle: ${component.sort().join(' → ')}`);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

/**
 * Whether `module` imports `target`, itself or through the modules under `within` it imports
 * (a game's module through its own files, not through the shared code).
 */
export function standsOn(graph: Graph, module: string, target: string, within: string): boolean {
  const seen = new Set<string>();
  const walk = (at: string): boolean => {
    if (seen.has(at)) return false;
    seen.add(at);
    return (graph.get(at) ?? []).some(
      (next) => next === target || (next.startsWith(within) && walk(next)),
    );
  };
  return walk(module);
}

/**
 * A role of a game's folder, played by one of its modules (a path in the folder, matched by
 * `by`) that the game's core or its module stands on, through the game's own files.
 */
interface Role {
  readonly role: string;
  readonly of: 'core' | 'index';
  readonly by: RegExp;
}

/** What every game writes itself: no shared code can know these. */
export const GAME_ROLES: readonly Role[] = [
  { role: 'its rules', of: 'core', by: /^rules$/ },
  { role: 'its descriptions', of: 'core', by: /^describe$/ },
  { role: 'its computers', of: 'core', by: /^bot$/ },
  { role: 'its board', of: 'index', by: /^ui\/[A-Z]\w*Board$/ },
  { role: 'its key map', of: 'index', by: /^ui\/play$/ },
];

/**
 * What a game may take from the shared code: its own module of the role (every one of `own`),
 * or the shared default its module stands on, directly or through its own files.
 */
interface Defaulted {
  readonly role: string;
  readonly own: readonly RegExp[];
  readonly shared: readonly string[];
}

export const DEFAULTED_ROLES: readonly Defaulted[] = [
  {
    role: 'a play screen',
    own: [/^ui\/[A-Z]\w*PlayScreen$/],
    shared: ['ui/PlayScreen', 'ui/ListPlayScreen'],
  },
  // The move list draws its own panel: the list of moves.
  { role: 'a panel', own: [/^ui\/[A-Z]\w*Panel$/], shared: ['ui/ListPlayScreen'] },
  { role: 'a replay face', own: [/^ui\/[A-Z]\w*Replay$/], shared: ['ui/ReplayFace'] },
  // A setup of its own is a model and a view.
  { role: 'a setup', own: [/^ui\/setup-model$/, /^ui\/[A-Z]\w*Setup$/], shared: ['ui/SetupForm'] },
];

/**
 * What a game's folder (`games/<game>/`) lacks of the roles a game plays: a module and a core
 * that it stands on, each of GAME_ROLES, and each of DEFAULTED_ROLES its own or the default.
 */
export function roleProblems(graph: Graph, game: string): string[] {
  const folder = `games/${game}/`;
  const index = `${folder}index`;
  const core = `${folder}core`;
  const problems: string[] = [];
  if (!graph.has(index)) return [`${folder} has no module (index.tsx)`];
  if (!graph.has(core) || !(graph.get(index) ?? []).includes(core))
    problems.push(`${folder} has no core (core.ts) that its module spreads`);
  /** The modules of the folder that `from` stands on through the folder's own files. */
  const reached = (from: string): string[] => {
    const seen = new Set<string>();
    const walk = (at: string) => {
      for (const next of graph.get(at) ?? [])
        if (next.startsWith(folder) && !seen.has(next)) {
          seen.add(next);
          walk(next);
        }
    };
    walk(from);
    return [...seen].map((module) => module.slice(folder.length));
  };
  const fromCore = reached(core);
  const fromIndex = reached(index);
  for (const { role, of, by } of GAME_ROLES)
    if (!(of === 'core' ? fromCore : fromIndex).some((module) => by.test(module)))
      problems.push(
        `${folder} lacks ${role} (its ${of === 'core' ? 'core' : 'module'} stands on none)`,
      );
  for (const { role, own, shared } of DEFAULTED_ROLES) {
    const itsOwn = own.every((pattern) => fromIndex.some((module) => pattern.test(module)));
    const theDefault = shared.some((module) => standsOn(graph, index, module, folder));
    if (!itsOwn && !theDefault)
      problems.push(
        `${folder} has ${role} neither of its own nor the shared ${shared.join(' or ')}`,
      );
  }
  // A console is no role: a game that writes none is played on the move list (classic/game-console.ts).
  return problems;
}
