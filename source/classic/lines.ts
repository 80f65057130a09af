/**
 * Lines in, text out, for the classic protocol. Any byte sequence is read safely: invalid
 * UTF-8 becomes U+FFFD, CRLF and LF both end a line, and the end of input is null. At a terminal,
 * Ctrl+D at a prompt (which the terminal does not echo) ends the prompt's line, as a shell does:
 * what is said next (the recording's line, the shell's prompt) starts on a line of its own. Piped
 * answers that run out write nothing more, so the seeds' transcripts stay as they are.
 */
import type { Readable, Writable } from 'node:stream';
import type { Think } from '../engine/bots.js';
import type { ChanceSource } from '../engine/chance.js';
import type { Recorder } from '../engine/recording.js';
import { classicText } from '../engine/safe-text.js';
import type { Seat, SeatKind } from '../engine/seats.js';

export interface ClassicIO {
  /** The next answer line, or null at the end of input. */
  read(): Promise<string | null>;
  /** Made safe on the way out (classicText): a console never writes outside text raw. */
  write(text: string): void;
  /**
   * Resolves once what was written has gone out (stdout on a pipe is asynchronous): the
   * computers' moves wait for it, so a game of computers cannot outrun its reader and fill the
   * memory with pending output.
   */
  drained(): Promise<void>;
}

/** What a game's classic console gets from the command line. */
export interface ClassicRun {
  /** What the game's own flags settled (games/module.ts' Settings). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly kinds: readonly SeatKind[];
  readonly colour: boolean;
  readonly dataDir: string;
  /** The n-th game of the run: its chance source and the seed to record (null for a script). */
  chanceFor(game: number, options: unknown): { source: ChanceSource; seed: number | null };
  /** Seeds the computers' tie-breaks (--seed, else 0). */
  readonly botSeed: number;
  /** Asks a computer for its move: the program's thinks on a worker thread (cli/thinking.ts). */
  readonly think?: Think | undefined;
  /** Starts recording a game with these options and seats. */
  recorderFor(options: unknown, seed: number | null, seats: readonly Seat[]): Recorder;
  /** Problems that stop the program. */
  error(message: string): void;
  warn(message: string): void;
  /** Reads a file named in an answer (Ur's board file). */
  readFile(file: string): { ok: true; text: string } | { ok: false; problem: string };
}

/**
 * Text out that knows whether it left a line open; `ended` ends that line (once: a second end of
 * input writes nothing). A colour's reset after the newline leaves no line open.
 */
function lineKeeping(put: (text: string) => void) {
  let open = false;
  const write = (text: string) => {
    const safe = classicText(text);
    // eslint-disable-next-line no-control-regex -- colour escapes leave the line where it was
    const shown = safe.replace(/(?:\x1b\[[0-9;]*m)+$/, '');
    if (shown !== '') open = !shown.endsWith('\n');
    if (safe !== '') put(safe);
  };
  return {
    write,
    ended: () => {
      if (open) write('\n');
      return null;
    },
  };
}

/** An answer longer than this is cut: a line of gigabytes must not take the memory. */
const LONGEST = 10_000;
/** A "line" with no newline for this long is not an answer (`< /dev/zero`): the run stops. */
export const LONGEST_BYTES = 1 << 20;

/** Why a run stops on its input (a Stop: one line, exit code 2). */
export class InputTooLong extends Error {}

/**
 * Lines cut on the newline byte as the input arrives, keeping at most the first LONGEST
 * characters of each (readline would buffer a whole line first, and a line of half a gigabyte
 * ended in "Invalid string length"). A CR before the newline is dropped.
 */
export function streamIO(input: Readable, output: Writable): ClassicIO {
  const chunks = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const ready: string[] = [];
  let kept: Buffer[] = [];
  let keptBytes = 0;
  /** Bytes of the line so far, kept or not. */
  let lineBytes = 0;
  let ended = false;
  const take = (part: Buffer) => {
    lineBytes += part.length;
    if (lineBytes > LONGEST_BYTES)
      throw new InputTooLong(
        `an answer of over ${LONGEST_BYTES / (1 << 20)} MiB with no line end: standard input is not lines of text`,
      );
    // Four bytes a character at most: enough bytes for LONGEST characters.
    const room = LONGEST * 4 - keptBytes;
    if (room > 0 && part.length > 0) {
      const piece = part.subarray(0, room);
      kept.push(piece);
      keptBytes += piece.length;
    }
  };
  const endLine = () => {
    const text = Buffer.concat(kept).toString('utf8');
    ready.push((text.endsWith('\r') ? text.slice(0, -1) : text).slice(0, LONGEST));
    kept = [];
    keptBytes = 0;
    lineBytes = 0;
  };
  const out = lineKeeping((text) => output.write(text));
  const terminal = (input as { isTTY?: boolean }).isTTY === true;
  return {
    async read() {
      while (ready.length === 0 && !ended) {
        const next = await chunks.next();
        if (next.done) {
          ended = true;
          if (lineBytes > 0) endLine();
          break;
        }
        const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        let start = 0;
        for (
          let newline = chunk.indexOf(0x0a);
          newline >= 0;
          newline = chunk.indexOf(0x0a, start)
        ) {
          take(chunk.subarray(start, newline));
          endLine();
          start = newline + 1;
        }
        take(chunk.subarray(start));
      }
      return ready.shift() ?? (terminal ? out.ended() : null);
    },
    write: out.write,
    drained: () =>
      output.writableNeedDrain
        ? new Promise((resolve) => output.once('drain', () => resolve()))
        : Promise.resolve(),
  };
}

/** Answers from a list (tests): each read takes the next; past the end, null. */
export function listIO(answers: readonly string[], out: string[]): ClassicIO {
  let index = 0;
  return {
    read: async () => (index < answers.length ? (answers[index++] as string) : null),
    write: (text) => {
      out.push(classicText(text));
    },
    drained: () => Promise.resolve(),
  };
}
