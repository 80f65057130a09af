/**
 * The SSH side of madang serve (the ssh2 package): keys checked by their signature, only a
 * terminal session served (pty-req, shell, window-change, env), everything else refused, and
 * each session's channel given to Ink as a terminal: columns and rows from the pty, 'resize'
 * on window-change, `\n` written as `\r\n`. Limits: connections in all and per address, failed
 * authentications, key bytes per second (a paste past the allowance is cut, not queued), an
 * idle timeout, a window's size clamped, and a client that stops reading is let go. A client
 * past the connection limits is told why and closed.
 */
import { PassThrough, Writable } from 'node:stream';
import { render } from 'ink';
import { createElement } from 'react';
import ssh2 from 'ssh2';
import type { Connection, PseudoTtyInfo, ServerChannel } from 'ssh2';
import { screenText } from '../engine/safe-text.js';
import { KeysProvider } from '../ui/keys-context.js';
import { ThemeContext } from '../ui/theme.js';
import { fingerprint } from './identity.js';
import { type Caller, ServeApp, type ServeWorld } from './ServeApp.js';

const { Server, utils } = ssh2;

export interface Limits {
  readonly maxConnections: number;
  readonly perAddress: number;
  /** Failed authentication attempts before a connection is dropped. */
  readonly failedAuth: number;
  /** Bytes of keys a second a connection may send (a burst up to twice that). */
  readonly keyBytesPerSecond: number;
  /** Milliseconds without a key before a connection is closed. */
  readonly idleMs: number;
  /** Bytes waiting to go out to a client that does not read, before it is let go. */
  readonly backlog: number;
}

export const LIMITS: Limits = {
  maxConnections: 300,
  perAddress: 250,
  failedAuth: 6,
  keyBytesPerSecond: 512,
  idleMs: 30 * 60_000,
  backlog: 4 << 20,
};

/** Connections past a limit told why at once; more than this are closed without a word. */
const REFUSING = 32;

/** The largest window drawn: a client asking for more gets this much. */
export const MAX_COLUMNS = 400;
export const MAX_ROWS = 200;

const ENTER = '\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l';
const LEAVE = '\x1b[?25h\x1b[?1049l';
/** Ink's clear of the whole screen, which begins a frame drawn whole. */
const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly hostKey: string;
  readonly guests: boolean;
  readonly limits: Limits;
  readonly world: ServeWorld;
  /** Told of problems that are the server's, not a connection's. */
  log(line: string): void;
}

const clampSize = (n: number, max: number) =>
  Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), max) : 1;

export interface Running {
  port: number;
  readonly connections: () => number;
  close(): Promise<void>;
}

