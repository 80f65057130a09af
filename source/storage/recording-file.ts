/**
 * Recordings on disk: a writer that appends and flushes each line as it happens (a crash loses
 * at most the line being written), and a reader that streams a file through the Replayer.
 */
import {
  accessSync,
  closeSync,
  constants,
  createReadStream,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import type { GameEvent, Outcome } from '../engine/game.js';
import {
  endLine,
  eventLine,
  explainedLine,
  type GameLookup,
  type Header,
  headerLine,
  parseHeader,
  Replayer,
  resumedLine,
  type Step,
  takenBackLine,
} from '../engine/recording.js';
import { abandoned, lockFile, unreadable } from './files.js';
import { recordingName, recordingsDirectory } from './paths.js';

/**
 * Why a recording cannot be appended to: it is read-only (by its mode, which root would write
 * through anyway) or this user may not write it. Checked before the full screen starts.
 */
export function cannotResume(file: string): string | undefined {
  const advice = `make it writable, or watch it with: madang replay ${file}`;
  try {
    if ((statSync(file).mode & 0o222) === 0)
      return `${file} is read-only, so it cannot go on (${advice})`;
    accessSync(file, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `${file} cannot be written (${code}), so it cannot go on (${advice})`;
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === NEWLINE;
}

export class RecordingWriter {
  private fd: number | undefined;

  private constructor(
    readonly file: string,
    fd: number,
    /** Releases the recording's lock (a resumed recording is held while it is played). */
    private readonly release?: () => void,
    /** Made by this writer (not a recording resumed): it may be discarded. */
    private readonly created = false,
  ) {
    this.fd = fd;
  }

  /**
   * Close and remove a recording this writer made that holds no move (a game quit before it
   * began): it would only clutter the recordings. A resumed recording is never removed.
   */
  discard(): boolean {
    if (!this.created) return false;
    this.close();
    rmSync(this.file, { force: true });
    return true;
  }

  /** A new recording: in `file`, or a fresh timestamped file in the recordings `directory`. */
  static create(header: Header, file?: string, directory = recordingsDirectory()): RecordingWriter {
    let path = file;
    let fd: number;
    if (path === undefined) {
      mkdirSync(directory, { recursive: true });
      const base = recordingName(header.game, new Date(header.startedAt));
      // Never overwrite: a second game in the same second gets -2, -3, …
      for (let n = 1; ; n++) {
        path = join(directory, n === 1 ? base : base.replace('.jsonl', `-${n}.jsonl`));
        try {
          fd = openSync(path, 'wx');
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 1000) throw error;
        }
      }
    } else {
      mkdirSync(dirname(path), { recursive: true });
      try {
        // Exclusive: a recording is never overwritten, and a second game cannot write into it.
        fd = openSync(path, 'wx');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new Error(`${path} already exists: a recording is never written over`, {
            cause: error,
          });
        throw error;
      }
    }
    const writer = new RecordingWriter(path, fd, undefined, true);
    try {
      writer.write(headerLine(header));
    } catch (error) {
      // Not even the header went in (a full disk): no empty file is left where it would have been.
      closeSync(fd);
      rmSync(path, { force: true });
      throw error;
    }
    return writer;
  }

  /**
   * Go on appending to an unfinished recording, cut back to its last whole line first (`goodBytes`,
   * where a read stopped), with the newline a last whole line may lack.
   */
  static append(
    file: string,
    goodBytes: number,
    resumedAt: string,
    seed: number | null,
  ): RecordingWriter {
    const unwritable = cannotResume(file);
    if (unwritable !== undefined) throw new Error(unwritable);
    let release: () => void;
    try {
      release = lockFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new Error(`${file} is being played by another madang; it cannot be resumed twice`, {
          cause: error,
        });
      throw error;
    }
    try {
      if (statSync(file).size > goodBytes) truncateSync(file, goodBytes);
      const writer = new RecordingWriter(file, openSync(file, 'a+'), release);
      if (goodBytes > 0 && !endsWithNewline(writer.fd as number, goodBytes)) writer.write('\n');
      writer.write(resumedLine(resumedAt, seed));
      return writer;
    } catch (error) {
      release();
      throw error;
    }
  }

  private write(text: string): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, text);
  }

  event(event: GameEvent): void {
    this.write(eventLine(event));
  }

  takenBack(): void {
    this.write(takenBackLine());
  }

  explained(reason: string): void {
    this.write(explainedLine(reason));
  }

  end(outcome: Outcome): void {
    this.write(endLine(outcome));
    this.close();
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      fsyncSync(fd);
      closeSync(fd);
    } finally {
      this.release?.();
    }
  }
}

