/**
 * The Layers replay draws the play screen's own board (one component), so it names nobody else
 * "on top": with player 5 (seat 4) the one root, the replay once said "player 4 on top" (counted
 * from 0) in its panel while its forest showed 5. Now only the forest's head names the one on
 * top, and the replay's forest is the play screen's, line for line, people's marks included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { type Seat, seatOf } from '../../../source/engine/seats.js';
import { layersModule } from '../../../source/games/layers/index.js';
import {
  chance,
  type LayersState,
  legalEvents,
  reduce,
  setup,
} from '../../../source/games/layers/rules.js';
import { layersWidths } from '../../../source/games/layers/ui/LayersBoard.js';
import { frameWhen, plain } from '../../support/ink.js';
import { renderPlay, renderReplay } from '../../support/screens.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function replayFrame(state: LayersState, seats: readonly Seat[], width: number, height: number) {
  const r = renderReplay(layersModule.Replay, state, seats, width, height, [
    'a replay',
    'Turn 1 of 1',
    'paused',
  ]);
  cleanup = r.unmount;
  return plain(r.lastFrame() ?? '');
}

async function playFrame(
  state: LayersState,
  seats: readonly Seat[],
  width: number,
  height: number,
) {
  const r = renderPlay(layersModule.Play, state, seats, width, height);
  // The play screen tells its model the forest's room after its first frame: the next one opens
  // the trees that fit (in this game, 26 under 27).
  const frame = await frameWhen(r.lastFrame, (f) => plain(f).includes('└─26 '));
  r.unmount();
  return plain(frame);
}

/** The forest's box: the left columns of every line, where the board is drawn. */
const forestOf = (frame: string, width: number) => {
  const lines = frame.split('\n');
  const top = lines.findIndex((l) => l.includes('╭'));
  const left = lines[top]?.indexOf('╭') ?? 0;
  return lines.slice(top).map((l) => l.slice(left, left + layersWidths(width).forest));
};

/** A game of `players` played at random to the middle of a turn: trees grown, folded. */
function midGame(players: number): LayersState {
  const random = seededRandom(7);
  let state = setup({ players, turns: 3 });
  while (state.round < 4) {
    const outcomes = chance(state);
    const legal = outcomes ? [] : legalEvents(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : legal[random.below(legal.length)];
    state = reduce(state, event);
  }
  // On to a person's decision (no draw due), as the play screen would stand.
  while (chance(state)) state = reduce(state, sampleChance(chance(state) ?? [], random).event);
  return state;
}

describe('the Layers replay', () => {
  it('names the player on top as the forest numbers them, and only there', () => {
    const state = {
      ...setup({ players: 10, turns: 3 }),
      parent: [4, 4, 4, 4, null, 4, 4, 4, 4, 4],
      layer: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
    };
    const seats = state.parent.map((_, p) => seatOf(`Player ${p + 1}`, 'human'));
    const frame = replayFrame(state, seats, 100, 30);
    expect(frame).toContain('One tree · 5 on top 0/3');
    expect(frame).not.toMatch(/\b4 on top/i);
    expect(frame.match(/on top/g)).toHaveLength(1);
  });

  it('draws the play screen’s own forest, line for line, people marked as there', async () => {
    const state = midGame(30);
    // Seat 1 a person (marked * in the forest), the others computers: the play screen's
    // forest shows no viewer's way up for computers, and a person's only in its head.
    const seats = state.parent.map((_, p) =>
      p === 0 ? seatOf('Player 1', 'human') : seatOf(`CPU ${p + 1}`, 'strong'),
    );
    const replay = forestOf(replayFrame(state, seats, 100, 30), 100);
    expect(replay.join('\n')).toContain('*');
    const computers = seats.map((s, p) => (p === 0 ? seatOf('CPU 1', 'strong') : s));
    const played = forestOf(await playFrame(state, computers, 100, 30), 100);
    const replayed = forestOf(replayFrame(state, computers, 100, 30), 100);
    expect(replayed).toEqual(played);
  });
});
