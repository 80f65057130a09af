/**
 * The ratings of madang serve --redis on a real redis-server: two processes (two connections,
 * two stores) that both see the same games end count each once, and both fold the shared ledger
 * to the very ratings `madang ratings` would compute from the games; a process whose recordings
 * hold a game Redis lacks adds it at start and says so.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, type RatedGame } from '../../source/ratings/rating.js';
import { RedisRatings } from '../../source/serve/ratings/redis-store.js';
import { ratingsJson } from '../../source/cli/ratings.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';

const PEOPLE = ['ann', 'bo', 'cy', 'dee', 'eve'];
const games: RatedGame[] = Array.from({ length: 40 }, (_, i) => {
  const a = PEOPLE[i % 5] as string;
  const b = PEOPLE[(i * 3 + 1) % 5] === a ? 'computer:strong' : (PEOPLE[(i * 3 + 1) % 5] as string);
  const startedAt = `2026-01-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
  return {
    key: `ur/t${i}/${startedAt}`,
    game: 'ur',
    startedAt,
    table: `t${i}`,
    players: [
      { id: a, name: a },
      { id: b, name: b },
    ],
    ranks: i % 7 === 0 ? [1, 1] : i % 2 ? [1, 2] : [2, 1],
  };
});

describe.skipIf(!hasRedis)('ratings in Redis', () => {
  let redis: RedisServer;
  const connections: Redis[] = [];
  const connect = () => {
    const c = new Redis(redis.url, { protocol: 2, lazyConnect: true });
    connections.push(c);
    return c;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await redis?.stop();
  });

  it('two processes that both see every game end count each game once', async () => {
    const one = new RedisRatings(connect());
    const two = new RedisRatings(connect());
    // Both at once, game by game, as a runner and the process that took its table over would.
    const told = await Promise.all(games.flatMap((g) => [one.add(g), two.add(g)]));
    expect(told.filter((changes) => changes !== undefined)).toHaveLength(games.length);
    await one.refresh();
    await two.refresh();
    const expected = ratingsJson(fold(games));
    expect(ratingsJson(one.ratings())).toEqual(expected);
    expect(ratingsJson(two.ratings())).toEqual(expected);
    const ann = (expected.ur as { id: string; games: number }[]).find((s) => s.id === 'ann');
    expect(ann?.games).toBe(games.filter((g) => g.players.some((p) => p.id === 'ann')).length);
  });

  it('a restarted process reads the same ratings; one whose recordings hold a game Redis lacks adds it', async () => {
    const again = new RedisRatings(connect());
    expect(await again.check(games.slice(0, 10), 'the recordings')).toBeUndefined();
    expect(ratingsJson(again.ratings())).toEqual(ratingsJson(fold(games)));
    const late: RatedGame = {
      ...(games[3] as RatedGame),
      key: 'ur/late/2026-01-02T00:00:00.000Z',
      table: 'late',
      startedAt: '2026-01-02T00:00:00.000Z',
    };
    expect(await again.check([late], '/srv/recordings')).toBe(
      'the ratings in Redis lacked 1 game of the recordings in /srv/recordings (40 kept): added',
    );
    const other = new RedisRatings(connect());
    await other.refresh();
    expect(ratingsJson(other.ratings())).toEqual(ratingsJson(fold([...games, late])));
  });
});
