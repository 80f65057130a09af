/**
 * How the analysis's win chances were fit (issue 31): positions from self-play (each seat a
 * computer, one move in ten at random for variety), each labelled with how the game (Kono: the
 * round) went for a seat (1 won, ½ drawn, 0 lost), and the one scale k that makes
 * logistic(k × evaluation) fit those labels best (least log-loss; Layers: a softmax over every
 * player's worth, the winner's share). Run by hand, nice'd; it prints the constant for the game's
 * win-chances.ts:
 *   npx tsc -p tsconfig.bench.json && nice node dist-bench/bench/fit-chances.js GAME [games] [level]
 */
import type { Level } from '../source/engine/bots.js';
import type { AnyGameCore } from '../source/engine/core.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { coreOf } from '../source/games/cores.js';
import { evaluateKono } from '../source/games/kono/bot.js';
import type { KonoState } from '../source/games/kono/rules.js';
import { valueOf } from '../source/games/layers/bot.js';
import type { LayersState } from '../source/games/layers/rules.js';
import { evaluateUr } from '../source/games/ur/bot.js';
import type { UrState } from '../source/games/ur/rules.js';
import { evaluateYote } from '../source/games/yote/bot.js';
import type { YoteState } from '../source/games/yote/rules.js';
import { learnedEvaluate } from '../source/games/yut/bot.js';
import type { YutState } from '../source/games/yut/rules.js';

/** One position: each seat's raw evaluation, and each seat's result (1, ½, 0). */
interface Sample {
  readonly values: readonly number[];
  readonly result: readonly number[];
}

/** Each game's raw evaluation (what its win-chances.ts scales), and which positions are sampled. */
const RAW: Record<
  string,
  {
    value(state: unknown, seat: number): number;
    sampled?(state: unknown): boolean;
    options?: unknown;
  }
> = {
  yut: { value: (s, seat) => learnedEvaluate(s as YutState, seat) },
  ur: { value: (s, seat) => evaluateUr(s as UrState, seat), options: { stones: 7 } },
  yote: { value: (s, seat) => evaluateYote(s as YoteState, seat) },
  kono: {
    value: (s, seat) => evaluateKono(s as KonoState, seat),
    sampled: (s) => (s as KonoState).phase === 'play',
  },
  layers: { value: (s, seat) => valueOf(s as LayersState, seat) },
};

/** Results by seat once a game (Kono: its first round) is over. */
function resultOf(core: AnyGameCore, state: unknown, seats: number): number[] {
  if (core.id === 'kono') {
    const last = (state as KonoState).results.at(-1);
    return [0, 1].map((s) => (last?.winner === null ? 0.5 : last?.winner === s ? 1 : 0));
  }
  const outcome = core.rules.outcome(state);
  return Array.from({ length: seats }, (_, s) =>
    outcome.status === 'won'
      ? outcome.winner === s
        ? 1
        : 0
      : outcome.status === 'drawn'
        ? 0.5
        : 1 / seats,
  );
}

function samplesOf(core: AnyGameCore, games: number, level: Level): Sample[] {
  const raw = RAW[core.id]!;
  const options = raw.options ?? core.typicalOptions;
  const seats = core.seatCount(options);
  const bot = core.bot(level);
  const samples: Sample[] = [];
  for (let g = 0; g < games; g++) {
    const random = seededRandom(9_000_000 + g);
    let state = core.rules.setup(options);
    const seen: number[][] = [];
    let events = 0;
    const over = (s: unknown) =>
      core.rules.outcome(s).status !== 'running' ||
      (core.id === 'kono' && (s as KonoState).phase === 'roundOver');
    while (!over(state) && events++ < 5_000) {
      // Every position, throws due too: a search rates a line where a turn begins (a throw).
      if (raw.sampled?.(state) ?? true)
        seen.push(Array.from({ length: seats }, (_, s) => raw.value(state, s)));
      const outcomes = core.rules.chance(state);
      if (outcomes) {
        state = core.rules.reduce(state, sampleChance(outcomes, random).event);
        continue;
      }
      const legal = core.rules.legalEvents(state);
      const event =
        random.next() < 0.1 ? legal[random.below(legal.length)] : bot.choose(state, random).event;
      state = core.rules.reduce(state, event);
    }
    if (!over(state)) continue;
    const result = resultOf(core, state, seats);
    for (const values of seen) samples.push({ values, result });
  }
  return samples;
}

/** Mean log-loss of scale k: two seats a logistic of seat 0's value, more a softmax. */
function logLoss(samples: readonly Sample[], k: number): number {
  let loss = 0;
  for (const { values, result } of samples) {
    if (values.length === 2) {
      const p = 1 / (1 + Math.exp(-k * (values[0] as number)));
      const y = result[0] as number;
      loss -= y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12);
    } else {
      const top = Math.max(...values);
      const sum = values.reduce((a, v) => a + Math.exp(k * (v - top)), 0);
      values.forEach((v, s) => {
        const y = result[s] as number;
        if (y > 0) loss -= y * (k * (v - top) - Math.log(sum));
      });
    }
  }
  return loss / samples.length;
}

/** The best k by golden-section search on log k. */
function fit(samples: readonly Sample[]): { k: number; loss: number } {
  let [a, b] = [Math.log(1e-5), Math.log(100)];
  const f = (x: number) => logLoss(samples, Math.exp(x));
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  for (let i = 0; i < 80; i++) {
    if (f(c) < f(d)) b = d;
    else a = c;
    c = b - r * (b - a);
    d = a + r * (b - a);
  }
  const k = Math.exp((a + b) / 2);
  return { k, loss: logLoss(samples, k) };
}

const id = process.argv[2] ?? 'yut';
const games = Number(process.argv[3] ?? 200);
const level = (process.argv[4] ?? 'greedy') as Level;
const core = coreOf(id);
if (!core || !RAW[id]) throw new Error(`no game ${id}`);
const started = performance.now();
const samples = samplesOf(core, games, level);
const { k, loss } = fit(samples);
console.log(
  `${id}: ${samples.length} positions from ${games} games (${level}, 1 move in 10 at random), ` +
    `k = ${k.toPrecision(4)}, log-loss ${loss.toFixed(4)} (k = 0: ${logLoss(samples, 0).toFixed(4)}), ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s`,
);
