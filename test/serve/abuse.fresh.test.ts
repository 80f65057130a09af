/**
 * madang serve under abuse, with ssh2's client on 127.0.0.1 (bounded in count and time): a
 * forged signature, random bytes (to the port and into a session), a 1×1 and a 10000×10000 pty,
 * clients vanishing mid-frame, a 1 MiB paste, too many connections (from one address, in all),
 * an idle connection. After each, another connection is served as before and the server stands.
 */
import { connect as tcp } from 'node:net';
import { randomBytes } from 'node:crypto';
import ssh2 from 'ssh2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import type { Limits, Running } from '../../source/serve/server.js';
import { type Silent, serveHere, silentSockets } from '../support/serve.js';

// The server here runs in this process, where CI's CI=true would put Ink in its CI mode (no frame
// until the end); `madang serve` itself clears CI before Ink loads (main.ts). Hoisted above the
// imports, so Ink reads it as the program's does: which needs a fresh import of Ink, so this file
// is a fresh one (a process of its own; the fast project shares one import of Ink).
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const { BaseAgent, utils } = ssh2;

let running: Running | undefined;
const players: Player[] = [];
afterEach(async () => {
  for (const player of players.splice(0)) player.end();
  await running?.close();
  running = undefined;
});

async function server(limits: Partial<Limits> = {}, guests = false) {
  running = await serveHere(limits, guests);
  return running.port;
}

async function player(port: number, options: Partial<Parameters<typeof connectPlayer>[0]> = {}) {
  const joined = await connectPlayer({ port, key: newKey(), ...options });
  players.push(joined);
  return joined;
}

