/**
 * The analysis (issue 31): seconds per decision at each level, a whole game of each game at the
 * default level (a 100-move Yut game has a 30 s target), the longest hold of the event loop while
 * a game is analysed (on the replay's worker thread, and in slices on the loop), and calibration: over self-played games, how often positions given a chance were won.
 */
import { analyzeGame, DEFAULT_LEVEL, SLICE_MS, startAnalysis } from '../source/analysis/analyze.js';
import { selfPlay, type SelfPlay } from '../source/analysis/self-play.js';
import { analyseOnWorker } from '../source/cli/analysing.js';
import type { Level } from '../source/engine/bots.js';
import type { AnyGameCore } from '../source/engine/core.js';
import { coreOf } from '../source/games/cores.js';
import type { KonoState } from '../source/games/kono/rules.js';
import { type Figure, fmt, type Section } from './report.js';
import { readFileSync } from 'node:fs';

const core = (id: string) => coreOf(id) as AnyGameCore;

interface Case {
  readonly name: string;
  readonly id: string;
  readonly options: unknown;
  /** The self-play's levels, seat by seat. */
  readonly levels: readonly Level[];
}

const CASES: readonly Case[] = [
  {
    name: 'Yut',
    id: 'yut',
    options: { players: 2, pieces: 4, frontProbability: 0.5 },
    levels: ['strong'],
  },
  {
    name: 'Yut advanced',
    id: 'yut',
    options: { players: 2, pieces: 4, animals: ['dog', 'cow'], frontProbability: 0.5 },
    levels: ['strong'],
  },
  { name: 'Ur (no table)', id: 'ur', options: { stones: 7 }, levels: ['strong'] },
  { name: 'Yoté', id: 'yote', options: core('yote').typicalOptions, levels: ['greedy'] },
  { name: 'Kono', id: 'kono', options: core('kono').typicalOptions, levels: ['greedy'] },
  { name: 'Layers', id: 'layers', options: core('layers').typicalOptions, levels: ['greedy'] },
];

const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

/** A's result for `seat` once the game (Kono: the round the decision is in) is over. */
function resultFor(
  c: AnyGameCore,
  game: SelfPlay,
  index: number,
  seat: number,
): number | undefined {
  if (c.id === 'kono') {
    // The round of the decision: the first result scored after it.
    let state = game.timeline.initial;
    for (let i = 0; i < game.timeline.events.length; i++) {
      state = c.rules.reduce(state, game.timeline.events[i]);
      const k = state as KonoState;
      if (i >= index && (k.phase === 'roundOver' || k.phase === 'over')) {
        const last = k.results.at(-1);
        return last?.winner === null ? 0.5 : last?.winner === seat ? 1 : 0;
      }
    }
    return undefined;
  }
  const outcome = game.timeline.outcome;
  if (outcome.status === 'won') return outcome.winner === seat ? 1 : 0;
  if (outcome.status === 'drawn') return 0.5;
  return undefined;
}

/** A self-played game and its analysis. */
interface Analysed {
  readonly game: SelfPlay;
  readonly analysis: ReturnType<typeof analyzeGame>;
}

/**
 * Self-played games analysed (or, under --quick, the one already analysed for the figures
 * above), every move's chance after it against how the game went.
 */
function calibration(c: Case, games: number, level: Level, given?: Analysed): Figure[] {
  const buckets = Array.from({ length: 10 }, () => ({ n: 0, said: 0, won: 0 }));
  let brier = 0;
  let count = 0;
  for (let g = 0; g < games; g++) {
    const game = given?.game ?? selfPlay(core(c.id), c.levels, 70_000 + g, c.options);
    if (game.timeline.outcome.status === 'running') continue;
    const analysis =
      given?.analysis ?? analyzeGame(core(c.id), game.timeline, game.names, { level });
    for (const d of analysis.decisions) {
      if (d.kind !== 'move' || d.choices <= 1) continue;
      const result = resultFor(core(c.id), game, d.index, d.seat);
      if (result === undefined) continue;
      const bucket = buckets[Math.min(9, Math.floor(d.after * 10))] as (typeof buckets)[number];
      bucket.n++;
      bucket.said += d.after;
      bucket.won += result;
      brier += (d.after - result) ** 2;
      count++;
    }
  }
  const figures: Figure[] = buckets.flatMap((b, i) =>
    b.n === 0
      ? []
      : [
          {
            what: `  ${c.name}: moves given ${i * 10}–${i * 10 + 10}%`,
            value: `won ${fmt((100 * b.won) / b.n, 1)}% (said ${fmt((100 * b.said) / b.n, 1)}%, n ${b.n})`,
          },
        ],
  );
  figures.push({
    what: `  ${c.name}: Brier score over ${count} moves of ${games} games`,
    value: fmt(brier / Math.max(1, count), 3),
    target: 'lower is better; 0.25 says nothing',
  });
  return figures;
}

/** The program's bundle (built by `npm run bench` first): the replay's analysis runs on it. */
const BUNDLE = new URL('../../dist/madang.js', import.meta.url);

