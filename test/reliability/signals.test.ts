/**
 * A program that always hears a signal: each game of computers at its strongest level, on the
 * classic console and on the full screen, gets SIGTERM, SIGINT or SIGHUP (or Ctrl+C on the full
 * screen) while its computers think, and ends within a second, its recording whole (verify
 * reads it) and the terminal as it was. A 1,000-player Layers game, whose computer thinks for
 * seconds, is the hardest case. And the event loop is never held more than 50 ms while a
 * computer thinks, since it thinks on a worker thread.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startThinking, thinkOnWorkerFrom } from '../../source/cli/thinking.js';
import { seededRandom } from '../../source/engine/random.js';
import { GAMES } from '../../source/games/index.js';
import { layersBot } from '../../source/games/layers/bot.js';
import { layersGame } from '../../source/games/layers/rules.js';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-signals-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** Each game's strongest level (the registry's last), and a game that lasts while it thinks. */
const strongest = (id: string) => GAMES.find((g) => g.id === id)?.levels?.at(-1) ?? 'strong';
const GAME_ARGS: Record<string, string[]> = {
  yut: ['yut', '--players', '4'],
  ur: ['ur'],
  yote: ['yote'],
  kono: ['kono', '--size', '9'],
  layers: ['layers', '--players', '1000', '--turns', '3'],
};
/**
 * The keys that start the game on the full screen, where the flags leave its setup open with all
 * but the start settled (Up goes round to the start row from the first). Yoté's setup will not
 * seat two computers of one name, so the first gets another.
 */
const START_KEYS: Record<string, string[]> = {
  yut: ['Up', 'Enter'],
  ur: ['Up', 'Enter'],
  yote: ['A', 'Up', 'Enter'],
  kono: ['Up', 'Enter'],
  layers: ['Enter'],
};
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
 * Waits until a computer is thinking at this very moment: the worker thread (the thread besides
 * the main one that has used the most time, once it has used some) is running. False if never.
 */
async function untilThinking(pid: number, ms = 40_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const worker = threads(pid).sort((a, b) => b.ticks - a.ticks)[0];
    if (worker && worker.ticks >= 5 && worker.running) return true;
    await sleep(5);
  }
  return false;
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
  GAMES.forEach((game, index) => {
    const signal = SIGNALS[index % SIGNALS.length] as (typeof SIGNALS)[number];
    it(`${game.id} at ${strongest(game.id)}: ${signal} ends it within a second, the recording whole`, async () => {
      const record = join(dir, `classic-${game.id}.jsonl`);
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
      expect(await untilThinking(child.pid as number), `no computer thought:\n${out}`).toBe(true);
      const sent = Date.now();
      child.kill(signal);
      const took = (await exited) - sent;
      figures.push(`signals: classic ${game.id} ${signal} ended in ${took} ms`);
      expect(took).toBeLessThan(1000);
      const check = verified(record);
      expect(check.out).not.toMatch(/torn|problem|cannot/i);
      expect(check.code).toBe(0);
    }, 60_000);
  });
});

describe.runIf(hasTmux)('the full screen hears a signal while its computers think', () => {
  GAMES.forEach((game, index) => {
    const stop = (['SIGTERM', 'SIGHUP', 'ctrl+c', 'SIGINT'] as const)[index % 4];
    it(`${game.id} at ${strongest(game.id)}: ${stop} ends it within a second, the terminal restored`, async () => {
      const record = join(dir, `screen-${game.id}.jsonl`);
      const terminal = new Terminal(
        `node ${CLI} ${argsOf(game.id).join(' ')} --bot-delay 0 --seed 4 --record ${record}`,
      );
      try {
        // The setup, where the flags leave only the start.
        await terminal.waitFor(/Start|▶/, 10_000);
        await sleep(300);
        for (const key of START_KEYS[game.id] ?? []) await terminal.keys(key);
        await terminal.waitFor(/▶/, 10_000);
        const pid = terminal.programPid();
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(CLI);
        expect(await untilThinking(pid), `no computer thought:\n${terminal.screen()}`).toBe(true);
        expect(terminal.alternate()).toBe(true);
        const sent = Date.now();
        if (stop === 'ctrl+c') await terminal.keys('C-c');
        else process.kill(pid, stop);
        let screen = terminal.screen();
        while (!/EXITED \d+/.test(screen) && Date.now() - sent < 5000) {
          await sleep(20);
          screen = terminal.screen();
        }
        const took = Date.now() - sent;
        figures.push(`signals: screen ${game.id} ${stop} ended in ${took} ms`);
        expect(screen).toMatch(/EXITED \d+/);
        expect(took).toBeLessThan(1000);
        // The terminal as it was: the main screen, the cursor shown.
        expect(terminal.alternate()).toBe(false);
        expect(terminal.cursorShown()).toBe(true);
        const check = verified(record);
        expect(check.out).not.toMatch(/torn|problem|cannot/i);
        expect(check.code).toBe(0);
      } finally {
        terminal.close();
      }
    }, 60_000);
  });
});

describe('a computer thinking holds the event loop for no more than 50 ms', () => {
  it("a 1,000-player Layers computer's move, thought on the worker", async () => {
    thinkOnWorkerFrom(pathToFileURL(CLI));
    const thinking = startThinking();
    try {
      let state = layersGame.setup({ players: 1000, turns: 3 });
      // To the first decision: the orders drawn, as the chance says.
      const random = seededRandom(4);
      while (layersGame.chance(state)) {
        const outcomes = layersGame.chance(state) ?? [];
        state = layersGame.reduce(state, outcomes[random.below(outcomes.length)]?.event);
      }
      // The main thread's busy time while the worker thinks: every hold of the loop is in it.
      const idle = performance.eventLoopUtilization();
      const began = Date.now();
      const choice = await thinking.think('layers', layersBot('strong'), state, random);
      const took = Date.now() - began;
      const busy = performance.eventLoopUtilization(idle).active;
      figures.push(
        `signals: a 1,000-player Layers move took ${took} ms on the worker; the main thread was busy ${busy.toFixed(1)} ms of it`,
      );
      expect(took).toBeGreaterThan(50);
      expect(busy).toBeLessThan(50);
      expect(layersGame.check(state, choice.event)).toBeUndefined();
    } finally {
      thinking.stop();
    }
  }, 60_000);
});
