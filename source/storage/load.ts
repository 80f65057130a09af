/** Load a recording whole, for the replay viewer and for resuming: its header and events in force. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { GameEvent } from '../engine/game.js';
import type { GameLookup, LoadedRecording } from '../engine/recording.js';
import { recordingsDirectory } from './paths.js';
import { readRecording } from './recording-file.js';

export type Loaded =
  | { ok: true; recording: LoadedRecording; finished: boolean; warnings: readonly string[] }
  | { ok: false; problem: string };

export async function loadRecording(file: string, games: GameLookup): Promise<Loaded> {
  const events: GameEvent[] = [];
  const read = await readRecording(file, games, (step) => {
    if (step.kind === 'event') events.push(step.event);
    if (step.kind === 'takenBack') events.pop();
  });
  if (!read.ok) return { ok: false, problem: read.problem };
  const { replayer, goodBytes, warnings } = read.result;
  return {
    ok: true,
    recording: { file, header: replayer.header, events, goodBytes },
    finished: replayer.outcome.status !== 'running',
    warnings,
  };
}

/** The newest recording in the recordings directory, or why there is none. */
export async function latestRecording(games: GameLookup): Promise<LoadedRecording | string> {
  const directory = recordingsDirectory();
  let newest: { file: string; time: number } | undefined;
  try {
    for (const name of readdirSync(directory)) {
      if (!name.endsWith('.jsonl')) continue;
      const file = join(directory, name);
      const time = statSync(file).mtimeMs;
      if (!newest || time > newest.time) newest = { file, time };
    }
  } catch {
    // No directory yet: no recordings.
  }
  if (!newest) return `No recordings yet in ${directory}.`;
  const loaded = await loadRecording(newest.file, games);
  return loaded.ok ? loaded.recording : loaded.problem;
}
