/** Yut engine throughput: random playouts through the immutable reducer, on one core. */
import { sampleChance, seededRandom } from '../source/engine/random.js';
import {
  chance as urChance,
  legalEvents as urLegal,
  reduce as urReduce,
  setup as setupUr,
} from '../source/games/ur/rules.js';
import { RESULTS } from '../source/games/yut/board.js';
import {
  chance,
  legalEvents,
  reduce,
  setup,
  type YutEvent,
  type YutState,
} from '../source/games/yut/rules.js';
import { resultOfSticks } from '../source/games/yut/sticks.js';
import { ReferenceYut, referencePlayout } from './yut-reference.js';
import { type Figure, fmt, type Section } from './report.js';

/**
 * One game with random legal choices and true-probability throws; returns its event count.
 * With `trace`, each event is written down in the reference's short codes, for the check.
 */
export function randomPlayout(
  players: number,
  pieces: number,
  seed: number,
  trace?: string[],
): number {
  const random = seededRandom(seed);
  let state: YutState = setup({ players, pieces });
  let events = 0;
  while (state.phase !== 'over') {
    const outcomes = chance(state);
    let event: YutEvent;
    if (outcomes) {
      event = sampleChance(outcomes, random).event;
    } else {
      const legal = legalEvents(state);
      event = legal[random.below(legal.length)] as YutEvent;
    }
    if (trace) {
      trace.push(
        event.type === 'yut/sticksThrown'
          ? `t${RESULTS.indexOf(resultOfSticks(event.sticks))}`
          : `m${event.from}:${RESULTS.indexOf(event.result)}`,
      );
    }
    state = reduce(state, event);
    events++;
  }
  return events;
}

/** Seeds on which the engine and the reference play different games (none, or the bench lies). */
export function differentGames(players: number, seeds: number): number[] {
  const reference = new ReferenceYut(players, 4);
  const different: number[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const engine: string[] = [];
    const mutable: string[] = [];
    randomPlayout(players, 4, seed, engine);
    referencePlayout(reference, seed, mutable);
    if (engine.join(' ') !== mutable.join(' ')) different.push(seed);
  }
  return different;
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Events per second of `play` over about `ms` milliseconds, seeds from `from` on. */
function rate(play: (seed: number) => number, ms: number, from: number): number {
  let events = 0;
  let seed = from;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) for (let i = 0; i < 20; i++) events += play(seed++);
  return events / ((performance.now() - start) / 1000);
}

/**
 * The engine against the limit: both on the same seeds, in interleaved rounds in one process
 * (so a busy moment of the machine hits both), after checking that they play the same games.
 */
export function yutReferenceSection(quick: boolean): Section {
  const figures: Figure[] = [];
  const seeds = quick ? 300 : 3000;
  const rounds = quick ? 3 : 9;
  for (const players of [2, 4]) {
    const different = differentGames(players, seeds);
    figures.push({
      what: `${players} × 4: games identical event for event (seeds 0–${seeds - 1})`,
      value: `${seeds - different.length} of ${seeds}`,
      target: 'all',
    });
    const reference = new ReferenceYut(players, 4);
    const engine = (seed: number) => randomPlayout(players, 4, seed);
    const mutable = (seed: number) => referencePlayout(reference, seed);
    for (let i = 0; i < 300; i++) {
      engine(i);
      mutable(i);
    }
    const ratios: number[] = [];
    const engineRates: number[] = [];
    const referenceRates: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const e = rate(engine, quick ? 200 : 600, 10_000 * round);
      const r = rate(mutable, quick ? 200 : 600, 10_000 * round);
      engineRates.push(e);
      referenceRates.push(r);
      ratios.push(e / r);
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    figures.push(
      {
        what: `${players} × 4: engine ÷ reference (min / median / max of ${rounds} rounds)`,
        value: `${fmt(sorted[0] as number, 3)} / ${fmt(median(ratios), 3)} / ${fmt(sorted.at(-1) as number, 3)}`,
        target: players === 2 ? '≥ 0.05' : '',
      },
      {
        what: `${players} × 4: events/s, engine · reference (medians)`,
        value: `${fmt(median(engineRates))} · ${fmt(median(referenceRates))}`,
      },
    );
  }
  return { title: 'Yut engine against a mutable reference of the same rules', figures };
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
