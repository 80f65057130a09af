/**
 * The replay viewer's analysis (issue 31), in process: `a` starts it and shows the graph and the
 * move shown, `n` and `p` go to the marked moves, the move list shows the marks, `a` or Esc
 * cancels a run under way, and keys are answered at once while it runs. The run is made from
 * fixed data (test/support/fixed-analysis.ts), as the contract (analysis/types.ts) shapes it.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL } from '../../source/analysis/analyze.js';
import type { AnalysisRun } from '../../source/analysis/types.js';
import { App, type AnalyseGame } from '../../source/app/App.js';
import { analyseOnWorker } from '../../source/cli/analysing.js';
import { loadRecording, openRecording } from '../../source/storage/load.js';
import { openRecorder } from '../../source/storage/recorder.js';
import { ThemeContext } from '../../source/ui/theme.js';
import {
  fixedAnalysis,
  type FixedRun,
  fixedRun,
  gradeAt,
  LONG_REASON,
} from '../support/fixed-analysis.js';
import { appOptions } from '../support/app.js';
import { lookup } from '../support/games.js';
import { frameWhen, KEY, press, renderSized } from '../support/ink.js';
import { ROOT } from '../support/tmux.js';

const SHORT = join(ROOT, 'fixtures', 'recordings', 'short.jsonl');

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** The viewer of `file` at a size, its `a` starting runs made by `options`; the runs started. */
async function viewer(
  file: string,
  columns: number,
  rows: number,
  run: { sliceMs?: number; perSlice?: number } = {},
  colour = true,
  reason?: (i: number) => string,
) {
  const loaded = await loadRecording(file, lookup);
  if (!loaded.ok) throw new Error(loaded.problem);
  const runs: FixedRun[] = [];
  const analyse: AnalyseGame = (game, timeline, names) => {
    const started = fixedRun(fixedAnalysis(game.rules, timeline, names, reason), run);
    runs.push(started);
    return started;
  };
  const options = appOptions({
    opening: { kind: 'replay', recording: loaded.recording },
    analyse,
  });
  const r = renderSized(
    <ThemeContext.Provider value={{ colour }}>
      <App options={options} />
    </ThemeContext.Provider>,
    columns,
    rows,
  );
  cleanup = r.unmount;
  await frameWhen(r.lastFrame, 'Turn 1 of');
  return { ...r, runs, events: loaded.recording.events.length };
}

/** The first event positions of the short game graded as marked moves, by the fixed analysis. */
const MARKED = (events: number) =>
  Array.from({ length: events }, (_, i) => i).filter((i) =>
    ['inaccuracy', 'mistake', 'blunder'].includes(gradeAt(i)),
  );

