/**
 * Layers with a hundred players in a real terminal, at 80×24 and at 200×50: player 1 a person,
 * the rest the computer. The person fights whom the cursor is aimed at, escapes after a draw, and
 * presses n so that the computers play at once; after twenty rounds the person's own line (its
 * number marked *, layer and experience) and its way up to the root are on the screen, whole.
 * And a thousand players: SIGTERM ends the full screen within a second while the computers play,
 * and the classic console likewise; and on the full screen, at 80×24 and 200×50, no computation
 * holds the event loop more than 50 ms of CPU (the game screen's first draw, the person looking
 * about the forest, n through a round), sampled inside the program by test/support/loop-probe.mjs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Play as player 1 until round `last` has begun (and, if asked, until the screen is `ready`);
 * the screen then.
 */
async function playUntil(
  t: Terminal,
  last: number,
  ms: number,
  ready: (screen: string) => boolean = () => true,
): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const screen = t.screen();
    const round = Number(/Round (\d+)/.exec(screen)?.[1] ?? 0);
    if (round >= last && ready(screen)) return screen;
    if (Date.now() > end) throw new Error(`round ${round} of ${last} after ${ms} ms:\n${screen}`);
    // The panel's heading says who is to act (the log may say "may fight back" too).
    if (screen.includes('▶ Player 1: a draw')) await t.keys('e');
    else if (screen.includes('▶ Player 1 to choose'))
      // The root of everyone has nobody to fight: it rests.
      await t.keys(screen.includes('1 may fight nobody') ? 'r' : 'Enter');
    else await t.keys('n');
    await sleep(150);
  }
}

/** When the process `pid` is gone (its shell has reaped it), polled every 10 ms; Infinity after `ms`. */
async function exitOf(pid: number, ms: number): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      process.kill(pid, 0);
    } catch {
      return Date.now();
    }
    await sleep(10);
  }
  return Number.POSITIVE_INFINITY;
}

/** The person's line in the forest and its head, checked whole. */
function personReadable(screen: string) {
  const you = /You 1: L(\d+) (\d+)(, a root)?/.exec(screen);
  expect(you, screen).not.toBeNull();
  if (!you?.[3]) expect(screen, screen).toMatch(/\d+ up: 1 › .*◆/);
  // Player 1's own line: its number marked *, its layer and experience, the same as the head's.
  expect(screen, screen).toMatch(new RegExp(`[─┄ ▶◆]1\\* L${you?.[1]} ${you?.[2]}`));
  // No line of the forest is only branches: each says who it is.
  const lines = screen.split('\n');
  const from = (lines[0] ?? '').indexOf('╭');
  const to = (lines[0] ?? '').indexOf('╮');
  for (const line of lines.slice(1, -1)) {
    const inner = line.slice(from + 1, to);
    if (/[│├└┄]/.test(inner)) expect(inner, line).not.toMatch(/^[│ ┄├└─…]*$/);
  }
}

describe.runIf(hasTmux)('Layers with a hundred players in a real terminal', () => {
  for (const [columns, rows] of [
    [80, 24],
    [200, 50],
  ] as const) {
    it(`${columns}×${rows}: after twenty rounds the person's line and way up are readable`, async () => {
      terminal = new Terminal(
        `node ${CLI} layers --players 100 --turns 30 --seed 11 --bot-delay 0 --no-record`,
        { columns, rows },
      );
      await terminal.waitFor('Start the game');
      await terminal.keys('Enter');
      expect(await terminal.waitFor('▶ Player 1 to choose', 30_000)).toContain('Round 1');
      // The person's own fight stays shown, whatever the computers do after it, until a key.
      await terminal.keys('Enter');
      const mine = await terminal.waitFor(/Your fight \(any key puts it away\)|▶ Player 1: a draw/);
      if (mine.includes('▶ Player 1: a draw')) await terminal.keys('e');
      expect(await terminal.waitFor('Your fight (any key')).toContain('Your fight (any key');
      await sleep(1500);
      expect(terminal.screen()).toContain('Your fight (any key');
      const screen = await playUntil(terminal, 21, 240_000);
      personReadable(await terminal.settled());
      // The panels widen with the window: at 200 columns the forest is wider than at 80.
      const top = screen.split('\n')[0] ?? '';
      const forestWidth = top.indexOf('╮') - top.indexOf('╭') + 1;
      expect(forestWidth).toBe(columns === 80 ? 34 : 70);
      // y goes to the person's place; / and a number to any player.
      await terminal.keys('/', '5', '7', 'Enter');
      expect(await terminal.waitFor('Player 57: L')).toContain('Player 57: L');
    }, 300_000);
  }
});

