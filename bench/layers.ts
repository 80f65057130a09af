/**
 * Layers' figures: how the cost of a round grows with N (random players' playouts for N = 10,
 * 100 and 1,000), the computers' strength in 10-player games (each level's share of the wins
 * against its share of the seats, with intervals), and their decision times.
 */
import type { Level } from '../source/engine/bots.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { layersBot } from '../source/games/layers/bot.js';
import { layersGame, type LayersState } from '../source/games/layers/rules.js';
import { type Figure, fmt, quantile, type Section, wilson } from './report.js';

/** One game; each seat's level from `levels`; decision times into `times`. */
function playGame(
  players: number,
  turns: number,
  levels: readonly Level[],
  seed: number,
  times?: Record<string, number[]>,
  maxRounds = Number.POSITIVE_INFINITY,
): { state: LayersState; events: number } {
  const random = seededRandom(seed);
  const bots = levels.map((level) => layersBot(level));
  let s = layersGame.setup({ players, turns });
  let events = 0;
  while (layersGame.outcome(s).status === 'running' && s.round <= maxRounds) {
    const outcomes = layersGame.chance(s);
    if (outcomes) s = layersGame.reduce(s, sampleChance(outcomes, random).event);
    else {
      const seat = layersGame.toAct(s);
      const start = times ? performance.now() : 0;
      const { event } = (bots[seat] as (typeof bots)[number]).choose(s, random);
      if (times) (times[levels[seat] as Level] ??= []).push(performance.now() - start);
      s = layersGame.reduce(s, event);
    }
    events++;
  }
  return { state: s, events };
}

export function layersSection(quick: boolean): Section {
  const figures: Figure[] = [];
  // Playouts: random players, a fixed number of rounds (a random game may run long at N = 1,000).
  for (const players of [10, 100, 1000]) {
    const rounds = players === 1000 ? 2 : 10;
    const games = quick ? 1 : players === 10 ? 200 : players === 100 ? 20 : 2;
    let events = 0;
    let played = 0;
    const start = performance.now();
    for (let g = 0; g < games; g++) {
      const r = playGame(players, 100, Array(players).fill('random'), g, undefined, rounds);
      events += r.events;
      played += Math.min(r.state.round, rounds);
    }
    const ms = performance.now() - start;
    figures.push({
      what: `N = ${fmt(players)}: random playouts, events per second (${fmt(played)} rounds)`,
      value: fmt((events / ms) * 1000),
    });
    figures.push({ what: `  time per round`, value: `${fmt(ms / played, 2)} ms` });
  }
  // Whole games of strong computers (K = 3) by N: a round's time and the heap it leaves, and a
  // decision's cost per player, which must not grow with N (issue 32: O(N) a decision).
  const perPlayer: string[] = [];
  // A game first, so that the worst decision measured is not the compiler warming up.
  playGame(100, 3, Array(100).fill('strong'), 89_999);
  for (const players of [10, 100, 1000]) {
    const games = quick ? 1 : players === 1000 ? 3 : players === 100 ? 10 : 100;
    const times: Record<string, number[]> = {};
    let rounds = 0;
    let heap = 0;
    const start = performance.now();
    for (let g = 0; g < games; g++) {
      const { state } = playGame(players, 3, Array(players).fill('strong'), 90_000 + g, times);
      rounds += state.round;
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    }
    const ms = performance.now() - start;
    const t = times.strong ?? [];
    figures.push({
      what: `N = ${fmt(players)}: strong computers, a whole game (${fmt(games)} games, ${fmt(rounds)} rounds)`,
      value: `${fmt(ms / games / 1000, 2)} s`,
      target: players === 1000 ? 'under 300 s' : '',
    });
    figures.push({ what: '  time per round', value: `${fmt(ms / rounds, 1)} ms` });
    figures.push({ what: '  heap in use after the games', value: `${fmt(heap / 2 ** 20, 1)} MiB` });
    figures.push({
      what: `  decision median / 99th / worst (${fmt(t.length)})`,
      value: `${fmt(quantile(t, 0.5), 3)} / ${fmt(quantile(t, 0.99), 3)} / ${fmt(Math.max(...t), 1)} ms`,
      target: 'worst under 50 ms',
    });
    perPlayer.push(`${fmt((1000 * quantile(t, 0.5)) / players, 2)}`);
  }
  figures.push({
    what: '  median decision per player, µs (N = 10, 100, 1,000)',
    value: perPlayer.join(' / '),
    target: 'not growing with N',
  });
  // Strength: ten seats, four strong, three greedy, three random, the levels going round the
  // seats from game to game; K = 3.
  const games = quick ? 20 : 1000;
  const mix: Level[] = [
    'strong',
    'strong',
    'strong',
    'strong',
    'greedy',
    'greedy',
    'greedy',
    'random',
    'random',
    'random',
  ];
  const wins: Record<string, number> = {};
  const times: Record<string, number[]> = {};
  const start = performance.now();
  for (let g = 0; g < games; g++) {
    const levels = mix.map((_, seat) => mix[(seat + g) % mix.length] as Level);
    const { state } = playGame(10, 3, levels, 50_000 + g, times);
    const level = levels[state.winner ?? -1];
    if (level) wins[level] = (wins[level] ?? 0) + 1;
  }
  for (const level of ['strong', 'greedy', 'random'] as const) {
    const w = wins[level] ?? 0;
    const [lo, hi] = wilson(w, games);
    const seats = mix.filter((l) => l === level).length;
    figures.push({
      what: `${level}: share of the wins (${fmt(games)} games of 10, ${seats} seats of 10)`,
      value: `${fmt((100 * w) / games, 1)}% [${fmt(100 * lo, 1)}–${fmt(100 * hi, 1)}]`,
      target: `${seats * 10}% by seats`,
    });
  }
  figures.push({ what: '  wall time', value: `${fmt((performance.now() - start) / 1000, 1)} s` });
  for (const level of ['random', 'greedy', 'strong']) {
    const t = times[level] ?? [];
    figures.push({
      what: `${level}: decision time median / 95th (${fmt(t.length)} decisions)`,
      value: `${fmt(quantile(t, 0.5), 3)} / ${fmt(quantile(t, 0.95), 3)} ms`,
    });
  }
  return { title: 'Layers (playouts by N; 10-player games of the three levels, K = 3)', figures };
}
