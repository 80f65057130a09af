/**
 * The built program's `madang serve` as its own process on a free port of 127.0.0.1 (to be
 * killed with SIGKILL, or started on a broken data directory), and its players as ssh2 clients
 * (bench/ssh-client.ts): registering, making and joining a Yut table, playing moves. Every wait
 * is bounded and fails with what was seen.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectPlayer, newKey, type Player, turn } from '../../bench/ssh-client.js';
import { afterEach } from 'vitest';
import { CLI } from './tmux.js';

export interface Served {
  readonly child: ChildProcess;
  readonly port: number;
  /** What it printed (standard output and error) so far. */
  printed(): string;
  /** Whether it has exited (and how). */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Killed with this signal; resolves once it is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * madang serve on `data` (seed 382 unless told, computers at once); resolves once it listens.
 * ATTACK_CLI runs another build of the program (the figures before a change).
 */
export async function startServed(data: string, ms = 30_000, seed = 382): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      process.env.ATTACK_CLI ?? CLI,
      'serve',
      '--port',
      '0',
      '--data-dir',
      data,
      '--seed',
      String(seed),
      '--bot-delay',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.on('exit', (code, signal) => (exit = { code, signal }));
  const end = Date.now() + ms;
  while (!/listening on 127\.0\.0\.1:\d+/.test(out) && !exit && Date.now() < end) await pause(50);
  const found = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
  if (!found) {
    child.kill('SIGKILL');
    throw new Error(`madang serve did not start (${JSON.stringify(exit)}): ${out.slice(0, 2000)}`);
  }
  return {
    child,
    port: Number(found[1]),
    printed: () => out,
    exited: () => exit,
    kill: async (signal) => {
      if (exit) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await gone;
      // What it wrote as it exited is read after 'exit': its streams are closed by now.
      for (const stream of [child.stdout, child.stderr])
        if (stream && !stream.closed) await once(stream, 'close');
    },
  };
}

/** A new key registered under `name`: it is in the lobby (or at the table `user` names). */
export async function register(port: number, name: string, user?: string, key = newKey()) {
  const player = await connectPlayer({ port, key, user });
  await player.waitFor('Welcome to madang');
  player.write(`${name}\r`);
  return { player, key, name };
}

/** `player` (in the lobby) makes a Yut table of two people: its code. */
export async function makeYutTable(player: Player): Promise<string> {
  player.write('n');
  await player.waitFor('which game?');
  player.write('\r');
  await player.waitFor('Start the game');
  player.write('\x1b[A');
  await pause(200);
  player.write('\r');
  const screen = await player.waitFor(/table (\w{4}) · waiting for players/);
  return /table (\w{4}) · waiting for players/.exec(screen)?.[1] as string;
}

/** The one recording in `data`'s recordings folder, if made yet. */
export function recordingOf(data: string): string | undefined {
  const folder = join(data, 'recordings');
  if (!existsSync(folder)) return undefined;
  const found = readdirSync(folder).filter((f) => f.endsWith('.jsonl'));
  return found.length === 1 ? join(folder, found[0] as string) : undefined;
}

/** Yut moves written in a recording (throws are not moves). */
export function movesIn(file: string | undefined): number {
  if (!file || !existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"yut/pieceMoved"')).length;
}

/**
 * The players play (each at its turn: Space to throw, Enter for the first move offered) until
 * the recording in `data` holds at least `moves` moves; fails after `ms`.
 */
export async function playMoves(
  data: string,
  players: readonly { readonly player: Player; readonly name: string }[],
  moves: number,
  ms = 60_000,
): Promise<number> {
  await playUntil(
    players,
    () => movesIn(recordingOf(data)) >= moves,
    ms,
    () => `${moves} moves (${movesIn(recordingOf(data))} made)`,
  );
  return movesIn(recordingOf(data));
}

/** The players play, each at its turn, until `done`; fails after `ms` saying what it waited for. */
export async function playUntil(
  players: readonly { readonly player: Player; readonly name: string }[],
  done: () => boolean,
  ms: number,
  what: () => string,
): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end)
      throw new Error(
        `waited ${ms} ms for ${what()}; the screen: ${players[0]?.player.text().slice(-1500)}`,
      );
    const acting = players.find(({ player, name }) => turn(player.text())?.name === name);
    if (!acting) {
      await pause(50);
      continue;
    }
    const due = turn(acting.player.text())?.due;
    const frame = acting.player.nextFrame(5000);
    acting.player.write(due === 'throw' ? ' ' : '\r');
    await frame;
    await pause(150);
  }
}

/**
 * A test file's servers and players, killed and ended after each test: `served` starts one,
 * `player` registers a new key, `keep` adds a connection made otherwise.
 */
export function tracked() {
  const servers: Served[] = [];
  const players: Player[] = [];
  afterEach(async () => {
    for (const player of players.splice(0)) player.end();
    for (const server of servers.splice(0)) await server.kill('SIGKILL');
  });
  return {
    served: async (data: string) => {
      const server = await startServed(data);
      servers.push(server);
      return server;
    },
    player: async (port: number, name: string, user?: string) => {
      const joined = await register(port, name, user);
      players.push(joined.player);
      return joined;
    },
    keep: (player: Player) => {
      players.push(player);
      return player;
    },
  };
}

/** Dan makes a Yut table on `port` and Eve joins it by its code: both at it, Dan to throw. */
export async function danAndEve(
  player: ReturnType<typeof tracked>['player'],
  port: number,
): Promise<{ dan: Registered; eve: Registered; code: string }> {
  const dan = await player(port, 'Dan');
  await dan.player.waitFor('you are Dan');
  const code = await makeYutTable(dan.player);
  const eve = await player(port, 'Eve', code);
  await eve.player.waitFor('▶ R Dan to throw');
  return { dan, eve, code };
}

type Registered = Awaited<ReturnType<typeof register>>;

/** A running table as the hall's file keeps it: Ethan's Yut of three, recorded in `file`. */
export function savedTable(code: string, file: string, game = 'yut') {
  const person = { id: 'key:test', name: 'Ethan' };
  return {
    code,
    game,
    file,
    options: { players: 3, pieces: 2 },
    creator: person,
    holders: [{ kind: 'person', person }, { kind: 'computer', level: 'random' }, { kind: 'open' }],
    covered: [],
  };
}
