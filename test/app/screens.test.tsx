/**
 * Every screen whole at 80×24 and at 120×40: the program's components drawn in process at that
 * size (the same App a terminal shows), reached by the same keys, with the same flags read by each
 * game's own command: no line wider than the window, none cut short with …, no box broken, no
 * more lines than the window has. What only a real terminal shows (colour codes, resizing, the
 * alternate screen, bursts of keys, Ctrl+C) stays in test/e2e.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App, type Opening } from '../../source/app/App.js';
import { LEVELS } from '../../source/engine/bots.js';
import { parseBots } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import { listRecordings } from '../../source/storage/catalogue.js';
import { loadRecording, openRecording } from '../../source/storage/load.js';
import { displayWidth } from '../../source/ui/text.js';
import { appOptions } from '../support/app.js';
import { lookup } from '../support/games.js';
import { frameWhen, KEY, press, renderSized } from '../support/ink.js';
import { fillRecordings } from '../support/recordings.js';
import { CLI, ROOT } from '../support/tmux.js';
import { fixedAnalysis, fixedRun, LONG_REASON } from '../support/fixed-analysis.js';

const SHORT = join(ROOT, 'fixtures', 'recordings', 'short.jsonl');

/**
 * A whole computer match of a game, recorded by the built program (its classic console, no
 * input): something to replay for the games with no recording among the fixtures.
 */
function recorded(...args: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'madang-whole-')), 'game.jsonl');
  const run = spawnSync(process.execPath, [CLI, ...args, '--classic', '--record', file], {
    input: '',
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`madang ${args.join(' ')}: ${run.stderr}`);
  return file;
}
const UR = recorded('ur', '--bots', 'all', '--seed', '9');
const YOTE = recorded('yote', '--bots', 'all', '--seed', '3');
const KONO = recorded('kono', '--bots', 'all', '--level', 'greedy', '--seed', '3', '--size', '7');
/** Ten players' Layers, self-played (fixtures/analysis): the longest game to show. */
const LAYERS = join(ROOT, 'fixtures', 'analysis', 'layers.jsonl');

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/**
 * A data folder of recordings for the browser, its own for each test (another run of the tests
 * may be drawing its own meanwhile), at a path as long as any (the browser shows it).
 */
function browserFolder(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'madang-whole-')), 'recordings');
  fillRecordings(folder);
  return folder;
}

/** Problems of a screen: wider or taller than the window, a line cut short with …, a broken box. */
function wholeness(screen: string, columns: number, rows: number): string[] {
  const problems: string[] = [];
  const lines = screen.replace(/\n$/, '').split('\n');
  if (lines.length > rows) problems.push(`${lines.length} lines, more than ${rows}`);
  lines.forEach((line, i) => {
    if (displayWidth(line) > columns) problems.push(`line ${i + 1} is wider than ${columns}`);
    if (/…\s*[│║]/.test(line)) problems.push(`line ${i + 1} is cut: ${line.trim()}`);
  });
  // Every box that opens closes.
  const count = (char: string) => [...screen].filter((c) => c === char).length;
  const opens = count('╭');
  const closes = count('╰');
  if (opens !== closes) problems.push(`${opens} boxes open, ${closes} close`);
  return problems;
}

/** A screen's text as a reader reads it: line after line, frames and margins left out. */
const read = (screen: string) =>
  screen
    .split('\n')
    .map((line) => line.replace(/[│╭╮╰╯─]/g, ' ').trim())
    .join(' ')
    .replace(/\s+/g, ' ');

/** A command's flags, as yargs gives them to the program (run.tsx reads them the same way). */
interface Flags {
  readonly seed?: number;
  readonly bots?: string;
  readonly botDelay?: number;
  readonly dataDir?: string;
  readonly [flag: string]: unknown;
}

