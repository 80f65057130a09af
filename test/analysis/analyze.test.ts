/**
 * The analysis where its answer is known (issue 31): a forced move loses nothing, the winner's
 * chance after the last move is 100%, luck averages to zero over every throw of a position, and
 * with Ur's solved table the change of the win chance over a game is the sum of luck and loss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeGame,
  gradeOf,
  moveAccuracy,
  startAnalysis,
} from '../../source/analysis/analyze.js';
import { selfPlay } from '../../source/analysis/self-play.js';
import { luckMean } from '../support/analysis.js';
import type { DecisionAnalysis, GameAnalysis } from '../../source/analysis/types.js';
import type { Level } from '../../source/engine/bots.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import { coreOf } from '../../source/games/cores.js';
import type { KonoState } from '../../source/games/kono/rules.js';
import { readTablesFrom } from '../../source/games/ur/solved-table.js';
import { setup as urSetup } from '../../source/games/ur/rules.js';
import { solveUr } from '../../source/games/ur/solve-run.js';

const core = (id: string) => coreOf(id) as AnyGameCore;

/** The games to analyse: every game and Yut's advanced one, each a short self-play. */
const GAMES: readonly { name: string; id: string; options: unknown; levels: Level[] }[] = [
  {
    name: 'Yut',
    id: 'yut',
    options: { players: 2, pieces: 2, frontProbability: 0.5 },
    levels: ['strong', 'greedy'],
  },
  {
    name: 'Yut advanced',
    id: 'yut',
    options: { players: 2, pieces: 4, animals: ['pig', 'sheep'], frontProbability: 0.5 },
    levels: ['greedy', 'random'],
  },
  { name: 'Ur (no table)', id: 'ur', options: { stones: 3 }, levels: ['greedy', 'random'] },
  { name: 'Yoté', id: 'yote', options: core('yote').typicalOptions, levels: ['greedy', 'random'] },
  { name: 'Kono', id: 'kono', options: core('kono').typicalOptions, levels: ['greedy', 'random'] },
  { name: 'Layers', id: 'layers', options: core('layers').typicalOptions, levels: ['greedy'] },
];

