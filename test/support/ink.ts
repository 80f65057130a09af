/** Helpers for driving Ink components in tests: type keys, then wait for the frame expected. */
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ReactElement } from 'react';

export const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function press(stdin: { write: (s: string) => void }, ...keys: string[]) {
  for (const key of keys) {
    stdin.write(key);
    await sleep(20);
  }
}

/**
 * How long a wait lasts before it fails. Ink draws within milliseconds; the margin is for a
 * machine busy with other work, and a wait that runs out fails the test, showing the frame.
 */
export const FRAME_WAIT_MS = 5000;

/** What a frame must show: text it contains, a pattern it matches, or a test it passes. */
export type FrameTest = string | RegExp | ((frame: string) => boolean);

export function matches(frame: string, test: FrameTest): boolean {
  if (typeof test === 'string') return frame.includes(test);
  if (test instanceof RegExp) return test.test(frame);
  return test(frame);
}

/** Words for the error message: the text, the pattern, or the test's own source. */
export function describeTest(test: FrameTest): string {
  if (typeof test === 'string') return JSON.stringify(test);
  if (test instanceof RegExp) return String(test);
  return `a frame where ${test.toString()}`;
}

/**
 * Wait for the last frame to satisfy `test` and return it (plain, without colour codes). If it
 * does not within `ms`, throw, saying what was awaited and showing the last frame seen: a wait
 * that runs out must fail the test, never hand an old frame to the assertions.
 */
export async function frameWhen(
  lastFrame: () => string | undefined,
  test: FrameTest,
  ms = FRAME_WAIT_MS,
): Promise<string> {
  const end = Date.now() + ms;
  let frame = plain(lastFrame());
  while (!matches(frame, test)) {
    if (Date.now() > end)
      throw new Error(
        `waited ${ms} ms for ${describeTest(test)}; the last frame was:\n${frame || '(nothing drawn)'}`,
      );
    await sleep(10);
    frame = plain(lastFrame());
  }
  return frame;
}

/** Key names as tmux knows them, as the bytes a terminal sends. */
export const KEY: Readonly<Record<string, string>> = {
  Up: '\x1b[A',
  Down: '\x1b[B',
  Right: '\x1b[C',
  Left: '\x1b[D',
  Enter: '\r',
  Space: ' ',
  Escape: '\x1b',
  Home: '\x1b[H',
  End: '\x1b[F',
  PageUp: '\x1b[5~',
  PageDown: '\x1b[6~',
};

class SizedStdout extends EventEmitter {
  // Not a terminal: Ink would hide the test process's own cursor, and show it again as the
  // worker exits, after vitest's summary.
  readonly isTTY = false;
  frame: string | undefined;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frame = frame;
    return true;
  };
  /** A window dragged to another size. */
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

/** A terminal's keyboard as Ink reads it: `write` is a key (or a burst of them) typed. */
export class Stdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

/**
 * ink-testing-library's render, but in a window of a given size (its own is 100 columns and no
 * rows): the components read the size from stdout as they do in a terminal.
 */
export function renderSized(tree: ReactElement, columns: number, rows: number) {
  const stdout = new SizedStdout(columns, rows);
  const stdin = new Stdin();
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new SizedStdout(columns, rows) as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    stdin,
    stdout,
    lastFrame: () => stdout.frame,
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
