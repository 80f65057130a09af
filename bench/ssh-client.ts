/**
 * A simulated player of madang serve (ssh2's client): connects with a key of its own (or
 * none), asks for a pty, types, and reads the screen as the text of what arrived (escape
 * sequences dropped). For the serve bench and the abuse tests; 127.0.0.1 only.
 */
import ssh2 from 'ssh2';
import type { ClientChannel } from 'ssh2';
import { StringDecoder } from 'node:string_decoder';
import stringWidth from 'string-width';

const { Client, utils } = ssh2;

/**
 * A new ed25519 key (OpenSSH private key text). ssh2's generator now and then (about 1 in 250)
 * writes a key its own parser refuses as malformed: such a key is made again.
 */
export function newKey(): string {
  for (;;) {
    const key = utils.generateKeyPairSync('ed25519').private;
    if (!(utils.parseKey(key) instanceof Error)) return key;
  }
}

// eslint-disable-next-line no-control-regex
const ESCAPES = /(\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\r?\n|\r)/;

/**
 * The client's screen as a terminal shows it: a grid of cells, written by text (wrapping at the
 * right edge) and placed by cursor moves and erasures (the server may send only what changed, so
 * what is on the screen is read from the grid, not from the bytes). Styles are not kept.
 */
export class Terminal {
  private grid: string[][];
  private x = 0;
  private y = 0;
  /** Past the last column: the next character goes to the next row (as xterm does). */
  private wrap = false;

  constructor(
    private columns: number,
    private rows: number,
  ) {
    this.grid = Array.from({ length: rows }, () => this.blank());
  }

  private blank(): string[] {
    return Array.from({ length: this.columns }, () => ' ');
  }

  resize(newColumns: number, newRows: number): void {
    const columns = Math.max(1, newColumns);
    const rows = Math.max(1, newRows);
    this.columns = columns;
    this.rows = rows;
    this.grid = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => this.grid[r]?.[c] ?? ' '),
    );
    this.x = Math.min(this.x, columns - 1);
    this.y = Math.min(this.y, rows - 1);
  }

  /** The screen and cursor kept while the alternate screen is shown (as xterm's 1049 does). */
  private main: { grid: string[][]; x: number; y: number } | undefined;

  private alternate(on: boolean): void {
    if (on && !this.main) {
      this.main = { grid: this.grid, x: this.x, y: this.y };
      this.grid = Array.from({ length: this.rows }, () => this.blank());
    } else if (!on && this.main) {
      ({ grid: this.grid, x: this.x, y: this.y } = this.main);
      this.main = undefined;
      this.resize(this.columns, this.rows);
    }
  }

  private lineFeed(): void {
    if (this.y < this.rows - 1) this.y++;
    else {
      this.grid.shift();
      this.grid.push(this.blank());
    }
  }

  private put(text: string): void {
    for (const char of text) {
      const code = char.codePointAt(0) as number;
      const width = code >= 0x20 && code < 0x300 ? 1 : stringWidth(char);
      if (width === 0) {
        const row = this.grid[this.y] as string[];
        const at = Math.max(0, this.x - 1);
        row[at] = (row[at] ?? '') + char;
        continue;
      }
      if (this.wrap || this.x + width > this.columns) {
        this.x = 0;
        this.wrap = false;
        this.lineFeed();
      }
      const row = this.grid[this.y] as string[];
      row[this.x] = char;
      if (width === 2 && this.x + 1 < this.columns) row[this.x + 1] = '';
      this.x += width;
      if (this.x >= this.columns) {
        this.x = this.columns - 1;
        this.wrap = true;
      }
    }
  }

  write(data: string): void {
    const parts = data.split(ESCAPES);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === '') continue;
      if (i % 2 === 0) {
        this.put(part);
        continue;
      }
      if (part === '\r') {
        this.x = 0;
        this.wrap = false;
        continue;
      }
      if (part === '\n' || part === '\r\n') {
        if (part === '\r\n') this.x = 0;
        this.wrap = false;
        this.lineFeed();
        continue;
      }
      if (part === '\x1b[?1049h' || part === '\x1b[?1049l') {
        this.alternate(part.endsWith('h'));
        continue;
      }
      if (!part.startsWith('\x1b[') || part[2] === '?') continue;
      const final = part.at(-1);
      const args = part.slice(2, -1).split(';');
      const n = Math.max(1, Number(args[0]) || 1);
      this.wrap = false;
      switch (final) {
        case 'A':
          this.y = Math.max(0, this.y - n);
          break;
        case 'B':
          this.y = Math.min(this.rows - 1, this.y + n);
          break;
        case 'C':
          this.x = Math.min(this.columns - 1, this.x + n);
          break;
        case 'D':
          this.x = Math.max(0, this.x - n);
          break;
        case 'E':
          this.x = 0;
          for (let k = 0; k < n; k++) this.lineFeed();
          break;
        case 'G':
          this.x = Math.min(this.columns - 1, n - 1);
          break;
        case 'H':
        case 'f':
          this.y = Math.min(this.rows - 1, n - 1);
          this.x = Math.min(this.columns - 1, Math.max(1, Number(args[1]) || 1) - 1);
          break;
        case 'K': {
          const row = this.grid[this.y] as string[];
          const from = args[0] === '2' ? 0 : args[0] === '1' ? -1 : this.x;
          if (from === -1) for (let c = 0; c <= this.x; c++) row[c] = ' ';
          else for (let c = from; c < this.columns; c++) row[c] = ' ';
          break;
        }
        case 'J':
          if (args[0] === '2' || args[0] === '3') {
            if (args[0] === '2') this.grid = Array.from({ length: this.rows }, () => this.blank());
          } else {
            const row = this.grid[this.y] as string[];
            for (let c = this.x; c < this.columns; c++) row[c] = ' ';
            for (let r = this.y + 1; r < this.rows; r++) this.grid[r] = this.blank();
          }
          break;
      }
    }
  }

  /** The screen's text: its rows, each without the spaces at its end. */
  text(): string {
    return this.grid.map((row) => row.join('').trimEnd()).join('\n');
  }
}

