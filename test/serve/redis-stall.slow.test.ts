/**
 * Redis stalling (SIGSTOP for 7 s, then SIGCONT) under madang serve --redis with the leases of
 * `madang serve` (10 s): no process stopped, so every table stays with the process that runs it.
 * The players are told the table paused and then that Redis is back (in that order, the pause
 * not said again after), never that a server stopped; the log blames Redis, not a busy machine;
 * and the table has one recording, its runner's.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOf, PAUSED, RESUMED, TAKEN_OVER } from '../../source/serve/redis/store.js';
import { readRecording } from '../../source/storage/recording-file.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  begin,
  eventsAt,
  lookup,
  type Process,
  recordingsIn,
  person,
  replica,
  startProcess,
  until,
  yutTable,
} from '../support/redis-world.js';

/** The player to act plays once, when both screens are alike; seen on both. */
async function playOne(a: Process, b: Process, code: string, step: () => unknown) {
  await until(
    () => eventsAt(a.hall, code).length === eventsAt(b.hall, code).length,
    'both screens alike',
  );
  const before = eventsAt(a.hall, code).length;
  const sent = step();
  await until(
    () => [a, b].every((p) => eventsAt(p.hall, code).length === before + 1),
    `event ${before + 1}`,
  );
  return sent;
}

describe.runIf(hasRedis)('Redis stalling for 7 s in the middle of a game', () => {
  let redis: RedisServer;
  let a: Process, b: Process;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startProcess(redis.url, { seed: 382, leaseMs: 10_000 });
    b = await startProcess(redis.url, { seed: 382, leaseMs: 10_000 });
  });

  afterAll(async () => {
    redis?.wake();
    await Promise.all([a, b].map((p) => p?.hall.stop()));
    await redis?.stop();
  });

  it('keeps every table where it ran, tells the players Redis stalled, and leaves one recording', async () => {
    const { code, heard, step } = await begin(a, b);
    const play = async (moves: number) => {
      for (let n = 0; n < moves; n++) {
        expect(await playOne(a, b, code, step)).toEqual({ ok: true, pending: true });
      }
    };
    await play(4);

    redis.hang();
    await new Promise((resolve) => setTimeout(resolve, 7000));
    redis.wake();
    await until(() => heard.a.includes(RESUMED) && heard.b.includes(RESUMED), 'Redis back', 20_000);
    // Time for what a stall sets going (takeovers, late pings) to happen.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await play(4);

    expect(a.redis.running()).toEqual([code]);
    expect(b.redis.running()).toEqual([]);
    for (const said of [heard.a, heard.b]) {
      expect(said).not.toContain(TAKEN_OVER);
      expect(said).toContain(PAUSED);
      // The last word about Redis is that it is back.
      expect(said.lastIndexOf(PAUSED)).toBeLessThan(said.lastIndexOf(RESUMED));
    }
    for (const logged of [a.logged, b.logged])
      expect(logged.filter((line) => /busy|taken over|no longer run/.test(line))).toEqual([]);
    expect(recordingsIn(a.recordings)).toHaveLength(1);
    expect(recordingsIn(b.recordings)).toHaveLength(0);
  }, 90_000);
});

describe.runIf(hasRedis)('a table that moves from process to process and back', () => {
  let redis: RedisServer;
  let a: Process, b: Process;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startProcess(redis.url, { seed: 382, leaseMs: 800 });
    b = await startProcess(redis.url, { seed: 382, leaseMs: 800 });
  });

  afterAll(async () => {
    await Promise.all([a, b].map((p) => p?.hall.stop()));
    await redis?.stop();
  });

  it('leaves one recording in each runner’s folder, however often it comes back', async () => {
    const { code, step } = await begin(a, b);
    const play = async () => {
      await until(() => [a, b].some((p) => p.redis.running().includes(code)), 'a runner');
      await playOne(a, b, code, step);
    };
    await play();
    // Its lease taken from its runner for a moment (as a runner that stalled past it loses it):
    // the runner lets it go, and whichever process claims the lease first runs it.
    const other = new Redis(redis.url, { protocol: 2 });
    const moves = () => a.redis.counts.takenOver + b.redis.counts.takenOver;
    const taken = new Map([a, b].map((p) => [p, p.redis.counts.takenOver]));
    try {
      for (let move = 1; move <= 6; move++) {
        await other.set(keysOf().lease(code), 'another', 'PX', 400);
        await until(() => moves() === move, `move ${move} of the table`);
        // The runner it left has let it go (a move sent to it before it noticed is lost: not
        // what this test is about).
        const runner = [a, b].find((p) => p.redis.counts.takenOver > taken.get(p)!)!;
        for (const p of [a, b]) taken.set(p, p.redis.counts.takenOver);
        const left = runner === a ? b : a;
        await until(() => !left.redis.running().includes(code), 'the table let go');
        await play();
      }
    } finally {
      other.disconnect();
    }
    await Promise.all([a, b].map((p) => p.hall.stop()));
    const files = [...recordingsIn(a.recordings), ...recordingsIn(b.recordings)];
    expect(recordingsIn(a.recordings).length).toBeLessThanOrEqual(1);
    expect(recordingsIn(b.recordings).length).toBeLessThanOrEqual(1);
    // Each one is the game as far as its runner went.
    for (const file of files) expect((await readRecording(file, lookup)).ok, file).toBe(true);
  }, 90_000);
});

describe.runIf(hasRedis)('the players told at a failover', () => {
  let redis: RedisServer;
  const started: Process[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await Promise.all(started.map((p) => p.hall.stop()));
    await redis?.stop();
  });

  it("the killed runner's players are away, the others' are not said to be back", async () => {
    const ann = person('Ann');
    const bo = person('Bo');
    const [a, b] = [
      await startProcess(redis.url, { seed: 382, leaseMs: 1000 }),
      await startProcess(redis.url, { seed: 382, leaseMs: 1000 }),
    ] as [Process, Process];
    started.push(b);
    const { code } = yutTable(a.hall, ann);
    replica(a.hall, code)!.arrived(ann);
    await until(() => !!replica(b.hall, code), 'the table on b');
    replica(b.hall, code)!.sit(bo);
    replica(b.hall, code)!.arrived(bo);
    await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'game');
    const heard: string[] = [];
    replica(b.hall, code)!.lines((line) => heard.push(line));
    // Ann's process, which runs the table, is killed: b takes the table over.
    a.redis.close(false);
    await until(() => b.redis.running().includes(code), 'b runs the table');
    await until(() => heard.some((l) => l.startsWith('Ann is away')), 'Ann away', 10_000);
    expect(replica(b.hall, code)!.awaySince.has(0)).toBe(true);
    expect(replica(b.hall, code)!.awaySince.has(1)).toBe(false);
    expect(heard).not.toContain('Bo is back.');
    // Ann comes back through b: back at her seat, and said so.
    replica(b.hall, code)!.arrived(ann);
    await until(() => heard.includes('Ann is back.'), 'Ann back', 10_000);
  }, 30_000);
});
