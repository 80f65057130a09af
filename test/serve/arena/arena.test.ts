/**
 * An arena as a pure state, with four simulated players and a clock the test drives: opened,
 * joined, paired at once whenever players are free, results scored, left, and its end with the
 * right standings and podium.
 */
import { describe, expect, it } from 'vitest';
import {
  type Arena,
  finished,
  isOver,
  join,
  leave,
  openArena,
  pairFree,
  podium,
  standings,
} from '../../../source/serve/arena/arena.js';

const must = (made: Arena | string): Arena => {
  if (typeof made === 'string') throw new Error(made);
  return made;
};
const MIN = 60_000;

describe('an arena', () => {
  it('its length is 5 to 180 whole minutes, said when refused', () => {
    expect(openArena('ur', 2, 0)).toBe('An arena lasts 5 to 180 whole minutes.');
    expect(openArena('ur', 7.5, 0)).toBe('An arena lasts 5 to 180 whole minutes.');
    expect(must(openArena('ur', 30, 1000)).endsAt).toBe(1000 + 30 * MIN);
  });

  it('four players run to its end with the right standings and podium', () => {
    let now = 0;
    let arena = must(openArena('ur', 10, now));
    for (const [id, rating] of [
      ['ann', 1600],
      ['bo', 1500],
      ['cy', 1400],
      ['di', 1300],
    ] as const)
      arena = must(join(arena, { id, name: id.toUpperCase() }, rating, now));
    // Paired at once, nearest by rating (nobody has a score yet).
    let paired = pairFree(arena, now);
    expect(paired.pairs).toEqual([
      ['ann', 'bo'],
      ['cy', 'di'],
    ]);
    arena = paired.arena;
    // Nobody is free: nothing more is paired.
    expect(pairFree(arena, now).pairs).toEqual([]);
    now += MIN;
    arena = finished(arena, 'ann', 'bo', 'ann');
    arena = finished(arena, 'cy', 'di', undefined);
    // Ann (2) and Cy, Di (1 each), Bo (0): Ann is nearest Cy by standing, and Bo meets Di;
    // nobody meets their last opponent again.
    paired = pairFree(arena, now);
    expect(paired.pairs).toEqual([
      ['ann', 'cy'],
      ['di', 'bo'],
    ]);
    arena = paired.arena;
    now += MIN;
    arena = finished(arena, 'ann', 'cy', 'ann');
    arena = finished(arena, 'di', 'bo', 'bo');
    // Ann is on a streak: her next win counts 4.
    expect(standings(arena)[0]).toMatchObject({ id: 'ann', score: 4, onFire: true });
    paired = pairFree(arena, now);
    arena = paired.arena;
    const ann = paired.pairs.find((p) => p.includes('ann')) as [string, string];
    const other = ann.find((id) => id !== 'ann') as string;
    now += MIN;
    arena = finished(arena, ann[0], ann[1], 'ann');
    // Di leaves while the other game is played: it counts, and Di is not paired again.
    arena = leave(arena, 'di');
    const rest = paired.pairs.find((p) => !p.includes('ann')) as [string, string];
    arena = finished(arena, rest[0], rest[1], undefined);
    expect(pairFree(arena, now).pairs.flat()).not.toContain('di');
    // The clock runs out: nobody is paired, nobody joins.
    now = arena.endsAt;
    expect(isOver(arena, now)).toBe(true);
    expect(pairFree(arena, now).pairs).toEqual([]);
    expect(join(arena, { id: 'ed', name: 'ED' }, 1500, now)).toBe('This arena is over.');
    const table = standings(arena);
    expect(table[0]).toMatchObject({ place: 1, id: 'ann', score: 8, games: 3, wins: 3 });
    expect(table.map((s) => s.games)).toEqual([3, 3, 3, 3]);
    // Every game's points given: 2 for each win, 1 to each side of a draw, and Ann's doubled win.
    const total = table.reduce((sum, s) => sum + s.score, 0);
    expect(total).toBe(2 + 1 + 1 + 2 + 2 + 4 + 1 + 1);
    expect(podium(arena).map((s) => s.place)).toEqual([1, 2, 3]);
    expect(podium(arena)[0]?.name).toBe('ANN');
    expect(other).toBe('bo');
  });

  it('a result for a pair not playing each other changes nothing', () => {
    let arena = must(openArena('yote', 5, 0));
    arena = must(join(arena, { id: 'a', name: 'A' }, 1500, 0));
    arena = must(join(arena, { id: 'b', name: 'B' }, 1500, 0));
    expect(finished(arena, 'a', 'b', 'a')).toEqual(arena);
  });
});