/** This thread's CPU time so far, in ms (Linux's schedstat, in nanoseconds: no 10 ms ticks). */
function threadCpu(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/**
 * While a whole game is analysed (on the replay's worker thread, or in slices on this thread),
 * between two ticks of a 1 ms timer: the longest wait, and the most CPU this thread used (what
 * held the loop; the wait also counts the machine's other work, which a loaded machine adds).
 */
async function longestHold(
  c: AnyGameCore,
  game: SelfPlay,
  where: 'worker' | 'slices',
): Promise<{ waited: number; held: number }> {
  const options = { level: DEFAULT_LEVEL };
  const run =
    where === 'worker'
      ? analyseOnWorker(BUNDLE, c, game.timeline, game.names, options)
      : startAnalysis(c, game.timeline, game.names, options);
  let waited = 0;
  let held = 0;
  let last = performance.now();
  let lastCpu = threadCpu();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpu();
    waited = Math.max(waited, now - last);
    held = Math.max(held, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  }, 1);
  await new Promise<void>((resolve) => {
    run.subscribe(() => {
      if (run.summary() || run.problem?.()) resolve();
    });
  });
  clearInterval(ticker);
  return { waited, held };
}

export async function analysisSection(quick: boolean): Promise<Section> {
  const figures: Figure[] = [];
  // Each figure is said on standard error as it is found: a long run cut short keeps them.
  const add = (...items: Figure[]) => {
    for (const f of items) process.stderr.write(`${f.what}  ${f.value}  ${f.target ?? ''}\n`);
    figures.push(...items);
  };
  const levels: Level[] = quick ? [DEFAULT_LEVEL] : ['greedy', 'strong', 'expert'];
  const analysed = new Map<Case, Analysed>();
  for (const c of CASES) {
    const game = selfPlay(core(c.id), c.levels, 1, c.options);
    const events = game.timeline.events.length;
    for (const level of levels) {
      const [analysis, ms] = timed(() =>
        analyzeGame(core(c.id), game.timeline, game.names, { level }),
      );
      if (level === DEFAULT_LEVEL) analysed.set(c, { game, analysis });
      const n = analysis.decisions.length;
      add({
        what: `${c.name}: a decision or throw at ${level}`,
        value: `${fmt(ms / 1000 / Math.max(1, n), 4)} s`,
      });
      if (level === DEFAULT_LEVEL)
        add({
          what: `${c.name}: a whole game at ${level} (${events} events, ${n} analysed)`,
          value: seconds(ms),
        });
    }
  }
  // The target: a Yut game of at least 100 moves (pieces moved; throws besides) at the default
  // level. Two strong players finish in about 50 moves each game: the first of four that lasts.
  const yut = core('yut');
  const movesOf = (game: SelfPlay) =>
    game.timeline.events.filter((e) => e.type === 'yut/pieceMoved').length;
  let long: SelfPlay | undefined;
  for (let seed = 1; !long && seed < 100; seed++) {
    const game = selfPlay(yut, ['strong'], seed, { players: 4, pieces: 4, frontProbability: 0.5 });
    if (movesOf(game) >= 100) long = game;
  }
  if (long) {
    const moves = movesOf(long);
    const [analysis, ms] = timed(() =>
      analyzeGame(yut, long.timeline, long.names, { level: DEFAULT_LEVEL }),
    );
    add({
      what: `Yut: a ${moves}-move game of four (${long.timeline.events.length} events) at ${DEFAULT_LEVEL}`,
      value: `${seconds(ms)} (${fmt(ms / 1000 / Math.max(1, analysis.decisions.length), 4)} s a decision)`,
      target: '< 30 s',
    });
    // --quick: the loop's hold is watched over the two-player game's analysis, not the long one's
    // again (each of the two took as long as the figure above).
    const watched = quick ? selfPlay(yut, ['strong'], 1, CASES[0]?.options) : long;
    for (const where of ['worker', 'slices'] as const) {
      const { waited, held } = await longestHold(yut, watched, where);
      add({
        what: `Yut: while ${watched === long ? 'it' : `a ${movesOf(watched)}-move game of two`} was analysed ${where === 'worker' ? 'on the worker thread (the replay)' : `in slices of ${SLICE_MS} ms on the loop`}, the loop held at most / waited at most`,
        value: `${fmt(held, 0)} ms of CPU / ${fmt(waited, 0)} ms`,
        target: where === 'worker' ? 'held < 50 ms' : '',
      });
    }
  }
  add({
    what: `Calibration at ${DEFAULT_LEVEL}: moves with a choice, by the chance after them`,
    value: '',
  });
  const games: Record<string, number> = quick
    ? { yut: 1, ur: 1, yote: 1, kono: 1, layers: 1 }
    : { yut: 30, ur: 20, yote: 20, kono: 20, layers: 10 };
  for (const c of CASES) {
    if (c.name === 'Yut advanced') continue;
    // --quick: the game analysed above, not another self-played and analysed again.
    add(...calibration(c, games[c.id] ?? 2, DEFAULT_LEVEL, quick ? analysed.get(c) : undefined));
  }
  return { title: 'Analysis (issue 31)', figures };
}
