/**
 * madang serve under load: the built server in its own process on 127.0.0.1, and simulated
 * players (ssh2's client, each with its own key, an 80×24 window) in this one: two to a Yut
 * table, each throwing and moving when its turn comes after a second or two of thought; tables
 * watched by spectators; a lobby full of people when a table is made; a thousand held in the
 * lobby. Key → frame is the time
 * from a key written to the first bytes of the frame it caused; the server's CPU is read from
 * /proc (a loaded machine delays it but does not hide it); memory per connection is the server's
 * resident memory with the players connected, less before, divided by them. Printed, never
 * pass/fail. With MADANG_BENCH_BEFORE (another build's madang.js) each figure is printed as that
 * build's → this one's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPlayer, newKey, type Player, playFor } from './ssh-client.js';
import { type Figure, fmt, quantile, type Section } from './report.js';
import { LOBBY_CLOCK_MS } from '../source/serve/views/LobbyPage.js';

// MADANG_BENCH_CLI: another build's madang.js (to measure a before and an after side by side).
const CLI =
  process.env.MADANG_BENCH_CLI ?? new URL('../../dist/madang.js', import.meta.url).pathname;
const BEFORE = process.env.MADANG_BENCH_BEFORE;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(cli: string): Promise<{ child: ChildProcess; port: number }> {
  const data = mkdtempSync(join(tmpdir(), 'madang-bench-serve-'));
  const child = spawn(
    process.execPath,
    // MADANG_BENCH_NODE_ARGS: the server's node flags (say --cpu-prof --cpu-prof-dir=DIR).
    [
      ...(process.env.MADANG_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      cli,
      'serve',
      '--port',
      '0',
      '--data-dir',
      data,
      '--max-connections',
      '1200',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  // A server that ends before the bench stops it: what it said last (else the bench only fails
  // later, reading the /proc of a process that is gone).
  child.on('exit', (code, signal) => {
    if (!child.killed)
      process.stderr.write(
        `madang serve ended during the bench (${code ?? signal}); its last output:\n${printed.slice(-4000)}\n`,
      );
  });
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

/**
 * The CPU (ms) each of the server's threads has run so far, from its /proc schedstat: the
 * scheduler's own count in nanoseconds, where /proc's stat counts in ticks of 10 ms (too coarse
 * for one lobby event, which costs tens of milliseconds, or a key of a few). Every thread of the
 * server lives as long as it does (V8's workers, libuv's pool, the computers' worker).
 */
