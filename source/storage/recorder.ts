/**
 * Recorders on disk: what the play screens tell the recording (each accepted event, each
 * take-back, the end) appended to a recording file.
 * A recording that cannot be written (a full disk, no permission) stops with a message;
 * the game goes on.
 */
import {
  type Header,
  NO_RECORDING,
  type Recorder,
  type RecordingEnd,
} from '../engine/recording.js';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { RecordingWriter } from './recording-file.js';

/** `onClosed` hears once where the recording went and how the game was left. */
export function recorderFor(
  writer: RecordingWriter,
  onClosed?: (file: string, ending: RecordingEnd) => void,
): Recorder {
  let problem: string | undefined;
  let closed = false;
  const done = (ending: RecordingEnd) => {
    if (closed) return;
    closed = true;
    onClosed?.(writer.file, ending);
  };
  const guard = (write: () => void) => {
    if (problem !== undefined) return;
    try {
      write();
    } catch (error) {
      problem = `The recording stopped: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`;
    }
  };
  return {
    file: writer.file,
    event: (event) => guard(() => writer.event(event)),
    takenBack: () => guard(() => writer.takenBack()),
    end: (outcome) => {
      guard(() => writer.end(outcome));
      done('finished');
    },
    close: (ending = 'unfinished') => {
      guard(() => writer.close());
      done(ending);
    },
    get problem() {
      return problem;
    },
  };
}

export type RecordSetting =
  | { readonly mode: 'auto' }
  | { readonly mode: 'file'; readonly file: string }
  | { readonly mode: 'off' };

/** Start recording a new game as the --record setting says; a failure to open is reported, not thrown. */
export function openRecorder(
  setting: RecordSetting,
  header: Header,
  onClosed?: (file: string, ending: RecordingEnd) => void,
): Recorder {
  if (setting.mode === 'off') return NO_RECORDING;
  try {
    const writer = RecordingWriter.create(
      header,
      setting.mode === 'file' ? setting.file : undefined,
    );
    return recorderFor(writer, onClosed);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { ...NO_RECORDING, problem: `Not recording: ${code ?? message}.` };
  }
}

/** The line that says where a recording went, for the normal screen or standard error. */
export function recordingReport(file: string, ending: RecordingEnd): string {
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