export interface Player {
  readonly client: ssh2.Client;
  readonly channel: ClientChannel;
  /**
   * The screens shown since the last mark, each whole (the screen's rows as a terminal shows
   * them after each packet), one after the other.
   */
  text(): string;
  /** The screen as it stands. */
  screen(): string;
  /** The window resized (the server told, and the screen here made that size). */
  resize(columns: number, rows: number): void;
  /** Everything drawn since the last mark, escape sequences and all. */
  raw(): string;
  /** Forget what was drawn so far (the next waitFor sees only newer frames). */
  mark(): void;
  /** Bytes received in all. */
  bytes(): number;
  write(keys: string | Buffer): void;
  /** Wait for text on the screen; throws after `ms`. */
  waitFor(text: string | RegExp, ms?: number): Promise<string>;
  /** Milliseconds from now to the next bytes drawn (a frame), or undefined after `ms`. */
  nextFrame(ms?: number): Promise<number | undefined>;
  readonly closed: () => boolean;
  end(): void;
}

export interface Connect {
  readonly port: number;
  readonly key?: string | undefined;
  readonly user?: string | undefined;
  readonly columns?: number;
  readonly rows?: number;
  /** No pty at all. */
  readonly noPty?: boolean;
  /** The terminal type the pty asks for (xterm-256color). */
  readonly term?: string;
  /** Variables sent with the session (as ssh's SendEnv does). */
  readonly env?: Record<string, string>;
  readonly timeout?: number;
  /** The loopback address to connect from (127.0.0.2: another address to the server). */
  readonly localAddress?: string;
}

