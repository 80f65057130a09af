/** Helpers of the analysis tests: positions where a throw is due, and the mean luck over its throws. */
import { expect } from 'vitest';
import { analyzeAt } from '../../source/analysis/analyze.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { timelineOf } from '../../source/engine/timeline.js';
import { selfPlay } from '../../source/analysis/self-play.js';
import type { Level } from '../../source/engine/bots.js';
import type { Header } from '../../source/engine/recording.js';
import { coreOf } from '../../source/games/cores.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';

const core = (id: string) => coreOf(id) as AnyGameCore;

/** A position of a self-played game where a throw is due, as a timeline's events. */
export function throwDue(id: string, seed: number, depth: number, options: unknown) {
  const c = core(id);
  const random = seededRandom(seed);
  let state = c.rules.setup(options);
  const events: unknown[] = [];
  const bot = c.bot('greedy');
  let due: unknown[] | undefined;
  while (c.rules.outcome(state).status === 'running' && events.length < 2_000) {
    const outcomes = c.rules.chance(state);
    const inPlay = c.winChances?.('greedy', state).inPlay?.(state) ?? true;
    if (outcomes && inPlay && events.length >= depth) {
      due = [...events];
      break;
    }
    const event = outcomes ? sampleChance(outcomes, random).event : bot.choose(state, random).event;
    events.push(event);
    state = c.rules.reduce(state, event);
  }
  return due && { state, events: due };
}

/**
 * The luck of every throw that could come at a self-played position, each analysed on a timeline
 * of its own, weighed by its probability (undefined where the game ended before a throw).
 */
export function luckMean(id: string, options: unknown, seed: number, depth: number) {
  const c = core(id);
  const due = throwDue(id, seed, depth, options);
  if (!due) return undefined;
  const initial = c.rules.setup(options);
  let mean = 0;
  for (const o of c.rules.chance(due.state) ?? []) {
    const events = [...due.events, o.event] as never[];
    const timeline = timelineOf(c, initial, events, []);
    const d = analyzeAt(c, timeline, [], events.length - 1, { level: 'greedy' });
    expect(d?.kind).toBe('chance');
    if (d?.kind === 'chance') mean += o.probability * d.luck;
  }
  return mean;
}

/** The analysed games of fixtures/analysis: each game's recording, self-played from a seed. */
export interface AnalysisFixture {
  readonly name: string;
  readonly id: string;
  readonly options: unknown;
  /** Each seat's computer level in the self-play. */
  readonly levels: readonly Level[];
  readonly seed: number;
  /** Ur's exact analysis: the stones of the table built for it. */
  readonly table?: number;
}

export const ANALYSIS_FIXTURES: readonly AnalysisFixture[] = [
  {
    name: 'yut',
    id: 'yut',
    options: { players: 2, pieces: 4, frontProbability: 0.5 },
    levels: ['strong', 'greedy'],
    seed: 1,
  },
  {
    name: 'yut-advanced',
    id: 'yut',
    options: { players: 3, pieces: 4, animals: ['dog', 'sheep', 'cow'], frontProbability: 0.5 },
    levels: ['strong', 'greedy', 'random'],
    seed: 2,
  },
  { name: 'ur', id: 'ur', options: { stones: 7 }, levels: ['strong', 'greedy'], seed: 3 },
  {
    name: 'ur-exact',
    id: 'ur',
    options: { stones: 2 },
    levels: ['greedy', 'random'],
    seed: 4,
    table: 2,
  },
  {
    name: 'yote',
    id: 'yote',
    options: core('yote').typicalOptions,
    levels: ['greedy', 'random'],
    seed: 5,
  },
  {
    name: 'kono',
    id: 'kono',
    options: core('kono').typicalOptions,
    levels: ['greedy', 'random'],
    seed: 6,
  },
  {
    name: 'layers',
    id: 'layers',
    options: { players: 10, turns: 2 },
    levels: ['greedy', 'random'],
    seed: 7,
  },
];

/** Play a fixture's game and record it in `file` with the real writer. */
export function recordFixture(fixture: AnalysisFixture, file: string): void {
  const c = core(fixture.id);
  const parsed = c.parseOptions(fixture.options);
  if (!parsed.ok) throw new Error(parsed.problem);
  const game = selfPlay(c, fixture.levels, fixture.seed, parsed.options);
  const header: Header = {
    format: 'madang-recording',
    version: 1,
    game: fixture.id,
    options: parsed.options,
    players: game.names.map((_, s) => ({
      name: PLAYERS[s] ?? `Player ${s + 1}`,
      kind: 'bot' as const,
      level: fixture.levels[s % fixture.levels.length] as string,
    })),
    seed: fixture.seed,
    startedAt: '2026-01-01T00:00:00.000Z',
    app: 'madang fixtures',
  };
  const writer = RecordingWriter.create(header, file);
  for (const event of game.timeline.events) writer.event(event);
  if (game.timeline.outcome.status !== 'running') writer.end(game.timeline.outcome);
  else writer.close();
}

const PLAYERS = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo'];
