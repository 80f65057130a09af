/**
 * A program that always hears a signal: each game of computers at its strongest level, on the
 * classic console and on the full screen, gets SIGTERM, SIGINT or SIGHUP (or Ctrl+C on the full
 * screen) while its computers think, and ends within a second (of what a bare Node process
 * signalled at the same moment takes, on a machine busy with other work), its recording whole
 * (verify reads it) and the terminal as it was; Layers is played by 1,000 (its computer once
 * thought for seconds). And the event loop is never held more than 50 ms while a computer
 * thinks, since it thinks on a worker thread. And a person's n at a thousand players (the
 * computers playing at once, in batches) still lets a signal end the full screen at once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThinking, thinkOnWorkerFrom } from '../../source/cli/thinking.js';
import { seededRandom } from '../../source/engine/random.js';
import { GAMES } from '../../source/games/index.js';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-signals-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Each game's strongest level that searches (the registry's last, but Ur's perfect, which only
 * reads a solved table and needs one built first), and a game that lasts while it thinks.
 */
const strongest = (id: string) =>
  GAMES.find((g) => g.id === id)
    ?.levels?.filter((level) => level !== 'perfect')
    .at(-1) ?? 'strong';
const GAME_ARGS: Record<string, string[]> = {
  yut: ['yut', '--players', '4'],
  ur: ['ur'],
  yote: ['yote'],
  kono: ['kono', '--size', '9'],
  layers: ['layers', '--players', '1000', '--turns', '3'],
};
/**
 * The keys that start the game on the full screen, where the flags leave its setup open with all
 * but the start settled (Up goes round to the start row from the first).
 */
const START_KEYS: Record<string, string[]> = {
  yut: ['Up', 'Enter'],
  ur: ['Up', 'Enter'],
  yote: ['Up', 'Enter'],
  kono: ['Up', 'Enter'],
  layers: ['Enter'],
};
/**
 * Ur's strong computer decides in about 2 ms: with no delay between moves a whole game could end
 * on an idle machine before the sampler caught the worker mid-thought (CI did once). A pause
 * between moves keeps the game going while the sampler looks; a thought is still what it waits for.
 */
const BOT_DELAY: Record<string, number> = { ur: 50 };
const argsOf = (id: string) => [
  ...(GAME_ARGS[id] ?? [id]),
  '--bots',
  'all',
  '--level',
  strongest(id),
];

/** Each thread of the process but the main one: its state letter and CPU ticks so far. */
function threads(pid: number): { tid: string; running: boolean; ticks: number }[] {
  return readdirSync(`/proc/${pid}/task`)
    .filter((tid) => tid !== String(pid))
    .map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      return { tid, running: fields[0] === 'R', ticks: Number(fields[11]) + Number(fields[12]) };
    });
}

/**
 * Waits until a computer is thinking at this very moment: the game is under way (its recording
 * has moves, so the worker has been asked before) and the worker thread (the thread besides the
 * main one that has used the most time) is running. False if never.
 */
async function untilThinking(pid: number, record: string, ms = 40_000): Promise<boolean> {
  const end = Date.now() + ms;
  const moves = () =>
    existsSync(record) && readFileSync(record, 'utf8').includes('"session/explained"');
  while (Date.now() < end && !moves()) await sleep(20);
  while (Date.now() < end) {
    const worker = threads(pid).sort((a, b) => b.ticks - a.ticks)[0];
    if (worker && worker.ticks >= 5 && worker.running) return true;
    await sleep(5);
  }
  return false;
}

/**
 * A bare Node process, signalled at the same moment as the program: how long the machine takes,
 * right then, to run any process's signal handler and end it. The program must end within a
 * second of that, so a second means the program's own work, not the other programs of a busy
 * machine (the suite runs beside another; load 30 on two cores once made a bare exit take 1 s).
 */
async function bareNode(): Promise<{ stop: () => Promise<number> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => process.exit(0)); setInterval(() => {}, 1000); process.stdout.write('ready');",
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
  return {
    stop: async () => {
      const sent = Date.now();
      child.kill('SIGTERM');
      return (await exited) - sent;
    },
  };
}

/**
 * The full screen's program gets the signal (or Ctrl+C) and must end within a second of what a
 * bare Node process signalled at the same moment takes; the figure is kept as `what`.
 */
async function endsOnScreen(
  terminal: Terminal,
  pid: number,
  stop: (typeof SIGNALS)[number] | 'ctrl+c',
  what: string,
): Promise<void> {
  const bare = await bareNode();
  const sent = Date.now();
  const bareTook = bare.stop();
  if (stop === 'ctrl+c') await terminal.keys('C-c');
  else process.kill(pid, stop);
  let screen = terminal.screen();
  while (!/EXITED \d+/.test(screen) && Date.now() - sent < 5000) {
    await sleep(20);
    screen = terminal.screen();
  }
  const took = Date.now() - sent;
  const machine = await bareTook;
  figures.push(`signals: ${what} ended in ${took} ms (a bare Node process: ${machine} ms)`);
  expect(screen).toMatch(/EXITED \d+/);
  expect(took).toBeLessThan(1000 + machine);
}