export function connectPlayer(options: Connect): Promise<Player> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    const columns = options.columns ?? 100;
    const rows = options.rows ?? 30;
    // As large as the server draws at most (serve/server.ts): a window asked larger holds no more.
    const terminal = new Terminal(Math.min(columns, 400), Math.min(rows, 200));
    const decoder = new StringDecoder('utf8');
    let carry = '';
    let buffer = '';
    let rawBuffer = '';
    let total = 0;
    let closed = false;
    const waiters = new Set<() => void>();
    client.on('error', (error) => {
      closed = true;
      reject(error);
    });
    client.on('close', () => {
      closed = true;
      for (const wake of [...waiters]) wake();
      // Closed before a shell was opened: refused (a promise settles once; later, no effect).
      reject(new Error('the server closed the connection'));
    });
    client.on('ready', () => {
      // As OpenSSH's client does for an interactive session: no key held back by Nagle.
      client.setNoDelay(true);
      client.shell(
        options.noPty
          ? false
          : {
              term: options.term ?? 'xterm-256color',
              cols: columns,
              rows,
            },
        { env: options.env ?? {} },
        (error, channel) => {
          if (error) return reject(error);
          // The screen here follows the window, however the test changes it.
          const setWindow = channel.setWindow.bind(channel);
          channel.setWindow = (newRows, newColumns, height, width) => {
            terminal.resize(Math.min(newColumns, 400), Math.min(newRows, 200));
            setWindow(newRows, newColumns, height, width);
          };
          channel.on('data', (data: Buffer) => {
            total += data.length;
            const text = decoder.write(data);
            // An escape sequence cut by the end of a packet waits for the rest.
            // eslint-disable-next-line no-control-regex
            const cut = /\x1b(\[[0-9;?]*[ -/]*)?$/.exec(carry + text);
            const whole = cut ? (carry + text).slice(0, cut.index) : carry + text;
            carry = cut ? cut[0] : '';
            terminal.write(whole);
            // Each screen as it stands after these bytes: what was on it since the last mark.
            buffer += `${terminal.text()}\n`;
            rawBuffer = (rawBuffer + text).slice(-200_000);
            // Keep the recent screens only.
            if (buffer.length > 200_000) buffer = buffer.slice(-100_000);
            for (const wake of [...waiters]) wake();
          });
          channel.on('close', () => {
            closed = true;
            for (const wake of [...waiters]) wake();
          });
          const waitFor = (text: string | RegExp, ms = 10_000) =>
            new Promise<string>((done, fail) => {
              const found = () =>
                typeof text === 'string' ? buffer.includes(text) : text.test(buffer);
              if (found()) return done(buffer);
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(
                  new Error(
                    `waited ${ms} ms for ${String(text)}; the screen: ${buffer.slice(-3000)}`,
                  ),
                );
              }, ms);
              const check = () => {
                if (!found() && !closed) return;
                clearTimeout(timer);
                waiters.delete(check);
                if (found()) done(buffer);
                else
                  fail(
                    new Error(
                      `the connection closed waiting for ${String(text)}: ${buffer.slice(-2000)}`,
                    ),
                  );
              };
              waiters.add(check);
            });
          const nextFrame = (ms = 10_000) =>
            new Promise<number | undefined>((done) => {
              const start = performance.now();
              const before = total;
              const timer = setTimeout(() => {
                waiters.delete(check);
                done(undefined);
              }, ms);
              const check = () => {
                if (total === before && !closed) return;
                clearTimeout(timer);
                waiters.delete(check);
                done(total === before ? undefined : performance.now() - start);
              };
              waiters.add(check);
            });
          resolve({
            client,
            channel,
            text: () => buffer,
            screen: () => terminal.text(),
            resize: (newColumns, newRows) => channel.setWindow(newRows, newColumns, 0, 0),
            raw: () => rawBuffer,
            mark: () => {
              buffer = '';
              rawBuffer = '';
            },
            bytes: () => total,
            write: (keys) => {
              if (!closed) channel.write(keys);
            },
            waitFor,
            nextFrame,
            closed: () => closed,
            end: () => client.end(),
          });
        },
      );
    });
    client.connect({
      host: '127.0.0.1',
      port: options.port,
      username: options.user ?? 'madang',
      readyTimeout: options.timeout ?? 20_000,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      ...(options.key
        ? { privateKey: options.key }
        : { tryKeyboard: true, authHandler: ['keyboard-interactive'] as never }),
    });
  });
}

/** Whose turn the newest frame shows, and what is due (Yut's panel: `▶ R Ann to throw`). */
export function turn(text: string): { name: string; due: 'throw' | 'move' } | undefined {
  const last = [...text.matchAll(/▶ \S (\S+) to (throw|move)/g)].at(-1);
  return last ? { name: last[1] as string, due: last[2] as 'throw' | 'move' } : undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every player plays for `ms`: at its turn, a second or two of thought, then the key; the time
 * from each key to the next frame (ms) is what it returns. A key with no frame within 10 s is
 * Infinity, so that it weighs on the percentiles (left out, it flattered a loaded server).
 * `keys`: stop once the players have pressed that many (within `ms` still); `think`: the least
 * thought in ms (up to twice it), for a small table that has to press enough keys for a steady
 * figure of CPU per key in a short run.
 */
export async function playFor(
  players: readonly { readonly player: Player; readonly name: string }[],
  ms: number,
  { keys = Number.POSITIVE_INFINITY, think = 1000 }: { keys?: number; think?: number } = {},
): Promise<number[]> {
  const latencies: number[] = [];
  const end = Date.now() + ms;
  let pressed = 0;
  const going = () => Date.now() < end && pressed < keys;
  await Promise.all(
    players.map(async ({ player, name }) => {
      await pause(Math.random() * think);
      while (going() && !player.closed()) {
        // A game over has no more keys: waiting on would count the idle server's CPU as theirs.
        if (/★ .* wins/.test(player.screen())) break;
        const now = turn(player.screen());
        if (now?.name !== name) {
          await pause(Math.min(200, think));
          continue;
        }
        await pause(think + Math.random() * think);
        if (!going()) break;
        pressed++;
        player.mark();
        const frame = player.nextFrame(10_000);
        player.write(now.due === 'throw' ? ' ' : '\r');
        const took = await frame;
        latencies.push(took ?? Number.POSITIVE_INFINITY);
        await pause(100);
      }
    }),
  );
  return latencies;
}
