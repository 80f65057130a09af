/**
 * Layers' `n` on the full screen, measured: the real App through madang's renderer into a
 * terminal's diff, player 1 a person and the rest the strong computer. The person presses n, answers
 * their own turn (a fight at the aimed opponent, e after a draw) and presses n again, for some
 * rounds; meanwhile the event loop's delay is sampled (perf_hooks.monitorEventLoopDelay). The
 * longest block is how long a signal or a key could wait (issue 32: at most 50 ms).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AppOptions } from '../source/app/App.js';
import { SessionFactory } from '../source/table/session.js';
import type { Header, Recorder } from '../source/engine/recording.js';
import { GAMES } from '../source/games/index.js';
import {
  type LayersEvent,
  layersGame,
  type LayersOptions,
  type LayersState,
  toAct,
} from '../source/games/layers/rules.js';
import { type Figure, fmt, type Section } from './report.js';
import { drawApp } from './ui.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The CPU time this thread (the event loop's) has used, ms: the kernel's count where there is
 * one (Linux), else the process's (which counts the collector's helper threads too).
 */
function threadCpu(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

export interface HurryRun {
  /** The CPU time of the longest turn of the loop from Enter on the setup to the game drawn, ms. */
  readonly firstDraw: number;
  /** The longest and the 99th percentile of the event loop's delay, ms (the wall clock). */
  readonly max: number;
  readonly p99: number;
  /**
   * The CPU time of the loop's longest turn and the 99th percentile, ms: what the loop's thread
   * did in one turn, whatever else the machine runs (the wall clock counts that too).
   */
  readonly cpuMax: number;
  readonly cpuP99: number;
  readonly events: number;
  readonly rounds: number;
  readonly ms: number;
  readonly frames: number;
}

/** `rounds` rounds of a game of `players` with n, at `columns`×`rows`. */
export async function hurryRun(
  players: number,
  rounds: number,
  columns = 100,
  rows = 30,
  limitMs = 120_000,
): Promise<HurryRun> {
  // The recording, folded as it is written: the driver reads whose turn it is from it.
  let state: LayersState | undefined;
  let events = 0;
  const recorder = (header: Header): Recorder => {
    state = layersGame.setup(header.options as LayersOptions);
    return {
      file: undefined,
      event(event) {
        state = layersGame.reduce(state as LayersState, event as LayersEvent);
        events++;
      },
      takenBack() {},
      end() {},
      explained() {},
      close() {},
      problem: undefined,
    };
  };
  const options: AppOptions = {
    games: GAMES,
    opening: { kind: 'entry', entry: 'layers' },
    sessions: new SessionFactory({
      seed: 4,
      app: 'bench',
      openRecorder: recorder,
      appendRecorder: recorder as never,
      freshSeed: () => 4,
      now: () => new Date(),
    }),
    setupContext: () => ({
      settings: { players, turns: 100 },
      kinds: [],
      dataDir: '.',
      warn: () => {},
    }),
    botDelay: 0,
  };
  let frames = 0;
  const app = drawApp(options, columns, rows);
  app.onWrite = () => frames++;
  const stdin = app;
  await sleep(100);
  // The turns of the loop from Enter on the setup: the game screen's first draw is among them.
  let firstDraw = 0;
  let drawing = true;
  let before = threadCpu();
  const drawn = () => {
    const now = threadCpu();
    firstDraw = Math.max(firstDraw, now - before);
    before = threadCpu();
    if (drawing) setImmediate(drawn);
  };
  setImmediate(drawn);
  stdin.type('\r');
  while (state === undefined) await sleep(10);
  await sleep(200);
  drawing = false;
  const first = (state as LayersState).round;
  // Measured from the first n: the game's screen is drawn and the round's order drawn by then.
  while ((state as LayersState).phase === 'order' || toAct(state as LayersState) === 0) {
    const s = state as LayersState;
    // A draw is answered with e (Enter or r would wait for ever: the bench hung here when the
    // first round's person met a draw, as timing can have it).
    if (s.phase !== 'order')
      stdin.type(s.phase === 'draw' ? 'e' : layersGame.legalEvents(s).length > 1 ? '\r' : 'r');
    await sleep(20);
  }
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const start = performance.now();
  const eventsBefore = events;
  delay.enable();
  // The CPU time of each turn of the loop: an immediate that sets itself again runs once a turn.
  const turns: number[] = [];
  let probing = true;
  let cpu = threadCpu();
  const probe = () => {
    const now = threadCpu();
    turns.push(now - cpu);
    cpu = threadCpu();
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  let hurried = false;
  for (;;) {
    const s = state as LayersState;
    if (s.round >= first + rounds || layersGame.outcome(s).status !== 'running') break;
    if (performance.now() - start > limitMs) break;
    const person = (s.phase === 'turn' || s.phase === 'draw') && toAct(s) === 0;
    if (person) {
      // The person's own turn: fight the aimed opponent (or rest at the root of all), or
      // escape after a draw; then n again.
      stdin.type(s.phase === 'draw' ? 'e' : layersGame.legalEvents(s).length > 1 ? '\r' : 'r');
      hurried = false;
    } else if (!hurried) {
      stdin.type('n');
      hurried = true;
    }
    await sleep(20);
  }
  delay.disable();
  probing = false;
  const ms = performance.now() - start;
  turns.sort((a, b) => a - b);
  app.unmount();
  return {
    firstDraw,
    max: delay.max / 1e6,
    p99: delay.percentile(99) / 1e6,
    cpuMax: turns.at(-1) ?? 0,
    cpuP99: turns[Math.floor(turns.length * 0.99)] ?? 0,
    events: events - eventsBefore,
    rounds: (state as LayersState).round - first,
    ms,
    frames,
  };
}

export async function layersLoopSection(quick: boolean): Promise<Section> {
  const figures: Figure[] = [];
  for (const players of [100, 1000]) {
    const rounds = quick ? (players === 1000 ? 1 : 5) : players === 1000 ? 4 : 20;
    const run = await hurryRun(players, rounds);
    figures.push({
      what: `n on the full screen, N = ${fmt(players)}: event loop's longest block (${fmt(run.rounds)} rounds, ${fmt(run.events)} events, ${fmt(run.ms / 1000, 1)} s)`,
      value: `${fmt(run.max, 1)} ms`,
      target: 'under 50 ms',
    });
    figures.push({ what: '  99th percentile of the delay', value: `${fmt(run.p99, 1)} ms` });
    figures.push({
      what: '  CPU time of the longest turn from Enter on the setup to the game drawn',
      value: `${fmt(run.firstDraw, 1)} ms`,
      target: 'under 50 ms',
    });
    figures.push({
      what: '  CPU time of the loop’s longest turn / 99th percentile',
      value: `${fmt(run.cpuMax, 1)} / ${fmt(run.cpuP99, 1)} ms`,
      target: 'under 50 ms',
    });
    figures.push({
      what: '  events per second / frames written',
      value: `${fmt((run.events / run.ms) * 1000)} / ${fmt(run.frames)}`,
    });
  }
  return {
    title: "Layers: n on the full screen (madang's renderer, 100×30, player 1 a person)",
    figures,
  };
}
