/**
 * madang serve in the test's own process, on a free port of 127.0.0.1: a hall of its own, keys
 * and players in a temporary directory, the limits given over LIMITS, tables' codes from `code`. A file using it must clear
 * CI before Ink loads (as abuse.fresh.test.ts says why).
 */
import { mkdtempSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES } from '../../source/games/index.js';
import { Hall } from '../../source/serve/hall.js';
import { PlayerBook, hostKey } from '../../source/serve/identity.js';
import { LIMITS, type Limits, type Running, serve } from '../../source/serve/server.js';
import { TIMERS } from '../../source/table/table.js';

export async function serveHere(
  limits: Partial<Limits> = {},
  guests = false,
  code = () => Math.random().toString(36).slice(2, 6),
): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'madang-serve-here-'));
  const key = hostKey(dir);
  const hall = new Hall({
    startSession: () => 'not in these tests',
    scheduler: TIMERS,
    botDelay: 0,
    seatHold: 300_000,
    now: () => Date.now(),
    code,
  });
  return serve({
    host: '127.0.0.1',
    port: 0,
    hostKey: key.privateKey,
    guests,
    limits: { ...LIMITS, ...limits },
    world: {
      hall,
      book: new PlayerBook(join(dir, 'players.json')),
      games: GAMES,
      dataDir: dir,
      now: () => new Date(),
    },
    log: () => undefined,
  });
}

export interface Silent {
  /** How many the server has closed by now. */
  closed(): number;
  /** How many the server has closed once all are, or `ms` have passed. */
  closedWithin(ms: number): Promise<number>;
  destroy(): void;
}

/**
 * `count` raw TCP connections to the port from `localAddress` (127.0.0.1 if none; any 127.x is
 * another address to the server), each waited for until connected, that never send a byte.
 */
export async function silentSockets(
  port: number,
  count: number,
  localAddress?: string,
): Promise<Silent> {
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve());
          sockets.push(socket);
          // What the server says is read (and dropped), or its closing would wait behind it.
          socket.resume();
          socket.on('error', () => resolve());
          socket.on('close', () => {
            closed.add(socket);
            resolve();
          });
        }),
    ),
  );
  return {
    closed: () => closed.size,
    async closedWithin(ms) {
      const end = Date.now() + ms;
      while (closed.size < count && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return closed.size;
    },
    destroy: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