/** The server closes this connection within five seconds. */
async function closes(joined: Player) {
  const end = Date.now() + 5000;
  while (!joined.closed() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  expect(joined.closed(), 'the connection is closed').toBe(true);
}

/** A connection that is served as before: a new key gets the name page, then the lobby. */
async function stillServed(port: number, name = 'Zed') {
  const other = await player(port);
  await other.waitFor('Welcome to madang');
  other.write(`${name}\r`);
  await other.waitFor(`you are ${name}`);
  other.write('n');
  await other.waitFor('which game?');
}

const silent: Silent[] = [];
afterEach(() => {
  for (const sockets of silent.splice(0)) sockets.destroy();
});

/** `count` silent sockets; `allClosed` fails unless the server has closed them all within `ms`. */
async function silence(port: number, count: number, localAddress?: string) {
  const sockets = await silentSockets(port, count, localAddress);
  silent.push(sockets);
  return {
    async allClosed(ms: number) {
      expect(
        await sockets.closedWithin(ms),
        `silent sockets closed by the server within ${ms} ms`,
      ).toBe(count);
    },
  };
}

describe('madang serve under abuse', () => {
  it('accepts a key only once its signature verifies: another key’s public half, signed by a different key, is refused', async () => {
    const port = await server();
    const bo = newKey();
    const first = await player(port, { key: bo });
    await first.waitFor('Welcome to madang');
    first.write('Bo\r');
    await first.waitFor('you are Bo');
    const boPublic = utils.parseKey(bo) as ssh2.ParsedKey;
    const mallory = utils.parseKey(newKey()) as ssh2.ParsedKey;
    class Forger extends BaseAgent<ssh2.ParsedKey> {
      getIdentities(cb: (error: Error | undefined, keys?: ssh2.ParsedKey[]) => void) {
        cb(undefined, [boPublic]);
      }
      sign(_key: ssh2.ParsedKey, data: Buffer, ...rest: unknown[]) {
        const cb = rest.at(-1) as (error: Error | undefined, signature?: Buffer) => void;
        cb(undefined, mallory.sign(data));
      }
    }
    const forged = new Promise<string>((resolve) => {
      const client = new ssh2.Client();
      client.on('ready', () => resolve('ready'));
      client.on('error', (error) => resolve(error.message));
      client.connect({
        host: '127.0.0.1',
        port,
        username: 'x',
        agent: new Forger(),
        authHandler: ['agent'] as never,
      });
    });
    expect(await forged).toMatch(/authentication methods failed/);
    // Bo with his own key is still Bo.
    const again = await player(port, { key: bo });
    await again.waitFor('you are Bo');
  });

  it('stops a client after six failed authentications', async () => {
    const port = await server();
    const mallory = utils.parseKey(newKey()) as ssh2.ParsedKey;
    const others = Array.from({ length: 10 }, () => utils.parseKey(newKey()) as ssh2.ParsedKey);
    let tries = 0;
    class Forger extends BaseAgent<ssh2.ParsedKey> {
      getIdentities(cb: (error: Error | undefined, keys?: ssh2.ParsedKey[]) => void) {
        cb(undefined, others);
      }
      sign(_key: ssh2.ParsedKey, data: Buffer, ...rest: unknown[]) {
        tries++;
        const cb = rest.at(-1) as (error: Error | undefined, signature?: Buffer) => void;
        cb(undefined, mallory.sign(data));
      }
    }
    const ended = await new Promise<string>((resolve) => {
      const client = new ssh2.Client();
      client.on('ready', () => resolve('ready'));
      client.on('error', (error) => resolve(error.message));
      client.on('close', () => resolve('closed'));
      client.connect({
        host: '127.0.0.1',
        port,
        username: 'x',
        agent: new Forger(),
        authHandler: ['agent'] as never,
      });
    });
    expect(ended).not.toBe('ready');
    expect(tries).toBe(6);
    await stillServed(port);
  });

  it('colour follows the client: TERM=dumb or NO_COLOR sent with the session turn it off', async () => {
    const port = await server();
    const yellow = '\x1b[33m';
    const coloured = await player(port);
    await coloured.waitFor('Welcome to madang');
    coloured.write('\r');
    await coloured.waitFor('Type a name first.');
    expect(coloured.raw()).toContain(yellow);
    for (const plain of [{ term: 'dumb' }, { env: { NO_COLOR: '1' } }]) {
      const other = await player(port, plain);
      await other.waitFor('Welcome to madang');
      other.write('\r');
      await other.waitFor('Type a name first.');
      expect(other.raw()).not.toContain(yellow);
      // Bold and the like stay: the screen is drawn, only without colour.
      expect(other.raw()).toContain('\x1b[');
    }
  });

  it('random bytes to the port and into a session disturb no one', async () => {
    const port = await server();
    const watcher = await player(port);
    await watcher.waitFor('Welcome to madang');
    // Not SSH at all.
    await new Promise<void>((resolve) => {
      const socket = tcp(port, '127.0.0.1', () => socket.end(randomBytes(65536)));
      // The server answers with its ident and hangs up; bounded, whatever it does.
      socket.on('end', () => resolve());
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 3000);
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
    // Random keys in a session, as fast as they go.
    const noisy = await player(port);
    await noisy.waitFor('Welcome to madang');
    for (let n = 0; n < 16; n++) noisy.write(randomBytes(4096));
    await new Promise((resolve) => setTimeout(resolve, 300));
    watcher.write('Wat\r');
    await watcher.waitFor('you are Wat');
    await stillServed(port);
  });

  it('a 1×1 pty gets the too-small page, a 10000×10000 one a bounded frame, and both the full screen once resized', async () => {
    const port = await server();
    const tiny = await player(port, { columns: 1, rows: 1 });
    await tiny.nextFrame(5000);
    expect(tiny.closed()).toBe(false);
    tiny.mark();
    tiny.channel.setWindow(30, 100, 0, 0);
    await tiny.waitFor('Welcome to madang');
    const huge = await player(port, { columns: 10000, rows: 10000 });
    await huge.waitFor('Welcome to madang');
    // Drawn at most 400×200: never a hundred-million-cell frame.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(huge.bytes()).toBeLessThan(400 * 200 * 8);
    huge.channel.setWindow(24, 80, 0, 0);
    huge.mark();
    await huge.waitFor('Welcome to madang');
    await stillServed(port);
  });

  it('clients vanishing mid-frame leave the server and the others as they were', async () => {
    const port = await server();
    const before = running?.connections() ?? 0;
    for (let n = 0; n < 12; n++) {
      const gone = await player(port);
      // Ink 8 draws the first frame once (Ink 6 drew it again at once): it may be here already.
      if (gone.bytes() === 0) await gone.nextFrame(5000);
      // The socket cut as the first frame arrives, with no goodbye.
      (gone.client as unknown as { _sock: { destroy(): void } })._sock.destroy();
    }
    await stillServed(port);
    const end = Date.now() + 5000;
    while ((running?.connections() ?? 0) > before + 1 && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running?.connections()).toBe(before + 1);
  });

  it('a 1 MiB paste is cut, not queued: the next key is answered at once', async () => {
    const port = await server();
    const paster = await player(port);
    await paster.waitFor('Welcome to madang');
    paster.write(Buffer.alloc(1 << 20, 'a'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const start = performance.now();
    paster.write('\r');
    // The name field holds its twelve characters; Enter is the next key, not the millionth.
    await paster.waitFor('you are aaaaaaaaaaaa', 3000);
    expect(performance.now() - start).toBeLessThan(3000);
    await stillServed(port);
  });

  it('too many connections from one address, or in all: the one past the limit is told why and closed before it is served', async () => {
    let port = await server({ perAddress: 3 });
    for (let n = 0; n < 3; n++) await (await player(port)).waitFor('Welcome to madang');
    const past = await player(port);
    const told = await past.waitFor('madang: Too many connections from your address (3)');
    expect(told).not.toContain('Welcome to madang');
    await closes(past);
    expect(running?.connections()).toBe(3);
    for (const joined of players.splice(0)) joined.end();
    await running?.close();

    port = await server({ maxConnections: 2 });
    for (let n = 0; n < 2; n++) await (await player(port)).waitFor('Welcome to madang');
    const full = await player(port);
    expect(await full.waitFor('madang: The server is full (2 connections)')).not.toContain(
      'Welcome to madang',
    );
    await closes(full);
    // One of the two leaves: the next is served.
    players.shift()?.end();
    const end = Date.now() + 5000;
    while ((running?.connections() ?? 0) > 1 && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await stillServed(port);
  });

  it('an idle connection is closed with a word; a guest (--guests) plays under a name for the connection', async () => {
    const port = await server({ idleMs: 500 }, true);
    const idle = await player(port);
    await idle.waitFor('Closed after a long time without a key.', 5000);
    const guest = await connectPlayer({ port });
    players.push(guest);
    await guest.waitFor('You play as a guest');
    guest.write('Gus\r');
    await guest.waitFor('you are Gus');
  });

  it('a silent TCP connection counts from accept: past the limits a client is told why; each is closed a few seconds on, and then a client is served', async () => {
    const port = await server({ maxConnections: 5, handshakeMs: 1500 });
    const held = await silence(port, 5);
    const full = await player(port);
    expect(await full.waitFor('madang: The server is full (5 connections)')).not.toContain(
      'Welcome to madang',
    );
    await closes(full);
    // A flood past the limit holds nothing: closed at once, or after the time for a handshake.
    const flood = await silence(port, 300);
    await flood.allClosed(10_000);
    await held.allClosed(10_000);
    await stillServed(port);
  });

  it('silent TCP connections count against the per-address limit: another address is served', async () => {
    const port = await server({ perAddress: 3, handshakeMs: 1500 });
    const held = await silence(port, 3, '127.0.0.2');
    const past = await connectPlayer({ port, key: newKey(), localAddress: '127.0.0.2' });
    players.push(past);
    await past.waitFor('madang: Too many connections from your address (3)');
    await stillServed(port);
    await held.allClosed(10_000);
  });

  it('one terminal per connection: a second session channel is refused, the first screen unharmed', async () => {
    const port = await server();
    const first = await player(port);
    await first.waitFor('Welcome to madang');
    const opened = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<string>((resolve) =>
            first.client.shell({ term: 'xterm', cols: 80, rows: 24 }, (error) =>
              resolve(error ? 'refused' : 'opened'),
            ),
          ),
      ),
    );
    expect(opened.filter((o) => o === 'opened')).toEqual([]);
    // A second shell asked for on the session itself (ssh2's client has no call for it).
    const raw = first.client as unknown as {
      _protocol: { shell(channel: number, wantReply: boolean): void };
    };
    const channel = first.channel as unknown as { outgoing: { id: number } };
    raw._protocol.shell(channel.outgoing.id, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running?.screens()).toBe(1);
    first.write('Uno\r');
    await first.waitFor('you are Uno');
  });

  it('a connection without a key gets its page without a screen of its own; any key closes it', async () => {
    const port = await server();
    const keyless = await connectPlayer({ port });
    players.push(keyless);
    await keyless.waitFor('madang needs your SSH key to know you');
    expect(keyless.text()).toContain(`ssh -p ${port} -i ~/.ssh/id_ed25519 127.0.0.1`);
    expect(keyless.text()).toContain('Any key closes this connection.');
    expect(running?.screens()).toBe(0);
    keyless.channel.setWindow(10, 30, 0, 0);
    await keyless.waitFor('Make the window at least');
    keyless.write('x');
    await closes(keyless);
  });

  it('a connection that signs in and never opens a terminal is closed when the time to start is up', async () => {
    const port = await server({ startMs: 1500 });
    const ended = await new Promise<string>((resolve) => {
      const client = new ssh2.Client();
      const timer = setTimeout(() => {
        client.end();
        resolve('still open after 10 s');
      }, 10_000);
      client.on('error', () => undefined);
      client.on('close', () => {
        clearTimeout(timer);
        resolve('closed');
      });
      client.connect({
        host: '127.0.0.1',
        port,
        username: 'x',
        tryKeyboard: true,
        authHandler: ['keyboard-interactive'] as never,
      });
    });
    expect(ended).toBe('closed');
    await stillServed(port);
  });
});
