/**
 * Layers' computer players and their reasons, on hand-worked positions of ten players (the first
 * round's order 0, 1, …, 9; player 0 to act; intervals A = E_P(1 + (L_O − L_P)/N), B = 100 −
 * |E_P − E_O|, C = E_O): the odds, the greedy level's fight or rest and its answer to a draw,
 * the strong level's weighing, the random level, and the sentences that say why.
 */
import { describe, expect, it } from 'vitest';
import {
  explainLayersMove,
  fightBackWanted,
  layersBot,
  odds,
  valueOf,
} from '../../../source/games/layers/bot.js';
import {
  check,
  type LayersEvent,
  type LayersState,
  legalEvents,
  reduce,
  setup,
} from '../../../source/games/layers/rules.js';
import { seededRandom } from '../../../source/engine/random.js';

const random = seededRandom(1);

/** Ten players, every one a root at experience 100, the order 0 … 9: player 0 to act. */
function started(experience?: number[]): LayersState {
  let s = setup({ players: 10, turns: 3 });
  for (let p = 0; p < 9; p++) s = reduce(s, { type: 'layers/orderDrawn', player: p });
  expect(s.phase).toBe('turn');
  return experience ? { ...s, experience } : s;
}

const fight = (opponent: number): LayersEvent => ({ type: 'layers/challenged', opponent });
/** Player 0 challenged player 1, and the number fell in the draw (300 numbers, 200–299 draw). */
const drawn = () =>
  reduce(reduce(started(), fight(1)), { type: 'layers/numberDrawn', number: 299 });

describe('odds', () => {
  it('are the intervals over their sum: 100-100-100 is a third each', () => {
    const even = odds(started(), { attacker: 0, defender: 1, back: false });
    expect(even.win).toBeCloseTo(1 / 3);
    expect(even.lose).toBeCloseTo(1 / 3);
    expect(even.draw).toBeCloseTo(1 / 3);
  });

  it('200 against 100: wins 200, loses 0, draws 100', () => {
    const s = started([200, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
    expect(odds(s, { attacker: 0, defender: 1, back: false })).toEqual({
      win: 2 / 3,
      lose: 0,
      draw: 1 / 3,
    });
  });
});

describe('the greedy level', () => {
  const greedy = layersBot('greedy');

  it('fights the opponent it is likeliest to beat', () => {
    // Against 200: wins 200, loses 100, draws 200 (+0.2); against player 3, at 100: +0.67.
    const s = started([200, 200, 200, 100, 200, 200, 200, 200, 200, 200]);
    for (let seed = 0; seed < 10; seed++)
      expect(greedy.choose(s, seededRandom(seed)).event).toEqual(fight(3));
  });

  it('rests when no fight is won a tenth more often than lost; fights if it may not rest', () => {
    // 100 against 100: a third each way.
    const s = started();
    expect(greedy.choose(s, random).event).toEqual({ type: 'layers/rested' });
    const rested = { ...s, rested: s.rested.map((_, p) => p === 0) };
    expect(greedy.choose(rested, random).event.type).toBe('layers/challenged');
    // 150 against 150: wins 150, loses 100, draws 150, 0.125 more won than lost: a fight.
    const fifties = started(Array.from({ length: 10 }, () => 150));
    expect(greedy.choose(fifties, random).event.type).toBe('layers/challenged');
    // 110 against 100: wins 110, loses 90, draws 100, 0.067 more: a rest.
    const tens = started([110, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
    expect(greedy.choose(tens, random).event).toEqual({ type: 'layers/rested' });
  });

  it('after a draw, fights back when it wins the fight back at least as often as it loses', () => {
    const s = drawn();
    expect(s.phase).toBe('draw');
    // Even: the cost leaves player 0 at 100, and 100-100-100 again.
    expect(fightBackWanted(s, s.fight!)).toBe(true);
    expect(greedy.choose(s, random).event).toEqual({ type: 'layers/foughtBack' });
    // Player 1 two layers below player 0 in a game of ten: its win interval, 100 × (1 − 2/10)
    // = 80, is below its lose interval, 100.
    const deep = { ...s, layer: s.layer.map((_, p) => (p === 1 ? 2 : 0)) };
    expect(fightBackWanted(deep, deep.fight!)).toBe(false);
    expect(greedy.choose(deep, random).event).toEqual({ type: 'layers/escaped' });
  });
});

describe('the strong level', () => {
  const strong = layersBot('strong');

  it('weighs each choice by its outcomes: a sure rest (100 to 150) over a fight of thirds', () => {
    const s = started();
    const choice = strong.choose(s, random);
    expect(choice.event).toEqual({ type: 'layers/rested' });
    // Its value: experience 150 (15), and a little for heading its own tree of 1 (5 × 1/10).
    expect(choice.value).toBeCloseTo(15.5);
    // It may not rest twice: then it fights.
    const rested = { ...s, rested: s.rested.map((_, p) => p === 0) };
    const forced = strong.choose(rested, random);
    expect(forced.event.type).toBe('layers/challenged');
    expect(check(rested, forced.event)).toBeUndefined();
    expect(forced.value).toBeLessThan(choice.value);
  });

  it('after a draw chooses for the one challenged, fight back or escape', () => {
    const s = drawn();
    const event = strong.choose(s, random).event;
    expect(['layers/foughtBack', 'layers/escaped']).toContain(event.type);
  });

  it('values a won game above everything, and being on top of one tree', () => {
    const s = started();
    expect(valueOf({ ...s, winner: 4 }, 4)).toBe(1000);
    expect(valueOf({ ...s, winner: 4 }, 5)).toBe(-1000);
    // Everyone under player 0: it heads the one tree and is on top.
    const all = { ...s, parent: s.parent.map((_, p) => (p === 0 ? null : 0)) };
    expect(valueOf(all, 0)).toBeGreaterThan(valueOf(s, 0) + 10);
  });
});

describe('the random level', () => {
  it('plays any legal choice, fights and rests alike', () => {
    const s = started();
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const event = layersBot('random').choose(s, seededRandom(seed)).event;
      expect(check(s, event)).toBeUndefined();
      seen.add(event.type);
    }
    expect([...seen].sort()).toEqual(['layers/challenged', 'layers/rested']);
    expect(legalEvents(s)).toHaveLength(10);
  });
});

describe('the reason in words', () => {
  it('a fight: the odds, and the tree a win makes; numbered as the screens number (from 1)', () => {
    const s = started();
    expect(explainLayersMove(s, fight(1), 1)).toBe(
      'fights player 2: wins 33%, loses 33%, and a win makes it the root of 2',
    );
    // The console numbers from 0.
    expect(explainLayersMove(s, fight(1))).toBe(
      'fights player 1: wins 33%, loses 33%, and a win makes it the root of 2',
    );
  });

  it('a rest, a fight back, an escape; the draws are chance', () => {
    const s = started([150, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
    expect(explainLayersMove(s, { type: 'layers/rested' })).toBe(
      'rests: experience 150 goes halfway to 200',
    );
    const d = drawn();
    expect(explainLayersMove(d, { type: 'layers/foughtBack' })).toBe(
      'fights back: wins 33%, loses 33%',
    );
    expect(explainLayersMove(d, { type: 'layers/escaped' })).toBe(
      'escapes: its place is worth more than a fight back (win 33%, lose 33%)',
    );
    expect(explainLayersMove(d, { type: 'layers/numberDrawn', number: 1 })).toBe('chance');
  });
});
