/**
 * The replay's analysis in the built program (issue 31), in tmux at 80×24 with colour: `a` runs the
 * real analyser beside the viewer, the graph is drawn in the first seat's colour, `n` goes to a
 * marked move whose mark is in its colour, keys are answered while a long game is analysed on its
 * own thread, and Esc cancels it, ending the thread.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

/** A whole computer match recorded by the built program (its classic console, no input). */
function recorded(...args: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'madang-analysed-')), 'game.jsonl');
  const run = spawnSync(process.execPath, [CLI, ...args, '--classic', '--record', file], {
    input: '',
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`madang ${args.join(' ')}: ${run.stderr}`);
  return file;
}

/** The program's threads, by id. */
const threads = (pid: number) => new Set(readdirSync(`/proc/${pid}/task`));

/** The analysis may take a while on a machine busy with other work. */
const ANALYSED_MS = 60_000;

describe.runIf(hasTmux)('the replay’s analysis, in a terminal', () => {
  it('a draws the graph in colour; n goes to a marked move, its mark in colour', async () => {
    // Computers playing at random make mistakes for the analysis to mark.
    const file = recorded(
      'yut',
      ...['--players', '2', '--pieces', '2', '--bots', 'all', '--level', 'random', '--seed', '5'],
    );
    terminal = new Terminal(`node ${CLI} replay ${file}`, { columns: 80, rows: 24 });
    await terminal.waitFor('Turn 1 of');
    await terminal.keys('a');
    await terminal.waitFor('chance of winning (seat 1) · estimated', ANALYSED_MS);
    await terminal.keys('n');
    const marked = await terminal.waitFor(
      /(\?\?|\?!|\?) .*: an? (inaccuracy|mistake|blunder), loses/,
    );
    expect(marked).toMatch(/event \d+\/\d+/);
    const coloured = await terminal.settled(true);
    // The graph in the first seat's colour (red), the mark in its own (yellow, magenta, red).
    expect(coloured).toMatch(/\x1b\[31m(?:\x1b\[\d+m)*[ ⠀-⣿]*[⠁-⣿]/);
    expect(coloured).toMatch(/\x1b\[3[135]m(?:\x1b\[\d+m)*(\?\?|\?!|\?)[\x1b ]/);
    expect(terminal.screen().split('\n').length).toBeLessThanOrEqual(25);
  });

  it('keys move the viewer at once while a long game is analysed; Esc cancels it', async () => {
    // Two hundred players' Layers: minutes of analysis, so it is still under way when Esc comes
    // (four computers' Yut, analysed in a second or two since Yut's evaluation got faster, was
    // done before the keys arrived on CI, and Esc then had nothing to cancel).
    const file = recorded(
      'layers',
      '--players',
      '200',
      '--turns',
      '2',
      '--bots',
      'all',
      '--seed',
      '9',
    );
    terminal = new Terminal(`node ${CLI} replay ${file}`, { columns: 80, rows: 24 });
    await terminal.waitFor('Turn 1 of');
    const pid = terminal.programPid();
    const before = threads(pid);
    await terminal.keys('a');
    await terminal.waitFor('analysing ▕');
    // The analysis has a thread of its own (cli/analysing.ts).
    const started = [...threads(pid)].filter((t) => !before.has(t));
    expect(started.length).toBeGreaterThan(0);
    await terminal.keys('Right', 'Right', 'Right');
    // Answered while the analysis still runs: the same screen shows both.
    const moved = await terminal.waitFor(/analysing ▕[\s\S]*event 3\/\d+/);
    expect(moved).toContain('a cancel');
    await terminal.keys('Escape');
    const cancelled = await terminal.waitFor('Analysis cancelled at');
    expect(cancelled).toContain('a analyse the game');
    expect(cancelled).toMatch(/event 3\/\d+/);
    // Cancelled, its thread ends.
    const end = Date.now() + 10_000;
    while (started.some((t) => threads(pid).has(t)) && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started.filter((t) => threads(pid).has(t))).toEqual([]);
  });
});