export function serve(options: ServeOptions): Promise<Running> {
  const { limits } = options;
  const byAddress = new Map<string, number>();
  let open = 0;
  let serial = 0;
  const endings = new Set<(words?: string) => void>();

  const server = new Server({ hostKeys: [options.hostKey], ident: 'madang' }, (client, info) => {
    const address = info.ip;
    const here = byAddress.get(address) ?? 0;
    // A protocol error (random bytes, a broken client) ends that connection, and only it.
    client.on('error', () => client.end());
    if (open >= limits.maxConnections || here >= limits.perAddress) {
      refuse(
        client,
        open >= limits.maxConnections
          ? `The server is full (${limits.maxConnections} connection${limits.maxConnections === 1 ? '' : 's'}): try again in a while.`
          : `Too many connections from your address (${limits.perAddress}): close one and try again.`,
      );
      return;
    }
    open++;
    byAddress.set(address, here + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    };
    client.on('close', uncount);
    connection(client, ++serial);
  });

  /**
   * A connection past a limit is let in only to read why (no key checked, nothing served) and
   * closed; past REFUSING of those at once, it is closed without a word, as a flood deserves.
   */
  let refusing = 0;
  function refuse(client: Connection, words: string) {
    if (refusing >= REFUSING) {
      client.end();
      return;
    }
    refusing++;
    const timer = setTimeout(() => client.end(), 10_000);
    client.on('close', () => {
      clearTimeout(timer);
      refusing--;
    });
    client.on('authentication', (ctx) => ctx.accept());
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        const tell = (channel: ServerChannel) => {
          channel.write(`madang: ${words}\r\n`);
          channel.exit(1);
          channel.end();
        };
        session.on('pty', (acceptPty) => acceptPty?.());
        session.on('env', (acceptEnv) => acceptEnv?.());
        session.on('shell', (acceptShell) => tell(acceptShell()));
        session.on('exec', (acceptExec) => tell(acceptExec()));
      });
    });
  }

  function connection(client: Connection, number: number) {
    let failed = 0;
    let keyId: string | undefined;
    let keyText = '';
    let user = '';
    // Nothing happens before authentication for long: a client that never authenticates goes.
    const authTimer = setTimeout(() => client.end(), 30_000);
    const fail = (ctx: ssh2.AuthContext, methods: ssh2.AuthenticationType[]) => {
      failed++;
      if (failed >= limits.failedAuth) {
        client.end();
        return;
      }
      ctx.reject(methods);
    };
    const methods: ssh2.AuthenticationType[] = ['publickey', 'keyboard-interactive'];
    client.on('authentication', (ctx) => {
      user = ctx.username;
      if (ctx.method === 'publickey') {
        const parsed = utils.parseKey(ctx.key.data);
        if (parsed instanceof Error) return fail(ctx, methods);
        const key = Array.isArray(parsed) ? parsed[0] : parsed;
        // The probe (no signature) only asks whether this key would do: it proves nothing.
        if (!ctx.signature || !ctx.blob) return ctx.accept();
        if (key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return fail(ctx, methods);
        keyId = fingerprint(ctx.key.data);
        keyText = `${ctx.key.algo} ${ctx.key.data.toString('base64')}`;
        return ctx.accept();
      }
      // A connection without a key: a guest (--guests), or the banner saying how to use a key.
      if (ctx.method === 'keyboard-interactive') return ctx.accept();
      return ctx.reject(methods);
    });
    client.on('ready', () => {
      clearTimeout(authTimer);
      // Port forwarding both ways, X11 and agent forwarding: refused.
      client.on('tcpip', (_accept, reject) => reject());
      client.on('request', (_accept, reject) => reject?.());
      client.on('openssh.streamlocal', (_accept, reject) => reject());
      client.on('session', (accept) => {
        const session = accept();
        let pty: PseudoTtyInfo | undefined;
        const env: Record<string, string> = {};
        let resize: ((columns: number, rows: number) => void) | undefined;
        session.on('pty', (acceptPty, _reject, ptyInfo) => {
          pty = ptyInfo;
          acceptPty?.();
        });
        session.on('window-change', (acceptChange, _reject, change) => {
          acceptChange?.();
          resize?.(change.cols, change.rows);
        });
        session.on('env', (acceptEnv, _reject, variable) => {
          // Only what the screen reads; a few short ones.
          if (['NO_COLOR', 'TERM'].includes(variable.key) && variable.val.length < 64)
            env[variable.key] = variable.val;
          acceptEnv?.();
        });
        session.on('exec', (_accept, reject) => reject());
        session.on('subsystem', (_accept, reject) => reject());
        session.on('auth-agent', (_accept, reject) => reject?.());
        session.on('x11', (_accept, reject) => reject?.());
        session.on('signal', (acceptSignal) => acceptSignal?.());
        session.on('shell', (acceptShell) => {
          const channel = acceptShell();
          if (!pty) {
            channel.write(
              'madang draws a full screen: connect with a terminal (ssh -t), not a pipe.\r\n',
            );
            channel.exit(1);
            channel.end();
            return;
          }
          const term = env.TERM ?? pty.term ?? '';
          resize = screen(channel, client, {
            columns: pty.cols,
            rows: pty.rows,
            colour: !env.NO_COLOR && term !== '' && term !== 'dumb',
            caller: {
              keyId,
              keyText,
              guests: options.guests,
              serial: number,
              user,
              host: ['0.0.0.0', '::'].includes(options.host) ? 'HOST' : options.host,
              port: running.port,
            },
          });
        });
      });
    });
  }

  /** One terminal session: Ink drawing into the channel, keys from it. */
  function screen(
    channel: ServerChannel,
    client: Connection,
    setup: { columns: number; rows: number; colour: boolean; caller: Caller },
  ): (columns: number, rows: number) => void {
    let ended = false;
    // What Ink wrote this turn of the event loop, sent as one: its frame comes in three writes
    // (synchronized output begun, the frame, ended), each an SSH packet of its own otherwise.
    let pending: string[] = [];
    // The last whole frame sent (one that clears the screen first): Ink draws the full screen
    // again on every change of its tree, seen or not, and the same frame again changes nothing.
    let lastFrame = '';
    const flush = () => {
      const text = pending.join('');
      pending = [];
      if (ended || !channel.writable || text === '' || text === lastFrame) return;
      lastFrame = text.includes(CLEAR) ? text : '';
      channel.write(text);
      // A client that stops reading must not grow the server's memory without end.
      if (channel.writableLength > limits.backlog) end();
    };
    const stdin = new PassThrough() as PassThrough & Record<string, unknown>;
    Object.assign(stdin, {
      isTTY: true,
      setRawMode: () => stdin,
      ref: () => stdin,
      unref: () => stdin,
      isRaw: true,
    });
    const stdout = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        if (ended || !channel.writable) return done();
        if (pending.length === 0) queueMicrotask(flush);
        // Every frame passes the screen's gate (engine/safe-text.ts), as a local screen's does.
        pending.push(screenText(chunk.toString()).replace(/\r?\n/g, '\r\n'));
        done();
      },
    }) as Writable & { columns: number; rows: number; isTTY: boolean };
    stdout.columns = clampSize(setup.columns, MAX_COLUMNS);
    stdout.rows = clampSize(setup.rows, MAX_ROWS);
    stdout.isTTY = true;
    const stderr = new Writable({ write: (_c, _e, done) => done() });

    // Keys: an allowance of bytes a second; what is past it is cut, never queued.
    let allowance = limits.keyBytesPerSecond * 2;
    let last = Date.now();
    let idle = setTimeout(() => end('Closed after a long time without a key.'), limits.idleMs);
    channel.on('data', (data: Buffer) => {
      const now = Date.now();
      allowance = Math.min(
        limits.keyBytesPerSecond * 2,
        allowance + ((now - last) / 1000) * limits.keyBytesPerSecond,
      );
      last = now;
      clearTimeout(idle);
      idle = setTimeout(() => end('Closed after a long time without a key.'), limits.idleMs);
      const taken = Math.max(0, Math.min(data.length, Math.floor(allowance)));
      allowance -= taken;
      if (taken > 0) stdin.write(data.subarray(0, taken));
    });

    channel.write(ENTER);
    const instance = render(
      createElement(
        ThemeContext.Provider,
        { value: { colour: setup.colour } },
        createElement(
          KeysProvider,
          null,
          createElement(ServeApp, {
            world: options.world,
            caller: setup.caller,
            onEnd: () => end(),
          }),
        ),
      ),
      {
        stdout: stdout as unknown as NodeJS.WriteStream,
        stdin: stdin as unknown as NodeJS.ReadStream,
        stderr: stderr as unknown as NodeJS.WriteStream,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );

    function end(words?: string) {
      if (ended) return;
      // A frame still to go would be drawn on the screen the client is about to leave.
      pending = [];
      ended = true;
      endings.delete(end);
      clearTimeout(idle);
      try {
        instance.unmount();
      } catch {
        // Already gone.
      }
      if (channel.writable) {
        channel.write(`${LEAVE}${words ? `${words}\r\n` : ''}`);
        channel.exit(0);
        channel.end();
        // The connection goes once the client has the exit status and closed the channel (it
        // says 0 then, not a dropped connection), or after a second whatever the client does.
        const late = setTimeout(() => client.end(), 1000);
        channel.once('close', () => {
          clearTimeout(late);
          client.end();
        });
        return;
      }
      client.end();
    }
    endings.add(end);
    channel.on('close', () => end());
    channel.on('error', () => end());
    client.on('close', () => end());

    return (columns, rows) => {
      // A terminal resized may have moved or lost what it showed: the next frame is sent whole.
      lastFrame = '';
      stdout.columns = clampSize(columns, MAX_COLUMNS);
      stdout.rows = clampSize(rows, MAX_ROWS);
      stdout.emit('resize');
    };
  }

  const running: Running = {
    port: options.port,
    connections: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of [...endings]) end('The server is stopping.');
        server.close(() => resolve());
      }),
  };
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      if (address && typeof address === 'object') running.port = address.port;
      resolve(running);
    });
  });
}
