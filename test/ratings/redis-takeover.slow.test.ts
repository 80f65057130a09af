/**
 * A rated game whose runner dies is counted once, by the process that took it over and saw it
 * end (issue 43.2, failover): two madang serve --redis processes on a real redis-server, the
 * runner closed without a word mid-game, and the ratings in Redis equal to `madang ratings` over
 * both processes' recordings folders.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import type { ServedTable } from '../../source/serve/served-table.js';
import { ratingsJson } from '../../source/cli/ratings.js';
import { fold } from '../../source/ratings/rating.js';
import { gather } from '../../source/ratings/recordings.js';
import { RedisRatings } from '../../source/serve/ratings/redis-store.js';
import { rateServed } from '../../source/serve/ratings/served.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  lookup,
  person,
  type Process,
  replica,
  startProcess,
  until,
  yut,
} from '../support/redis-world.js';

describe.skipIf(!hasRedis)('a rated game taken over', () => {
  let redis: RedisServer;
  const connections: Redis[] = [];
  const processes: Process[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const p of processes) p.redis.close(false);
    for (const c of connections) c.disconnect();
    await redis?.stop();
  });

  /** A process whose finished tables are rated in Redis, as madang serve --redis does. */
  async function serveProcess(): Promise<Process> {
    const connection = new Redis(redis.url, { protocol: 2 });
    connections.push(connection);
    const ratings = new RedisRatings(connection);
    const warned: string[] = [];
    const made = await startProcess(redis.url, {
      finished: (table: ServedTable) => rateServed(table, ratings, lookup, (w) => warned.push(w)),
    });
    processes.push(made);
    return made;
  }

  it('is counted once, by the process that saw it end, as madang ratings counts it', async () => {
    const a = await serveProcess();
    const b = await serveProcess();
    const ann = person('Ann');
    const { code } = a.hall.create(
      yut,
      {
        options: { players: 2, pieces: 2 },
        seats: [seatOf('Player 1', 'human'), seatOf('CPU 2', 'random')],
        rated: true,
      },
      ann,
    );
    let playing = true;
    const alive = [a, b];
    const plays = (async () => {
      while (playing) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const table = alive.map((p) => replica(p.hall, code)).find((t) => t?.table);
        const mirror = table?.table;
        if (!table || !mirror || mirror.toAct !== 0 || mirror.outcome.status !== 'running')
          continue;
        const due = yut.rules.chance(mirror.state) !== undefined;
        const first = yut.rules.legalEvents(mirror.state)[0];
        table
          .viewFor(ann)
          .send(
            due || !first ? { type: 'chance', seat: 0 } : { type: 'move', seat: 0, event: first },
          );
      }
    })();
    await until(() => (replica(b.hall, code)?.table?.events.length ?? 0) >= 4, 'four events on b');
    expect(a.redis.running()).toContain(code);
    a.redis.close(false);
    alive.splice(0, 1);
    await until(() => b.redis.running().includes(code), 'b takes the table over');
    await until(
      () => replica(b.hall, code)?.table?.outcome.status === 'won',
      'the game’s end',
      60_000,
    );
    const shared = new RedisRatings(connections[0] as Redis);
    await until(() => {
      void shared.refresh();
      return (shared.ratings().get('yut')?.size ?? 0) === 2;
    }, 'the game counted in Redis');
    playing = false;
    await plays;
    const found = await gather([a.recordings, b.recordings], lookup);
    expect(found.problems).toEqual([]);
    expect(new Set(found.games.map((g) => g.key)).size).toBe(1);
    expect(ratingsJson(shared.ratings())).toEqual(ratingsJson(fold(found.games)));
    expect(await connections[1]!.hlen('madang:ratings:games')).toBe(1);
  });
});