function threadTimes(pid: number): { tid: string; ms: number }[] {
  const times: { tid: string; ms: number }[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      times.push({ tid, ms: ns / 1e6 });
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return times;
}

/** The server's CPU time so far in milliseconds, all its threads. */
function cpu(pid: number): number {
  return threadTimes(pid).reduce((sum, { ms }) => sum + ms, 0);
}

/**
 * The server's CPU so far (ms) on its JavaScript thread and on the rest (V8's helper threads:
 * the optimising compilers and the garbage collector's; libuv's).
 */
function cpuByThread(pid: number): { js: number; helpers: number } {
  let js = 0;
  let helpers = 0;
  for (const { tid, ms } of threadTimes(pid)) {
    if (tid === String(pid)) js += ms;
    else helpers += ms;
  }
  return { js, helpers };
}

/**
 * How long a simulated player waits for a screen before the bench gives up: long, since on a
 * machine busy with other work the server's turn for a core may come late (the figures say so).
 */
const PATIENCE = 180_000;

/** A new player named `name`, in the lobby (or straight at the table given as user). */
async function arrive(
  port: number,
  name: string,
  user?: string,
  rows = 24,
  patience = PATIENCE,
): Promise<Player> {
  const player = await connectPlayer({
    port,
    key: newKey(),
    user,
    timeout: patience,
    columns: 80,
    rows,
  });
  await player.waitFor('Welcome to madang', patience);
  player.write(`${name}\r`);
  return player;
}

/** A simulated player and the name it gave. */
export interface Seated {
  readonly player: Player;
  readonly name: string;
}

/** Connect `count` players (pairs at Yut tables; one alone plays the computer). */
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

/** The server's CPU (ms) over `ms` of wall time from now. */
async function cpuOver(pid: number, ms: number): Promise<number> {
  const from = cpu(pid);
  await sleep(ms);
  return cpu(pid) - from;
}

const bytesOf = (players: readonly Seated[]) =>
  players.reduce((sum, { player }) => sum + player.bytes(), 0);

/**
 * How a table of two plays for its CPU per key: a count of keys, or its game to the end (enough
 * keys that a stray piece of the server's other work weighs little), each after 150–300 ms of
 * thought.
 */
const small = (quick: boolean) => ({ keys: quick ? 30 : 60, think: 150 });

/** Players at Yut tables, two to a table: what a key costs and how long its frame takes. */
async function playing(pid: number, port: number, quick: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  // Last, a table of two again on a server whose code the crowds before have warmed up (V8 has
  // optimised it): the cost of a key on a server that has been up a while, beside the first
  // table's on a server just started, which pays for the compiling too.
  const levels = quick ? [2, 50, 2] : [2, 50, 200, 2];
  let run = 0;
  for (const count of levels) {
    run++;
    const warm = run === levels.length;
    const before = rss(pid);
    const started = performance.now();
    const cpuSeating = cpu(pid);
    const players = await seat(port, count, run);
    const seated = (performance.now() - started) / 1000;
    // The same work however busy the machine: names asked, tables made and joined.
    const cpuSeated = cpu(pid) - cpuSeating;
    const cpuBefore = cpu(pid);
    const threadsBefore = cpuByThread(pid);
    const bytesBefore = bytesOf(players);
    const playStart = performance.now();
    // A table of two at a person's pace gives few keys in a short run (about six in 6 s): too few
    // for a steady CPU per key. It plays a count of keys, quicker.
    const latencies = await playFor(
      players,
      count <= 3 ? PATIENCE : quick ? 6000 : 20_000,
      count <= 3 ? small(quick) : {},
    );
    const playMs = performance.now() - playStart;
    // The server's own work while they played: far less swayed by the machine's load than the
    // latencies, which wait their turn for a core.
    const cpuPlay = cpu(pid) - cpuBefore;
    const threadsAfter = cpuByThread(pid);
    const keys = Math.max(1, latencies.length);
    // Each key is drawn for both players of its table.
    const bytesPerKey = (bytesOf(players) - bytesBefore) / Math.max(1, latencies.length) / 2;
    const held = players.filter((p) => !p.player.closed()).length;
    const after = rss(pid);
    const tables = Math.ceil(count / 2);
    figures.push(
      {
        what: `${count} players (${tables} table${tables === 1 ? '' : 's'})${warm ? ', the server warm' : ''}: held`,
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
        target: count >= 200 ? '< 50 ms (idle machine)' : '',
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
        value: `${fmt(cpuPlay / keys, 1)} ms`,
        target: count === 2 ? '≤ 3 ms' : '',
      },
      {
        what: '    of it on the JavaScript thread',
        value: `${fmt((threadsAfter.js - threadsBefore.js) / keys, 1)} ms`,
      },
      {
        what: "    of it on V8's and libuv's helper threads",
        value: `${fmt((threadsAfter.helpers - threadsBefore.helpers) / keys, 1)} ms`,
      },
      {
        what: '  bytes per key per connection',
        value: `${fmt(bytesPerKey, 0)} B`,
        target: '≤ 600 B',
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
  return figures;
}

/** One Yut table watched by 0, 20, 50 spectators: the server's CPU per key. */
async function watched(pid: number, port: number, quick: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  let alone = Number.NaN;
  // Fifty even in a quick run: the target is said of fifty (a spectator costs far less than a player).
  for (const count of [0, 20, 50]) {
    const run = 100 + count;
    const players = await seat(port, 2, run);
    const waiting = players[0]?.player.text() ?? '';
    const code = [...waiting.matchAll(/table (\w{4}) · /g)].at(-1)?.[1] as string;
    const spectators: Player[] = [];
    for (let s = 0; s < count; s += 10)
      spectators.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, count - s) }, async (_, i) => {
            const spectator = await arrive(port, `w${run}x${s + i}`, code);
            await spectator.waitFor('watching', PATIENCE);
            return spectator;
          }),
        )),
      );
    await sleep(1000);
    const cpuBefore = cpu(pid);
    const latencies = await playFor(players, PATIENCE, small(quick));
    const perKey = (cpu(pid) - cpuBefore) / Math.max(1, latencies.length);
    if (count === 0) alone = perKey;
    figures.push({
      what: `a table watched by ${count}: server CPU per key (${latencies.length} keys)`,
      value: `${fmt(perKey, 1)} ms`,
      target:
        count > 0 ? `≤ 2× none${Number.isNaN(alone) ? '' : ` (${fmt(2 * alone, 1)} ms)`}` : '',
    });
    for (const one of [...players.map((p) => p.player), ...spectators]) one.end();
    await sleep(1500);
  }
  return figures;
}

