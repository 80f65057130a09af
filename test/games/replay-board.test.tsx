/**
 * A replay draws the play screen's own board (issue 26): for Yut, Ur, Yoté and Kono, the board
 * the replay viewer shows at a step is the board the play screen shows for the same state, line
 * for line, and where it stands beside the panel (both at the top of their row). The replays once
 * drew from the board layouts in boxes of their own, centred beside the panel where the play
 * screen's stand at the top. (Layers has its own test: test/games/layers/replay.test.tsx.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../source/engine/game.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { type Seat, seatOf } from '../../source/engine/seats.js';
import { lookup } from '../support/games.js';
import { frameWhen, plain } from '../support/ink.js';
import { renderPlay, renderReplay } from '../support/screens.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const WIDTH = 100;
const HEIGHT = 36;

/** The game's typical options, played at random (seeded) for `steps` events, then on to `fit`. */
function stateAfter(id: string, steps: number, fit: (state: never) => boolean) {
  const module = lookup(id);
  if (!module) throw new Error(`no game ${id}`);
  const { rules } = module;
  const parsed = module.parseOptions(module.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  const random = seededRandom(26);
  let state = rules.setup(parsed.options as never);
  const events: GameEvent[] = [];
  while (events.length < steps || !fit(state as never)) {
    if (rules.outcome(state).status !== 'running') throw new Error(`${id}: the game ended first`);
    const outcomes = rules.chance(state);
    const legal = outcomes ? [] : rules.legalEvents(state);
    // Nobody quits: the game goes on to the state wanted.
    const going = legal.filter((event) => !event.type.endsWith('quit'));
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (going[random.below(going.length)] as GameEvent);
    events.push(event);
    state = rules.reduce(state, event);
  }
  return { module, state };
}

/**
 * The board's box and the rows above it in its row: the leftmost box's columns, from the row's
 * first top border (the board's or the panel's beside it) down to the board's bottom border.
 */
function boardOf(frame: string): string[] {
  const lines = frame.split('\n');
  const tops = lines.map((line) => line.indexOf('╭'));
  const left = Math.min(...tops.filter((at) => at >= 0));
  const boardTop = tops.indexOf(left);
  const right = (lines[boardTop] ?? '').indexOf('╮', left);
  const rowTop = tops.findIndex((at) => at >= 0);
  const bottom = lines.findIndex((line, i) => i > boardTop && line[left] === '╰');
  expect(boardTop).toBeGreaterThanOrEqual(0);
  expect(bottom).toBeGreaterThan(boardTop);
  return lines.slice(rowTop, bottom + 1).map((line) => line.slice(left, right + 1));
}

/** A replay's long list of moves: its panel is taller than the board beside it. */
const TIMELINE = ['a replay', ...Array.from({ length: 40 }, (_, i) => `event ${i + 1}: a move`)];

function replayBoard(id: string, state: unknown, seats: readonly Seat[]) {
  const { Replay } = lookup(id) ?? {};
  if (!Replay) throw new Error(`no replay for ${id}`);
  const r = renderReplay(Replay, state, seats, WIDTH, HEIGHT, TIMELINE);
  cleanup = r.unmount;
  return boardOf(plain(r.lastFrame()));
}

/** The play screen at `state`, every seat a computer that waits (no cursor, nothing moves). */
async function playBoard(id: string, state: unknown, seats: readonly Seat[]) {
  const { Play } = lookup(id) ?? {};
  if (!Play) throw new Error(`no play screen for ${id}`);
  const r = renderPlay(Play, state, seats, WIDTH, HEIGHT);
  cleanup = r.unmount;
  const frame = await frameWhen(r.lastFrame, (f) => f.includes('╰'));
  r.unmount();
  return boardOf(frame);
}

const computers = (count: number) =>
  Array.from({ length: count }, (_, seat) => seatOf(`CPU ${seat + 1}`, 'strong'));

describe("a replay draws the play screen's own board", () => {
  // States where the play screen shows no choice of its own (a throw or roll due, no capture
  // under way): there the replay and the play screen must draw the very same board.
  const cases: { id: string; steps: number; fit: (state: never) => boolean }[] = [
    { id: 'yut', steps: 30, fit: (s: { phase: string }) => s.phase === 'throw' },
    { id: 'ur', steps: 30, fit: (s: { phase: string }) => s.phase === 'roll' },
    // The replay marks a capture's path; the play screen marks it for a person only.
    { id: 'yote', steps: 30, fit: (s: { chain: readonly number[] }) => s.chain.length === 0 },
    // Into the first round, its board drawn (before it, a note of the sizes).
    { id: 'kono', steps: 8, fit: (s: { phase: string }) => s.phase === 'play' },
  ];
  for (const { id, steps, fit } of cases) {
    it(`${id}: the same board, line for line, at the top of its row`, async () => {
      const { module, state } = stateAfter(id, steps, fit);
      const seats = computers(module.seatCount(module.typicalOptions as never));
      const replayed = replayBoard(id, state, seats);
      cleanup?.();
      const played = await playBoard(id, state, seats);
      // A board, not an empty box: pieces or squares drawn.
      expect(played.length).toBeGreaterThan(5);
      expect(replayed).toEqual(played);
    });
  }
});
