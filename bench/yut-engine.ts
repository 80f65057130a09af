/** Yut engine throughput: random playouts through the immutable reducer, on one core. */
import { sampleChance, seededRandom } from '../source/engine/random.js';
import {
  chance as urChance,
  legalEvents as urLegal,
  reduce as urReduce,
  setup as setupUr,
} from '../source/games/ur/rules.js';
import { chance, legalEvents, reduce, setup, type YutState } from '../source/games/yut/rules.js';
import { type Figure, fmt, type Section } from './report.js';

/** One game with random legal choices and true-probability throws; returns its event count. */
export function randomPlayout(players: number, pieces: number, seed: number): number {
  const random = seededRandom(seed);
  let state: YutState = setup({ players, pieces });
  let events = 0;
  while (state.phase !== 'over') {
    const outcomes = chance(state);
    let event: unknown;
    if (outcomes) {
      event = sampleChance(outcomes, random).event;
    } else {
      const legal = legalEvents(state);
      event = legal[random.below(legal.length)];
    }
    state = reduce(state, event);
    events++;
  }
  return events;
}

function measure(
  players: number,
  seconds: number,
): { events: number; games: number; elapsed: number } {
  // Warm up the JIT, then play for a fixed time.
  for (let i = 0; i < 200; i++) randomPlayout(players, 4, i);
  let events = 0;
  let games = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) events += randomPlayout(players, 4, 1000 + games++);
  }
  return { events, games, elapsed: (performance.now() - start) / 1000 };
}

export function yutEngineSection(quick: boolean): Section {
  const figures: Figure[] = [];
  for (const players of [2, 4]) {
    const { events, games, elapsed } = measure(players, quick ? 1 : 5);
    figures.push(
      {
        what: `random playout, ${players} players × 4 pieces: events/s`,
        value: fmt(events / elapsed),
        target: '≥ 300,000',
      },
      {
        what: `random playout, ${players} players × 4 pieces: games/s`,
        value: fmt(games / elapsed),
      },
      { what: `  events per game (mean of ${fmt(games)} games)`, value: fmt(events / games, 1) },
    );
  }
  return { title: 'Yut engine (one core, immutable reducer)', figures };
}

/** Ur playouts on the historical board, measured the same way. */
export function urEngineSection(quick: boolean): Section {
  const play = (seed: number) => {
    const random = seededRandom(seed);
    let state = setupUr();
    let events = 0;
    while (state.phase !== 'over') {
      const outcomes = urChance(state);
      const legal = urLegal(state);
      state = urReduce(
        state,
        outcomes ? sampleChance(outcomes, random).event : legal[random.below(legal.length)],
      );
      events++;
    }
    return events;
  };
  for (let i = 0; i < 200; i++) play(i);
  let events = 0;
  let games = 0;
  const start = performance.now();
  const end = start + (quick ? 1000 : 5000);
  while (performance.now() < end) for (let i = 0; i < 20; i++) events += play(1000 + games++);
  const elapsed = (performance.now() - start) / 1000;
  return {
    title: 'Royal Game of Ur engine (one core, historical board)',
    figures: [
      { what: 'random playout: events/s', value: fmt(events / elapsed) },
      { what: 'random playout: games/s', value: fmt(games / elapsed) },
      { what: `  events per game (mean of ${fmt(games)} games)`, value: fmt(events / games, 1) },
    ],
  };
}
