/**
 * Bot figures: decision time per level (median, 95th percentile) and strength from paired
 * matches: each seed played twice with the seats swapped, so both sides meet the same throws.
 * The matches are spread over the machine's cores with worker threads.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Level } from '../source/engine/bots.js';
import { playMatch } from '../source/table/computers.js';
import type { Bot } from '../source/engine/bots.js';
import type { Game, GameEvent } from '../source/engine/game.js';
import { GAMES } from '../source/games/index.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';

/** Random moves before a paired game of a game without chance begins. */
const OPENING_MOVES = 4;

type GameName = string;

/**
 * Games whose paired matches start after random opening moves, the options a seed plays with,
 * and a tag for its decision times (so that one board size's can be reported on its own).
 */
const OPENINGS: Record<
  string,
  { readonly options?: (seed: number) => unknown; readonly tag?: (seed: number) => string }
> = {
  yote: {},
  // Kono's only dice choose the first player: the openings vary the rounds. One round a game,
  // the seeds going round the three board sizes as a tournament's rounds might.
  kono: {
    options: (seed) => ({ asker: null, size: KONO_SIZES[seed % 3] }),
    tag: (seed) => ` on ${KONO_SIZES[seed % 3]} × ${KONO_SIZES[seed % 3]}`,
  },
};
const KONO_SIZES = [5, 7, 9] as const;

/** A registered game's engine, a typical 2-player game, and its bots. */
function gameFor(id: GameName) {
  const module = GAMES.find((g) => g.id === id);
  if (!module) throw new Error(`no game ${id}`);
  const optionsOf = (seed: number) => {
    const parsed = module.parseOptions(OPENINGS[id]?.options?.(seed) ?? module.typicalOptions);
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed.options;
  };
  const game = module.rules as Game<unknown, GameEvent, unknown>;
  return {
    game,
    /**
     * The start of a paired game. A game with chance in play varies by its throws; one without
     * (Yoté, a Kono round) would repeat one game, so it starts after a few random moves (the
     * random computer's, chance drawn with its odds) from the seed instead.
     */
    initial: (seed: number) => {
      let state = game.setup(optionsOf(seed));
      if (!(id in OPENINGS)) return state;
      const random = seededRandom(seed ^ 0x2545f491);
      const mover = module.bot('random') as Bot<unknown, GameEvent>;
      for (let i = 0; i < OPENING_MOVES && game.outcome(state).status === 'running';) {
        const outcomes = game.chance(state);
        if (outcomes) state = game.reduce(state, sampleChance(outcomes, random).event);
        else {
          state = game.reduce(state, mover.choose(state, random).event);
          i++;
        }
      }
      return state;
    },
    bot: (level: Level) => module.bot(level) as Bot<unknown, GameEvent>,
  };
}
import { type Figure, fmt, quantile, type Section, wilson } from './report.js';

interface Job {
  readonly game: GameName;
  readonly a: Level;
  readonly b: Level;
  readonly seeds: readonly number[];
  /**
   * --quick: ms a worker plays, from when it is ready (loading the games in a worker took seconds
   * on a loaded machine): no game is begun after; each worker plays one at least.
   */
  readonly budget?: number | undefined;
}
interface JobResult {
  readonly winsA: number;
  readonly games: number;
  /** Games whose seed's other game (seats swapped) was not played: the deadline came between. */
  readonly unpaired: number;
  readonly times: Record<string, number[]>;
}

export function runJob({ game, a, b, seeds, budget }: Job): JobResult {
  const deadline = budget === undefined ? undefined : Date.now() + budget;
  const { game: engine, initial, bot } = gameFor(game);
  const times: Record<string, number[]> = { [a]: [], [b]: [] };
  let winsA = 0;
  let games = 0;
  let unpaired = 0;
  play: for (const seed of seeds) {
    for (const swapped of [false, true]) {
      if (deadline !== undefined && games > 0 && Date.now() >= deadline) {
        if (swapped) unpaired++;
        break play;
      }
      games++;
      const levels = swapped ? [b, a] : [a, b];
      const bots = levels.map((level) => bot(level));
      const tag = OPENINGS[game]?.tag?.(seed);
      const result = playMatch(engine, initial(seed), bots, seed, 100_000, (ms, seat) => {
        const level = levels[seat] as Level;
        times[level]?.push(ms);
        if (tag) (times[`${level}${tag}`] ??= []).push(ms);
      });
      // A draw counts half for each side.
      if (result.winner === (swapped ? 1 : 0)) winsA++;
      else if (engine.outcome(result.final).status === 'drawn') winsA += 0.5;
    }
  }
  return { winsA, games, unpaired, times };
}

// A worker of the pool: each message a job, each answer its result.
if (!isMainThread && workerData?.pool)
  parentPort?.on('message', (job: Job) => parentPort?.postMessage(runJob(job)));

/**
 * One worker a core (at most 4), made once and kept for every pairing of every section: a new
 * worker loads every game first, which took 3–5 s on a loaded machine, for each of ten pairings.
 */
let pool: Worker[] | undefined;

