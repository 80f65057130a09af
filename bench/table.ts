/**
 * The table's cost: the same Yut games (2 × 4, random choices, true-probability throws) played
 * event for event through the bare reducer and through a table (seat checks, the rules' check,
 * the recorder, every subscriber told, the computers' pacing looked at), in interleaved rounds so
 * that a busy moment of the machine hits both. Issue 26 wants the table within 10% of the bare
 * reducer (a ratio ≥ 0.9). Printed, never pass/fail.
 */
import type { ChanceSource } from '../source/engine/chance.js';
import { NO_RECORDING } from '../source/engine/recording.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { seatOf } from '../source/engine/seats.js';
import { yutCore } from '../source/games/yut/core.js';
import {
  chance,
  check,
  legalEvents,
  reduce,
  setup,
  type YutEvent,
  type YutState,
} from '../source/games/yut/rules.js';
import { Table } from '../source/table/table.js';
import { type Figure, fmt, type Section } from './report.js';

const OPTIONS = { players: 2, pieces: 4, frontProbability: 0.5 };

/** One random game's events, decided once so that both ways play exactly the same game. */
function game(seed: number): YutEvent[] {
  const random = seededRandom(seed);
  const events: YutEvent[] = [];
  let state: YutState = setup(OPTIONS);
  while (state.phase !== 'over') {
    const outcomes = chance(state);
    const legal = outcomes ? [] : legalEvents(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (legal[random.below(legal.length)] as YutEvent);
    events.push(event);
    state = reduce(state, event);
  }
  return events;
}

function bare(events: readonly YutEvent[]): number {
  let state = setup(OPTIONS);
  for (const event of events) state = reduce(state, event);
  return state.phase === 'over' ? events.length : 0;
}

/** The engine's own checked step (engine/game.ts `apply`: the reason, then the state). */
function checked(events: readonly YutEvent[]): number {
  let state = setup(OPTIONS);
  for (const event of events) {
    if (check(state, event) !== undefined) return 0;
    state = reduce(state, event);
  }
  return state.phase === 'over' ? events.length : 0;
}

const NO_TIMERS = { after: () => () => {} };
const SEATS = [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')];

function throughTable(events: readonly YutEvent[]): number {
  let next = 0;
  // The table draws each throw from its chance source: here, the game's own throws in order.
  const source: ChanceSource<YutEvent> = {
    next: () => ({ ok: true, event: events[next] as YutEvent }),
  };
  const table = new Table<YutState, YutEvent>({
    game: yutCore,
    initial: setup(OPTIONS),
    seats: SEATS,
    chance: source,
    recorder: NO_RECORDING,
    botSeed: 0,
    scheduler: NO_TIMERS,
    botDelay: 0,
  });
  // Two players' views and a spectator's, each keeping what it is told.
  const views = [table.view([0]), table.view([1]), table.view([])];
  let told = 0;
  for (const view of views) view.subscribe(() => told++);
  table.start();
  for (; next < events.length; next++) {
    const event = events[next] as YutEvent;
    const seat = table.toAct;
    const view = views[seat] as (typeof views)[number];
    const answer =
      event.type === 'yut/sticksThrown'
        ? view.send({ type: 'chance', seat })
        : view.send({ type: 'move', seat, event });
    if (!answer.ok) throw new Error(`the table refused a game's event: ${answer.problem}`);
  }
  return table.outcome.status === 'won' && told === 3 * events.length ? events.length : 0;
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Events per second over the games, repeated for about `ms` milliseconds: per second of the
 * clock, and per second of this process's CPU (which a machine busy with other work disturbs
 * far less: the clock's ratio swings from 0.2 to 1.4 under load, the CPU's by a few hundredths).
 */
function rate(play: (events: readonly YutEvent[]) => number, games: YutEvent[][], ms: number) {
  let events = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ms) for (const g of games) events += play(g);
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { wall: events / wall, cpu: events / ((used.user + used.system) / 1e6) };
}

export function tableSection(quick: boolean): Section {
  const games = Array.from({ length: 200 }, (_, seed) => game(seed));
  const events = games.reduce((n, g) => n + g.length, 0);
  // Warm up both, and check that the table plays every game to its end.
  for (let i = 0; i < 3; i++) for (const g of games) bare(g);
  let played = 0;
  for (let i = 0; i < 3; i++)
    for (const g of games) if (throughTable(g) === g.length && g.length > 0) played++;
  const rounds = quick ? 3 : 9;
  const ms = quick ? 200 : 700;
  const bareRates: number[] = [];
  const checkedRates: number[] = [];
  const tableRates: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const checkedRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const b = rate(bare, games, ms);
    const c = rate(checked, games, ms);
    const t = rate(throughTable, games, ms);
    bareRates.push(b.wall);
    checkedRates.push(c.wall);
    tableRates.push(t.wall);
    ratios.push(t.wall / b.wall);
    cpuRatios.push(t.cpu / b.cpu);
    checkedRatios.push(t.cpu / c.cpu);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const cpuSorted = [...cpuRatios].sort((a, b) => a - b);
  const figures: Figure[] = [
    {
      what: `games played to the end through the table (of ${3 * games.length})`,
      value: `${fmt(played)} (${fmt(events)} events a pass)`,
    },
    {
      what: 'events/s, bare reducer · check + reduce · table with 3 views (medians)',
      value: `${fmt(median(bareRates))} · ${fmt(median(checkedRates))} · ${fmt(median(tableRates))}`,
    },
    {
      what: `table ÷ bare reducer (min / median / max of ${rounds} rounds)`,
      value: `${fmt(sorted[0] as number, 3)} / ${fmt(median(ratios), 3)} / ${fmt(sorted.at(-1) as number, 3)}`,
      target: '≥ 0.9',
    },
    {
      what: `the same per CPU second (min / median / max)`,
      value: `${fmt(cpuSorted[0] as number, 3)} / ${fmt(median(cpuRatios), 3)} / ${fmt(cpuSorted.at(-1) as number, 3)}`,
      target: '≥ 0.9',
    },
    {
      what: 'table ÷ check + reduce (median, per CPU second)',
      value: fmt(median(checkedRatios), 3),
    },
  ];
  return { title: 'The table against the bare reducer (Yut, 2 × 4)', figures };
}