/** verify's word on a recording: whole (finished or not), or what is wrong with it. */
function verified(file: string): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

const figures: string[] = [];
afterAll(() => {
  for (const line of figures) console.log(line);
});

describe('the classic consoles hear a signal while their computers think', () => {
  const cases = GAMES.flatMap((game) => SIGNALS.map((signal) => [game, signal] as const));
  cases.forEach(([game, signal]) => {
    it(`${game.id} at ${strongest(game.id)}: ${signal} ends it within a second, the recording whole`, async () => {
      const record = join(dir, `classic-${game.id}-${signal}.jsonl`);
      const child = spawn(
        process.execPath,
        [CLI, ...argsOf(game.id), '--classic', '--seed', '4', '--record', record],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      // Ur asks for its board file, computers or not: the default one.
      child.stdin.end('\n');
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
      // Playing, the computers thinking (on the worker thread) at this moment.
      expect(await untilThinking(child.pid as number, record), `no computer thought:\n${out}`).toBe(
        true,
      );
      const bare = await bareNode();
      const sent = Date.now();
      child.kill(signal);
      const bareTook = bare.stop();
      const took = (await exited) - sent;
      const machine = await bareTook;
      figures.push(
        `signals: classic ${game.id} ${signal} ended in ${took} ms (a bare Node process: ${machine} ms)`,
      );
      expect(took).toBeLessThan(1000 + machine);
      const check = verified(record);
      expect(check.out).toContain(`${record}: `);
      expect(check.out).not.toMatch(/torn|problem|cannot/i);
      expect(check.code, check.out).toBe(0);
    }, 60_000);
  });
});

describe.runIf(hasTmux)('the full screen hears a signal while its computers think', () => {
  const stops = [...SIGNALS, 'ctrl+c'] as const;
  const cases = GAMES.flatMap((game) => stops.map((stop) => [game, stop] as const));
  cases.forEach(([game, stop]) => {
    it(`${game.id} at ${strongest(game.id)}: ${stop} ends it within a second, the terminal restored`, async () => {
      const record = join(dir, `screen-${game.id}-${stop}.jsonl`);
      const terminal = new Terminal(
        `node ${CLI} ${argsOf(game.id).join(' ')} --bot-delay ${BOT_DELAY[game.id] ?? 0} --seed 4 --record ${record}`,
      );
      try {
        // The setup, where the flags leave only the start.
        await terminal.waitFor(/Start|▶/, 10_000);
        await sleep(300);
        for (const key of START_KEYS[game.id] ?? []) await terminal.keys(key);
        await terminal.waitFor(/▶/, 10_000);
        const pid = terminal.programPid();
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(CLI);
        expect(await untilThinking(pid, record), `no computer thought:\n${terminal.screen()}`).toBe(
          true,
        );
        expect(terminal.alternate()).toBe(true);
        await endsOnScreen(terminal, pid, stop, `screen ${game.id} ${stop}`);
        // The terminal as it was: the main screen, the cursor shown.
        expect(terminal.alternate()).toBe(false);
        expect(terminal.cursorShown()).toBe(true);
        const check = verified(record);
        expect(check.out).toContain(`${record}: `);
        expect(check.out).not.toMatch(/torn|problem|cannot/i);
        expect(check.code, check.out).toBe(0);
      } finally {
        terminal.close();
      }
    }, 60_000);
  });
});

describe.runIf(hasTmux)('the full screen hears a signal while n plays a thousand players', () => {
  (['SIGTERM', 'SIGINT', 'ctrl+c'] as const).forEach((stop) => {
    it(`layers, player 1 a person, n: ${stop} ends it within a second, the terminal restored`, async () => {
      const record = join(dir, `screen-layers-n-${stop}.jsonl`);
      const terminal = new Terminal(
        `node ${CLI} layers --players 1000 --turns 3 --bot-delay 0 --seed 4 --record ${record}`,
      );
      try {
        await terminal.waitFor('Start the game', 10_000);
        await terminal.keys('Enter');
        const round = await terminal.waitFor(/Round 1 · turn/, 15_000);
        // Player 1 first in the order: it rests; then n, the computers at once.
        if (round.includes('▶ Player 1 to choose')) await terminal.keys('r');
        await terminal.keys('n');
        // Well into the computers' turns (hundreds of them played at once).
        await terminal.waitFor(/Round \d+ · turn \d{3}/, 30_000);
        const pid = terminal.programPid();
        await endsOnScreen(terminal, pid, stop, `screen layers with n ${stop}`);
        expect(terminal.alternate()).toBe(false);
        expect(terminal.cursorShown()).toBe(true);
        const check = verified(record);
        expect(check.out).not.toMatch(/torn|problem|cannot/i);
        expect(check.code, check.out).toBe(0);
      } finally {
        terminal.close();
      }
    }, 60_000);
  });
});

describe('madang analyze hears a signal while it analyses', () => {
  // A game of two hundred players: its analysis takes minutes, a single search seconds.
  const game = join(dir, 'analyse-layers-200.jsonl');
  beforeAll(() => {
    const made = spawnSync(
      process.execPath,
      [
        CLI,
        'layers',
        '--players',
        '200',
        '--turns',
        '2',
        '--bots',
        'all',
        '--classic',
        '--record',
        game,
      ],
      { input: '', encoding: 'utf8', timeout: 60_000 },
    );
    expect(made.status, made.stderr).toBe(0);
  }, 60_000);
  (['SIGTERM', 'SIGINT'] as const).forEach((signal) => {
    it(`${signal} ends it within a second`, async () => {
      const child = spawn(process.execPath, [CLI, 'analyze', game], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
      // Well into the analysis, its worker at work (the main thread and the worker's).
      const into = Date.now() + 30_000;
      while (
        Date.now() < into &&
        threads(child.pid as number).filter((t) => t.ticks >= 20).length === 0
      )
        await sleep(50);
      expect(
        threads(child.pid as number).some((t) => t.ticks >= 20),
        err,
      ).toBe(true);
      const bare = await bareNode();
      const sent = Date.now();
      child.kill(signal);
      const bareTook = bare.stop();
      const took = (await exited) - sent;
      const machine = await bareTook;
      figures.push(
        `signals: analyze ${signal} ended in ${took} ms (a bare Node process: ${machine} ms)`,
      );
      expect(took).toBeLessThan(1000 + machine);
    }, 60_000);
  });
});

describe('a computer thinking holds the event loop for no more than 50 ms', () => {
  thinkOnWorkerFrom(pathToFileURL(CLI));
  const thinking = startThinking();
  afterAll(() => thinking.stop());
  // The worker started before the clock runs: its start is not a computer's thinking.
  beforeAll(async () => {
    const yut = GAMES.find((g) => g.id === 'yut') as (typeof GAMES)[number];
    const state = yut.rules.setup(yut.typicalOptions);
    const thrown = yut.rules.reduce(state, yut.rules.chance(state)?.[0]?.event);
    await thinking.think('yut', yut.bot('random'), thrown, seededRandom(1));
  }, 60_000);

  /**
   * The CPU time this thread (the test's event loop) uses while the worker thinks: every hold
   * of the loop is in it, and unlike the wall clock it does not count the machine's other work.
   */
  const threadTicks = () => {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };
  async function measured(id: string, options: unknown, what: string) {
    const game = GAMES.find((g) => g.id === id) as (typeof GAMES)[number];
    const rules = game.rules;
    let state = rules.setup(options);
    // Into the game: its chance and its moves at random, to a decision of some weight.
    const random = seededRandom(4);
    for (let step = 0; step < 40 || rules.chance(state); step++) {
      if (rules.outcome(state).status !== 'running') break;
      const outcomes = rules.chance(state);
      // Not a player leaving (Kono's quit ends the tournament).
      const events = outcomes
        ? outcomes.map((o: { event: unknown }) => o.event)
        : rules.legalEvents(state).filter((e: { type: string }) => !e.type.endsWith('quit'));
      if (!outcomes && step >= 40) break;
      state = rules.reduce(state, events[random.below(events.length)]);
    }
    const level = strongest(id);
    const cpu = threadTicks();
    const began = Date.now();
    const choice = await thinking.think(id, game.bot(level), state, random);
    const took = Date.now() - began;
    // Clock ticks are hundredths of a second.
    const busy = (threadTicks() - cpu) * 10;
    figures.push(
      `signals: ${what} at ${level}: its move took ${took} ms on the worker; the caller's thread used ${busy} ms of CPU meanwhile`,
    );
    expect(rules.check(state, choice.event)).toBeUndefined();
    return { took, busy };
  }

  it.each(GAMES.map((g) => g.id))(
    '%s at its strongest level',
    async (id) => {
      const game = GAMES.find((g) => g.id === id) as (typeof GAMES)[number];
      const { busy } = await measured(id, game.typicalOptions, id);
      expect(busy).toBeLessThan(50);
    },
    60_000,
  );

  it('a 1,000-player Layers game', async () => {
    const { busy } = await measured('layers', { players: 1000, turns: 3 }, '1,000-player Layers');
    expect(busy).toBeLessThan(50);
  }, 60_000);
});
