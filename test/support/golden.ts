/**
 * The golden games behind fixtures/recordings: seeded throws, seeded random legal choices, and
 * take-backs at fixed points. Playing one writes its recording with the real writer.
 */
import { foldEvents } from '../../source/engine/game.js';
import { seededRandom } from '../../source/engine/random.js';
import type { Header } from '../../source/engine/recording.js';
import { describeEvent } from '../../source/games/yut/describe.js';
import {
  legalEvents,
  reduce,
  setup,
  type YutEvent,
  type YutOptions,
  type YutState,
  yutGame,
} from '../../source/games/yut/rules.js';
import { seededThrows } from '../../source/games/yut/throws.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';

export interface GoldenGame {
  readonly name: string;
  readonly options: YutOptions;
  readonly names: readonly string[];
  readonly seed: number;
  /** Stop after this many events, leaving the game unfinished. */
  readonly stopAfter?: number;
  /** Take back the move just made when the event count reaches one of these (if allowed). */
  readonly takeBackAt?: readonly number[];
}

export function goldenHeader(game: GoldenGame): Header {
  return {
    format: 'madang-recording',
    version: 1,
    game: 'yut',
    options: game.options,
    players: game.names.map((name) => ({ name, kind: 'human' as const })),
    seed: game.seed,
    startedAt: '2026-01-01T00:00:00.000Z',
    app: 'madang fixtures',
  };
}

export interface Played {
  readonly state: YutState;
  readonly events: readonly YutEvent[];
  readonly log: readonly string[];
}

/** Play a golden game; with `file`, record it there. */
export function playGolden(game: GoldenGame, file?: string): Played {
  const writer = file ? RecordingWriter.create(goldenHeader(game), file) : undefined;
  const throws = seededThrows(game.seed);
  const choices = seededRandom(game.seed + 1);
  const initial = setup(game.options);
  let state = initial;
  let events: YutEvent[] = [];
  const log: string[] = [];
  const limit = game.stopAfter ?? Number.POSITIVE_INFINITY;
  let count = 0;
  while (state.phase !== 'over' && count < limit) {
    const legal = legalEvents(state);
    let event: YutEvent;
    if (legal.length === 0) {
      const drawn = throws.next();
      if (!drawn.ok) throw new Error(drawn.problem);
      event = drawn.event;
    } else {
      event = legal[choices.below(legal.length)] as YutEvent;
    }
    const next = reduce(state, event);
    log.push(...describeEvent(state, event, next, game.names));
    writer?.event(event);
    events.push(event);
    count++;
    if (
      game.takeBackAt?.includes(count) &&
      event.type === 'yut/pieceMoved' &&
      next.turn === state.turn
    ) {
      writer?.takenBack();
      log.push('(taken back)');
      events = events.slice(0, -1);
      state = foldEvents(yutGame, initial, events).state;
      continue;
    }
    state = next;
  }
  if (writer) {
    if (state.phase === 'over') writer.end(yutGame.outcome(state));
    else writer.close();
  }
  return { state, events, log };
}

export const GOLDEN: readonly GoldenGame[] = [
  { name: 'short', options: { players: 2, pieces: 1 }, names: ['Noah', 'Liam'], seed: 4 },
  {
    name: 'animals',
    options: { players: 4, pieces: 4, animals: ['pig', 'dog', 'sheep', 'cow'] },
    names: ['Olivia', 'Ava', 'Sophia', 'Ethan'],
    // Chosen (see golden.test.ts) so that the game has catches, stacks, back-do and every skill.
    seed: 1,
    takeBackAt: [30, 31, 77],
  },
  {
    name: 'unfinished',
    options: { players: 3, pieces: 2 },
    names: ['Ethan', 'Olivia', 'Liam'],
    seed: 59,
    stopAfter: 40,
    takeBackAt: [12, 25],
  },
];

/** What the animals game must show, read from its log. */
export const ANIMAL_FEATURES: readonly [string, RegExp][] = [
  ['a catch', / caught /],
  ['a stack', / stacked: /],
  ['a back-do move', / with back-do\./],
  ['the pig ending a catcher’s turn', /the pig ends/],
  ['the dog’s geol rethrow', /threw geol: the dog throws again/],
  ['the sheep’s two throws', /the sheep throws twice/],
  // A cow's piece can only stand on 20–24 by having turned at 5.
  ['a cow turning at 5', /^Ethan moved .* to 2[0-4] with /],
  ['a take-back', /\(taken back\)/],
];