/**
 * Tables made while `count` sit in the lobby: the server's CPU for one such event, the median of
 * several (one may meet the garbage collector's or the compiler's work). Once a table is listed,
 * its clock moves every five seconds and every lobby is drawn again: each event's window opens
 * just after such a tick and closes before the next, less the CPU of as long a window with no
 * event after a tick, the median of those (a tick inside one window and not another swung the
 * figure between 16 and 54 ms).
 */
async function lobby(pid: number, port: number, quick: boolean): Promise<Figure[]> {
  const count = quick ? 50 : 200;
  const events = quick ? 3 : 5;
  const people: Player[] = [];
  for (let s = 0; s < count; s += 10)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - s) }, async (_, i) => {
          const name = `l${s + i}`;
          const person = await arrive(port, name);
          await person.waitFor(`you are ${name}`, PATIENCE);
          return person;
        }),
      )),
    );
  // The makers wait on the new table's form, the last key of it to come: the first `events`
  // while every viewer's cursor is on the first table, the rest once they are spread over five.
  const spread = quick ? 2 : 3;
  const makers = people.slice(0, events + spread);
  for (const maker of makers) {
    maker.write('n');
    await maker.waitFor('which game?', PATIENCE);
    maker.write('\r');
    await maker.waitFor('Start the game', PATIENCE);
  }
  const viewers = people.slice(events + spread);
  await sleep(2000);
  const window = 2000;
  // Just after the lobby's clocks moved (every lobby's frame of it come), or at once while no
  // table is listed (nothing ticks): the next tick is five seconds off, past a window's end.
  const ticked = async (listed: boolean) => {
    if (!listed) return;
    await viewers[0]?.nextFrame(LOBBY_CLOCK_MS + 1000);
    await sleep(300);
  };
  const drawnIn: number[] = [];
  /** The server's CPU for each table `makers` make, less that of a quiet window after a tick. */
  const made = async (makers: readonly Player[], listed: boolean) => {
    const costs: number[] = [];
    const quiet: number[] = [];
    for (const [m, maker] of makers.entries()) {
      await ticked(listed || m > 0);
      const from = cpu(pid);
      const started = performance.now();
      // Each lobby draws the new table: in its list, or (earlier sections' tables may fill the
      // window) in the count of the tables below it.
      const drawn = viewers.map((p) => p.nextFrame(window));
      maker.write('\x1b[A\r');
      await maker.waitFor(/table (\w{4}) · waiting/, PATIENCE);
      for (const ms of await Promise.all(drawn)) drawnIn.push(ms ?? Number.POSITIVE_INFINITY);
      await sleep(Math.max(0, window - (performance.now() - started)));
      costs.push(cpu(pid) - from);
      // As long a window after a tick with no event: what the server does anyway (keepalives).
      await ticked(true);
      quiet.push(await cpuOver(pid, window));
    }
    // Less the median quiet window: one quiet window that met the collector's work would
    // otherwise make its event's figure negative.
    const background = quantile(quiet, 0.5);
    return costs.map((cost) => cost - background);
  };
  const bytesBefore = viewers.reduce((sum, p) => sum + p.bytes(), 0);
  const first = await made(makers.slice(0, events), false);
  const bytes = viewers.reduce((sum, p) => sum + p.bytes(), 0) - bytesBefore;
  // The lobby's own work, its clocks drawn again every five seconds, with the tables listed.
  const idle = 10_000;
  const idleRate = (await cpuOver(pid, idle)) / idle;
  // The viewers' cursors spread over the tables listed (up to five, as many on each): a drawing
  // for each place of a cursor.
  const places = Math.min(5, events);
  for (const [i, viewer] of viewers.entries()) viewer.write('\x1b[B'.repeat(i % places));
  await sleep(3000);
  const spreadOut = await made(makers.slice(events), true);
  for (const person of people) person.end();
  await sleep(1500);
  return [
    {
      what: `a table made while ${count} sit in the lobby: server CPU (median of ${events})`,
      value: `${fmt(quantile(first, 0.5), 0)} ms (${first.map((ms) => fmt(ms, 0)).join(', ')})`,
      target: '≤ 20 ms',
    },
    {
      what: `  the same, their cursors spread over ${places} tables (median of ${spread})`,
      value: `${fmt(quantile(spreadOut, 0.5), 0)} ms (${spreadOut.map((ms) => fmt(ms, 0)).join(', ')})`,
      target: '≤ 20 ms',
    },
    {
      what: `  the lobby's own CPU (${events} tables' clocks), a second`,
      value: `${fmt(idleRate * 1000, 0)} ms`,
    },
    {
      what: '  until a lobby has drawn it, median / 95th percentile',
      value: `${fmt(quantile(drawnIn, 0.5), 0)} / ${fmt(quantile(drawnIn, 0.95), 0)} ms`,
    },
    {
      what: `  lobbies with no frame within ${window / 1000} s of it`,
      value: `${drawnIn.filter((ms) => ms === Number.POSITIVE_INFINITY).length} of ${drawnIn.length}`,
    },
    {
      what: '  bytes to each in the lobby, a table',
      value: `${fmt(bytes / viewers.length / events, 0)} B`,
    },
  ];
}

