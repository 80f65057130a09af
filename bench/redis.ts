/**
 * madang serve --redis under load: a redis-server on a free port of 127.0.0.1 and three built
 * servers sharing it; simulated players (ssh2 clients) two to a Yut table, the one who makes a
 * table on one server and the one who joins on the next, so every table's intents cross
 * processes through Redis. Key → frame is from a key written to the first bytes of the frame it
 * caused (the move has gone to the runner, into the stream, and back out to this player's
 * server). Events per second are the entries the streams gained while everyone played; Redis's
 * CPU seconds over the same time say how much of one core that took. Then the server running
 * the most tables is killed (SIGKILL): failover is the time until another holds every one of
 * its tables' leases. Printed, never pass/fail; the players share the machine's cores.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { connectPlayer, newKey, type Player, playFor } from './ssh-client.js';
import { type Figure, fmt, quantile, type Section } from './report.js';

const CLI = new URL('../../dist/madang.js', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  readonly proc: string;
  /** What it printed (its log: a refusal, a lease let go). */
  readonly printed: () => string;
  readonly data: string;
}

async function startServer(url: string): Promise<Server> {
  const data = mkdtempSync(join(tmpdir(), 'madang-bench-redis-'));
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', data, '--max-connections', '400', '--redis', url],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const end = Date.now() + 30_000;
  while (!/as process (\w+)/.test(printed) && Date.now() < end) await sleep(50);
  const port = /listening on 127\.0\.0\.1:(\d+)/.exec(printed)?.[1];
  const proc = /as process (\w+)/.exec(printed)?.[1];
  if (!port || !proc) throw new Error(`madang serve --redis did not start: ${printed}`);
  return { child, port: Number(port), proc, printed: () => printed, data };
}

async function arrive(port: number, name: string, user?: string): Promise<Player> {
  const player = await connectPlayer({ port, key: newKey(), user, timeout: 120_000 });
  await player.waitFor('Welcome to madang', 120_000);
  player.write(`${name}\r`);
  return player;
}

interface Seated {
  readonly player: Player;
  readonly name: string;
  readonly server: number;
}

/** Tables made on server t % 3 and joined from server (t + 1) % 3. */
async function seat(servers: readonly Server[], count: number): Promise<Seated[]> {
  const players: Seated[] = [];
  const make = async (t: number) => {
    const name = `m${t}`;
    const home = t % servers.length;
    const creator = await arrive((servers[home] as Server).port, name);
    await creator.waitFor(`you are ${name}`, 120_000);
    creator.write('n');
    await creator.waitFor('which game?', 60_000);
    creator.write('\r');
    await creator.waitFor('Start the game', 60_000);
    creator.write('\x1b[A\r');
    const waiting = await creator.waitFor(/table (\w{4}) · waiting/, 60_000);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;
    players.push({ player: creator, name, server: home });
    const away = (t + 1) % servers.length;
    const joined = `j${t}`;
    const joiner = await arrive((servers[away] as Server).port, joined, code);
    players.push({ player: joiner, name: joined, server: away });
    await joiner.waitFor('to throw', 120_000);
  };
  const tables = Math.ceil(count / 2);
  for (let t = 0; t < tables; t += 10)
    await Promise.all(Array.from({ length: Math.min(10, tables - t) }, (_, i) => make(t + i)));
  return players;
}

/** Entries in every table's stream. */
async function entries(redis: Redis): Promise<number> {
  let total = 0;
  for (const key of await redis.keys('madang:events:*')) total += await redis.xlen(key);
  return total;
}

async function redisCpu(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(info)?.[1] ?? 0);
  const sys = Number(/used_cpu_sys:([\d.]+)/.exec(info)?.[1] ?? 0);
  return user + sys;
}

/** A process's CPU time so far in ms, user and system (Linux /proc, clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's CPU time so far in ms (the simulated players' SSH and screens). */
const ownCpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

