/**
 * One timeline: a recording read from its file is folded once (each event line reduced once,
 * take-backs included) into the timeline the replay viewer draws from; it is the same as the
 * timeline folded from the events in force, and agrees with turn starts and checkpoints found
 * here by a plain fold from the start.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game, GameEvent } from '../../source/engine/game.js';
import { newHeader } from '../../source/engine/recording.js';
import { playerInfo, seatOf } from '../../source/engine/seats.js';
import { CHECKPOINT, stateOn, timelineOf } from '../../source/engine/timeline.js';
import { yutCore } from '../../source/games/yut/core.js';
import type { YutEvent, YutState } from '../../source/games/yut/rules.js';
import { loadRecording } from '../../source/storage/load.js';
import { recorderFor } from '../../source/storage/recorder.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';
import { Table } from '../../source/table/table.js';

const OPTIONS = { players: 2, pieces: 4, frontProbability: 0.5 };
const seats = [seatOf('Ann', 'human'), seatOf('Bo', 'human')];

/** A whole game played at a table, with take-backs now and then, recorded in a file. */
function recordedGame(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'madang-timeline-')), 'game.jsonl');
  const header = newHeader({
    game: 'yut',
    options: OPTIONS,
    players: seats.map(playerInfo),
    seed: 3,
    startedAt: new Date(0),
    app: 'timeline test',
  });
  const table = new Table<YutState, YutEvent>({
    game: yutCore,
    initial: yutCore.rules.setup(OPTIONS),
    seats,
    chance: yutCore.chance?.seeded(3, OPTIONS),
    recorder: recorderFor(RecordingWriter.create(header, file)),
    botSeed: 3,
    scheduler: { after: () => () => {} },
    botDelay: 0,
  });
  const view = table.view([0, 1]);
  for (let step = 0; table.outcome.status === 'running'; step++) {
    const seat = yutCore.rules.toAct(table.state);
    if (yutCore.rules.chance(table.state) !== undefined) view.send({ type: 'chance', seat });
    else {
      const legal = yutCore.rules.legalEvents(table.state);
      const event = legal[step % legal.length] as YutEvent;
      view.send({ type: 'move', seat, event });
      if (step % 4 === 0 && table.outcome.status === 'running') {
        view.send({ type: 'takeBack', seat });
        view.send({ type: 'move', seat, event });
      }
    }
  }
  return file;
}

describe('one timeline, folded once as the recording is read', () => {
  it('reduces each event line once, and holds what folding the events in force gives', async () => {
    const file = recordedGame();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const eventLines = lines.filter((l) => l.includes('"yut/')).length;
    expect(lines.some((l) => l.includes('session/moveTakenBack'))).toBe(true);
    let reduced = 0;
    const rules: Game<unknown, GameEvent, unknown> = {
      ...(yutCore.rules as unknown as Game<unknown, GameEvent, unknown>),
      reduce: (state, event) => {
        reduced++;
        return yutCore.rules.reduce(state as YutState, event);
      },
    };
    const counted = { ...yutCore, rules };
    const loaded = await loadRecording(file, () => counted as never);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const { recording } = loaded;
    expect(reduced).toBe(eventLines);
    expect(recording.options).toEqual(OPTIONS);
    const timeline = recording.timeline;
    expect(timeline).toBeDefined();
    if (!timeline) return;
    const initial = yutCore.rules.setup(OPTIONS);
    const names = seats.map((s) => s.name);
    expect(timeline).toEqual(timelineOf(yutCore as never, initial, recording.events, names));
    expect(timeline.events).toEqual(recording.events);
    expect(timeline.events.length).toBeGreaterThan(CHECKPOINT);
    // A plain fold from the start: a turn begins where the player to act changes, and the
    // state is kept after every CHECKPOINT events.
    const turnStarts = [0];
    const checkpoints = [initial];
    let state = initial;
    let previous = yutCore.rules.toAct(state);
    recording.events.forEach((event, i) => {
      const actor = yutCore.rules.toAct(state);
      if (i > 0 && actor !== previous) turnStarts.push(i);
      previous = actor;
      state = yutCore.rules.reduce(state, event as YutEvent);
      if ((i + 1) % CHECKPOINT === 0) checkpoints.push(state);
    });
    expect(timeline.turnStarts).toEqual(turnStarts);
    expect(timeline.checkpoints).toEqual(checkpoints);
    expect(timeline.moveLines).toHaveLength(recording.events.length);
    expect(timeline.outcome.status).toBe('won');
    const end = stateOn(yutCore.rules as never, timeline, recording.events.length);
    expect(yutCore.rules.outcome(end as YutState)).toEqual(timeline.outcome);
  });
});