async function inParallel(job: Job): Promise<JobResult> {
  const cores = Math.max(1, Math.min(availableParallelism(), 4));
  const file = fileURLToPath(import.meta.url);
  pool ??= Array.from({ length: cores }, () => new Worker(file, { workerData: { pool: true } }));
  const workers = pool;
  const results = await Promise.all(
    workers.map(
      (worker, i) =>
        new Promise<JobResult>((resolve, reject) => {
          const seeds = job.seeds.filter((_, k) => k % workers.length === i);
          const failed = (error: Error) => reject(error);
          worker.once('error', failed);
          worker.once('message', (result: JobResult) => {
            worker.off('error', failed);
            resolve(result);
          });
          worker.postMessage({ ...job, seeds });
        }),
    ),
  );
  const times: Record<string, number[]> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.times)) appendAll((times[k] ??= []), v);
  return {
    winsA: results.reduce((n, r) => n + r.winsA, 0),
    games: results.reduce((n, r) => n + r.games, 0),
    unpaired: results.reduce((n, r) => n + r.unpaired, 0),
    times,
  };
}

/** Append without spreading: a spread of 100,000 numbers overflows the call stack. */
function appendAll(into: number[], from: readonly number[]): void {
  for (const x of from) into.push(x);
}

export const botsSection = (quick: boolean) =>
  strengthSection('yut', 'Bots (Yut, 2 players × 4 pieces)', quick);
export const urBotsSection = (quick: boolean) =>
  strengthSection('ur', 'Bots (Royal Game of Ur, historical board)', quick);
export const yoteBotsSection = (quick: boolean) =>
  strengthSection('yote', 'Bots (Yoté, from 4 random opening moves; a draw counts half)', quick, {
    strong: '≥ 70%',
    greedy: '≥ 90%',
    time: '95th < 500 ms',
    // 1,000 games a pairing: the strong level thinks about 70 ms a move, so this is the long one.
    pairs: 500,
  });

interface Targets {
  readonly strong: string;
  readonly greedy: string;
  readonly time: string;
  /** Whose decision times the time target is for (by default the strong level's). */
  readonly timeOf?: string;
  /** Seeds per pairing in a full run (each played twice). */
  readonly pairs?: number;
  /** Pairings played first: a level above strong against strong and greedy, with targets. */
  readonly above?: readonly (readonly [Level, Level, string])[];
}

export const konoBotsSection = (quick: boolean) =>
  strengthSection(
    'kono',
    'Bots (Kono, one round on 5 × 5, 7 × 7 or 9 × 9 from 4 random opening moves; a draw counts half)',
    quick,
    {
      strong: '≥ 70%',
      greedy: '≥ 90%',
      time: '95th < 500 ms',
      timeOf: 'strong on 9 × 9',
      pairs: 500,
    },
  );

const TARGETS: Record<string, Targets> = {
  yut: {
    strong: '≥ 58%',
    greedy: '≥ 75%',
    time: '95th < 200 ms',
    timeOf: 'expert',
    above: [
      ['expert', 'strong', '≥ 55%'],
      ['expert', 'greedy', '≥ 64%'],
    ],
  },
  ur: { strong: '', greedy: '', time: 'median < 200 ms' },
};

/** --quick: how long each pairing plays (each worker finishes the game it is in, one at least). */
const QUICK_PAIRING_MS = 1000;

async function strengthSection(
  game: GameName,
  title: string,
  quick: boolean,
  targets = TARGETS[game],
): Promise<Section> {
  // Seeds per pairing (each is played twice); --pairs N overrides. --quick plays each pairing for
  // QUICK_PAIRING_MS instead: 60 seeds let Yut's expert and Yoté's strong pairings run a minute
  // each on an idle machine, four on a loaded one.
  const asked = process.argv.indexOf('--pairs');
  const pairs = asked > 0 ? Number(process.argv[asked + 1]) : (targets?.pairs ?? 1000);
  const budget = quick && asked < 0 ? QUICK_PAIRING_MS : undefined;
  const figures: Figure[] = [];
  const allTimes: Record<string, number[]> = {};
  // --pairing a:b plays that pairing alone (such as a level being tried against strong).
  const one = process.argv[process.argv.indexOf('--pairing') + 1]?.split(':') as Level[];
  const pairings: (readonly [Level, Level, string])[] = process.argv.includes('--pairing')
    ? [[one[0] as Level, one[1] as Level, '']]
    : [
        ...(targets?.above ?? []),
        ['strong', 'greedy', targets?.strong ?? ''],
        ['greedy', 'random', targets?.greedy ?? ''],
      ];
  for (const [a, b, target] of pairings) {
    const seeds = Array.from({ length: pairs }, (_, i) => 10_000 + i);
    const start = performance.now();
    const { winsA, games, unpaired, times } = await inParallel({ game, a, b, seeds, budget });
    const [lo, hi] = wilson(winsA, games);
    figures.push({
      what: `${a} vs ${b}: win rate (${fmt(games)} games, ${unpaired > 0 ? `${fmt(unpaired)} of them unpaired` : 'paired seeds'})`,
      value: `${fmt((100 * winsA) / games, 1)}% [${fmt(100 * lo, 1)}–${fmt(100 * hi, 1)}]`,
      target,
    });
    figures.push({ what: `  wall time`, value: `${fmt((performance.now() - start) / 1000, 1)} s` });
    for (const [k, v] of Object.entries(times)) appendAll((allTimes[k] ??= []), v);
  }
  // Each level's times, then by tag (a board size) where the game has them.
  const keys = Object.keys(allTimes).sort((x, y) => x.length - y.length || x.localeCompare(y));
  for (const key of keys) {
    const t = allTimes[key] ?? [];
    figures.push({
      what: `${key}: decision time median / 95th (${fmt(t.length)} decisions)`,
      value: `${fmt(quantile(t, 0.5), 3)} / ${fmt(quantile(t, 0.95), 3)} ms`,
      target: key === (targets?.timeOf ?? 'strong') ? (targets?.time ?? '') : '',
    });
  }
  return { title, figures };
}