/** What `madang GAME flags…` (or `madang`, or `madang replay FILE`) opens, as App options. */
async function optionsFor(game: string | undefined, flags: Flags = {}, replay?: string) {
  const module = game === undefined ? undefined : GAMES.find((g) => g.id === game);
  if (game !== undefined && !module) throw new Error(`no game ${game}`);
  const parsed = module?.command.settings(flags, () => ({ ok: false, problem: 'no files' }));
  if (parsed && !parsed.ok) throw new Error(parsed.problem);
  const settings = parsed?.settings ?? {};
  const bots = parseBots(flags.bots, 'strong', module?.seats.max ?? 4, module?.levels ?? LEVELS);
  if (!bots.ok) throw new Error(bots.problem);
  let opening: Opening = module
    ? { kind: 'entry', entry: module.command.entry(settings) }
    : { kind: 'menu' };
  if (replay !== undefined) {
    const loaded = await loadRecording(replay, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    opening = { kind: 'replay', recording: loaded.recording };
  }
  return { opening, settings, kinds: bots.kinds };
}

/** Steps to each screen: the command, the keys that lead there, and what shows it is there. */
const VISITS: readonly {
  name: string;
  game?: string;
  flags?: Flags;
  replay?: string;
  browser?: boolean;
  /** The replay's `a` analyses (with a made-up analysis, found at once). */
  analysed?: boolean;
  keys: readonly string[];
  shows: string;
  /** Words the screen shows whole, read line after line (a reason wrapped over lines). */
  reads?: string;
}[] = [
  { name: 'menu', keys: [], shows: 'Recordings' },
  {
    name: 'replay move list',
    replay: SHORT,
    keys: ['Right', 'Right', 'l'],
    shows: 'Moves · Noah v Liam',
  },
  {
    name: 'recordings browser',
    browser: true,
    keys: ['Up', 'Up', 'Up', 'Enter'],
    shows: '28 recordings',
  },
  { name: 'main help', keys: ['9'], shows: 'madang · help' },
  {
    name: 'Yut setup, 4 players',
    game: 'yut',
    flags: { players: 4 },
    keys: [],
    shows: 'Seat 3 name',
  },
  {
    name: 'Yut game, 4 players, 2 computers',
    game: 'yut',
    flags: { players: 4, bots: '3,4', seed: 11504, botDelay: 999999 },
    keys: ['Up', 'Enter', 'Space'],
    shows: 'Player 1 threw gae',
  },
  {
    name: 'Yut help',
    game: 'yut',
    flags: { seed: 11504 },
    keys: ['Up', 'Enter', '?'],
    shows: 'Yut Nori · help',
  },
  {
    name: 'Yut advanced',
    game: 'yut',
    flags: { advanced: true, dataDir: join(ROOT, 'fixtures', 'advanced') },
    keys: ['2'],
    shows: 'PASSWORD',
  },
  { name: 'Ur setup', game: 'ur', keys: [], shows: 'Start the game' },
  {
    name: 'Ur game with a computer',
    game: 'ur',
    flags: { bots: '2', seed: 3, botDelay: 0 },
    keys: ['Up', 'Enter', 'Space', 'Enter'],
    shows: '(strong:',
  },
  { name: 'Yoté setup', game: 'yote', keys: [], shows: 'Start the game' },
  {
    name: 'Yoté game with a computer',
    game: 'yote',
    flags: { bots: '2', seed: 3, botDelay: 0 },
    keys: ['Up', 'Enter', 'Enter'],
    shows: '(strong:',
  },
  { name: 'Kono setup', game: 'kono', keys: [], shows: 'Start the tournament' },
  {
    name: 'Kono 9 × 9 with a computer',
    game: 'kono',
    flags: { bots: '2', size: 9, seed: 8, botDelay: 0 },
    // Seed 8: the Human throws higher, plays White, and moves (1,5) southeast.
    keys: ['Up', 'Enter', 'Space', 'Enter', 'Up', 'Up', 'Up', 'Up', 'Enter', '3', '3'],
    shows: 'It wanted',
  },
  { name: 'Layers setup', game: 'layers', keys: [], shows: 'Start the game' },
  {
    name: 'Layers game, 10 players',
    game: 'layers',
    flags: { seed: 3, botDelay: 0 },
    keys: ['Enter'],
    shows: 'Player 1 to choose',
  },
  {
    name: 'Yut replay',
    replay: SHORT,
    keys: ['Right', 'Right', 'Right'],
    shows: 'event 3/',
  },
  // The other games' replays, at their end (the longest log, the finished board).
  { name: 'Ur replay', replay: UR, keys: ['End'], shows: 'the end' },
  { name: 'Yoté replay', replay: YOTE, keys: ['End'], shows: 'the end' },
  { name: 'Kono replay', replay: KONO, keys: ['End'], shows: 'the end' },
  { name: 'Layers replay', replay: LAYERS, keys: ['End'], shows: 'the end' },
  // Each game's replay analysed (`a`): the graph and the move shown, at a marked move, its best
  // move's reason as long as any a game gives, read whole.
  ...(
    [
      ['Yut', SHORT],
      ['Ur', UR],
      ['Yoté', YOTE],
      ['Kono', KONO],
      ['Layers', LAYERS],
    ] as const
  ).map(([game, replay]) => ({
    name: `${game} replay analysed`,
    replay,
    analysed: true,
    keys: ['a', 'n', 'n'],
    shows: 'loses',
    reads: 'the rear piece moving along).',
  })),
  {
    name: 'Yut replay analysed, the board',
    replay: SHORT,
    analysed: true,
    keys: ['End', 'a', 'b'],
    shows: 'a hide',
  },
];

describe('every screen whole', () => {
  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    for (const visit of VISITS) {
      it(`${visit.name} at ${columns}×${rows}`, async () => {
        const folder = visit.browser ? browserFolder() : undefined;
        const { opening, settings, kinds } = await optionsFor(
          visit.game,
          visit.flags,
          visit.replay,
        );
        const { seed, botDelay, dataDir } = visit.flags ?? {};
        const options = appOptions({
          opening,
          settings,
          kinds,
          ...(seed !== undefined && { seed }),
          ...(botDelay !== undefined && { botDelay }),
          ...(dataDir !== undefined && { dataDir }),
          ...(visit.analysed && {
            analyse: (game, timeline, names) =>
              fixedRun(fixedAnalysis(game.rules, timeline, names, LONG_REASON)),
          }),
          ...(folder !== undefined && {
            recordings: {
              list: () => listRecordings(folder, lookup),
              open: (file: string, mode: 'watch' | 'resume') => openRecording(file, mode, lookup),
            },
          }),
        });
        const r = renderSized(<App options={options} />, columns, rows);
        cleanup = r.unmount;
        for (const key of visit.keys) await press(r.stdin, KEY[key] ?? key);
        const screen = await frameWhen(r.lastFrame, visit.shows);
        expect(wholeness(screen, columns, rows)).toEqual([]);
        if (visit.reads) expect(read(screen)).toContain(visit.reads);
      });
    }
  }
});

describe('the checks themselves', () => {
  it('draw at the size given: a 60×20 window is asked to grow, in no more than 20 lines of at most 60', async () => {
    const r = renderSized(<App options={appOptions()} />, 60, 20);
    cleanup = r.unmount;
    const screen = await frameWhen(r.lastFrame, 'Make the window at least 80×24');
    expect(screen).toContain('It is 60×20 now.');
    expect(wholeness(screen, 60, 20)).toEqual([]);
    expect(wholeness(screen, 50, 10)).toEqual([
      '19 lines, more than 10',
      'line 10 is wider than 50',
    ]);
  });

  it('find a line cut short and a box left open', () => {
    expect(wholeness('╭──╮\n│ a… │\n', 80, 24)).toEqual([
      'line 2 is cut: │ a… │',
      '1 boxes open, 0 close',
    ]);
  });
});