describe.runIf(hasTmux)('a thousand players: signals end the program at once', () => {
  it('SIGTERM ends the full screen within a second while the computers play at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-layers-pid-'));
    const pidFile = join(dir, 'pid');
    terminal = new Terminal(
      `sh -c 'echo $$ > ${pidFile}; exec node ${CLI} layers --players 1000 --bots all --bot-delay 0 --no-record'`,
      { columns: 100, rows: 30 },
    );
    await terminal.waitFor('Start the game', 15_000);
    await terminal.keys('Enter');
    await terminal.waitFor('Round 1', 15_000);
    // n: the computers play at once; a round of a thousand is over within seconds (a decision
    // took over a hundred milliseconds before: a round, minutes).
    await terminal.keys('n');
    expect(await terminal.waitFor(/Round 2 · turn \d{2,}/, 30_000)).toMatch(/Round 2 · turn/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const sent = Date.now();
    process.kill(pid, 'SIGTERM');
    // When the program is gone, as the classic test below takes it from its exit: not when a
    // capture of the screen, itself slow on a loaded machine, next shows the shell's line.
    const gone = await exitOf(pid, 5000);
    const after = await terminal.waitFor(/EXITED \d+/, 5000);
    expect(after).toMatch(/EXITED 143/);
    expect(gone - sent).toBeLessThan(1000);
  }, 60_000);

  it('SIGTERM ends the classic console of a thousand computers within a second', async () => {
    const child = spawn(
      'node',
      [
        CLI,
        'layers',
        '--players',
        '1000',
        '--turns',
        '3',
        '--bots',
        'all',
        '--classic',
        '--seed',
        '4',
        '--no-record',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
    const end = Date.now() + 30_000;
    while (!out.includes('Round 2 turn') && Date.now() < end) await sleep(50);
    expect(out).toContain('Round 2 turn');
    const sent = Date.now();
    child.kill('SIGTERM');
    const at = await Promise.race([exited, sleep(5000).then(() => Number.POSITIVE_INFINITY)]);
    child.kill('SIGKILL');
    expect(at - sent).toBeLessThan(1000);
  }, 60_000);
});

describe.runIf(hasTmux)('a thousand players: the event loop is never held more than 50 ms', () => {
  for (const [columns, rows] of [
    [80, 24],
    [200, 50],
  ] as const) {
    it(`${columns}×${rows}: the first draw, looking about the forest, and n through a round`, async () => {
      const report = join(mkdtempSync(join(tmpdir(), 'madang-layers-loop-')), 'holds.json');
      terminal = new Terminal(
        `node --import ${ROOT}test/support/loop-probe.mjs ${CLI} layers --players 1000 --seed 4 --bot-delay 0 --no-record`,
        { columns, rows },
        { MADANG_LOOP_PROBE: report },
      );
      await terminal.waitFor('Start the game', 15_000);
      // The program's start (loading its code, the setup's first frame) is not the game's: from
      // here on, every hold counts.
      await sleep(1500);
      const from = Date.now();
      await terminal.keys('Enter');
      await terminal.waitFor('▶ Player 1 to choose', 60_000);
      // Looking about a thousand players: the cursor, a page, the ends, the person's place, a
      // player by number, a tree opened and folded, the next opponent; then a fight.
      await terminal.keys('Down', 'PageDown', 'End', 'Home', 'y', '/', '5', '0', '0', 'Enter');
      expect(await terminal.waitFor('Player 500: L')).toContain('Player 500: L');
      await terminal.keys('Right', 'Left', 'y', 'Tab', 'Enter');
      // n through the round, the person answering its own turns, until its turn in round 2.
      const screen = await playUntil(terminal, 2, 120_000, (now) =>
        now.includes('▶ Player 1 to choose'),
      );
      expect(screen).toMatch(/Round 2 · turn/);
      const last = Date.now();
      // The probe writes twice a second: wait for a report from after the last key.
      const end = Date.now() + 10_000;
      const read = () =>
        existsSync(report)
          ? (JSON.parse(readFileSync(report, 'utf8')) as {
              at: number;
              holds: { at: number; cpu: number; wall: number }[];
            })
          : undefined;
      let holds = read();
      while ((holds === undefined || holds.at < last) && Date.now() < end) {
        await sleep(100);
        holds = read();
      }
      expect(holds?.at, 'the probe reported after the last key').toBeGreaterThanOrEqual(last);
      // The holds that began after the setup was drawn (a hold ends at `at`, lasting `wall`).
      const game = (holds?.holds ?? []).filter((h) => h.at - h.wall >= from - 5);
      const longest = game.reduce((most, h) => Math.max(most, h.cpu), 0);
      const worst = [...game].sort((a, b) => b.cpu - a.cpu).slice(0, 5);
      console.log(
        `layers loop ${columns}×${rows}, 1,000 players: the longest hold ${longest} ms of CPU; ${game.length} over 10 ms; the longest (ms from Enter: CPU/wall) ${worst.map((h) => `${Math.round(h.at - h.wall - from)}: ${h.cpu}/${h.wall}`).join(', ')}`,
      );
      expect(game.filter((h) => h.cpu > 50)).toEqual([]);
    }, 240_000);
  }
});
