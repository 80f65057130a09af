/** Load a recording whole, for the replay viewer and for resuming: its header and events in force. */
import { basename } from 'node:path';
import type { GameEvent } from '../engine/game.js';
import type { GameLookup, LoadedRecording } from '../engine/recording.js';
import { cannotResume, readRecording, recordingInUse } from './recording-file.js';

export type Loaded =
  | { ok: true; recording: LoadedRecording; finished: boolean; warnings: readonly string[] }
  | { ok: false; problem: string };

export async function loadRecording(file: string, games: GameLookup): Promise<Loaded> {
  const events: GameEvent[] = [];
  const reasons = new Map<number, string>();
  const read = await readRecording(file, games, (step) => {
    if (step.kind === 'event') events.push(step.event);
    if (step.kind === 'explained') reasons.set(events.length - 1, step.reason);
    if (step.kind === 'takenBack') {
      events.pop();
      reasons.delete(events.length);
    }
  });
  if (!read.ok) return { ok: false, problem: read.problem };
  const { replayer, goodBytes, warnings } = read.result;
  return {
    ok: true,
    recording: { file, header: replayer.header, events, goodBytes, reasons },
    finished: replayer.outcome.status !== 'running',
    warnings,
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