export async function redisSection(quick: boolean): Promise<Section> {
  const title = 'madang serve --redis (three servers, one redis-server, ssh2 clients, Yut)';
  if (spawnSync('redis-server', ['--version']).status !== 0)
    return { title, figures: [{ what: 'redis-server is not installed: skipped', value: '-' }] };
  const port = await freePort();
  const redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  await sleep(500);
  const redis = new Redis(url, { protocol: 2 });
  const servers: Server[] = [];
  const figures: Figure[] = [];
  try {
    for (let i = 0; i < 3; i++) servers.push(await startServer(url));
    // --connections N: another count than 600 (30 quick), to find where a smaller run breaks.
    const asked = Number(process.argv[process.argv.indexOf('--connections') + 1]);
    const count = process.argv.includes('--connections') && asked > 0 ? asked : quick ? 30 : 600;
    const started = performance.now();
    const players = await seat(servers, count);
    const seated = (performance.now() - started) / 1000;
    const playMs = quick ? 5000 : 30_000;
    const [entriesBefore, cpuBefore] = [await entries(redis), await redisCpu(redis)];
    const serversBefore = servers.map((s) => cpuOf(s.child.pid as number));
    const clientBefore = ownCpu();
    const t0 = performance.now();
    const latencies = await playFor(players, playMs);
    const seconds = (performance.now() - t0) / 1000;
    const [entriesAfter, cpuAfter] = [await entries(redis), await redisCpu(redis)];
    // Where the cores went: the servers' share, and the simulated players' (this process).
    const serversCpu = servers.map(
      (s, i) => (cpuOf(s.child.pid as number) - (serversBefore[i] as number)) / 10 / seconds,
    );
    const clientCpu = (ownCpu() - clientBefore) / 10 / seconds;
    const held = players.filter((p) => !p.player.closed()).length;
    // Tables that went from one server to another with no server killed: leases not renewed in time.
    const moved = servers
      .map((s) => s.printed().match(/no longer run here/g)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    const eventsPerSecond = (entriesAfter - entriesBefore) / seconds;
    const cpu = (cpuAfter - cpuBefore) / seconds;
    const memory = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
    const tables = Math.ceil(count / 2);
    figures.push(
      {
        what: `${count} connections over 3 servers (${tables} tables): held`,
        value: `${held}`,
        target: `${count}`,
      },
      { what: '  seated in', value: `${fmt(seated, 1)} s` },
      { what: '  tables moved to another server with none killed', value: `${moved}`, target: '0' },
      {
        what: `  key → frame, median (${latencies.length} keys)`,
        value: `${fmt(quantile(latencies, 0.5), 1)} ms`,
      },
      { what: '  key → frame, 95th percentile', value: `${fmt(quantile(latencies, 0.95), 1)} ms` },
      { what: '  stream entries a second (all tables)', value: fmt(eventsPerSecond, 1) },
      { what: "  Redis's CPU while they played", value: `${fmt(cpu * 100, 1)} % of a core` },
      {
        what: "  the servers' CPU while they played (each)",
        value: serversCpu.map((c) => `${fmt(c, 0)}`).join(' / ') + ' % of a core',
      },
      {
        what: "  the simulated players' CPU (this process)",
        value: `${fmt(clientCpu, 0)} % of a core`,
      },
      {
        what: '  Redis memory per table (lobby, stream, intents)',
        value: `${fmt(memory / tables / 1024, 1)} KiB`,
      },
    );

    // Failover: the server holding the most leases, killed.
    const leases = await redis.keys('madang:lease:*');
    const owners = await redis.mget(...leases);
    const held0 = new Map<string, string[]>();
    owners.forEach((owner, i) => {
      if (owner) held0.set(owner, [...(held0.get(owner) ?? []), leases[i] as string]);
    });
    const victim = servers.reduce((best, s) =>
      (held0.get(s.proc)?.length ?? 0) > (held0.get(best.proc)?.length ?? 0) ? s : best,
    );
    const orphans = held0.get(victim.proc) ?? [];
    const killed = performance.now();
    victim.child.kill('SIGKILL');
    let failover = Number.NaN;
    while (performance.now() - killed < 30_000) {
      const now = orphans.length ? await redis.mget(...orphans) : [];
      if (now.every((o) => o !== null && o !== victim.proc)) {
        failover = performance.now() - killed;
        break;
      }
      await sleep(50);
    }
    await sleep(1000);
    const survivors = players.filter((p) => p.server !== servers.indexOf(victim));
    figures.push(
      {
        what: `failover: ${orphans.length} tables of the killed server run elsewhere after`,
        value: `${fmt(failover / 1000, 2)} s`,
        target: '< 10 s',
      },
      {
        what: '  connections to the other servers still held',
        value: `${survivors.filter((p) => !p.player.closed()).length}`,
        target: `${survivors.length}`,
      },
    );
    for (const { player } of players) player.end();
  } catch (error) {
    // What the servers said is the first clue to a run that broke.
    for (const server of servers)
      console.error(`server ${server.proc} printed:\n${server.printed().slice(-4000)}`);
    throw error;
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      // Kept for a look after the run: every lease let go, every table taken over.
      writeFileSync(join(server.data, 'printed.log'), server.printed());
      console.error(`server ${server.proc}'s log: ${join(server.data, 'printed.log')}`);
    }
    redis.disconnect();
    redisServer.kill('SIGKILL');
  }
  return { title, figures };
}
