/**
 * Lines in, text out, for the classic protocol. Any byte sequence is read safely: invalid
 * UTF-8 becomes U+FFFD, CRLF and LF both end a line, and the end of input is null.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface ClassicIO {
  /** The next answer line, or null at the end of input. */
  read(): Promise<string | null>;
  write(text: string): void;
}

/** An answer longer than this is cut: a line of gigabytes must not take the memory. */
const LONGEST = 10_000;

export function streamIO(input: Readable, write: (text: string) => void): ClassicIO {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  let ended = false;
  return {
    async read() {
      if (ended) return null;
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        return null;
      }
      return next.value.slice(0, LONGEST);
    },
    write,
  };
}

/** Answers from a list (tests): each read takes the next; past the end, null. */
export function listIO(answers: readonly string[], out: string[]): ClassicIO {
  let index = 0;
  return {
    read: async () => (index < answers.length ? (answers[index++] as string) : null),
    write: (text) => {
      out.push(text);
    },
  };
}
