/** Load a recording whole, for the replay viewer and for resuming: its header and events in force. */
import { basename } from 'node:path';
import { ComputerMoves } from '../engine/computer-moves.js';
import type { GameEvent, Outcome } from '../engine/game.js';
import type { GameLookup, Header, LoadedRecording, Replayer } from '../engine/recording.js';
import { type Timeline, TimelineBuilder } from '../engine/timeline.js';
import { cannotResume, readRecording, recordingInUse } from './recording-file.js';

export type Loaded =
  | {
      ok: true;
      recording: LoadedRecording;
      finished: boolean;
      warnings: readonly string[];
      /** Where the read ended: its options and outcome. */
      replayer: Replayer;
    }
  | { ok: false; problem: string };

export async function loadRecording(file: string, games: GameLookup): Promise<Loaded> {
  const events: GameEvent[] = [];
  const reasons = new Map<number, string>();
  // The events are folded once, by the read: the timeline is built from the replay's states.
  let timeline: TimelineBuilder<unknown> | undefined;
  let before: unknown;
  // The people's seats the computer played (given to it with G), for the ratings of a game resumed.
  const computer = new ComputerMoves();
  let follow: ReturnType<ComputerMoves['followRecording']> | undefined;
  const read = await readRecording(file, games, (step, replayer) => {
    follow ??= computer.followRecording(replayer.header.players, (state) =>
      replayer.game.rules.toAct(state),
    );
    follow(step, replayer);
    timeline ??= new TimelineBuilder(
      replayer.game,
      (before = replayer.initial),
      replayer.header.players.map((p) => p.name),
    );
    if (step.kind === 'event') {
      events.push(step.event);
      timeline.pushed(step.event, before, replayer.state);
    }
    if (step.kind === 'explained') reasons.set(events.length - 1, step.reason);
    if (step.kind === 'takenBack') {
      events.pop();
      reasons.delete(events.length);
      timeline.takenBack(events.length, replayer.state);
    }
    before = replayer.state;
  });
  if (!read.ok) return { ok: false, problem: read.problem };
  const { replayer, goodBytes, warnings } = read.result;
  const names = replayer.header.players.map((p) => p.name);
  return {
    ok: true,
    recording: {
      file,
      header: replayer.header,
      events,
      goodBytes,
      reasons,
      computerPlayed: computer.seats(),
      options: replayer.options,
      timeline: (
        timeline ?? new TimelineBuilder(replayer.game, replayer.initial, names)
      ).timeline(),
    },
    finished: replayer.outcome.status !== 'running',
    warnings,
    replayer,
  };
}

/**
 * Why a loaded recording cannot go on: its game is over, the file may not be written, or
 * another madang is playing it now. Checked before anything is appended.
 */
export function cannotGoOn(file: string, finished: boolean): string | undefined {
  if (finished)
    return `${file}: this game is over, nothing to resume (watch it with: madang replay ${file})`;
  const unwritable = cannotResume(file);
  if (unwritable !== undefined) return unwritable;
  if (recordingInUse(file))
    return `${file} is being played by another madang; it cannot be resumed twice`;
  return undefined;
}

/** A recording opened from the browser: loaded whole, and for `resume` checked that it can go on. */
export async function openRecording(
  file: string,
  mode: 'watch' | 'resume',
  games: GameLookup,
): Promise<LoadedRecording | string> {
  const loaded = await loadRecording(file, games);
  if (!loaded.ok) return `${basename(file)}: ${loaded.problem}`;
  const refused = mode === 'resume' ? cannotGoOn(file, loaded.finished) : undefined;
  return refused ?? loaded.recording;
}

/** A recording read whole for another program (the library's reader): what it holds, checked. */
export interface ReadGame {
  readonly file: string;
  readonly header: Header;
  /** The header's options checked by the game, defaults written out. */
  readonly options: unknown;
  /** The events in force (taken-back moves excluded). */
  readonly events: readonly GameEvent[];
  /** The computer's reasons, by the index of the event they explain. */
  readonly reasons: ReadonlyMap<number, string>;
  /** How the replay stands at the end: running for a game left unfinished. */
  readonly outcome: Outcome;
  /** The closing line's outcome (checked against the replay), or undefined without one. */
  readonly ended: Outcome | undefined;
  /** The events folded once: checkpoints, turn starts, move lines, outcome. */
  readonly timeline: Timeline;
  readonly warnings: readonly string[];
}

/** Read a recording: its header, options, events, reasons and outcome; or the file, line and problem. */
export async function readGame(
  file: string,
  games: GameLookup,
): Promise<{ ok: true; game: ReadGame } | { ok: false; problem: string }> {
  const loaded = await loadRecording(file, games);
  if (!loaded.ok) return loaded;
  const { recording, replayer, warnings } = loaded;
  return {
    ok: true,
    game: {
      file,
      header: recording.header,
      options: replayer.options,
      events: recording.events,
      reasons: recording.reasons ?? new Map(),
      outcome: replayer.outcome,
      ended: replayer.ended,
      timeline: recording.timeline as Timeline,
      warnings,
    },
  };
}
