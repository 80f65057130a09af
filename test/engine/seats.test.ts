/** --bots and --level read into seats, and seats to and from a recording's player list. */
import { describe, expect, it } from 'vitest';
import {
  BASE_LEVELS,
  kindOf,
  parseBots,
  playerInfo,
  seatFromPlayer,
  seatKinds,
  seatOf,
} from '../../source/engine/seats.js';

describe('parseBots (--bots, --level)', () => {
  it('counts seats from 1, as the screens do: --bots 2 makes the second seat the computer', () => {
    expect(parseBots('2', 'strong', 2)).toEqual({ ok: true, kinds: ['human', 'strong'] });
    expect(parseBots('1', 'strong', 2)).toEqual({ ok: true, kinds: ['strong', 'human'] });
    expect(parseBots('2,4', 'greedy', 4)).toEqual({
      ok: true,
      kinds: ['human', 'greedy', 'human', 'greedy'],
    });
  });

  it('all seats with all, at the level given; no --bots means no computers', () => {
    expect(parseBots('all', 'random', 3)).toEqual({
      ok: true,
      kinds: ['random', 'random', 'random'],
    });
    expect(parseBots(undefined, 'strong', 4)).toEqual({ ok: true, kinds: [] });
  });

  it('takes spaces around a number, and a seat named twice once', () => {
    expect(parseBots(' 1, 3 ', 'strong', 3)).toEqual({
      ok: true,
      kinds: ['strong', 'human', 'strong'],
    });
    expect(parseBots('2,2', 'strong', 2)).toEqual({ ok: true, kinds: ['human', 'strong'] });
  });

  it('refuses a seat outside 1 to the game’s seats, saying which numbers it takes', () => {
    const four = { ok: false, problem: '--bots takes seat numbers 1 to 4, such as 2,4, or all' };
    const two = { ok: false, problem: '--bots takes seat numbers 1 to 2, such as 2, or all' };
    for (const bad of ['0', '5', '-1', '1.5', 'x', '', '1,,2', '2,five', '99999', 'ALL'])
      expect(parseBots(bad, 'strong', 4), bad).toEqual(four);
    expect(parseBots('3', 'strong', 2)).toEqual(two);
  });

  it('refuses a level the game does not offer, naming those it does', () => {
    expect(parseBots('2', 'expert', 2)).toEqual({
      ok: false,
      problem: '--level takes random, greedy, strong',
    });
    expect(parseBots('2', 'expert', 2, [...BASE_LEVELS, 'expert'])).toEqual({
      ok: true,
      kinds: ['human', 'expert'],
    });
    expect(parseBots('2', 'human', 2)).toEqual({
      ok: false,
      problem: '--level takes random, greedy, strong',
    });
    // The level is checked even with no --bots: a typo is said, not ignored.
    expect(parseBots(undefined, 'strnog', 2)).toEqual({
      ok: false,
      problem: '--level takes random, greedy, strong',
    });
  });
});

describe('parseBots: a level per seat (issue 47, 14)', () => {
  it('--bots 2:greedy,3:strong seats each computer at its own level; a bare seat at --level', () => {
    expect(parseBots('2:greedy,3:strong', 'strong', 4)).toEqual({
      ok: true,
      kinds: ['human', 'greedy', 'strong', 'human'],
    });
    expect(parseBots(' 1 : random , 2', 'greedy', 2)).toEqual({
      ok: true,
      kinds: ['random', 'greedy'],
    });
    expect(parseBots('1:expert,2:strong', 'strong', 2, [...BASE_LEVELS, 'expert'])).toEqual({
      ok: true,
      kinds: ['expert', 'strong'],
    });
    // The old form is unchanged.
    expect(parseBots('2,3', 'greedy', 4)).toEqual({
      ok: true,
      kinds: ['human', 'greedy', 'greedy', 'human'],
    });
  });

  it('a bad level names itself and the levels the game offers; a seat given two levels is refused', () => {
    expect(parseBots('2:perfekt', 'strong', 2)).toEqual({
      ok: false,
      problem:
        '--bots 2:perfekt: "perfekt" is not a level here; a seat takes random, greedy, strong',
    });
    expect(parseBots('1,2:expert', 'strong', 2)).toEqual({
      ok: false,
      problem: '--bots 2:expert: "expert" is not a level here; a seat takes random, greedy, strong',
    });
    expect(parseBots('2:', 'strong', 2)).toEqual({
      ok: false,
      problem: '--bots 2:: "" is not a level here; a seat takes random, greedy, strong',
    });
    expect(parseBots('2:human', 'strong', 2)).toMatchObject({ ok: false });
    expect(parseBots('2:greedy,2:strong', 'strong', 2)).toEqual({
      ok: false,
      problem: '--bots gives seat 2 two levels (greedy and strong)',
    });
    // A seat out of range is said as before, with or without a level.
    const two = { ok: false, problem: '--bots takes seat numbers 1 to 2, such as 2, or all' };
    expect(parseBots('3:greedy', 'strong', 2)).toEqual(two);
    expect(parseBots(':greedy', 'strong', 2)).toEqual(two);
  });
});

describe('seats', () => {
  it('a setup seat cycles from a person through the levels, strongest first', () => {
    expect(seatKinds(BASE_LEVELS)).toEqual(['human', 'strong', 'greedy', 'random']);
    expect(seatKinds(['random', 'expert', 'strong', 'greedy'])).toEqual([
      'human',
      'expert',
      'strong',
      'greedy',
      'random',
    ]);
  });

  it('goes to a recording’s player list and back unchanged', () => {
    for (const kind of ['human', 'random', 'greedy', 'strong', 'expert'] as const) {
      const seat = seatOf('Ann', kind);
      expect(kindOf(seat)).toBe(kind);
      expect(seatFromPlayer(playerInfo(seat))).toEqual(seat);
    }
    expect(playerInfo(seatOf('Ann', 'greedy'))).toEqual({
      name: 'Ann',
      kind: 'bot',
      level: 'greedy',
    });
  });

  it('a recorded computer of a level this madang does not know plays at strong', () => {
    expect(seatFromPlayer({ name: 'Bot', kind: 'bot', level: 'grandmaster' })).toEqual({
      name: 'Bot',
      kind: 'computer',
      level: 'strong',
    });
  });
});