describe('the replay viewer’s analysis', () => {
  it('offers a, and without an analyser says why there is none', async () => {
    const loaded = await loadRecording(SHORT, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const r = renderSized(
      <App options={appOptions({ opening: { kind: 'replay', recording: loaded.recording } })} />,
      80,
      24,
    );
    cleanup = r.unmount;
    expect(await frameWhen(r.lastFrame, 'Turn 1 of')).toContain('a analyse the game');
    await press(r.stdin, 'a');
    expect(await frameWhen(r.lastFrame, 'cannot analyse')).toContain(
      'This madang cannot analyse games.',
    );
  });

  it('at 80×24: a shows the graph, the move shown and its words in the board’s place; b the board', async () => {
    const r = await viewer(SHORT, 80, 24);
    await press(r.stdin, KEY.Right as string, KEY.Right as string, 'a');
    const page = await frameWhen(r.lastFrame, "Noah's chance of winning (seat 1) · estimated");
    expect(r.runs).toHaveLength(1);
    // The graph: braille, the move shown marked under it.
    expect(page).toMatch(/100% [⠀-⣿ │]+/);
    expect(page).toMatch(/─*▲─+/);
    // The move shown (the second event) in words, with what the analysis says of it.
    // Its turn is the move's own (Noah's first), as the move list numbers it.
    expect(page).toContain('Turn 1 of 22 · event 2/47');
    expect(page).toContain('Event 2: good, loses 2.0 points.');
    expect(page).toContain('Best: the best move at 1 (the reason at 1).');
    expect(page).toMatch(/Noah's chance: \d+% before, \d+% after, \d+% after the best/);
    expect(page).toContain('a hide · n p mistakes · b board');
    // b: the board, with the analysis keys under the others.
    await press(r.stdin, 'b');
    const board = await frameWhen(r.lastFrame, 'start/finish');
    expect(board).toContain('a hide · n p mistakes · b');
    await press(r.stdin, 'b');
    await frameWhen(r.lastFrame, "Noah's chance of winning");
  });

  it('n and p go to the next and previous marked move, and say when there is none', async () => {
    const r = await viewer(SHORT, 80, 24);
    const marked = MARKED(r.events);
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, 'chance of winning (seat 1) · estimated');
    await press(r.stdin, 'n');
    const first = marked[0] as number;
    const at = await frameWhen(r.lastFrame, `event ${first + 1}/47`);
    expect(gradeAt(first)).toBe('inaccuracy');
    expect(at).toContain(`?! Event ${first + 1}: an inaccuracy, loses 7.0 points.`);
    await press(r.stdin, 'n');
    await frameWhen(r.lastFrame, `event ${(marked[1] as number) + 1}/47`);
    await press(r.stdin, 'p');
    await frameWhen(r.lastFrame, `event ${first + 1}/47`);
    await press(r.stdin, 'p');
    expect(await frameWhen(r.lastFrame, 'No mistake before this move.')).toContain(
      `event ${first + 1}/47`,
    );
  });

  it('the move list marks the moves ?! ? ??', async () => {
    const r = await viewer(SHORT, 80, 24);
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, '· estimated');
    await press(r.stdin, 'l');
    const list = await frameWhen(r.lastFrame, 'Moves · Noah v Liam');
    const lines = list.split('\n');
    // Event 3 is graded an inaccuracy, 5 a mistake, 7 a blunder (test/support/fixed-analysis.ts).
    const line = (i: number) => lines.find((l) => l.includes(` ${i + 1}–`)) ?? '';
    expect(line).toBeDefined();
    const rows = lines.filter((l) => /^\s*│\s+\d+ {2}/.test(l));
    expect(rows[3]).toMatch(/ \?! +│$/);
    expect(rows[5]).toMatch(/ \? +│$/);
    expect(rows[7]).toMatch(/ \?\? +│$/);
    expect(rows[4]).toMatch(/[^?!] +│$/);
  });

  it('at 120×40: the graph goes across the width under the board, the board stays', async () => {
    const r = await viewer(SHORT, 120, 40);
    await press(r.stdin, KEY.End as string, 'a');
    const frame = await frameWhen(r.lastFrame, '· estimated');
    expect(frame).toContain('start/finish');
    const lines = frame.split('\n');
    const graph = lines.filter((l) => l.startsWith(' 100% ') || l.startsWith('   0% '));
    expect(graph).toHaveLength(2);
    // Across the width: the graph's lines run to the window's right edge, less a margin.
    expect(graph.every((l) => l.length >= 110)).toBe(true);
    // At the end the mark is at the right.
    const axis = lines.find((l) => l.includes('─▲')) ?? '';
    expect(axis.trimEnd().endsWith('▲')).toBe(true);
    expect(frame.split('\n').length).toBeLessThanOrEqual(40);
  });

  it('never freezes: keys pressed while a long analysis runs move the viewer at once, and it follows them', async () => {
    // One decision every 30 ms: the 47 events take well over a second.
    const r = await viewer(SHORT, 80, 24, { sliceMs: 30, perSlice: 1 });
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, 'analysing ▕');
    const run = r.runs[0] as FixedRun;
    for (let i = 1; i <= 10; i++) {
      await press(r.stdin, KEY.Right as string);
      // Each key is answered before the analysis is done (a frame within a short wait).
      await frameWhen(r.lastFrame, `event ${i}/47`, 500);
    }
    expect(run.progress().done).toBeLessThan(47);
    // The run is told the move shown each time, so that it works there first.
    await frameWhen(r.lastFrame, () => run.focused.includes(9));
    // Those nearest the move shown were found first: the tenth move is among those found.
    await frameWhen(r.lastFrame, () => run.found.has(9));
    expect(run.found.size).toBeLessThan(47);
  });

  it('a or Esc cancels a run under way, and the board is back', async () => {
    const r = await viewer(SHORT, 80, 24, { sliceMs: 50, perSlice: 1 });
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, 'analysing ▕');
    await press(r.stdin, 'a');
    const cancelled = await frameWhen(r.lastFrame, 'Analysis cancelled at');
    expect(cancelled).toContain('start/finish');
    expect((r.runs[0] as FixedRun).cancelled).toBe(true);
    // Again: a new run, cancelled by Esc, which does not leave the viewer.
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, 'analysing ▕');
    await press(r.stdin, KEY.Escape as string);
    await frameWhen(r.lastFrame, () => (r.runs[1] as FixedRun).cancelled);
    expect(r.lastFrame()).toContain('a analyse the game');
    expect(r.runs).toHaveLength(2);
  });

  it.each([
    [80, 24],
    [120, 40],
  ] as const)(
    'at %i×%i the best move and its whole reason are on screen, however long',
    async (columns, rows) => {
      const r = await viewer(SHORT, columns, rows, {}, true, LONG_REASON);
      await press(r.stdin, 'a');
      await frameWhen(r.lastFrame, '· estimated');
      await press(r.stdin, 'n');
      const first = MARKED(r.events)[0] as number;
      const frame = await frameWhen(r.lastFrame, `event ${first + 1}/47`);
      // The screen's text read as a reader does: line after line, frames and margins left out.
      const read = frame
        .split('\n')
        .map((line) => line.replace(/[│╭╮╰╯─]/g, ' ').trim())
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(read).toContain(`Best: the best move at ${first} (${LONG_REASON(first)}).`);
      expect(frame.split('\n').length).toBeLessThanOrEqual(rows);
    },
  );

  it.each([
    [80, 24],
    [120, 40],
  ] as const)(
    'at %i×%i every seat of a three-player game has its summary line once the analysis is done',
    async (columns, rows) => {
      const r = await viewer(
        join(ROOT, 'fixtures', 'recordings', 'unfinished.jsonl'),
        columns,
        rows,
      );
      await press(r.stdin, KEY.End as string, 'a');
      const frame = await frameWhen(r.lastFrame, '· estimated');
      // The fixed analysis's figures: accuracy 90% less the seat.
      for (const [seat, name] of ['Ethan', 'Olivia', 'Liam'].entries())
        expect(frame).toContain(
          `${name}: accuracy ${90 - seat}% · loss ${(12.5 + seat).toFixed(1)}`,
        );
      expect(frame.split('\n').length).toBeLessThanOrEqual(rows);
    },
  );

  it.each([
    [80, 24, 10],
    [120, 40, 6],
  ] as const)(
    'at %i×%i ten players’ summary lines are shown where they fit (%i), and those that do not are counted',
    async (columns, rows, fit) => {
      const r = await viewer(join(ROOT, 'fixtures', 'analysis', 'layers.jsonl'), columns, rows);
      await press(r.stdin, KEY.End as string, 'a');
      const frame = await frameWhen(r.lastFrame, '· estimated');
      const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo'];
      // The page in the board's place has room for all; the strip under the board for six.
      const shown = names.filter((name) => frame.includes(`${name}: accuracy`));
      expect(shown).toEqual(names.slice(0, fit));
      if (fit < names.length)
        expect(frame).toContain(
          `… and ${names.length - fit} more players: madang analyze lists every one`,
        );
      else expect(frame).not.toContain('more players');
      expect(frame.split('\n').length).toBeLessThanOrEqual(rows);
    },
  );

  it('without colour the marks and words carry the meaning', async () => {
    const r = await viewer(SHORT, 80, 24, {}, false);
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, '· estimated');
    await press(r.stdin, 'n');
    const frame = await frameWhen(r.lastFrame, 'loses');
    expect(r.lastFrame()).not.toMatch(/\x1b\[3\dm/);
    expect(frame).toContain('?! Event 4: an inaccuracy, loses 7.0 points.');
    expect(frame).toContain('▲');
  });
});

