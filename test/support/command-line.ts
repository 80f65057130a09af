/**
 * madang's command line run in this process (for coverage and speed), as the program runs it:
 * main.ts or cli/index.tsx imported afresh with process.argv set, standard input and output
 * replaced by the test's own (a pipe, or a terminal of a given size that Ink draws on), exit
 * codes caught where the program would exit. Only for files of the `fresh` project (a process
 * of their own): each run imports source/ again (vi.resetModules), which would upset the modules
 * other files share in the fast project's one process.
 */
import { Console } from 'node:console';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import { Terminal } from '../../bench/ssh-client.js';
import { type FrameTest, frameWhen, Stdin } from './ink.js';

/** process.exit, caught: the run ends there with this code. */
export class Exit extends Error {
  constructor(readonly code: number) {
    super(`madang exited with code ${code}`);
  }
}

/** Standard output as a test sees it: everything written, and a terminal's size if it is one. */
export class Output extends EventEmitter {
  readonly chunks: string[] = [];
  constructor(
    readonly isTTY: boolean,
    public columns = 80,
    public rows = 24,
  ) {
    super();
  }
  /** The screen the writes make (the full screen sends only what changed on it). */
  private screen: Terminal | undefined;
  write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    this.chunks.push(text);
    if (this.isTTY) (this.screen ??= new Terminal(this.columns, this.rows)).write(text);
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  };
  get text() {
    return this.chunks.join('');
  }
  /**
   * The full screen as a person sees it: the terminal's rows after every write (madang's
   * renderer writes only the cells that changed), each without its spaces at the end; or, once
   * the program has left the full screen, its last write with text in it.
   */
  frame = () => {
    const shown = this.screen?.text() ?? '';
    if (shown.trim() !== '') return shown;
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      const last = plainText(this.chunks[i] as string);
      if (last.trim() !== '') return last;
    }
    return '';
  };
}

/** Text without terminal control sequences (colours, cursor moves, erasing, modes). */
export const plainText = (text: string) =>
  text.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07]*\x07/g, '');

/** A terminal's keyboard, as Ink (and a password prompt) reads it. */
export class Keyboard extends Stdin {
  press = (data: string) => this.write(data);
  /** A console done with its input destroys it (run.tsx). */
  destroy() {}
}

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** The program's entry (main.ts) or the command line alone (cli/index.tsx). */
  readonly entry?: 'main' | 'cli';
  /** Standard input: the text of a pipe (default: an empty one), or a terminal's keyboard. */
  readonly stdin?: string | Keyboard;
  /** Standard output: a pipe (default), or a terminal the test reads frames from. */
  readonly stdout?: Output;
  /**
   * What process.exit does: end the run there by throwing (default: what follows it must not
   * run), or return, the run ending with that code while the command's promise stays pending
   * (madang serve: it stops from a signal's handler, and waits forever otherwise).
   */
  readonly exits?: 'throw' | 'return';
  /**
   * Run on the fresh import, before the entry: a test's game placed in the registry there
   * (games/index.ts' register), which the command line then lists as it lists the program's.
   */
  readonly before?: () => Promise<unknown>;
}

const EVENTS = [
  'unhandledRejection',
  'uncaughtException',
  'exit',
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
] as const;

const ENTRIES = {
  main: () => import('../../source/main.js'),
  cli: () => import('../../source/cli/index.js'),
};

/**
 * Runs `madang ARGS…` here and resolves with its exit code and what it wrote. It ends when the
 * command's promise does, or at process.exit (the code it was given).
 */
export async function madang(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const stdout = options.stdout ?? new Output(false);
  const stdin =
    options.stdin instanceof Keyboard
      ? options.stdin
      : Object.assign(Readable.from([Buffer.from(options.stdin ?? '')]), { isTTY: false });
  const stderr: string[] = [];
  const argv = process.argv;
  const streams = {
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout'),
  };
  // What the program listens for (its one-line failure, the server's stop, the full screen's
  // ways out): what a run leaves behind is taken off after it.
  const listened = new Map(EVENTS.map((event) => [event, process.listeners(event as 'SIGINT')]));
  let exited = (_code: number) => {};
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const spies = [
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      if (options.exits !== 'return') throw new Exit(Number(code ?? 0));
      exited(Number(code ?? 0));
      return undefined as never;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    }),
    // yargs writes --help, --version and its refusals with console.log and console.error.
    vi.spyOn(console, 'log').mockImplementation((...words) => {
      stdout.write(`${words.join(' ')}\n`);
    }),
    vi.spyOn(console, 'error').mockImplementation((...words) => {
      stderr.push(`${words.join(' ')}\n`);
    }),
  ];
  process.argv = [process.execPath, '/usr/local/bin/madang', ...args];
  Object.defineProperty(process, 'stdin', { value: stdin, configurable: true });
  Object.defineProperty(process, 'stdout', { value: stdout, configurable: true });
  process.exitCode = undefined;
  // Ink patches the console through console.Console, which the test runner's console lacks.
  const patched = console as Console & { Console?: typeof Console };
  patched.Console ??= Console;
  vi.resetModules();
  let code: number;
  try {
    await options.before?.();
    const ran = ENTRIES[options.entry ?? 'cli']().then(
      () => Number(process.exitCode ?? 0),
      (error: unknown) => {
        if (error instanceof Exit) return error.code;
        throw error;
      },
    );
    code = await Promise.race([ran, exit]);
  } finally {
    process.argv = argv;
    Object.defineProperty(process, 'stdin', streams.stdin as PropertyDescriptor);
    Object.defineProperty(process, 'stdout', streams.stdout as PropertyDescriptor);
    process.exitCode = undefined;
    for (const spy of spies) spy.mockRestore();
    for (const [event, before] of listened)
      for (const listener of process.listeners(event as 'SIGINT'))
        if (!before.includes(listener)) process.off(event as 'SIGINT', listener);
  }
  return { code, stdout: stdout.text, stderr: stderr.join('') };
}

/** The full screen's frame, once it shows what is awaited (else the wait fails, showing it). */
export const screenWhen = (terminal: Output, test: FrameTest) => frameWhen(terminal.frame, test);
