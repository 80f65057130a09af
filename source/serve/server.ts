/**
 * The SSH side of madang serve (the ssh2 package): keys checked by their signature, only a
 * terminal session served (pty-req, shell, window-change, env), everything else refused, and
 * each session's channel a screen of madang's renderer: columns and rows from the pty, a resize
 * on window-change, and of each frame only what changed on that client's screen sent
 * (render/frames.ts).
 * Limits: connections in all and per address (each counted from the socket's accept, before a
 * byte of SSH), a few seconds to finish the handshake, failed authentications, one terminal per
 * connection, key bytes per second (a paste past the allowance is cut, not queued), an idle
 * timeout, a window's size clamped, and a client that stops reading is sent nothing more until
 * it reads (then its latest screen, whole). A client past the connection limits is told why and
 * closed.
 */
import { type Socket, createServer } from 'node:net';
import { renderToString } from 'ink';
import { createElement } from 'react';
import ssh2 from './ssh2.js';
import type {
  AuthContext,
  AuthenticationType,
  Connection,
  PseudoTtyInfo,
  ServerChannel,
} from 'ssh2';
import { FRAME_CLEAR, safeText, screenText } from '../engine/safe-text.js';
import { renderScreen } from '../render/screen.js';
import { keyReader } from '../ui/key-reader.js';
import { KeyRouter, RouterKeys } from '../ui/keys-context.js';
import { sequenceLength } from '../ui/keys.js';
import { ThemeContext } from '../ui/theme.js';
import { ClientScreen, fitRows } from '../render/frames.js';
import { fingerprint } from './identity.js';
import type { Refusal, ServerWatch } from './metrics.js';
import { type Caller, KeylessPage, ServeApp, type ServeWorld } from './ServeApp.js';
import { ConnectionShare, SharedViews, ViewShareContext } from './shared-views.js';

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
  /** Milliseconds from a socket's accept to the end of the SSH handshake (key exchange). */
  readonly handshakeMs: number;
  /** Milliseconds from the handshake to a terminal: authenticated, its shell asked for. */
  readonly startMs: number;
}

export const LIMITS: Limits = {
  maxConnections: 300,
  perAddress: 250,
  failedAuth: 6,
  keyBytesPerSecond: 512,
  idleMs: 30 * 60_000,
  backlog: 4 << 20,
  handshakeMs: 10_000,
  startMs: 30_000,
};

/** Connections past a limit told why at once; more than this are closed without a word. */
const REFUSING = 32;

/** The largest window drawn: a client asking for more gets this much. */
export const MAX_COLUMNS = 400;
export const MAX_ROWS = 200;

const ENTER = '\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l';
/** Bytes waiting to go out to a client past which it is sent nothing until it has read them. */
const HOLD = 64 << 10;
const LEAVE = '\x1b[?25h\x1b[?1049l';

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly hostKey: string;
  readonly guests: boolean;
  readonly limits: Limits;
  readonly world: ServeWorld;
  /** Told of problems that are the server's, not a connection's, and of connections. */
  log(line: string): void;
  /** Told of refusals, failed authentications, keys and frames (`--web`'s /metrics). */
  readonly watch?: Partial<ServerWatch> | undefined;
}

/**
 * Where to cut keys past the allowance so that no key is made that was not typed: never inside
 * an escape sequence (a lone ESC left over reads as Escape, which leaves the screen; a sequence's
 * tail reads as letters) nor inside a character's UTF-8 bytes.
 */
export function wholeKeys(data: Buffer, at: number): number {
  if (at >= data.length) return data.length;
  let cut = at;
  while (cut > 0 && ((data[cut] ?? 0) & 0xc0) === 0x80) cut--;
  const esc = data.lastIndexOf(0x1b, cut - 1);
  if (esc >= 0 && esc + sequenceLength(data.toString('latin1', esc), 0) > cut) return esc;
  return cut;
}

const clampSize = (n: number, max: number) =>
  Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), max) : 1;

