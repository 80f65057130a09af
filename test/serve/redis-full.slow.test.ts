/**
 * A full Redis under madang serve --redis: a real redis-server whose maxmemory is set below what
 * it holds (CONFIG SET, noeviction) refuses every write with OOM. The table Ann plays against the
 * computer pauses at once with a notice, on every process, and refuses moves; when Redis has room
 * again (maxmemory raised) the runner writes what it kept and play goes on by itself.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { FULL, WRITTEN } from '../../source/serve/redis/store.js';
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

const ANN = person('Ann');

describe.runIf(hasRedis)(
  'Redis full (maxmemory reached, noeviction) in the middle of a game',
  () => {
    let redis: RedisServer;
    let admin: Redis;
    let a: Process, b: Process;

    beforeAll(async () => {
      redis = await startRedis();
      admin = new Redis(redis.url, { protocol: 2 });
      a = await startProcess(redis.url, { seed: 382, leaseMs: 1000, botDelay: 20 });
      b = await startProcess(redis.url, { seed: 382, leaseMs: 1000, botDelay: 20 });
    });

    afterAll(async () => {
      await Promise.all([a, b].map((p) => p?.hall.stop()));
      admin?.disconnect();
      await redis?.stop();
    });

    it('pauses the table with a notice on every process, and goes on when Redis has room', async () => {
      const { code } = a.hall.create(
        yut,
        {
          options: { players: 2, pieces: 2 },
          seats: [seatOf('Player 1', 'human'), seatOf('CPU 2', 'random')],
        },
        ANN,
      );
      await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'game');
      const heard = { a: [] as string[], b: [] as string[] };
      replica(a.hall, code)!.lines((line) => heard.a.push(line));
      replica(b.hall, code)!.lines((line) => heard.b.push(line));
      const view = replica(a.hall, code)!.viewFor(ANN);
      /** Ann throws or makes her first legal move when it is her turn. */
      const annPlays = () => {
        const mirror = replica(a.hall, code)!.table!;
        if (mirror.toAct !== 0 || mirror.outcome.status !== 'running') return undefined;
        const due = yut.rules.chance(mirror.state) !== undefined;
        const first = yut.rules.legalEvents(mirror.state)[0];
        return view.send(
          due || !first ? { type: 'chance', seat: 0 } : { type: 'move', seat: 0, event: first },
        );
      };
      await until(() => {
        annPlays();
        return eventsAt(a.hall, code).length >= 6;
      }, 'six events');

      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      // Ann goes on playing: her next move (or the computer's) is refused by Redis.
      await until(
        () => {
          annPlays();
          return heard.a.includes(FULL) && heard.b.includes(FULL);
        },
        'the notice that Redis is full, on both processes',
        10_000,
      );
      expect(annPlays() ?? { ok: false, problem: FULL }).toEqual({ ok: false, problem: FULL });
      const shown = [...eventsAt(a.hall, code)];
      // Two seconds of it: nothing moves, on either screen.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(eventsAt(a.hall, code)).toEqual(shown);
      expect(eventsAt(b.hall, code)).toEqual(shown);

      await admin.config('SET', 'maxmemory', '0');
      await until(
        () => heard.a.includes(WRITTEN) && heard.b.includes(WRITTEN),
        'play going on',
        10_000,
      );
      // The game goes on (the computer's moves and Ann's), seen on both processes.
      await until(
        () => {
          annPlays();
          return eventsAt(b.hall, code).length >= shown.length + 6;
        },
        'six more events',
        15_000,
      );
      expect(eventsAt(b.hall, code).slice(0, shown.length)).toEqual(shown);
      const fold = folded(await streamOf(redis.url, code));
      expect(fold.events.map((t) => t.event).slice(0, shown.length + 6)).toEqual(
        eventsAt(b.hall, code).slice(0, shown.length + 6),
      );
      expect(a.logged.some((line) => /OOM/.test(line))).toBe(true);
    }, 60_000);
  },
);
