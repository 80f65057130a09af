/**
 * Layers' rules (rules/layers.md) against hand-worked cases: the seed's 100-100-100, a rest from
 * 150 to 175, a win and a loss on each side of the turn, fight back's cost, the layer effect;
 * every tree change (a child beats its parent with siblings and grandchildren; the three
 * root-against-root cases of the seed's figures); whom one may fight; no two rests in a row;
 * the draw's mini-turn; the win after K turns on top; the order drawn one player at a time.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../source/engine/random.js';
import { layersCore } from '../../../source/games/layers/core.js';
import {
  afterFight,
  afterFightBack,
  afterRest,
  check,
  chance,
  intervals,
  type LayersEvent,
  type LayersState,
  legalEvents,
  opponentsOf,
  outcome,
  reduce,
  reshape,
  setup,
  toAct,
} from '../../../source/games/layers/rules.js';
import { deepFreeze } from '../../support/freeze.js';

function play(state: LayersState, ...events: LayersEvent[]): LayersState {
  for (const event of events) {
    expect(check(state, event), JSON.stringify(event)).toBeUndefined();
    state = deepFreeze(reduce(state, event));
  }
  return state;
}

/** A game of `n` whose first round's order is 0, 1, …, n − 1. */
function started(n = 10, turns = 3): LayersState {
  let s = deepFreeze(setup({ players: n, turns }));
  for (let p = 0; p < n - 1; p++) s = play(s, { type: 'layers/orderDrawn', player: p });
  return s;
}

/** A forest given as parents and layers (experience 100 unless given). */
function forest(
  parent: (number | null)[],
  layer: number[],
  experience?: number[],
): Pick<LayersState, 'parent' | 'layer'> & { experience?: number[] } {
  return { parent, layer, ...(experience ? { experience } : {}) };
}

describe('Layers: the formulas', () => {
  it('the seed’s first fight: 100-100-100', () => {
    expect(intervals({ experience: 100, layer: 0 }, { experience: 100, layer: 0 }, 10)).toEqual({
      win: 100,
      lose: 100,
      draw: 100,
    });
  });

  it('the layer effect scales only the win interval, and rounds', () => {
    // A player in layer 0 against one in layer 3 of 10: A = 120 × 1.3 = 156.
    expect(intervals({ experience: 120, layer: 0 }, { experience: 157, layer: 3 }, 10)).toEqual({
      win: 156,
      lose: 63,
      draw: 157,
    });
    // Upwards the other way: 157 × (1 − 0.3) = 109.9 → 110.
    expect(intervals({ experience: 157, layer: 3 }, { experience: 120, layer: 0 }, 10)).toEqual({
      win: 110,
      lose: 63,
      draw: 120,
    });
  });

  it('a rest: 150 becomes 175 (the seed’s example), 100 becomes 150, 200 stays', () => {
    expect(afterRest(150)).toBe(175);
    expect(afterRest(100)).toBe(150);
    expect(afterRest(200)).toBe(200);
  });

  it('a win and a loss, on each side of the turn', () => {
    // The player (its turn, 150) beats the challenged (120): + (120/150)(50)/2 = 20; − (120/150)(20)/3.
    const win = afterFight(150, 120, true);
    expect(win.attacker).toBeCloseTo(170, 10);
    expect(win.defender).toBeCloseTo(120 - 16 / 3, 10);
    // The player (150) loses to the challenged (120): − (150/120)(50)/2 = 31.25; + (150/120)(80)/3.
    const loss = afterFight(150, 120, false);
    expect(loss.attacker).toBeCloseTo(118.75, 10);
    expect(loss.defender).toBeCloseTo(120 + 100 / 3, 10);
    // At the extremes the formulas reach the bounds exactly, never beyond: 100 beating 200 gains
    // all the way to 200, and 200 losing to 100 falls all the way to 100.
    expect(afterFight(100, 200, true)).toEqual({
      attacker: 200,
      defender: 200 - (200 / 100) * (100 / 3),
    });
    expect(afterFight(200, 100, false).attacker).toBe(100);
  });

  it('fight back’s cost to the first challenger: − (E_P/E_O)(E_P − 100)/4', () => {
    expect(afterFightBack(180, 160)).toBeCloseTo(180 - (180 / 160) * 20, 10);
    expect(afterFightBack(100, 150)).toBe(100);
  });
});

