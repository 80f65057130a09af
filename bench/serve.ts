/**
 * madang serve under load: the built server in its own process on 127.0.0.1, and simulated
 * players (ssh2's client, each with its own key) in this one, two to a Yut table, each throwing
 * and moving when its turn comes after a second or two of thought. Key → frame is the time from
 * a key written to the first bytes of the frame it caused; memory per connection is the server's
 * resident memory with the players connected, less before, divided by them. Printed, never
 * pass/fail. The players' own SSH work shares the machine's two cores with the server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPlayer, newKey, type Player, playFor } from './ssh-client.js';
import { type Figure, fmt, quantile, type Section } from './report.js';

// MADANG_BENCH_CLI: another build's madang.js (to measure a before and an after side by side).
const CLI =
  process.env.MADANG_BENCH_CLI ?? new URL('../../dist/madang.js', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const data = mkdtempSync(join(tmpdir(), 'madang-bench-serve-'));
  const child = spawn(
    process.execPath,
    // MADANG_BENCH_NODE_ARGS: the server's node flags (say --cpu-prof --cpu-prof-dir=DIR).
    [
      ...(process.env.MADANG_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      CLI,
      'serve',
      '--port',
      '0',
      '--data-dir',
      data,
      '--max-connections',
      '400',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const end = Date.now() + 20_000;
  while (!/listening on 127\.0\.0\.1:(\d+)/.test(printed) && Date.now() < end) await sleep(50);
  const found = /listening on 127\.0\.0\.1:(\d+)/.exec(printed);
  if (!found) throw new Error(`madang serve did not start: ${printed}`);
  return { child, port: Number(found[1]) };
}

/** The server's resident memory in bytes (Linux /proc). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** The server's CPU time so far in milliseconds, user and system (Linux /proc, clock ticks of 10 ms). */
function cpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * How long a simulated player waits for a screen before the bench gives up: long, since on a
 * machine busy with other work the server's turn for a core may come late (the figures say so).
 */
const PATIENCE = 180_000;

/** A new player named `name`, in the lobby (or straight at the table given as user). */
async function arrive(port: number, name: string, user?: string): Promise<Player> {
  const player = await connectPlayer({ port, key: newKey(), user, timeout: PATIENCE });
  await player.waitFor('Welcome to madang', PATIENCE);
  player.write(`${name}\r`);
  return player;
}

/** Connect `count` players (pairs at Yut tables; one alone plays the computer). */
interface Seated {
  readonly player: Player;
  readonly name: string;
}

async function seat(port: number, count: number, run: number): Promise<Seated[]> {
  const players: Seated[] = [];
  const pairs = Math.ceil(count / 2);
  const make = async (t: number) => {
    const name = `a${run}x${t}`;
    const creator = await arrive(port, name);
    await creator.waitFor(`you are ${name}`, PATIENCE);
    creator.write('n');
    await creator.waitFor('which game?', PATIENCE);
    creator.write('\r');
    await creator.waitFor('Start the game', PATIENCE);
    creator.write('\x1b[A\r');
    const waiting = await creator.waitFor(/table (\w{4}) · waiting/, PATIENCE);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;
    players.push({ player: creator, name });
    if (players.length >= count) {
      creator.write('s');
      return;
    }
    const joined = `b${run}x${t}`;
    players.push({ player: await arrive(port, joined, code), name: joined });
  };
  // A few at a time, as friends arrive.
  for (let t = 0; t < pairs; t += 10)
    await Promise.all(Array.from({ length: Math.min(10, pairs - t) }, (_, i) => make(t + i)));
  await sleep(1000);
  return players;
}

export async function serveSection(quick: boolean): Promise<Section> {
  const figures: Figure[] = [];
  const { child, port } = await startServer();
  const pid = child.pid as number;
  try {
    const levels = quick ? [1, 50] : [1, 50, 200];
    let run = 0;
    for (const count of levels) {
      run++;
      const before = rss(pid);
      const started = performance.now();
      const cpuSeating = cpu(pid);
      const players = await seat(port, count, run);
      const seated = (performance.now() - started) / 1000;
      // The same work however busy the machine: names asked, tables made and joined.
      const cpuSeated = cpu(pid) - cpuSeating;
      const cpuBefore = cpu(pid);
      const playMs = quick ? 6000 : 20_000;
      const latencies = await playFor(players, playMs);
      // The server's own work while they played: far less swayed by the machine's load than the
      // latencies, which wait their turn for a core.
      const cpuPlay = cpu(pid) - cpuBefore;
      const held = players.filter((p) => !p.player.closed()).length;
      const after = rss(pid);
      const tables = Math.ceil(count / 2);
      figures.push(
        {
          what: `${count} connections (${tables} table${tables === 1 ? '' : 's'}): held`,
          value: `${held}`,
          target: `${count}`,
        },
        { what: `  seated in`, value: `${fmt(seated, 1)} s` },
        { what: `  server CPU to seat them`, value: `${fmt(cpuSeated / 1000, 1)} s` },
        {
          what: `  key → frame, median (${latencies.length} keys)`,
          value: `${fmt(quantile(latencies, 0.5), 1)} ms`,
        },
        {
          what: '  key → frame, 95th percentile',
          value: `${fmt(quantile(latencies, 0.95), 1)} ms`,
        },
        {
          what: '  keys with no frame within 10 s',
          value: `${latencies.filter((ms) => ms === Number.POSITIVE_INFINITY).length}`,
          target: '0',
        },
        {
          what: '  server CPU while they played (of one core)',
          value: `${fmt((100 * cpuPlay) / playMs, 0)}%`,
        },
        {
          what: '  server CPU per key',
          value: `${fmt(cpuPlay / Math.max(1, latencies.length), 1)} ms`,
        },
        {
          what: '  server memory per connection',
          value: `${fmt((after - before) / count / 1024, 0)} KiB`,
        },
        { what: '  server resident memory', value: `${fmt(after / 2 ** 20, 0)} MiB` },
      );
      for (const { player } of players) player.end();
      await sleep(1500);
    }
  } finally {
    child.kill('SIGTERM');
  }
  return { title: 'madang serve (ssh2 clients on 127.0.0.1, Yut, two to a table)', figures };
}
