/**
 * Recorders on disk: what the play screens tell the recording (each accepted event, each
 * take-back, the end) appended to a recording file.
 * A recording that cannot be written (a full disk, no permission) stops with a message;
 * the game goes on.
 */
import { type Header, NO_RECORDING, type Recorder } from '../engine/recording.js';
import { RecordingWriter } from './recording-file.js';

/** `onClosed` hears once where the recording went and whether the game finished. */
export function recorderFor(
  writer: RecordingWriter,
  onClosed?: (file: string, finished: boolean) => void,
): Recorder {
  let problem: string | undefined;
  let closed = false;
  const done = (finished: boolean) => {
    if (closed) return;
    closed = true;
    onClosed?.(writer.file, finished);
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
      done(true);
    },
    close: () => {
      guard(() => writer.close());
      done(false);
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
  onClosed?: (file: string, finished: boolean) => void,
): Recorder {
  if (setting.mode === 'off') return NO_RECORDING;
  try {
    const writer = RecordingWriter.create(
      header,
      setting.mode === 'file' ? setting.file : undefined,
    );
    return recorderFor(writer, onClosed);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { ...NO_RECORDING, problem: `Not recording: ${code}.` };
  }
}

/** The line that says where a recording went, for the normal screen or standard error. */
export function recordingReport(file: string, finished: boolean): string {
  return finished
    ? `madang: the game was recorded in ${file}`
    : `madang: the unfinished game was recorded in ${file} (go on with: madang --resume ${file})`;
}
