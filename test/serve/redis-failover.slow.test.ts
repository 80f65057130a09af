/**
 * Failover, fifty times: three madang serve --redis "processes" in this one (each a RedisStore
 * with its own connections) share a real redis-server. Ann plays Yut against the computer from
 * whichever process is alive; at a random moment the process that runs her table is killed (its
 * connections dropped, its lease left to run out, as SIGKILL leaves them) and a new one starts.
 * Every time another process takes the table over, and at the end every table's stream folds
 * by the rules with no gap, its throws are the seed's (none repeated, none skipped), every
 * event a survivor had shown is still there, and every runner's recording verifies and agrees
 * with the stream.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { drawAgain } from '../../source/serve/redis/stream.js';
import { readRecording } from '../../source/storage/recording-file.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  eventsAt,
  folded,
  lookup,
  person,
  type Process,
  recordingsIn,
  replica,
  startProcess,
  streamOf,
  until,
  yut,
} from '../support/redis-world.js';

const ANN = person('Ann');
const KILLS = 50;
const LEASE_MS = 600;

describe.runIf(hasRedis)('a table runner killed at random moments, fifty times', () => {
  let redis: RedisServer;
  const alive: Process[] = [];
  const all: Process[] = [];

  const start = async () => {
    const made = await startProcess(redis.url, { leaseMs: LEASE_MS, botDelay: 5 });
    alive.push(made);
    all.push(made);
    return made;
  };

  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 3; i++) await start();
  });

  afterAll(async () => {
    await Promise.all(alive.map((p) => p.hall.stop()));
    await redis?.stop();
  });

  it('every time another process takes over; nothing applied twice, nothing lost', async () => {
    const codes: string[] = [];
    const newTable = () => {
      const maker = alive[Math.floor(Math.random() * alive.length)] as Process;
      const table = maker.hall.create(
        yut,
        {
          options: { players: 2, pieces: 2 },
          seats: [seatOf('Player 1', 'human'), seatOf('CPU 2', 'random')],
        },
        ANN,
      );
      codes.push(table.code);
      return table.code;
    };
    let code = newTable();
    // Ann plays from any live process: her throw, or her first move, whenever it is her turn.
    let playing = true;
    const ann = (async () => {
      while (playing) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const here = alive.find((p) => replica(p.hall, code)?.table);
        const table = here && replica(here.hall, code);
        const mirror = table?.table;
        if (!table || !mirror || mirror.toAct !== 0 || mirror.outcome.status !== 'running')
          continue;
        const due = yut.rules.chance(mirror.state) !== undefined;
        const first = yut.rules.legalEvents(mirror.state)[0];
        table
          .viewFor(ANN)
          .send(
            due || !first ? { type: 'chance', seat: 0 } : { type: 'move', seat: 0, event: first },
          );
      }
    })();

    const failovers: number[] = [];
    const shown = new Map<string, unknown[]>();
    for (let kill = 0; kill < KILLS; kill++) {
      const runs = () => alive.some((p) => p.redis.running().includes(code));
      // The game may have ended since the last kill's checks (no runner then): a new table.
      await until(
        () => runs() || alive.some((p) => replica(p.hall, code)?.status === 'over'),
        `a runner of ${code}, or its end`,
      );
      if (!runs()) {
        code = newTable();
        await until(runs, `a runner of ${code}`);
      }
      // A random moment in the game.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      const runner = alive.find((p) => p.redis.running().includes(code)) as Process;
      const survivor = alive.find((p) => p !== runner) as Process;
      runner.redis.close(false);
      alive.splice(alive.indexOf(runner), 1);
      const killed = Date.now();
      shown.set(`${code}:${kill}`, [...eventsAt(survivor.hall, code)]);
      await start();
      await until(
        () =>
          alive.some((p) => p.redis.running().includes(code)) ||
          replica(survivor.hall, code)?.status === 'over',
        `the table ${code} taken over after kill ${kill + 1}`,
        10_000,
      );
      failovers.push(Date.now() - killed);
      // What a survivor had shown is still the game's beginning.
      const now = eventsAt(survivor.hall, code);
      const before = shown.get(`${code}:${kill}`) as unknown[];
      await until(() => eventsAt(survivor.hall, code).length >= before.length, 'the survivor');
      expect(now.slice(0, before.length)).toEqual(before);
      if (replica(survivor.hall, code)?.table?.outcome.status !== 'running') code = newTable();
    }
    playing = false;
    await ann;
    // Every process stopped (its writes flushed, its recordings closed) before the streams and
    // files are read: a computer's turn still being played when the streams were read went on
    // into the recordings after them (CI: a file three moves ahead of the stream read before it).
    await Promise.all(alive.map((p) => p.hall.stop()));

    for (const table of codes) {
      const entries = await streamOf(redis.url, table);
      if (entries.length === 0) continue;
      const fold = folded(entries);
      const seed = fold.header.seed as number;
      expect(drawAgain(yut.chance!.seeded(seed, fold.options), fold.draws)).toEqual({ ok: true });
      for (const [key, before] of shown)
        if (key.startsWith(`${table}:`))
          expect(fold.events.slice(0, before.length).map((t) => t.event)).toEqual(before);
    }
    // Every runner's recording verifies and is its table's stream, line for line, as far as it goes.
    const streams = new Map<string, string[]>();
    for (const table of codes) {
      const lines = (await streamOf(redis.url, table)).flatMap((e) => (e.line ? [e.line] : []));
      if (lines[0]) streams.set(lines[0], lines);
    }
    let files = 0;
    for (const p of all)
      for (const file of recordingsIn(p.recordings)) {
        const read = await readRecording(file, lookup);
        expect(read.ok, file).toBe(true);
        const lines = readFileSync(file, 'utf8').trim().split('\n');
        const stream = streams.get(lines[0] as string);
        expect(stream, `the stream of ${file}`).toBeDefined();
        const moves = (all: readonly string[]) => all.filter((l) => !l.includes('"session/'));
        expect(moves(lines)).toEqual(moves(stream as string[]).slice(0, moves(lines).length));
        files++;
      }
    expect(files).toBeGreaterThanOrEqual(codes.length);
    failovers.sort((x, y) => x - y);
    console.log(
      `${KILLS} kills over ${codes.length} tables: failover median ${failovers[KILLS >> 1]} ms, worst ${failovers.at(-1)} ms; ${files} recordings`,
    );
    expect(failovers.at(-1)).toBeLessThan(10_000);
  }, 300_000);
});
