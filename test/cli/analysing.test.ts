/**
 * The replay's analysis on a worker thread (cli/analysing.ts): the program's own bundle started as
 * a worker finds what the analysis here finds, every decision and the summary to the last bit;
 * it works first near the move it is told is shown; and a cancel ends its thread.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGame } from '../../source/analysis/analyze.js';
import type { AnalysisRun } from '../../source/analysis/types.js';
import { analyseOnWorker } from '../../source/cli/analysing.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import { coreOf } from '../../source/games/cores.js';
import { loadRecording } from '../../source/storage/load.js';
import { lookup } from '../support/games.js';
import { ROOT } from '../support/tmux.js';

/** dist/madang.js, built by the global setup, as main.ts names it. */
const BUNDLE = new URL('../../dist/madang.js', import.meta.url);

async function recording(name: string) {
  const loaded = await loadRecording(join(ROOT, 'fixtures', 'analysis', `${name}.jsonl`), lookup);
  if (!loaded.ok) throw new Error(loaded.problem);
  const { header, timeline } = loaded.recording;
  if (!timeline) throw new Error(`${name}: no timeline`);
  return {
    core: coreOf(header.game) as AnyGameCore,
    timeline,
    names: header.players.map((p) => p.name),
  };
}

/** This process's threads, by id. */
const threads = () => new Set(readdirSync('/proc/self/task'));

/** Resolves when `until` holds after a news of the run; fails after `ms`. */
function when(run: AnalysisRun, until: () => boolean, ms: number, what: string) {
  return new Promise<void>((resolve, reject) => {
    if (until()) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${what}: not within ${ms} ms`));
    }, ms);
    const stop = run.subscribe(() => {
      if (!until()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Resolves when `until` holds, looked at every 10 ms; fails after `ms`. */
async function polled(until: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!until()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the analysis on a worker thread', () => {
  it.each(['yote', 'yut'])(
    '%s: every decision and the summary are those found here',
    async (name) => {
      const { core, timeline, names } = await recording(name);
      const run = analyseOnWorker(BUNDLE, core, timeline, names, { level: 'strong' });
      await when(run, () => run.summary() !== undefined, 120_000, 'the summary');
      const here = analyzeGame(core, timeline, names, { level: 'strong' });
      const there = [...run.found.values()].sort((a, b) => a.index - b.index);
      expect(there).toEqual(here.decisions);
      expect(run.summary()).toEqual(here.summary);
      expect(run.progress()).toEqual({ done: here.decisions.length, total: expect.any(Number) });
      expect(run.problem?.()).toBeUndefined();
    },
    180_000,
  );

  it('works first near the move shown, and a cancel ends its thread', async () => {
    const { core, timeline, names } = await recording('ur');
    const before = threads();
    const run = analyseOnWorker(BUNDLE, core, timeline, names, { level: 'strong' });
    // Its thread, besides this process's others.
    await polled(() => [...threads()].some((t) => !before.has(t)), 10_000, 'a thread started');
    const started = [...threads()].filter((t) => !before.has(t));
    await when(run, () => run.found.size > 0, 30_000, 'a first decision');
    const last = timeline.events.length - 1;
    run.focus(last);
    // The last moves are found long before the rest (it was working from the first).
    await when(run, () => run.found.has(last - 1) || run.found.has(last), 30_000, 'the last move');
    const { done, total } = run.progress();
    expect(done).toBeLessThan(total / 2);
    run.cancel();
    await polled(
      () => started.every((t) => !threads().has(t)),
      10_000,
      'the thread ended after the cancel',
    );
    expect(run.summary()).toBeUndefined();
  }, 60_000);

  it('a game with no chances is refused at once, with the words startAnalysis says', async () => {
    const { core, timeline, names } = await recording('yote');
    const without = { ...core, winChances: undefined } as unknown as AnyGameCore;
    expect(() => analyseOnWorker(BUNDLE, without, timeline, names, { level: 'strong' })).toThrow(
      'gives no win chances for analysis',
    );
  });
});
