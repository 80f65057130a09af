/**
 * Redis faults under madang serve --redis: the redis-server is killed (SIGKILL, nothing kept on
 * disk) in the middle of a game between players on two processes, and started again empty a
 * few seconds later. Meanwhile every table says it is paused, on every process, and refuses
 * moves; nothing is shown that Redis does not hold. When it is back the runner writes the
 * table's stream and lobby again, play goes on, and the stream is the whole game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SENT, PAUSED, RESUMED } from '../../source/serve/redis/store.js';
import { drawAgain } from '../../source/serve/redis/stream.js';
import { readRecording } from '../../source/storage/recording-file.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  begin,
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

const BO = person('Bo');

describe.runIf(hasRedis)('Redis restarted in the middle of a game', () => {
  let redis: RedisServer;
  let a: Process, b: Process;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startProcess(redis.url, { seed: 382, leaseMs: 1000 });
    b = await startProcess(redis.url, { seed: 382, leaseMs: 1000 });
  });

  afterAll(async () => {
    await Promise.all([a, b].map((p) => p?.hall.stop()));
    await redis?.stop();
  });

  it('pauses every table with a message, shows nothing unwritten, and goes on when it is back', async () => {
    const { code, heard, step } = await begin(a, b);
    for (let n = 1; n <= 6; n++) {
      expect(step()).toEqual({ ok: true, pending: true });
      await until(
        () => eventsAt(b.hall, code).length === n && eventsAt(a.hall, code).length === n,
        `event ${n}`,
      );
    }

    // One more move sent, and Redis killed at once: it may have landed or not.
    step();
    await redis.stop();
    await until(() => a.redis.paused && b.redis.paused, 'both processes paused');
    expect(heard.a).toContain(PAUSED);
    expect(heard.b).toContain(PAUSED);
    const shown = [...eventsAt(a.hall, code)];
    expect(step()).toEqual({ ok: false, problem: PAUSED });
    // Seconds without Redis: nothing moves on any screen.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(eventsAt(a.hall, code)).toEqual(shown);
    expect(eventsAt(b.hall, code)).toEqual(shown);

    await redis.start();
    await until(() => !a.redis.paused && !b.redis.paused, 'both processes going on', 15_000);
    expect(heard.a).toContain(RESUMED);
    expect(heard.b).toContain(RESUMED);
    // The runner wrote the table again, and the lobby: a third process sees it all.
    const c = await startProcess(redis.url);
    try {
      await until(() => (replica(c.hall, code)?.table?.events.length ?? 0) >= shown.length, 'c');
      expect(replica(c.hall, code)?.seatNames()).toEqual(['Ann', 'Bo']);
      expect(a.redis.running()).toEqual([code]);
      // Play goes on, seen everywhere.
      for (let more = 0; more < 6; more++) {
        const before = eventsAt(a.hall, code).length;
        const sent = step();
        expect(sent).toEqual({ ok: true, pending: true });
        await until(
          () => [a, b, c].every((p) => eventsAt(p.hall, code).length === before + 1),
          `event ${before + 1} after the restart`,
        );
      }
      const entries = await streamOf(redis.url, code);
      const fold = folded(entries);
      const events = eventsAt(b.hall, code);
      expect(fold.events.map((t) => t.event)).toEqual(events);
      expect(events.slice(0, shown.length)).toEqual(shown);
      expect(drawAgain(yut.chance!.seeded(382, fold.options), fold.draws)).toEqual({ ok: true });
      const [file] = recordingsIn(a.recordings);
      const read = await readRecording(file!, lookup);
      expect(read.ok && read.result.replayer.events).toBe(events.length);
    } finally {
      await c.hall.stop();
    }
  }, 60_000);
});

describe.runIf(hasRedis)('Redis hanging in the middle of a game (SIGSTOP, then SIGCONT)', () => {
  let redis: RedisServer;
  let a: Process, b: Process;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startProcess(redis.url, { seed: 382, leaseMs: 1000 });
    b = await startProcess(redis.url, { seed: 382, leaseMs: 1000 });
  });

  afterAll(async () => {
    redis?.wake();
    await Promise.all([a, b].map((p) => p?.hall.stop()));
    await redis?.stop();
  });

  it('pauses with a message while Redis does not answer, shows nothing unwritten, and goes on', async () => {
    const { code, heard, step } = await begin(a, b);
    for (let n = 1; n <= 4; n++) {
      expect(step()).toEqual({ ok: true, pending: true });
      await until(
        () => eventsAt(b.hall, code).length === n && eventsAt(a.hall, code).length === n,
        `event ${n}`,
      );
    }

    // A move sent, and Redis hangs at once: the connections stay open, nothing answers.
    step();
    redis.hang();
    const hungAt = Date.now();
    // Bo says something from b meanwhile: Redis does not answer, and he is told so.
    replica(b.hall, code)!.chat(BO, 'are you there?');
    await until(() => heard.b.includes(`(Bo) ${NOT_SENT}`), 'the chat not sent', 15_000);
    await until(() => a.redis.paused && b.redis.paused, 'both processes paused', 15_000);
    expect(heard.a).toContain(PAUSED);
    expect(heard.b).toContain(PAUSED);
    expect(step()).toEqual({ ok: false, problem: PAUSED });
    const shown = { a: [...eventsAt(a.hall, code)], b: [...eventsAt(b.hall, code)] };
    // Some seconds more of it: nothing moves on any screen.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, hungAt + 5000 - Date.now())));
    expect(eventsAt(a.hall, code)).toEqual(shown.a);
    expect(eventsAt(b.hall, code)).toEqual(shown.b);

    redis.wake();
    await until(() => !a.redis.paused && !b.redis.paused, 'both processes going on', 15_000);
    expect(heard.a).toContain(RESUMED);
    expect(heard.b).toContain(RESUMED);
    // Nothing shown before was undone; play goes on, seen on both, and the stream is the game.
    for (let more = 0; more < 4; more++) {
      await until(
        () => eventsAt(a.hall, code).length === eventsAt(b.hall, code).length,
        'both screens alike',
      );
      const before = eventsAt(a.hall, code).length;
      expect(step()).toEqual({ ok: true, pending: true });
      await until(
        () => [a, b].every((p) => eventsAt(p.hall, code).length === before + 1),
        `event ${before + 1} after Redis woke`,
      );
    }
    const events = eventsAt(b.hall, code);
    expect(events.slice(0, shown.b.length)).toEqual(shown.b);
    expect(events.slice(0, shown.a.length)).toEqual(shown.a);
    const fold = folded(await streamOf(redis.url, code));
    expect(fold.events.map((t) => t.event)).toEqual(events);
    expect(drawAgain(yut.chance!.seeded(382, fold.options), fold.draws)).toEqual({ ok: true });
    expect(a.redis.running()).toEqual([code]);
  }, 60_000);
});