export interface Running {
  port: number;
  /** Sockets counted against the limits: every one accepted and not refused, SSH or not yet. */
  readonly connections: () => number;
  /** Full screens drawn (a React tree each): a connection without a key has none. */
  readonly screens: () => number;
  /** Drawings shared by many connections (a table's spectators, the lobby), one per size. */
  readonly sharedViews: () => number;
  /** Connections by what they are doing (`--web`'s /metrics). */
  readonly states: () => Record<string, number>;
  /** Why no connection would be taken now (stopping, full), or undefined: taking them. */
  readonly refusing: () => string | undefined;
  close(): Promise<void>;
}

export function serve(options: ServeOptions): Promise<Running> {
  const { limits } = options;
  const byAddress = new Map<string, number>();
  let open = 0;
  let refusing = 0;
  let serial = 0;
  let drawing = 0;
  let keylessPages = 0;
  let stopping = false;
  const watch = options.watch ?? {};
  const endings = new Set<(words?: string) => void>();

  /** A socket accepted: counted, or to be told why not; timed until its handshake is done. */
  interface Accepted {
    readonly socket: Socket;
    readonly refusal: string | undefined;
    readonly timer: ReturnType<typeof setTimeout>;
    shaken: boolean;
  }
  // By the client's address and port, which is all ssh2 tells its handler of the socket.
  const accepted = new Map<string, Accepted>();
  // What many connections see alike (a table's spectators, the lobby): drawn once per size.
  const views = new SharedViews(
    (line) => options.log(safeText(line)),
    (ms) => watch.drawn?.(ms),
  );

  // The sockets are ours from accept: ssh2 calls its handler only once a client has sent its
  // version line, and a socket that never sends one was counted by no limit and held a file for
  // ever (a thousand of them left new players and recordings without files to open).
  const listener = createServer((socket) => {
    const address = socket.remoteAddress;
    const key = `${address}|${socket.remotePort}`;
    if (address === undefined || accepted.has(key)) return void socket.destroy();
    const here = byAddress.get(address) ?? 0;
    const why: Refusal | undefined =
      open >= limits.maxConnections ? 'full' : here >= limits.perAddress ? 'address' : undefined;
    const refusal =
      open >= limits.maxConnections
        ? `The server is full (${limits.maxConnections} connection${limits.maxConnections === 1 ? '' : 's'}): try again in a while.`
        : here >= limits.perAddress
          ? `Too many connections from your address (${limits.perAddress}): close one and try again.`
          : undefined;
    // A connection past a limit is let in only to read why; past REFUSING of those at once, it
    // is closed without a word, as a flood deserves.
    if (refusal !== undefined && refusing >= REFUSING) {
      watch.refused?.('flood');
      options.log(
        `refused ${address}: ${refusal} (closed without a word: ${REFUSING} refused at once)`,
      );
      return void socket.destroy();
    }
    if (why !== undefined) {
      watch.refused?.(why);
      options.log(`refused ${address}: ${refusal}`);
    }
    if (refusal === undefined) {
      open++;
      byAddress.set(address, here + 1);
    } else refusing++;
    const timer = setTimeout(() => socket.destroy(), limits.handshakeMs);
    accepted.set(key, { socket, refusal, timer, shaken: false });
    const since = Date.now();
    if (refusal === undefined) options.log(`connection from ${address} port ${socket.remotePort}`);
    socket.once('close', () => {
      clearTimeout(timer);
      accepted.delete(key);
      if (refusal !== undefined) return void refusing--;
      options.log(
        `connection from ${address} port ${socket.remotePort} closed after ${Math.round((Date.now() - since) / 1000)} s`,
      );
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
    // A frame is a small write soon after another: Nagle's algorithm held it back until the
    // client's delayed acknowledgement of the last, some 40 ms on each key (OpenSSH's own
    // server and client turn it off for an interactive session too).
    socket.setNoDelay(true);
    server.injectSocket(socket);
  });

  const server = new Server({ hostKeys: [options.hostKey], ident: 'madang' }, (client, info) => {
    // A protocol error (random bytes, a broken client) ends that connection, and only it.
    client.on('error', () => client.end());
    const socket = accepted.get(`${info.ip}|${info.port}`);
    if (!socket) return void client.end();
    client.once('handshake', () => {
      clearTimeout(socket.timer);
      socket.shaken = true;
    });
    if (socket.refusal !== undefined) refuse(client, socket.refusal);
    else connection(client, socket.socket, ++serial, info.ip);
  });

  /** A connection past a limit: no key checked, nothing served, told why and closed. */
  function refuse(client: Connection, words: string) {
    const timer = setTimeout(() => client.end(), 10_000);
    client.on('close', () => clearTimeout(timer));
    client.on('authentication', (ctx) => ctx.accept());
    client.on('ready', () => {
      let sessions = 0;
      client.on('session', (accept, reject) => {
        if (sessions++ > 0) return reject();
        const session = accept();
        const tell = (channel: ServerChannel) => {
          channel.write(`madang: ${words}\r\n`);
          channel.exit(1);
          channel.end();
        };
        session.on('pty', (acceptPty) => acceptPty?.());
        session.on('env', (acceptEnv) => acceptEnv?.());
        // A second shell or exec on the session: ssh2 refuses it and gives no channel.
        const told = (channel: ServerChannel | undefined) => channel && tell(channel);
        session.on('shell', (acceptShell) => told(acceptShell()));
        session.on('exec', (acceptExec) => told(acceptExec()));
      });
    });
  }

  function connection(client: Connection, raw: Socket, number: number, address: string) {
    let failed = 0;
    let keyId: string | undefined;
    let keyText = '';
    let user = '';
    // A client that does not reach a terminal soon goes: one that never authenticates, or that
    // signs in (without a key anyone may) and opens nothing, held its place for ever.
    const startTimer = setTimeout(() => client.end(), limits.startMs);
    client.on('close', () => clearTimeout(startTimer));
    const fail = (ctx: AuthContext, methods: AuthenticationType[]) => {
      failed++;
      watch.authFailed?.();
      // One line an attempt, the address in it, for fail2ban or a log shipper.
      options.log(
        `authentication failed from ${address} (connection ${number}, user ${JSON.stringify(ctx.username.slice(0, 64))}, ${ctx.method})`,
      );
      if (failed >= limits.failedAuth) {
        client.end();
        return;
      }
      ctx.reject(methods);
    };
    const methods: AuthenticationType[] = ['publickey', 'keyboard-interactive'];
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
      // Port forwarding both ways, X11 and agent forwarding: refused.
      client.on('tcpip', (_accept, reject) => reject());
      client.on('request', (_accept, reject) => reject?.());
      client.on('openssh.streamlocal', (_accept, reject) => reject());
      // One terminal a connection: each would be a screen of its own, and four keyless
      // connections opened four thousand of them (380 MB). A second session is refused.
      let sessions = 0;
      client.on('session', (accept, reject) => {
        if (sessions++ > 0) return reject();
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
          // A second shell on the session: ssh2 refuses it and gives no channel.
          if (!channel) return;
          clearTimeout(startTimer);
          if (!pty) {
            channel.write(
              'madang draws a full screen: connect with a terminal (ssh -t), not a pipe.\r\n',
            );
            channel.exit(1);
            channel.end();
            return;
          }
          const term = env.TERM ?? pty.term ?? '';
          const colour = !env.NO_COLOR && term !== '' && term !== 'dumb';
          resize =
            keyId === undefined && !options.guests
              ? keyless(channel, client, { columns: pty.cols, rows: pty.rows, colour })
              : screen(channel, client, raw, {
                  columns: pty.cols,
                  rows: pty.rows,
                  colour,
                  caller: {
                    keyId,
                    keyText,
                    guests: options.guests,
                    serial: number,
                    user,
                    host: shownHost,
                    port: running.port,
                  },
                });
        });
      });
    });
  }

  const shownHost = ['0.0.0.0', '::'].includes(options.host) ? 'HOST' : options.host;

  /**
   * How a terminal session ends, once: `before` stops its drawing; the client leaves the screen
   * with `words` said, then the connection is closed.
   */
  function ending(
    channel: ServerChannel,
    client: Connection,
    before: () => void,
  ): (words?: string) => void {
    let ended = false;
    const end = (words?: string) => {
      if (ended) return;
      ended = true;
      endings.delete(end);
      before();
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
    };
    endings.add(end);
    channel.on('close', () => end());
    channel.on('error', () => end());
    client.on('close', () => end());
    return end;
  }

  // The keyless page's text for each window size asked, kept (a few sizes in practice).
  const pages = new Map<string, string>();
  function keylessPage(columns: number, rows: number, colour: boolean): string {
    const key = `${columns}×${rows}${colour ? ' colour' : ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      const drawn = renderToString(
        createElement(
          ThemeContext.Provider,
          { value: { colour } },
          createElement(KeylessPage, { columns, rows, host: shownHost, port: running.port }),
        ),
        { columns },
      );
      page = screenText(drawn).replace(/\r?\n/g, '\r\n');
      if (pages.size >= 64) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    }
    return page;
  }

  /**
   * The page for a connection without a key (nor --guests), written as text: a screen of its
   * own (an Ink tree) for each cost a connection megabytes that anyone may open. Any key, or the
   * idle time, closes it.
   */
  function keyless(
    channel: ServerChannel,
    client: Connection,
    setup: { columns: number; rows: number; colour: boolean },
  ): (columns: number, rows: number) => void {
    let columns = clampSize(setup.columns, MAX_COLUMNS);
    let rows = clampSize(setup.rows, MAX_ROWS);
    const draw = () => {
      if (channel.writable)
        channel.write(`${FRAME_CLEAR}${keylessPage(columns, rows, setup.colour)}`);
    };
    const idle = setTimeout(() => end('Closed after a long time without a key.'), limits.idleMs);
    keylessPages++;
    const end = ending(channel, client, () => {
      keylessPages--;
      clearTimeout(idle);
    });
    channel.on('data', () => end());
    channel.write(ENTER);
    draw();
    return (newColumns, newRows) => {
      columns = clampSize(newColumns, MAX_COLUMNS);
      rows = clampSize(newRows, MAX_ROWS);
      draw();
    };
  }

  /** One terminal session: madang's renderer drawing into the channel, keys from it. */
  function screen(
    channel: ServerChannel,
    client: Connection,
    socket: Socket,
    setup: { columns: number; rows: number; colour: boolean; caller: Caller },
  ): (columns: number, rows: number) => void {
    let ended = false;
    drawing++;
    // The screen as drawn and what this client was last sent: only the changes go (render/frames.ts).
    const shown = new ClientScreen(clampSize(setup.rows, MAX_ROWS));
    // The client's window width: no row wider is sent (render/frames.ts fitRows).
    let columns = clampSize(setup.columns, MAX_COLUMNS);
    // A client that does not read what it was sent is sent no more until it has: then the latest
    // screen, whole. Never a queue of frames, however long it waits.
    let behind = false;
    const flush = () => {
      if (ended || !channel.writable || behind) return;
      if (channel.writableLength > HOLD) {
        behind = true;
        shown.lost();
        channel.once('drain', () => {
          behind = false;
          flush();
        });
        return;
      }
      const change = shown.change();
      if (change === '') return;
      // The screen's gate stands here too (its cells' text passed render's cellText already).
      // One write to the socket: ssh2 writes a packet's length, body and MAC apart, and with
      // Nagle off each would be a segment (and a system call) of its own.
      socket.cork();
      channel.write(screenText(change));
      socket.uncork();
      watch.frame?.(change.length);
      // A client that stops reading must not grow the server's memory without end.
      if (channel.writableLength > limits.backlog) end();
    };

    // Keys: an allowance of bytes a second; what is past it is cut, never queued.
    let allowance = limits.keyBytesPerSecond * 2;
    let last = Date.now();
    let idle = setTimeout(() => end('Closed after a long time without a key.'), limits.idleMs);
    const router = new KeyRouter();
    const read = keyReader((key) => router.press(key));
    channel.on('data', (data: Buffer) => {
      const now = Date.now();
      allowance = Math.min(
        limits.keyBytesPerSecond * 2,
        allowance + ((now - last) / 1000) * limits.keyBytesPerSecond,
      );
      last = now;
      clearTimeout(idle);
      idle = setTimeout(() => end('Closed after a long time without a key.'), limits.idleMs);
      const taken = wholeKeys(data, Math.max(0, Math.min(data.length, Math.floor(allowance))));
      allowance -= taken;
      if (taken > 0) {
        watch.keys?.(taken);
        if (!ended) read(data.subarray(0, taken));
      }
    });

    // The frame sent: this connection's own rows, and a shared drawing's where its tree holds
    // a place for one (shared-views.ts).
    let own: readonly string[] = [];
    // Its own rows cut to the window once per frame of them and width, not once per frame sent:
    // a shared drawing's frame (a lobby of two hundred) is put into every connection's rows,
    // and the drawing's own rows fit by then (ConnectionShare.compose holds back a wider one).
    let fitted: { from: readonly string[]; columns: number; rows: readonly string[] } | undefined;
    const fit = () => {
      if (fitted?.from !== own || fitted.columns !== columns)
        fitted = { from: own, columns, rows: fitRows(own, columns) };
      return fitted.rows;
    };
    const share = new ConnectionShare(
      views,
      setup.colour,
      () => present(),
      columns,
      clampSize(setup.rows, MAX_ROWS),
    );
    const present = () => {
      const rows = ended ? undefined : share.compose(fit());
      if (rows === undefined) return;
      shown.show(rows);
      flush();
    };

    channel.write(ENTER);
    const drawn = renderScreen(
      createElement(
        ThemeContext.Provider,
        { value: { colour: setup.colour } },
        createElement(
          ViewShareContext.Provider,
          { value: share },
          createElement(RouterKeys, {
            router,
            children: createElement(ServeApp, {
              world: options.world,
              caller: setup.caller,
              onEnd: () => end(),
            }),
          }),
        ),
      ),
      {
        columns: clampSize(setup.columns, MAX_COLUMNS),
        rows: clampSize(setup.rows, MAX_ROWS),
        frame: (rows) => {
          own = rows;
          present();
        },
        drawn: (ms) => watch.drawn?.(ms),
        // A screen that threw ends its own connection, never the server (its text made safe).
        failed: (error) => {
          options.log(`a screen failed: ${safeText(error.message)}`);
          end('Something went wrong with this screen; please connect again.');
        },
      },
    );

    const end = ending(channel, client, () => {
      ended = true;
      drawing--;
      clearTimeout(idle);
      read.stop();
      try {
        drawn.unmount();
      } catch {
        // Already gone.
      }
    });

    return (newColumns, newRows) => {
      // A terminal resized may have moved or lost what it showed: the next frame is sent whole.
      columns = clampSize(newColumns, MAX_COLUMNS);
      const rows = clampSize(newRows, MAX_ROWS);
      shown.lost(rows);
      share.resized(columns, rows);
      drawn.resize(columns, rows);
    };
  }

  const running: Running = {
    port: options.port,
    connections: () => open,
    screens: () => drawing,
    sharedViews: () => views.size,
    states: () => {
      const handshake = [...accepted.values()].filter(
        (a) => !a.shaken && a.refusal === undefined,
      ).length;
      return {
        handshake,
        // Past the handshake, not yet at a terminal: signing in, or asking for one.
        starting: Math.max(0, open - handshake - drawing - keylessPages),
        keyless: keylessPages,
        screen: drawing,
        refused: refusing,
      };
    },
    refusing: () =>
      stopping || !listener.listening
        ? 'stopping'
        : open >= limits.maxConnections
          ? `full (${limits.maxConnections} connections)`
          : undefined,
    close: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        for (const end of [...endings]) end('The server is stopping.');
        // A socket yet to finish its handshake has nothing to be told.
        for (const { socket, shaken } of accepted.values()) if (!shaken) socket.destroy();
        listener.close(() => resolve());
      }),
  };
  return new Promise((resolve, reject) => {
    listener.on('error', reject);
    listener.listen(options.port, options.host, () => {
      const address = listener.address();
      if (address && typeof address === 'object') running.port = address.port;
      resolve(running);
    });
  });
}
