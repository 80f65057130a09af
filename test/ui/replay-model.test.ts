import { describe, expect, it } from 'vitest';
import { foldEvents, type GameEvent } from '../../source/engine/game.js';
import { setup, yutGame } from '../../source/games/yut/rules.js';
import { CHECKPOINT, stateOn, timelineOf } from '../../source/engine/timeline.js';
import {
  newReplay,
  type ReplayAction,
  type ReplayModel,
  reduceReplay,
  replayKey,
  turnAt,
} from '../../source/ui/replay-model.js';
import { GOLDEN, playGolden } from '../support/golden.js';

const game = GOLDEN[1] as (typeof GOLDEN)[number];
const played = playGolden(game);
const events: readonly GameEvent[] = played.events;
const initial = setup(game.options);
// The viewer's turns and checkpoints are the timeline's (engine/timeline.ts), folded once.
const timeline = timelineOf({ rules: yutGame as never }, initial as unknown, events, ['A', 'B']);
const starts = timeline.turnStarts;
const run = (model: ReplayModel, ...actions: ReplayAction[]) => actions.reduce(reduceReplay, model);

describe('the replay viewer model', () => {
  it('finds the turns where the player to act changes', () => {
    expect(starts[0]).toBe(0);
    const fold = (n: number) => foldEvents(yutGame, initial, events.slice(0, n)).state;
    for (let t = 1; t < starts.length; t++) {
      expect(fold(starts[t] as number).turn).not.toBe(fold((starts[t] as number) - 1).turn);
    }
    // And nowhere else.
    const changes = events.filter((_, i) => i > 0 && fold(i).turn !== fold(i - 1).turn).length;
    expect(changes).toBe(starts.length - 1);
  });

  it('maps keys to actions', () => {
    const model = newReplay(starts, events.length);
    expect(replayKey(model, 'right')).toEqual({ type: 'replay/stepped', delta: 1 });
    expect(replayKey(model, 'left')).toEqual({ type: 'replay/stepped', delta: -1 });
    expect(replayKey(model, 'space')).toEqual({ type: 'replay/playToggled' });
    expect(replayKey(model, '+')).toEqual({ type: 'replay/speedChanged', delta: 1 });
    expect(replayKey(model, '-')).toEqual({ type: 'replay/speedChanged', delta: -1 });
    expect(replayKey(model, 'home')).toEqual({ type: 'replay/jumped', index: 0 });
    expect(replayKey(model, 'end')).toEqual({ type: 'replay/jumped', index: events.length });
    expect(replayKey(model, 'g')).toEqual({ type: 'replay/gotoStarted' });
    expect(replayKey(model, 'q')).toEqual({ type: 'app/quitConfirmed' });
    const asking = run(model, { type: 'replay/gotoStarted' });
    // The turn number is typed in a text field: digits only, with a cursor.
    expect(replayKey(asking, '7')).toEqual({
      type: 'replay/gotoEdited',
      field: { value: '7', cursor: 1 },
    });
    const typed = run(asking, replayKey(asking, '7') as never);
    expect(replayKey(typed, 'backspace')).toEqual({
      type: 'replay/gotoEdited',
      field: { value: '', cursor: 0 },
    });
    expect(replayKey(asking, 'enter')).toEqual({ type: 'replay/gotoDone' });
    expect(replayKey(asking, 'escape')).toEqual({ type: 'replay/gotoCancelled' });
  });

  it('steps within the recording, plays to the end and stops', () => {
    let model = run(newReplay(starts, 3), { type: 'replay/stepped', delta: -1 });
    expect(model.index).toBe(0);
    model = run(
      model,
      { type: 'replay/playToggled' },
      { type: 'replay/ticked' },
      { type: 'replay/ticked' },
    );
    expect(model).toMatchObject({ index: 2, playing: true });
    model = run(model, { type: 'replay/ticked' }, { type: 'replay/ticked' });
    expect(model).toMatchObject({ index: 3, playing: false });
    model = run(model, { type: 'replay/playToggled' });
    expect(model).toMatchObject({ index: 0, playing: true });
  });

  it('g jumps to the first move of a turn, and refuses one that is not there', () => {
    const model = newReplay(starts, events.length);
    const at5 = run(
      model,
      { type: 'replay/gotoStarted' },
      { type: 'replay/gotoEdited', field: { value: '5', cursor: 1 } },
      { type: 'replay/gotoDone' },
    );
    // The board after turn 5's first move: the header names the turn of the move shown last.
    expect(at5.index).toBe((starts[4] as number) + 1);
    expect(turnAt(at5, at5.index - 1)).toBe(5);
    const wrong = run(
      model,
      { type: 'replay/gotoStarted' },
      { type: 'replay/gotoEdited', field: { value: '9999', cursor: 4 } },
      { type: 'replay/gotoDone' },
    );
    expect(wrong.notice).toBe(`There is no turn 9999: turns 1 to ${starts.length}.`);
    expect(wrong.index).toBe(0);
  });

  it('l lists the moves: it opens on the last one shown, moves within them, Enter shows the board after one', () => {
    const model = newReplay(starts, events.length);
    // At the start it opens on the first move; after four steps, on the fourth.
    expect(run(model, { type: 'replay/listOpened' }).list).toBe(0);
    const four = { ...model, index: 4 };
    expect(replayKey(four, 'l')).toEqual({ type: 'replay/listOpened' });
    const open = run(four, { type: 'replay/listOpened' });
    expect(open.list).toBe(3);
    expect(replayKey(open, 'down')).toEqual({ type: 'replay/listMoved', delta: 1 });
    expect(replayKey(open, 'pagedown')).toEqual({ type: 'replay/listMoved', delta: 10 });
    expect(replayKey(open, 'enter')).toEqual({ type: 'replay/listChosen' });
    expect(replayKey(open, 'x')).toEqual({ type: 'replay/listClosed' });
    expect(replayKey(open, 'q')).toEqual({ type: 'replay/listClosed' });
    // Never past either end.
    expect(run(open, { type: 'replay/listMoved', delta: -1e9 }).list).toBe(0);
    expect(run(open, { type: 'replay/listMoved', delta: 1e9 }).list).toBe(events.length - 1);
    const chosen = run(
      open,
      { type: 'replay/listMoved', delta: 10 },
      { type: 'replay/listChosen' },
    );
    expect(chosen).toMatchObject({ list: null, index: 14, playing: false });
    expect(run(open, { type: 'replay/listClosed' })).toMatchObject({ list: null, index: 4 });
    // A recording with no moves has no list.
    expect(replayKey(newReplay([0], 0), 'l')).toBeUndefined();
  });

  it('the state at any position equals folding from the start (checkpoints are only a shortcut)', () => {
    expect(timeline.checkpoints.length).toBe(Math.floor(events.length / CHECKPOINT) + 1);
    for (const index of [0, 1, 63, 64, 65, 100, events.length]) {
      expect(stateOn(yutGame as never, timeline, index)).toEqual(
        foldEvents(yutGame, initial, events.slice(0, index)).state,
      );
    }
    expect(stateOn(yutGame as never, timeline, events.length)).toEqual(played.state);
  });
});