describe('with the real analyser, on its worker thread', () => {
  /** dist/madang.js, built by the global setup, as main.ts names it. */
  const BUNDLE = new URL('../../dist/madang.js', import.meta.url);
  /** This thread's CPU time so far, in ms (nanoseconds in schedstat: no 10 ms ticks). */
  const threadCpu = () =>
    Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  const threads = () => new Set(readdirSync('/proc/self/task'));

  it('the screen’s event loop is never held 50 ms while a Layers game is analysed; a again ends the worker', async () => {
    // Layers at strong weighs a fight's ~300 numbers: one search some 100 ms of CPU, which on
    // this thread (startAnalysis) held the loop that long whatever its slices.
    const file = join(ROOT, 'fixtures', 'analysis', 'layers.jsonl');
    const loaded = await loadRecording(file, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const events = loaded.recording.events.length;
    let run: AnalysisRun | undefined;
    const analyse: AnalyseGame = (game, timeline, names) => {
      run = analyseOnWorker(BUNDLE, game, timeline, names, { level: DEFAULT_LEVEL });
      return run;
    };
    const r = renderSized(
      <App
        options={appOptions({ opening: { kind: 'replay', recording: loaded.recording }, analyse })}
      />,
      80,
      24,
    );
    cleanup = r.unmount;
    await frameWhen(r.lastFrame, 'Turn 1 of');
    const before = threads();
    // The longest the event loop is held while the analysis runs and keys come: this thread's CPU
    // time between two ticks of a timer (in process a frame is drawn before anything held after
    // it, so the held loop itself is measured; this thread's CPU time, so neither the worker's
    // nor a machine busy with other work, which only delays the ticks, counts).
    let last = threadCpu();
    let longest = 0;
    let ticks = 0;
    const probe = setInterval(() => {
      const now = threadCpu();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    let found: number;
    try {
      await press(r.stdin, 'a');
      await frameWhen(r.lastFrame, 'analysing ▕');
      for (let i = 1; i <= 5; i++) {
        await press(r.stdin, KEY.Right as string);
        await frameWhen(r.lastFrame, `event ${i}/${events}`);
      }
      // The analysis goes on, its findings drawn, for a while.
      await frameWhen(r.lastFrame, () => (run as unknown as AnalysisRun).found.size >= 30, 30_000);
      found = (run as unknown as AnalysisRun).progress().done;
    } finally {
      clearInterval(probe);
    }
    const { total } = (run as unknown as AnalysisRun).progress();
    expect(found).toBeLessThan(total);
    expect(ticks).toBeGreaterThan(20);
    expect(longest).toBeLessThan(50);
    // Its thread, and a again: cancelled, the thread ends.
    const started = [...threads()].filter((t) => !before.has(t));
    expect(started.length).toBeGreaterThan(0);
    await press(r.stdin, 'a');
    await frameWhen(r.lastFrame, 'Analysis cancelled at');
    await frameWhen(r.lastFrame, () => started.every((t) => !threads().has(t)), 10_000);
  }, 60_000);
});

describe('a on a game’s end screen', () => {
  it('opens the replay of that game at its end, with its analysis running', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-analysed-')), 'game.jsonl');
    const runs: FixedRun[] = [];
    const options = appOptions({
      opening: { kind: 'entry', entry: 'yut' },
      settings: { players: 2, pieces: 1 },
      kinds: ['strong', 'strong'],
      seed: 3,
      botDelay: 0,
      recorder: (header) => openRecorder({ mode: 'file', file }, header),
      recordings: {
        list: () => ({ directory: '', recordings: [] }),
        open: (f, mode) => openRecording(f, mode, lookup),
      },
      analyse: (game, timeline, names) => {
        const run = fixedRun(fixedAnalysis(game.rules, timeline, names), { sliceMs: 20 });
        runs.push(run);
        return run;
      },
    });
    const r = renderSized(<App options={options} />, 80, 24);
    cleanup = r.unmount;
    const over = await frameWhen(r.lastFrame, 'wins! ★', 15_000);
    expect(over).toContain('w seats swapped · a analyse');
    await press(r.stdin, 'a');
    const replay = await frameWhen(r.lastFrame, 'analysing ▕');
    expect(runs).toHaveLength(1);
    // At the end of the game, every event of it in the replay.
    const loaded = await loadRecording(file, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const events = loaded.recording.events.length;
    expect(replay).toContain(`event ${events}/${events}`);
    expect(replay).toContain('■ the end');
  });

  it('says so when the game was not recorded, and stays', async () => {
    const options = appOptions({
      opening: { kind: 'entry', entry: 'yut' },
      settings: { players: 2, pieces: 1 },
      kinds: ['strong', 'strong'],
      seed: 3,
      botDelay: 0,
    });
    const r = renderSized(<App options={options} />, 80, 24);
    cleanup = r.unmount;
    await frameWhen(r.lastFrame, 'wins! ★', 15_000);
    await press(r.stdin, 'a');
    const frame = await frameWhen(r.lastFrame, 'not recorded');
    expect(frame).toContain('wins! ★');
  });
});