/**
 * A Layers table of `seats` people made on `port` by p0 and joined by p1, p2, …, each an ssh2
 * client at 80×24 holding one seat: once every screen shows whose turn it is.
 */
export async function makeLayersTable(
  port: number,
  seats: number,
  patience = PATIENCE,
): Promise<Seated[]> {
  // The maker's window holds the waiting page whole, every seat and the table's code above them.
  const maker = await arrive(port, 'p0', undefined, Math.min(200, seats + 30), patience);
  await maker.waitFor('you are p0', patience);
  maker.write('n');
  await maker.waitFor('which game?', patience);
  maker.write('4');
  await maker.waitFor('Start the game', patience);
  // From the start (the form opens there) down to Players: ten at a time from ten (PgUp);
  // people as many; then Enter down to the start.
  // One key at a time, each seen before the next.
  const keys = [
    '\x1b[B',
    ...Array.from({ length: seats / 10 - 1 }, () => '\x1b[5~'),
    '\x1b[B',
    '\x1b[B',
    ...Array.from({ length: seats / 10 }, () => '\x1b[5~'),
    '\r',
    '\r',
    '\r',
    '\r',
  ];
  for (const key of keys) {
    const frame = maker.nextFrame(patience);
    maker.write(key);
    await frame;
    await sleep(100);
  }
  const made = await maker.waitFor(/table (\w{4}) · waiting/, patience);
  const code = /table (\w{4}) · waiting/.exec(made)?.[1] as string;
  const people: Seated[] = [{ player: maker, name: 'p0' }];
  for (let s = 1; s < seats; s += 10)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, seats - s) }, async (_, i) => ({
          player: await arrive(port, `p${s + i}`, code, 24, patience),
          name: `p${s + i}`,
        })),
      )),
    );
  // The game begins when the last seat is taken: everyone's screen shows whose turn it is.
  await Promise.all(people.map(({ player }) => player.waitFor(/▶ p\d+/, patience)));
  return people;
}

