/**
 * Keys from the bytes of a terminal that madang reads itself (a served connection's channel):
 * UTF-8 decoded across reads, and an escape sequence cut by the end of a read held until the
 * rest comes, or for 20 ms (as Ink holds one), after which what came is taken as it is: a lone
 * ESC is the Escape key.
 */
import { StringDecoder } from 'node:string_decoder';
import { type Key, keysOf, unfinishedAt } from './keys.js';

const HOLD_MS = 20;

export interface KeyReader {
  (bytes: Buffer | string): void;
  /** No more keys: a sequence still held is dropped. */
  stop(): void;
}

export function keyReader(press: (key: Key) => void): KeyReader {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const give = (text: string) => {
    for (const key of keysOf(text)) if (!stopped) press(key);
  };
  const read = ((bytes: Buffer | string) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    let text = held + (typeof bytes === 'string' ? bytes : decoder.write(bytes));
    held = '';
    const cut = unfinishedAt(text);
    if (cut >= 0) {
      held = text.slice(cut);
      text = text.slice(0, cut);
      timer = setTimeout(() => {
        timer = undefined;
        const rest = held;
        held = '';
        give(rest);
      }, HOLD_MS);
    }
    give(text);
  }) as KeyReader;
  read.stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    held = '';
  };
  return read;
}
