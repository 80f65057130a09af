/**
 * How Yut's learned evaluation was fit: positions from self-play of the strong level (with a
 * random move one time in ten, for variety), each labelled with whether seat 0 went on to win,
 * and a logistic regression of that on the difference of the two seats' `features`. Run by
 * hand (about a minute); it prints the weights for `LEARNED` in source/games/yut/bot.ts:
 *   npx tsc -p tsconfig.bench.json && node dist-bench/bench/learn-yut.js [games]
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { features, yutBot } from '../source/games/yut/bot.js';
import { setup, yutGame, type YutState } from '../source/games/yut/rules.js';

interface Sample {
  readonly x: number[];
  readonly y: number;
}

function selfPlay(seeds: readonly number[]): Sample[] {
  const bot = yutBot('strong');
  const samples: Sample[] = [];
  for (const seed of seeds) {
    const random = seededRandom(seed);
    let state: YutState = setup({ players: 2, pieces: 4 });
    const seen: number[][] = [];
    while (state.phase !== 'over') {
      const outcomes = yutGame.chance(state);
      if (outcomes) {
        state = yutGame.reduce(state, sampleChance(outcomes, random).event);
        continue;
      }
      const [a, b] = [features(state, 0), features(state, 1)];
      seen.push(a.map((v, i) => v - (b[i] as number)));
      const legal = yutGame.legalEvents(state);
      const event =
        random.next() < 0.1 ? legal[random.below(legal.length)] : bot.choose(state, random).event;
      state = yutGame.reduce(state, event as never);
    }
    for (const x of seen) samples.push({ x, y: state.winner === 0 ? 1 : 0 });
  }
  return samples;
}

if (!isMainThread && workerData?.seeds)
  parentPort?.postMessage(selfPlay(workerData.seeds as number[]));

/** Logistic regression without intercept (the features are differences: symmetric by design). */
function fit(samples: readonly Sample[], rounds = 400): number[] {
  const k = (samples[0] as Sample).x.length;
  const w = Array<number>(k).fill(0);
  // Adam on the mean log-loss, full batch.
  const m = Array<number>(k).fill(0);
  const v = Array<number>(k).fill(0);
  for (let t = 1; t <= rounds; t++) {
    const g = Array<number>(k).fill(0);
    let loss = 0;
    for (const { x, y } of samples) {
      let z = 0;
      for (let i = 0; i < k; i++) z += (w[i] as number) * (x[i] as number);
      const p = 1 / (1 + Math.exp(-z));
      loss -= y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12);
      for (let i = 0; i < k; i++) g[i] = (g[i] as number) + (p - y) * (x[i] as number);
    }
    for (let i = 0; i < k; i++) {
      const gi = (g[i] as number) / samples.length;
      m[i] = 0.9 * (m[i] as number) + 0.1 * gi;
      v[i] = 0.999 * (v[i] as number) + 0.001 * gi * gi;
      const mh = (m[i] as number) / (1 - 0.9 ** t);
      const vh = (v[i] as number) / (1 - 0.999 ** t);
      w[i] = (w[i] as number) - (0.05 * mh) / (Math.sqrt(vh) + 1e-8);
    }
    if (t % 100 === 0) console.log(`round ${t}: log-loss ${(loss / samples.length).toFixed(4)}`);
  }
  return w;
}

if (isMainThread) {
  const games = Number(process.argv[2] ?? 4000);
  const cores = Math.max(1, Math.min(availableParallelism(), 4));
  const file = fileURLToPath(import.meta.url);
  const parts = await Promise.all(
    Array.from(
      { length: cores },
      (_, c) =>
        new Promise<Sample[]>((resolve, reject) => {
          const seeds = Array.from({ length: games }, (_, i) => 5_000_000 + i).filter(
            (_, i) => i % cores === c,
          );
          const worker = new Worker(file, { workerData: { seeds } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const samples = parts.flat();
  console.log(`${samples.length} positions from ${games} games`);
  const w = fit(samples);
  console.log(`LEARNED = [${w.map((x) => x.toFixed(3)).join(', ')}]`);
}
