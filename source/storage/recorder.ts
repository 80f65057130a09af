/**
 * Recorders on disk: what the play screens tell the recording (each accepted event, each
 * take-back, the end) appended to a recording file.
 * A recording that cannot be written (a full disk, no permission) stops with a message;
 * the game goes on.
 */
import type { GameEvent } from '../engine/game.js';
import {
  type Header,
  NO_RECORDING,
  type Recorder,
  type RecordingEnd,
} from '../engine/recording.js';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { RecordingWriter } from './recording-file.js';

/** Where a recording went and how the game was left; `failure` (such as ENOSPC) when a write failed. */
export type OnClosed = (file: string, ending: RecordingEnd, failure?: string) => void;

/** What a recorder writes through (a RecordingWriter; tests give one that fails). */
export type LineWriter = Pick<
  RecordingWriter,
  'file' | 'event' | 'takenBack' | 'explained' | 'end' | 'close' | 'discard'
>;

/**
 * `onClosed` hears once where the recording went and how the game was left; `onProblem` hears
 * at once when a write fails (the game goes on, unrecorded from there).
 */
export function recorderFor(
  writer: LineWriter,
  onClosed?: OnClosed,
  onProblem?: (problem: string) => void,
): Recorder {
  let problem: string | undefined;
  let failure: string | undefined;
  let closed = false;
  /** Moves written (a throw, roll or draw is no move): none means the game was left before it began. */
  let moves = 0;
  const done = (ending: RecordingEnd) => {
    if (closed) return;
    closed = true;
    onClosed?.(writer.file, ending, failure);
  };
  const guard = (write: () => void) => {
    if (problem !== undefined) return;
    try {
      write();
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      failure = code ?? message;
      problem = `The recording in ${writer.file} stopped: writing it failed (${failure}); the game goes on unrecorded.`;
      onProblem?.(problem);
    }
  };
  return {
    file: writer.file,
    event: (event, chance = false) => {
      if (!chance) moves++;
      guard(() => writer.event(event));
    },
    takenBack: () => {
      moves++;
      guard(() => writer.takenBack());
    },
    explained: (reason) => guard(() => writer.explained(reason)),
    end: (outcome) => {
      guard(() => writer.end(outcome));
      done('finished');
    },
    close: (ending = 'unfinished') => {
      // A new game quit before its first move leaves no recording behind (and says none), though
      // the dice or the turn order were drawn for it: the browser lists only games.
      if (!closed && ending === 'unfinished' && moves === 0 && problem === undefined) {
        let discarded = false;
        guard(() => {
          discarded = writer.discard();
        });
        if (discarded) {
          closed = true;
          return;
        }
      }
      guard(() => writer.close());
      done(ending);
    },
    get problem() {
      return problem;
    },
  };
}

export type RecordSetting =
  /** A new file in the recordings directory (of the data directory, by default). */
  | { readonly mode: 'auto'; readonly directory?: string | undefined }
  | { readonly mode: 'file'; readonly file: string }
  | { readonly mode: 'off' };

/**
 * Start recording a new game as the --record setting says; a failure to open is reported, not
 * thrown. The file is made at the game's first move: the throws, rolls or turn order drawn before
 * it wait here, so a game left before anyone moved leaves no file, even when madang is killed.
 */
export function openRecorder(
  setting: RecordSetting,
  header: Header,
  onClosed?: OnClosed,
  onProblem?: (problem: string) => void,
): Recorder {
  if (setting.mode === 'off') return NO_RECORDING;
  let opened: Recorder | undefined;
  const drawn: GameEvent[] = [];
  const open = (): Recorder => {
    if (opened) return opened;
    try {
      const writer = RecordingWriter.create(
        header,
        setting.mode === 'file' ? setting.file : undefined,
        setting.mode === 'auto' ? setting.directory : undefined,
      );
      opened = recorderFor(writer, onClosed, onProblem);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      const problem = `Not recording: the recording could not be started (${code ?? message}); the game goes on unrecorded.`;
      onProblem?.(problem);
      opened = { ...NO_RECORDING, problem };
    }
    for (const event of drawn) opened.event(event, true);
    return opened;
  };
  return {
    get file() {
      return opened?.file;
    },
    event: (event, chance = false) => {
      if (opened === undefined && chance) drawn.push(event);
      else open().event(event, chance);
    },
    takenBack: () => open().takenBack(),
    explained: (reason) => open().explained(reason),
    end: (outcome) => open().end(outcome),
    // Nothing was made before the first move, so nothing is left or said.
    close: (ending) => opened?.close(ending),
    get problem() {
      return opened?.problem;
    },
  };
}

/** The line that says where a recording went, for the normal screen or standard error. */
export function recordingReport(file: string, ending: RecordingEnd, failure?: string): string {
  // A recording cut short by a failed write is never reported as the game's record.
  if (failure !== undefined)
    return `madang: the recording in ${file} is incomplete: it stops where writing it failed (${failure})`;
  if (ending === 'finished') return `madang: the game was recorded in ${file}`;
  // A saved game goes on from its save (one way to continue it, not two).
  if (ending === 'saved')
    return `madang: the saved game was recorded in ${file}; it goes on from its save`;
  return `madang: the unfinished game was recorded in ${file} (go on with: madang --resume ${file})`;
}

/**
 * Why a recording cannot go to `file` (it is a directory, or not writable), checked before the
 * game starts; undefined when it can. Nothing is left behind by the check.
 */
export function recordPathProblem(file: string): string | undefined {
  try {
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) return `${file} is a directory`;
      // A recording is never written over (resume it with --resume, or choose a new file).
      return `${file} already exists, and a recording is never written over`;
    }
    // The nearest folder that exists must take a new file (missing ones are made).
    let folder = dirname(resolve(file));
    while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
    if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    return `${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
}