/**
 * Whose turn a Layers screen's panel names, and the key that plays it: after a draw, e (the one
 * challenged escapes); at a turn, Enter where the panel offers a fight (the cursor opens on an
 * opponent), else r (the root of everyone, who has nobody to fight, rests).
 */
export function layersTurnOf(screen: string): { name: string; key: string } | undefined {
  // The name whole: p1 is not p12 (a prefix of it was taken for it, and its key did nothing).
  const draw = /▶ ([^\s:│]+): a draw/.exec(screen);
  if (draw) return { name: draw[1] as string, key: 'e' };
  const turn = /▶ ([^\s:│]+) to choose: fight or rest/.exec(screen);
  if (!turn) return undefined;
  return { name: turn[1] as string, key: /Enter: \d+ · win/.test(screen) ? '\r' : 'r' };
}

/** Where a Layers game stands on a screen: the panel's heading, round and turn. */
const stage = (screen: string) =>
  `${/[▶★] [^│\n]*/.exec(screen)?.[0]?.trim()} · ${/Round \d+ · turn \d+/.exec(screen)?.[0]}`;

/**
 * `key` pressed by one at a Layers table: the time (ms) until its screen shows the game moved
 * on (another heading, round or turn). Other bytes (a clock, a notice) are not the move's frame;
 * a key that moves nothing throws with the screen, so that the bench fails instead of printing ∞.
 */
export async function pressAndSee(one: Seated, key: string, ms: number): Promise<number> {
  const before = stage(one.player.screen());
  const start = performance.now();
  one.player.write(key);
  while (stage(one.player.screen()) === before) {
    const left = start + ms - performance.now();
    if (left <= 0 || one.player.closed())
      throw new Error(
        `${one.name}'s key ${JSON.stringify(key)} moved nothing in ${ms} ms (${before}):\n${one.player.screen()}`,
      );
    await one.player.nextFrame(left);
  }
  return performance.now() - start;
}

/**
 * One move at a Layers table: the person whose own screen says it is their turn presses its
 * key; the time from the key to the frame that shows the move (ms).
 */
export async function layersMove(people: readonly Seated[], ms: number): Promise<number> {
  const end = Date.now() + ms;
  for (;;) {
    const acting = people.find(({ player, name }) => layersTurnOf(player.screen())?.name === name);
    if (acting) return pressAndSee(acting, layersTurnOf(acting.player.screen())?.key as string, ms);
    if (Date.now() > end)
      throw new Error(
        `no one's screen said it was their turn within ${ms} ms:\n${people[0]?.player.screen()}`,
      );
    await sleep(50);
  }
}

/**
 * A Layers table of `seats` people, each an ssh2 client holding one seat (the computers none):
 * the server's CPU per move (every screen drawn again) and key → frame for the one who moved.
 */
async function layersTable(pid: number, port: number, quick: boolean): Promise<Figure[]> {
  const seats = quick ? 20 : 100;
  const moves = quick ? 10 : 30;
  const people = await makeLayersTable(port, seats);
  await sleep(1000);
  const latencies: number[] = [];
  const from = cpu(pid);
  while (latencies.length < moves) {
    latencies.push(await layersMove(people, PATIENCE));
    await sleep(300);
  }
  const used = cpu(pid) - from;
  for (const { player } of people) player.end();
  await sleep(1500);
  return [
    {
      what: `a Layers table of ${seats} people: server CPU per move (${latencies.length} moves)`,
      value: `${fmt(used / Math.max(1, latencies.length), 0)} ms`,
      target: `≤ ${seats} ms (1 ms a screen)`,
    },
    {
      what: '  key → frame, median',
      value: `${fmt(quantile(latencies, 0.5), 0)} ms`,
    },
    {
      what: '  key → frame, 95th percentile',
      value: `${fmt(quantile(latencies, 0.95), 0)} ms`,
    },
  ];
}

