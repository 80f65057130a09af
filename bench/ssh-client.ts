/**
 * A simulated player of madang serve (ssh2's client): connects with a key of its own (or
 * none), asks for a pty, types, and reads the screen as the text of what arrived (escape
 * sequences dropped). For the serve bench and the abuse tests; 127.0.0.1 only.
 */
import ssh2 from 'ssh2';
import type { ClientChannel } from 'ssh2';

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
const ESCAPES = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g;

export interface Player {
  readonly client: ssh2.Client;
  readonly channel: ClientChannel;
  /** Everything drawn since the last mark, without escape sequences. */
  text(): string;
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
      client.shell(
        options.noPty
          ? false
          : {
              term: options.term ?? 'xterm-256color',
              cols: options.columns ?? 100,
              rows: options.rows ?? 30,
            },
        { env: options.env ?? {} },
        (error, channel) => {
          if (error) return reject(error);
          channel.on('data', (data: Buffer) => {
            total += data.length;
            buffer += data.toString('utf8').replace(ESCAPES, '');
            rawBuffer = (rawBuffer + data.toString('utf8')).slice(-200_000);
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
 */
export async function playFor(
  players: readonly { readonly player: Player; readonly name: string }[],
  ms: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const end = Date.now() + ms;
  await Promise.all(
    players.map(async ({ player, name }) => {
      await pause(Math.random() * 1000);
      while (Date.now() < end && !player.closed()) {
        const now = turn(player.text());
        if (now?.name !== name) {
          await pause(200);
          continue;
        }
        await pause(1000 + Math.random() * 1000);
        if (Date.now() >= end) break;
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