const dir = mkdtempSync(join(tmpdir(), 'madang-analysis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The chance of `seat` after an analysed event, from the mover's (two seats: its complement). */
const chanceOf = (d: DecisionAnalysis, seat: number) => (d.seat === seat ? d.after : 1 - d.after);

describe('grades and accuracy', () => {
  it('grades by lichess’s 5 / 10 / 15 points; a single legal move is "only"', () => {
    expect(gradeOf(0, 3)).toBe('best');
    expect(gradeOf(4.9, 3)).toBe('good');
    expect(gradeOf(5, 3)).toBe('inaccuracy');
    expect(gradeOf(10, 3)).toBe('mistake');
    expect(gradeOf(15, 3)).toBe('blunder');
    expect(gradeOf(40, 1)).toBe('only');
  });

  it('accuracy is 100 for the best move and falls with the loss', () => {
    expect(moveAccuracy(0)).toBeCloseTo(100, 0);
    expect(moveAccuracy(5)).toBeGreaterThan(moveAccuracy(10));
    expect(moveAccuracy(200)).toBe(0);
  });
});

describe.each(GAMES)('$name: a self-played game analysed', ({ id, options, levels }) => {
  const game = selfPlay(core(id), levels, 11, options);
  const analysis: GameAnalysis = analyzeGame(core(id), game.timeline, game.names, {
    level: 'greedy',
  });
  const moves = analysis.decisions.filter((d) => d.kind === 'move');

  it('has decisions, every chance a fraction and every loss ≥ 0, graded by it', () => {
    expect(game.timeline.outcome.status).not.toBe('running');
    expect(moves.length).toBeGreaterThan(5);
    for (const d of analysis.decisions) {
      for (const x of [d.before, d.after]) expect(x).toBeGreaterThanOrEqual(0);
      for (const x of [d.before, d.after]) expect(x).toBeLessThanOrEqual(1);
      if (d.kind !== 'move') continue;
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.loss).toBeCloseTo(Math.max(0, (d.bestAfter - d.after) * 100), 9);
      expect(d.grade).toBe(gradeOf(d.loss, d.choices));
      expect(d.played).not.toBe('');
      if (d.chances) expect(d.chances[d.seat]).toBe(d.after);
      expect(d.best).not.toBe('');
    }
  });

  it('each event’s chance before it is the chance the event before left, but after a throw that leaves another due', () => {
    // The chance of `seat` after an event: every seat's where more than two play.
    const left = (d: DecisionAnalysis, seat: number) => d.chances?.[seat] ?? chanceOf(d, seat);
    let chained = 0;
    const ds = analysis.decisions;
    for (let k = 1; k < ds.length; k++) {
      const [a, b] = [ds[k - 1] as DecisionAnalysis, ds[k] as DecisionAnalysis];
      // Next to each other on the timeline (not across Layers' order or Kono's rounds), and not
      // a throw after a throw (its chance after looks one throw less far than the next's before).
      if (b.index !== a.index + 1 || (a.kind === 'chance' && b.kind === 'chance')) continue;
      expect(Math.abs(left(a, b.seat) - b.before), `events ${a.index} and ${b.index}`).toBeLessThan(
        1e-9,
      );
      chained++;
    }
    expect(chained).toBeGreaterThan(ds.length / 2);
  });

  it('a forced move loses nothing', () => {
    const forced = moves.filter((d) => d.choices === 1);
    for (const d of forced) {
      expect(d).toMatchObject({ loss: 0, grade: 'only' });
      expect(d.after).toBe(d.bestAfter);
    }
  });

  it('the winner’s chance after the last move is 100% (Kono: each round’s)', () => {
    const outcome = game.timeline.outcome;
    let ends: { move: DecisionAnalysis; winner: number | null }[];
    if (id === 'kono') {
      // Each round ends at a move: the last move before the round is scored.
      const final = game.timeline.events.length;
      const state = (index: number) =>
        [...game.timeline.events.slice(0, index)].reduce(
          (s, e) => core(id).rules.reduce(s, e),
          game.timeline.initial,
        ) as KonoState;
      const results = state(final).results;
      expect(results.length).toBeGreaterThan(0);
      const last = moves.at(-1) as DecisionAnalysis;
      ends = [{ move: last, winner: results.at(-1)?.winner ?? null }];
    } else {
      expect(outcome.status).toBe('won');
      ends = [
        {
          move: moves.at(-1) as DecisionAnalysis,
          winner: outcome.status === 'won' ? outcome.winner : null,
        },
      ];
    }
    for (const { move, winner } of ends) {
      if (winner === null) expect(move.after).toBe(0.5);
      else if (move.seat === winner) expect(move.after).toBe(1);
      else expect(move.after).toBe(0);
      // More than two players: every seat's chance, the winner's 1 and the others' 0.
      if (game.names.length > 2)
        expect(move.chances).toEqual(game.names.map((_, s) => (s === winner ? 1 : 0)));
      else expect(move.chances).toBeUndefined();
    }
  });

  it('the summary adds each seat’s losses and luck', () => {
    for (const s of analysis.summary.seats) {
      const mine = analysis.decisions.filter((d) => d.seat === s.seat);
      const loss = mine.reduce((a, d) => a + (d.kind === 'move' ? d.loss : 0), 0);
      const luck = mine.reduce((a, d) => a + (d.kind === 'chance' ? d.luck : 0), 0);
      expect(s.totalLoss).toBeCloseTo(loss, 9);
      expect(s.totalLuck).toBeCloseTo(luck, 9);
      const graded = mine.filter((d) => d.kind === 'move' && d.grade !== 'only');
      expect(s.moves).toBe(graded.length);
      expect(s.blunders).toBe(
        graded.filter((d) => d.kind === 'move' && d.grade === 'blunder').length,
      );
    }
    expect(analysis.summary).toMatchObject({ game: id, level: 'greedy', exact: false });
  });
});

describe('luck', () => {
  it.each([
    ['yut', { players: 2, pieces: 4, frontProbability: 0.5 }],
    ['yut', { players: 3, pieces: 2, frontProbability: 0.6 }],
    ['ur', { stones: 3 }],
  ])('%s: averages to zero over every throw of a position (%j)', (id, options) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 60 }),
        (seed, depth) => {
          const mean = luckMean(id, options, seed, depth);
          if (mean !== undefined) expect(Math.abs(mean)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('Ur with a solved table: exact', () => {
  it('the change of the win chance over a game is the sum of luck and loss', async () => {
    readTablesFrom(dir);
    const rules = urSetup({ stones: 2 }).rules;
    expect((await solveUr({ rules, stones: 2, dataDir: dir, threads: 1 })).status).toBe('built');
    for (const seed of [1, 2, 3, 4]) {
      const game = selfPlay(core('ur'), ['random', 'greedy'], seed, { stones: 2 });
      const analysis = analyzeGame(core('ur'), game.timeline, game.names, { level: 'strong' });
      expect(analysis.summary.exact).toBe(true);
      const ds = analysis.decisions;
      const first = ds[0] as DecisionAnalysis;
      const last = ds.at(-1) as DecisionAnalysis;
      // White's chance from the first roll to the end, against White's luck and loss less Black's.
      const change =
        (chanceOf(last, 0) - (first.seat === 0 ? first.before : 1 - first.before)) * 100;
      let sum = 0;
      for (const d of ds) {
        const sign = d.seat === 0 ? 1 : -1;
        sum += sign * (d.kind === 'chance' ? d.luck : -d.loss);
      }
      // What is left is the table's own rounding: values kept as Float32, solved to 1e-7.
      expect(Math.abs(change - sum)).toBeLessThan(1e-4);
      // Each move's chance before it is the chance its roll left, to the last bit.
      for (let k = 1; k < ds.length; k++) {
        const [a, b] = [ds[k - 1] as DecisionAnalysis, ds[k] as DecisionAnalysis];
        if (b.kind === 'move' && a.kind === 'chance' && a.seat === b.seat)
          expect(b.before).toBe(a.after);
      }
    }
  });
});

describe('startAnalysis', () => {
  const c = core('yut');
  const game = selfPlay(c, ['strong', 'strong'], 5, c.typicalOptions);

  it('finds the decisions nearest the focus first and ends with the same analysis as analyzeGame', async () => {
    const whole = analyzeGame(c, game.timeline, game.names, { level: 'greedy' });
    const focus = Math.floor(game.timeline.events.length / 2);
    const run = startAnalysis(c, game.timeline, game.names, { level: 'greedy', focus });
    const order: number[] = [];
    // Timers run while it works: the event loop is given back between slices.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    await new Promise<void>((resolve) => {
      run.subscribe(() => {
        for (const index of run.found.keys()) if (!order.includes(index)) order.push(index);
        if (run.summary()) resolve();
      });
    });
    clearInterval(ticker);
    const near = Math.min(...whole.decisions.map((d) => Math.abs(d.index - focus)));
    expect(Math.abs((order[0] as number) - focus)).toBe(near);
    expect(run.progress()).toEqual({ done: whole.decisions.length, total: whole.decisions.length });
    expect([...run.found.values()].sort((a, b) => a.index - b.index)).toEqual(whole.decisions);
    expect(run.summary()).toEqual(whole.summary);
    // (How long a slice holds the loop is a figure of the bench, not a test: load stretches it.
    // How many 1 ms ticks fit in the run depends on the machine's speed too: on an idle machine
    // a greedy run takes a few slices, so the test asks only that timers ran while it worked.)
    expect(ticks).toBeGreaterThan(0);
  });

  it('stops when cancelled', async () => {
    const run = startAnalysis(c, game.timeline, game.names, { level: 'strong' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    run.cancel();
    const done = run.progress().done;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run.progress().done).toBe(done);
    expect(run.progress().total).toBeGreaterThan(done);
    expect(run.summary()).toBeUndefined();
  });
});
