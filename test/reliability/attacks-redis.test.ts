/**
 * The Redis faults of madang serve --redis, as attacks: two processes on one real redis-server
 * of 127.0.0.1, Ann playing Yut against the computer on a table the first runs, and Redis made
 * full (maxmemory below what it holds, noeviction), stalled (SIGSTOP, then SIGCONT) or
 * restarted empty, for a random while, at a random moment of a new game each try. A try fails
 * when play does not go on within 10 s of Redis being well again, when the table's stream does
 * not fold by the rules to what the screens show (throws the seed's), when a stall moved the
 * table to another process, or when a screen's last word about Redis is that it is paused.
 * Each case prints its tries and failures.
 *
 * ATTACK_SEED repeats a run (the seed used is printed).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { seededRandom } from '../../source/engine/random.js';
import { FULL, PAUSED, RESUMED, WRITTEN } from '../../source/serve/redis/store.js';
import { drawAgain } from '../../source/serve/redis/stream.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  eventsAt,
  folded,
  person,
  type Process,
  replica,
  startProcess,
  streamOf,
  until,
  yut,
} from '../support/redis-world.js';

const SEED = Number(process.env.ATTACK_SEED ?? Date.now() % 100_000);
const random = seededRandom(SEED);
const TRIES = 6;
const ANN = person('Ann');
const figures: string[] = [`attacks-redis: seed ${SEED} (ATTACK_SEED=${SEED} repeats this run)`];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(hasRedis)('attacks on madang serve --redis: Redis faults', () => {
  let redis: RedisServer;
  let admin: Redis;
  let a: Process, b: Process;

  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url, { protocol: 2, maxRetriesPerRequest: 1 });
    // Refused while Redis restarts: said by the tries' checks, not here.
    admin.on('error', () => undefined);
    a = await startProcess(redis.url, { seed: 382, leaseMs: 1000, botDelay: 20 });
    b = await startProcess(redis.url, { seed: 382, leaseMs: 1000, botDelay: 20 });
  });

  afterAll(async () => {
    for (const line of figures) console.log(line);
    redis?.wake();
    await Promise.all([a, b].map((p) => p?.hall.stop()));
    admin?.disconnect();
    await redis?.stop();
  });

  /**
   * One try: a new game on `a`, Ann playing whenever it is her turn; `fault` strikes after a few
   * events and returns once Redis is well again; then the checks. A problem found, or undefined.
   */
  async function attempt(
    fault: () => Promise<void>,
    checks: { stays?: boolean } = {},
  ): Promise<string | undefined> {
    const { code } = a.hall.create(
      yut,
      {
        options: { players: 2, pieces: 4 },
        seats: [seatOf('Player 1', 'human'), seatOf('CPU 2', 'random')],
      },
      ANN,
    );
    let playing = true;
    const heard = { a: [] as string[], b: [] as string[] };
    try {
      await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'game');
      replica(a.hall, code)!.lines((line) => heard.a.push(line));
      replica(b.hall, code)!.lines((line) => heard.b.push(line));
      const view = replica(a.hall, code)!.viewFor(ANN);
      const ann = (async () => {
        // Bounded: the try's own time at most (each until below runs out before).
        for (let n = 0; playing && n < 20_000; n++) {
          await pause(10);
          const mirror = replica(a.hall, code)?.table;
          if (!mirror || mirror.toAct !== 0 || mirror.outcome.status !== 'running') continue;
          const due = yut.rules.chance(mirror.state) !== undefined;
          const first = yut.rules.legalEvents(mirror.state)[0];
          view.send(
            due || !first ? { type: 'chance', seat: 0 } : { type: 'move', seat: 0, event: first },
          );
        }
      })();
      const start = 2 + Math.floor(random.next() * 6);
      await until(() => eventsAt(a.hall, code).length >= start, `${start} events`);
      const taken = a.redis.counts.takenOver + b.redis.counts.takenOver;
      await fault();
      const shown = eventsAt(b.hall, code).length;
      const over = () => replica(b.hall, code)?.table?.outcome.status !== 'running';
      await until(
        () => over() || eventsAt(b.hall, code).length >= shown + 3,
        'three more events after the fault',
        10_000,
      );
      playing = false;
      await ann;
      if (checks.stays && a.redis.counts.takenOver + b.redis.counts.takenOver !== taken)
        return `table ${code} moved to another process though none stopped`;
      const entries = await streamOf(redis.url, code);
      const fold = folded(entries);
      // The computer may still be playing its turn: the stream as far as it goes is what b shows.
      await until(
        () => eventsAt(b.hall, code).length >= fold.events.length,
        "b's screen up to the stream",
      );
      const shownNow = eventsAt(b.hall, code).slice(0, fold.events.length);
      if (JSON.stringify(fold.events.map((t) => t.event)) !== JSON.stringify(shownNow))
        return `table ${code}: the stream is not what b shows`;
      const again = drawAgain(
        yut.chance!.seeded(fold.header.seed as number, fold.options),
        fold.draws,
      );
      if (!again.ok) return `table ${code}: ${again.problem}`;
      // A ping that timed out as Redis woke (its answer read after its timer, on a loaded
      // machine) pauses the tables a moment after play went on: they go on again.
      await until(() => !a.redis.paused && !b.redis.paused, 'both processes going on', 10_000);
      for (const said of [heard.a, heard.b]) {
        const stopped = Math.max(said.lastIndexOf(PAUSED), said.lastIndexOf(FULL));
        const going = Math.max(said.lastIndexOf(RESUMED), said.lastIndexOf(WRITTEN));
        if (stopped > going) return `table ${code}: the last word is that it is paused`;
      }
      return undefined;
    } catch (error) {
      return `table ${code}: ${(error as Error).message}`;
    } finally {
      playing = false;
    }
  }

  async function attack(name: string, fault: () => Promise<void>, checks?: { stays?: boolean }) {
    const failures: string[] = [];
    for (let n = 0; n < TRIES; n++) {
      const problem = await attempt(fault, checks);
      if (problem) failures.push(problem);
    }
    figures.push(`attack ${name}: ${TRIES} tries, ${failures.length} failures`);
    for (const failure of failures) figures.push(`  ${name}: ${failure}`);
    expect(failures).toEqual([]);
  }

  it('Redis full for a while (maxmemory reached, noeviction)', async () => {
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await attack('redis full', async () => {
      await admin.config('SET', 'maxmemory', '1');
      await pause(100 + Math.floor(random.next() * 1500));
      await admin.config('SET', 'maxmemory', '0');
    });
  }, 180_000);

  it('Redis stalled for a while, shorter and longer than the leases (SIGSTOP, SIGCONT)', async () => {
    await attack(
      'redis stall',
      async () => {
        redis.hang();
        await pause(200 + Math.floor(random.next() * 3000));
        redis.wake();
      },
      { stays: true },
    );
  }, 180_000);

  it('Redis restarted empty (SIGKILL, no persistence)', async () => {
    await attack('redis restart', async () => {
      await redis.stop();
      await pause(Math.floor(random.next() * 1500));
      await redis.start();
      // Its settings went with it.
      await until(() => admin.status === 'ready', 'the admin connection again', 10_000);
    });
  }, 180_000);
});
