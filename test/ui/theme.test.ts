import { describe, expect, it } from 'vitest';
import { SEAT_COLOURS, seatColour } from '../../source/ui/theme.js';
import { parseBots } from '../../source/engine/seats.js';

describe('seats past four', () => {
  it('every one of a hundred seats has a colour, and neighbours never share one', () => {
    const colours = Array.from({ length: 100 }, (_, seat) => seatColour(seat));
    expect(colours.every((c) => (SEAT_COLOURS as readonly string[]).includes(c))).toBe(true);
    for (let seat = 1; seat < 100; seat++) expect(colours[seat]).not.toBe(colours[seat - 1]);
    expect(new Set(colours.slice(0, 12)).size).toBe(12);
    expect(colours.slice(0, 4)).toEqual(['red', 'blueBright', 'green', 'yellow']);
  });

  it('--bots is checked against the game’s own seats, up to a hundred', () => {
    // Seats are counted from 1, as the screens count them.
    expect(parseBots('1,100', 'greedy', 100)).toMatchObject({ ok: true });
    expect(parseBots('2', 'strong', 2)).toEqual({ ok: true, kinds: ['human', 'strong'] });
    expect(parseBots('0', 'strong', 2)).toMatchObject({ ok: false });
    const kinds = parseBots('all', 'random', 100);
    expect(kinds.ok && kinds.kinds.length).toBe(100);
    expect(parseBots('3', 'strong', 2)).toEqual({
      ok: false,
      problem: '--bots takes seat numbers 1 to 2, such as 2, or all',
    });
    expect(parseBots('1', 'clever', 4)).toEqual({
      ok: false,
      problem: '--level takes random, greedy, strong',
    });
    expect(parseBots(undefined, 'strong', 4)).toEqual({ ok: true, kinds: [] });
  });
});