describe('Layers: the trees', () => {
  it('a child beats its parent: they swap, with siblings and grandchildren', () => {
    // 0 (L2) has children 1 and 2 (L1); 1 has child 3 (L0). 1 beats 0.
    const before = forest([null, 0, 0, 1], [2, 1, 1, 0]);
    const after = reshape(before, 1, 0);
    expect(after.parent).toEqual([1, null, 1, 0]);
    expect(after.layer).toEqual([1, 2, 1, 0]);
    // The parent winning changes nothing: the very same arrays (the screens keep the forest's
    // shape by its parent array).
    expect(reshape(before, 0, 1).parent).toBe(before.parent);
    expect(reshape(before, 0, 1).layer).toBe(before.layer);
  });

  it('a turn that changes no count and no tree copies no player’s array', () => {
    // Player 0, a root, beats root 1 (the trees change); then 1, now 0's child, fights its
    // parent and loses (they do not).
    let s = started(10);
    const before = s;
    s = play(s, { type: 'layers/challenged', opponent: 1 });
    // Nobody had rested: the rested flags are the same array.
    expect(s.rested).toBe(before.rested);
    s = play(s, { type: 'layers/numberDrawn', number: 0 });
    expect(s.parent).not.toBe(before.parent);
    // 0 won but is not on top of all: its count stays 0, the counts the same array.
    expect(s.onTop).toBe(before.onTop);
    // Player 1, now 0's child, fights its parent and the parent wins: no tree changes.
    const trees = s.parent;
    s = play(s, { type: 'layers/challenged', opponent: 0 });
    s = play(s, { type: 'layers/numberDrawn', number: 150 });
    expect(s.last?.result).toBe('lose');
    expect(s.parent).toBe(trees);
  });

  it('root against root, W = M + 1: the loser joins, no layer changes', () => {
    // Winner 1 in layer 2; loser 0 in layer 1 with its child 2 in layer 0.
    const after = reshape(forest([null, null, 0], [1, 2, 0]), 1, 0);
    expect(after).toEqual({ parent: [1, null, 0], layer: [1, 2, 0] });
  });

  it('root against root, W > M + 1 (the seed’s figure 1, N = 3, M = 1): the loser’s tree moves to W − 1', () => {
    // Winner 0 in layer 3 (with a chain under it); loser 4 in layer 1 with child 5 in layer 0.
    const before = forest([null, 0, 1, 2, null, 4], [3, 2, 1, 0, 1, 0]);
    const after = reshape(before, 0, 4);
    expect(after.parent).toEqual([null, 0, 1, 2, 0, 4]);
    expect(after.layer).toEqual([3, 2, 1, 0, 2, 1]);
  });

  it('root against root, W < M + 1 (the seed’s figure 2, N = 1, M = 3): the winner’s tree moves to M + 1', () => {
    // Winner 4 in layer 1 with child 5; loser 0 in layer 3 with its chain.
    const before = forest([null, 0, 1, 2, null, 4], [3, 2, 1, 0, 1, 0]);
    const after = reshape(before, 4, 0);
    expect(after.parent).toEqual([4, 0, 1, 2, null, 4]);
    expect(after.layer).toEqual([3, 2, 1, 0, 4, 3]);
  });

  it('whom one may fight: a root any other root, anyone else only its parent', () => {
    const s = {
      ...started(),
      ...forest(
        [null, 0, null, null, null, null, null, null, null, 1],
        [2, 1, 0, 0, 0, 0, 0, 0, 0, 0],
      ),
    };
    expect(opponentsOf(s, 0)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(opponentsOf(s, 9)).toEqual([1]);
    expect(check({ ...s, position: 9 }, { type: 'layers/challenged', opponent: 0 })).toBe(
      'You can fight only your parent, player 2.',
    );
  });
});

describe('Layers: turns and rounds', () => {
  it('the order is drawn one player at a time, uniformly among those left; the last is certain', () => {
    let s = deepFreeze(setup({ players: 10, turns: 3 }));
    expect(chance(s)).toHaveLength(10);
    expect(chance(s)?.[0]?.probability).toBeCloseTo(0.1, 12);
    s = play(s, { type: 'layers/orderDrawn', player: 7 });
    expect(chance(s)).toHaveLength(9);
    expect(check(s, { type: 'layers/orderDrawn', player: 7 })).toBe(
      'Player 8 is already in the order.',
    );
    for (const p of [0, 1, 2, 3, 4, 5, 6, 8]) s = play(s, { type: 'layers/orderDrawn', player: p });
    expect(s.order).toEqual([7, 0, 1, 2, 3, 4, 5, 6, 8, 9]);
    expect(s.phase).toBe('turn');
    expect(toAct(s)).toBe(7);
  });

  it('a fight: the intervals, the number, a win that makes a tree; no two rests in a row', () => {
    let s = started();
    s = play(s, { type: 'layers/challenged', opponent: 5 });
    expect(chance(s)).toHaveLength(300);
    expect(check(s, { type: 'layers/numberDrawn', number: 300 })).toBe(
      'The number is drawn from 0 to 299.',
    );
    s = play(s, { type: 'layers/numberDrawn', number: 42 });
    expect(s.last?.result).toBe('win');
    expect(s.parent[5]).toBe(0);
    expect(s.layer).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(s.experience[0]).toBe(150);
    expect(toAct(s)).toBe(1);
    s = play(s, { type: 'layers/rested' });
    // Round 2: player 1 may not rest again.
    for (let p = 2; p < 10; p++) s = play(s, { type: 'layers/rested' });
    // Rests are not fights: the last fight is still player 1's (the screens showed none).
    expect(s.last).toMatchObject({ attacker: 0, defender: 5, number: 42, result: 'win' });
    for (let p = 0; p < 9; p++) s = play(s, { type: 'layers/orderDrawn', player: p });
    expect(s.round).toBe(2);
    s = play(
      s,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 299 },
    );
    expect(s.last?.result).toBe('draw');
    expect(check(s, { type: 'layers/rested' })).toMatch(/fight back or escape/);
    s = play(s, { type: 'layers/escaped' });
    expect(toAct(s)).toBe(1);
    expect(check(s, { type: 'layers/rested' })).toBe(
      'You rested on your previous turn: successive rests are not allowed.',
    );
    expect(legalEvents(s).some((e) => e.type === 'layers/rested')).toBe(false);
  });

  it('a draw, fought back: the cost, then the fight the other way; a second draw ends it', () => {
    let s = started();
    s = { ...s, experience: [180, 160, 100, 100, 100, 100, 100, 100, 100, 100] };
    s = play(
      s,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 399 },
    );
    expect(s.phase).toBe('draw');
    expect(toAct(s)).toBe(1);
    s = play(s, { type: 'layers/foughtBack' });
    expect(s.experience[0]).toBeCloseTo(157.5, 10);
    expect(s.fight).toEqual({ attacker: 1, defender: 0, back: true });
    // Player 1 (160) challenges 0 (157.5): A = 160, B = 100 − 2.5 → 98 (rounded), C = 158.
    const drawn = reduce(s, { type: 'layers/numberDrawn', number: 160 + 98 });
    expect(drawn.last?.result).toBe('draw');
    expect(drawn.phase).toBe('turn');
    expect(drawn.position).toBe(1);
    // Player 1 wins the fight back: the challenger's gains, and player 0 goes under it.
    const won = reduce(s, { type: 'layers/numberDrawn', number: 0 });
    expect(won.parent[0]).toBe(1);
    expect(won.experience[1]).toBeCloseTo(160 + (157.5 / 160) * 20, 10);
  });

  it('the win: on top at the end of K of one’s own turns in a row', () => {
    // Everyone under player 0 but player 9, a root; 0 beats 9 and is on top.
    let s = started(10, 2);
    s = {
      ...s,
      parent: [null, 0, 0, 0, 0, 0, 0, 0, 0, null],
      layer: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    };
    s = play(
      s,
      { type: 'layers/challenged', opponent: 9 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(s.onTop[0]).toBe(1);
    expect(outcome(s)).toEqual({ status: 'running' });
    // Everyone else rests (or fights its parent and loses); then round 2, player 0 first.
    for (let p = 1; p < 10; p++) s = play(s, { type: 'layers/rested' });
    for (let p = 0; p < 9; p++) s = play(s, { type: 'layers/orderDrawn', player: p });
    // The root of everyone has nobody to fight: it may rest, even twice.
    expect(legalEvents(s)).toEqual([{ type: 'layers/rested' }]);
    s = play(s, { type: 'layers/rested' });
    expect(outcome(s)).toEqual({ status: 'won', winner: 0 });
    expect(legalEvents(s)).toEqual([]);
    expect(check(s, { type: 'layers/rested' })).toBe('The game is over.');
  });

  it('losing the root starts the count again, though it is won back before its own turn', () => {
    // As in `madang layers --players 10 --turns 2 --bots all --classic --seed 7`: player 0 is
    // on top (1 of 2), player 1 (its child) beats it, then player 0 beats player 1 back on its
    // own turn: 1 of 2 again, not a win.
    let s = started(10, 2);
    s = {
      ...s,
      parent: [null, 0, 0, 0, 0, 0, 0, 0, 0, null],
      layer: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    };
    s = play(
      s,
      { type: 'layers/challenged', opponent: 9 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(s.onTop[0]).toBe(1);
    // Player 1 beats its parent, player 0, and is the root of everyone.
    s = play(
      s,
      { type: 'layers/challenged', opponent: 0 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(s.parent[1]).toBeNull();
    expect(s.onTop[0]).toBe(0);
    for (let p = 2; p < 10; p++) s = play(s, { type: 'layers/rested' });
    // Round 2: player 0 first; it beats player 1 back and is on top for its first turn again.
    for (let p = 0; p < 9; p++) s = play(s, { type: 'layers/orderDrawn', player: p });
    s = play(
      s,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(s.parent[0]).toBeNull();
    expect(s.onTop[0]).toBe(1);
    expect(outcome(s)).toEqual({ status: 'running' });
  });
});

describe('Layers: the seeded draws', () => {
  it('pick the order as from chance()’s list, without making it (a thousand draws a round)', () => {
    const options = { players: 1000, turns: 3 };
    const source = layersCore.chance?.seeded(9, options);
    const random = seededRandom(9);
    let s = setup(options);
    // Two rounds' orders and the fights between them (a draw's numbers come from the list).
    while (s.round <= 2) {
      const outcomes = chance(s);
      const drawn = source?.next(s);
      if (!outcomes) {
        // A rest where it may (no fight, no number), else the last choice (a fight, or escape).
        s = reduce(s, legalEvents(s).at(-1));
        continue;
      }
      const expected = outcomes[random.below(outcomes.length)]?.event;
      expect(drawn).toEqual({ ok: true, event: expected });
      s = reduce(s, expected);
    }
    expect(s.round).toBe(3);
  });
});