export interface ReadResult {
  readonly replayer: Replayer;
  /** Lines read, the header included. */
  readonly lines: number;
  /** Bytes up to the end of the last whole, accepted line (where an append may go on). */
  readonly goodBytes: number;
  readonly warnings: readonly string[];
}

/** `unreadable`: not a recording this madang can read; `rejected`: a recording that does not hold. */
export type ReadOutcome =
  | { ok: true; result: ReadResult }
  | { ok: false; problem: string; kind: 'unreadable' | 'rejected' };

/**
 * Stream a recording through the Replayer. `onStep` sees each line's effect as it is read.
 * A torn last line (no final newline, or not JSON) is dropped with a warning; any other
 * problem stops the read and names the file and line.
 */
export async function readRecording(
  file: string,
  games: GameLookup,
  onStep?: (step: Step, replayer: Replayer) => void,
): Promise<ReadOutcome> {
  let replayer: Replayer | undefined;
  let line = 0;
  let goodBytes = 0;
  // Lines are cut on the newline byte and decoded one by one, so byte counts are the file's own
  // (a stray invalid UTF-8 byte decodes to U+FFFD, three bytes, and would throw a count of text off).
  let pending: Buffer = Buffer.alloc(0);
  const warnings: string[] = [];
  let stream: ReturnType<typeof createReadStream>;
  try {
    stream = createReadStream(file, { highWaterMark: 1 << 16 });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (pending.indexOf(NEWLINE) < 0 && pending.length > LONGEST_LINE) {
        stream.destroy();
        line++;
        return failed(
          `a line of over ${LONGEST_LINE / (1 << 20)} MiB: no madang recording has one (the longest event is a few hundred bytes)`,
        );
      }
      let start = 0;
      let newline = pending.indexOf(NEWLINE);
      while (newline >= 0) {
        const text = textOf(pending.subarray(start, newline), line === 0);
        line++;
        const problem = consume(text);
        if (problem !== undefined) return failed(problem);
        goodBytes += newline - start + 1;
        start = newline + 1;
        newline = pending.indexOf(NEWLINE, start);
      }
      pending = pending.subarray(start);
    }
  } catch (error) {
    return { ok: false, problem: unreadable(file, error), kind: 'unreadable' };
  }
  if (pending.length > 0) {
    // A last line without its newline: whole if it parses and is accepted, else torn.
    const text = textOf(pending, line === 0);
    line++;
    if (replayer && isJson(text)) {
      const problem = consume(text);
      if (problem !== undefined) return failed(problem);
      goodBytes += pending.length;
    } else if (replayer) {
      warnings.push(
        `${file}:${line}: the last line is torn (cut off while being written); it is dropped`,
      );
      line--;
    } else {
      const problem = consume(text);
      if (problem !== undefined) return failed(problem);
      goodBytes += pending.length;
    }
  }
  if (!replayer)
    return { ok: false, problem: `${file}: empty, not a madang recording`, kind: 'unreadable' };
  return { ok: true, result: { replayer, lines: line, goodBytes, warnings } };

  function failed(problem: string): ReadOutcome {
    // Until the header is read the file is not (yet) a recording; after it, the recording is wrong.
    return {
      ok: false,
      problem: `${file}:${line}: ${problem}`,
      kind: replayer ? 'rejected' : 'unreadable',
    };
  }

  function consume(text: string): string | undefined {
    const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (!replayer) {
      if (clean.trim() === '') return 'not a madang recording (its first line is empty)';
      const parsed = parseHeader(clean, games);
      if (!parsed.ok) return parsed.problem;
      replayer = new Replayer(parsed.header, parsed.game, parsed.options);
      return undefined;
    }
    const step = replayer.push(clean, line);
    if (step.kind === 'problem') return step.problem;
    onStep?.(step, replayer);
    return undefined;
  }
}

const NEWLINE = 0x0a;
/**
 * The longest line a recording may have. Far above any real line (a header with a hundred
 * players is about 5 KiB), and it bounds both the memory and the time of reading `/dev/zero`.
 */
export const LONGEST_LINE = 1 << 20;

/** A line's text; a byte order mark an editor put at the start of the file is not part of it. */
function textOf(bytes: Buffer, first: boolean): string {
  const text = bytes.toString('utf8');
  return first && text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether another madang is playing this recording now (it holds the recording's lock). A lock
 * whose owner on this machine is gone (killed) is not in use, though it is not yet stale.
 */
export function recordingInUse(file: string): boolean {
  try {
    return lockfile.checkSync(file, { realpath: false, stale: 10_000 }) && !abandoned(file);
  } catch {
    return false;
  }
}