/**
 * A crowd held in the lobby (1,000 people, 100 in a quick run), each an ssh2 client with its own
 * key at 80×24, named and looking at the lobby: how many are held, the server's memory per
 * connection and its CPU a second while they look. They come from five loopback addresses (the
 * server takes at most 250 from one).
 */
async function crowd(pid: number, port: number, quick: boolean): Promise<Figure[]> {
  const count = quick ? 100 : 1000;
  const before = rss(pid);
  const started = performance.now();
  const people: Player[] = [];
  for (let s = 0; s < count; s += 20)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - s) }, async (_, i) => {
          const name = `c${s + i}`;
          const person = await connectPlayer({
            port,
            key: newKey(),
            timeout: PATIENCE,
            columns: 80,
            rows: 24,
            localAddress: `127.0.0.${1 + ((s + i) % 5)}`,
          });
          await person.waitFor('Welcome to madang', PATIENCE);
          person.write(`${name}\r`);
          await person.waitFor(`you are ${name}`, PATIENCE);
          return person;
        }),
      )),
    );
  const arrived = (performance.now() - started) / 1000;
  await sleep(3000);
  const idle = 10_000;
  const idleCpu = await cpuOver(pid, idle);
  const held = people.filter((p) => !p.closed()).length;
  const after = rss(pid);
  for (const person of people) person.end();
  await sleep(3000);
  return [
    { what: `${count} people in the lobby: held`, value: `${held}`, target: `${count}` },
    { what: '  all arrived and named in', value: `${fmt(arrived, 1)} s` },
    {
      what: '  server memory per connection',
      value: `${fmt((after - before) / count / 1024, 0)} KiB`,
      target: '< 1 MiB',
    },
    { what: '  server resident memory', value: `${fmt(after / 2 ** 20, 0)} MiB` },
    {
      what: '  server CPU while they look, a second',
      value: `${fmt((idleCpu * 1000) / idle, 0)} ms`,
    },
  ];
}

const PARTS = { playing, watched, lobby, layers: layersTable, crowd };

async function measure(cli: string, quick: boolean): Promise<Figure[]> {
  const { child, port } = await startServer(cli);
  const pid = child.pid as number;
  // MADANG_BENCH_SERVE_PARTS: some of the parts only (say "lobby,layers"), to look at one.
  const parts = process.env.MADANG_BENCH_SERVE_PARTS?.split(',');
  const figures: Figure[] = [];
  try {
    for (const [name, part] of Object.entries(PARTS)) {
      if (parts && !parts.includes(name)) continue;
      if (name !== 'crowd') {
        figures.push(...(await part(pid, port, quick)));
        continue;
      }
      // The crowd on a server of its own: after the parts before it, the memory they left free
      // took a thousand connections at 3–7 KiB each (their own is about 250).
      const own = await startServer(cli);
      try {
        figures.push(...(await part(own.child.pid as number, own.port, quick)));
      } finally {
        own.child.kill('SIGTERM');
      }
    }
    return figures;
  } finally {
    child.kill('SIGTERM');
  }
}

export async function serveSection(quick: boolean): Promise<Section> {
  const title = 'madang serve (ssh2 clients on 127.0.0.1 at 80×24, Yut, two to a table)';
  const after = await measure(CLI, quick);
  if (!BEFORE) return { title, figures: after };
  const before = await measure(BEFORE, quick);
  return {
    title: `${title}: ${BEFORE} → this build`,
    figures: after.map((figure, i) => ({
      ...figure,
      value: `${before[i]?.value ?? '?'} → ${figure.value}`,
    })),
  };
}
