/**
 * The engine's bots on a game of the tests' own, small enough to know the right move by hand:
 * each turn a seat takes 1 point (safe), or tosses a coin for 3 points or none (gamble), or takes
 * 2 points and leaves the next seat a winning reply (bait). First to 6 wins.
 */
import { describe, expect, it } from 'vitest';
import {
  type Evaluate,
  expectimaxBot,
  expectimaxScores,
  greedyBot,
  randomBot,
} from '../../source/engine/bots.js';
import type { Game, Outcome } from '../../source/engine/game.js';
import { seededRandom } from '../../source/engine/random.js';

interface Toy {
  readonly scores: readonly [number, number];
  readonly turn: number;
  /** A coin is to be tossed for the seat to act. */
  readonly tossing: boolean;
  /** The last move was bait: the seat to act may punish it and win. */
  readonly exposed: boolean;
  readonly winner: number | null;
  /** The chance of heads. */
  readonly heads: number;
}

type ToyEvent =
  | { readonly type: 'toy/safe' }
  | { readonly type: 'toy/gamble' }
  | { readonly type: 'toy/bait' }
  | { readonly type: 'toy/punish' }
  | { readonly type: 'toy/coin'; readonly heads: boolean };

const TARGET = 6;

/** A seat's points. */
const pointsOf = (s: Toy, seat: number) => (seat === 0 ? s.scores[0] : s.scores[1]);

function scored(s: Toy, points: number): Toy {
  const mine = pointsOf(s, s.turn) + points;
  const scores: [number, number] = s.turn === 0 ? [mine, s.scores[1]] : [s.scores[0], mine];
  const winner = mine >= TARGET ? s.turn : null;
  return { ...s, scores, winner, tossing: false, turn: winner === null ? 1 - s.turn : s.turn };
}

const toy: Game<Toy, ToyEvent, { heads: number }> = {
  name: 'toy',
  setup: ({ heads }) => ({
    scores: [0, 0],
    turn: 0,
    tossing: false,
    exposed: false,
    winner: null,
    heads,
  }),
  check: (s, e) =>
    toy.legalEvents(s).some((l) => JSON.stringify(l) === JSON.stringify(e)) ||
    (s.tossing && (e as ToyEvent).type === 'toy/coin')
      ? undefined
      : 'not now',
  reduce(s, event) {
    if (toy.check(s, event) !== undefined) return s;
    const e = event as ToyEvent;
    const fresh = { ...s, exposed: false };
    switch (e.type) {
      case 'toy/safe':
        return scored(fresh, 1);
      case 'toy/gamble':
        return { ...fresh, tossing: true };
      case 'toy/coin':
        return scored(fresh, e.heads ? 3 : 0);
      case 'toy/bait':
        return { ...scored(fresh, 2), exposed: true };
      case 'toy/punish':
        return { ...fresh, winner: s.turn };
    }
  },
  legalEvents(s) {
    if (s.winner !== null || s.tossing) return [];
    const moves: ToyEvent[] = [{ type: 'toy/safe' }, { type: 'toy/gamble' }, { type: 'toy/bait' }];
    return s.exposed ? [{ type: 'toy/punish' }, ...moves] : moves;
  },
  chance: (s) =>
    s.tossing && s.winner === null
      ? [
          { event: { type: 'toy/coin', heads: true }, probability: s.heads },
          { event: { type: 'toy/coin', heads: false }, probability: 1 - s.heads },
        ]
      : undefined,
  outcome: (s): Outcome =>
    s.winner === null ? { status: 'running' } : { status: 'won', winner: s.winner },
  toAct: (s) => s.turn,
};

/** Points ahead; a won game is worth more than any lead. */
const lead: Evaluate<Toy> = (s, seat) =>
  s.winner !== null
    ? s.winner === seat
      ? 1000
      : -1000
    : pointsOf(s, seat) - pointsOf(s, 1 - seat);

const random = seededRandom(1);
const moveOf = (choice: { event: ToyEvent }) => choice.event.type;

describe('randomBot', () => {
  it('plays any legal move, each of them in time', () => {
    const bot = randomBot(toy);
    const state = toy.setup({ heads: 0.5 });
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const choice = bot.choose(state, seededRandom(seed));
      expect(toy.check(state, choice.event)).toBeUndefined();
      seen.add(moveOf(choice));
    }
    expect([...seen].sort()).toEqual(['toy/bait', 'toy/gamble', 'toy/safe']);
    expect(bot.level).toBe('random');
  });
});

describe('greedyBot', () => {
  it('looks one move deep: takes the bait (2 points now), blind to the reply and the coin', () => {
    const bot = greedyBot(toy, lead);
    const choice = bot.choose(toy.setup({ heads: 0.9 }), random);
    expect(moveOf(choice)).toBe('toy/bait');
    expect(choice.value).toBe(2);
    expect(bot.level).toBe('greedy');
  });

  it('breaks ties at random: two moves worth the same are both played', () => {
    // Bait is worth nothing more than safe when it only reaches the target as safe does.
    const even: Evaluate<Toy> = (s, seat) => (pointsOf(s, seat) > 0 ? 1 : 0);
    const bot = greedyBot(toy, even);
    const state = toy.setup({ heads: 0.5 });
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) seen.add(moveOf(bot.choose(state, seededRandom(seed))));
    expect([...seen].sort()).toEqual(['toy/bait', 'toy/safe']);
  });
});

describe('expectimaxBot', () => {
  it('averages a toss by its true probabilities: gambles at 90% heads, not at 20%', () => {
    const limits = { chanceDepth: 1, replies: 0, nodeBudget: 10_000 };
    // Without replies the bait's 2 points are sure, and beat a gamble's 3 × 0.2; not 3 × 0.9.
    const likely = expectimaxScores(toy, lead, limits)(toy.setup({ heads: 0.9 }));
    const unlikely = expectimaxScores(toy, lead, limits)(toy.setup({ heads: 0.2 }));
    const value = (scores: { event: ToyEvent; value: number }[], type: string) =>
      scores.find((s) => s.event.type === type)?.value;
    expect(value(likely, 'toy/gamble')).toBeCloseTo(2.7);
    expect(value(unlikely, 'toy/gamble')).toBeCloseTo(0.6);
    expect(value(likely, 'toy/safe')).toBe(1);
    expect(moveOf(expectimaxBot(toy, lead, limits).choose(toy.setup({ heads: 0.9 }), random))).toBe(
      'toy/gamble',
    );
    expect(moveOf(expectimaxBot(toy, lead, limits).choose(toy.setup({ heads: 0.2 }), random))).toBe(
      'toy/bait',
    );
  });

  it('a toss it may not look into (chanceDepth 0) is valued as the state stands', () => {
    const scores = expectimaxScores(toy, lead, { chanceDepth: 0, replies: 0, nodeBudget: 10_000 })(
      toy.setup({ heads: 0.9 }),
    );
    expect(scores.find((s) => s.event.type === 'toy/gamble')?.value).toBe(0);
  });

  it('takes the other seat’s reply to be the worst for it: with a reply searched, no bait', () => {
    const state = toy.setup({ heads: 0.2 });
    const blind = expectimaxBot(toy, lead, { chanceDepth: 1, replies: 0, nodeBudget: 10_000 });
    const wary = expectimaxBot(toy, lead, { chanceDepth: 1, replies: 1, nodeBudget: 10_000 });
    expect(moveOf(blind.choose(state, random))).toBe('toy/bait');
    const choice = wary.choose(state, random);
    expect(moveOf(choice)).not.toBe('toy/bait');
    expect(['toy/safe', 'toy/gamble']).toContain(moveOf(choice));
    const bait = expectimaxScores(toy, lead, { chanceDepth: 1, replies: 1, nodeBudget: 10_000 })(
      state,
    ).find((s) => s.event.type === 'toy/bait');
    expect(bait?.value).toBe(-1000);
    expect(wary.level).toBe('strong');
  });

  it('a won game ends the search: the winning move is valued as won', () => {
    const nearly: Toy = { ...toy.setup({ heads: 0.5 }), scores: [5, 0] };
    const scores = expectimaxScores(toy, lead, { chanceDepth: 2, replies: 2, nodeBudget: 10_000 })(
      nearly,
    );
    expect(scores.find((s) => s.event.type === 'toy/safe')?.value).toBe(1000);
    expect(scores.find((s) => s.event.type === 'toy/bait')?.value).toBe(1000);
  });

  it('the node budget stops the search: past it, lines are valued as they stand', () => {
    const state = toy.setup({ heads: 0.2 });
    // With no nodes to spend, no reply is searched, and the bait looks good again.
    const starved = expectimaxScores(toy, lead, { chanceDepth: 1, replies: 1, nodeBudget: 0 })(
      state,
    );
    expect(starved.find((s) => s.event.type === 'toy/bait')?.value).toBe(2);
  });

  describe('deepening while the time allows', () => {
    const state = toy.setup({ heads: 0.2 });
    const limits = { chanceDepth: 1, replies: 0, nodeBudget: 10_000 };
    const baitValue = (scores: { event: ToyEvent; value: number }[]) =>
      scores.find((s) => s.event.type === 'toy/bait')?.value;

    it('searches one more turn when the last search took little of the budget', () => {
      // A clock that moves 1 ms a reading: every search is quick against 1,000 ms.
      let t = 0;
      const deepen = { replies: 1, budgetMs: 1000, now: () => t++ };
      expect(baitValue(expectimaxScores(toy, lead, { ...limits, deepen })(state))).toBe(-1000);
    });

    it('begins no deeper search when the last took over a tenth of what is left', () => {
      let t = 0;
      // Each reading 200 ms later: the first search "took" 200 ms of a 1,000 ms budget.
      const deepen = { replies: 1, budgetMs: 1000, now: () => (t += 200) };
      expect(baitValue(expectimaxScores(toy, lead, { ...limits, deepen })(state))).toBe(2);
    });

    it('gives up a deeper search that runs past the budget, keeping the last whole one', () => {
      const base = { chanceDepth: 1, replies: 3, nodeBudget: 1_000_000 };
      let readings = 0;
      // Still at 0 ms until the deeper search has begun; inside it (a reading every 1,024
      // nodes) the clock is far past the deadline.
      const deepen = { replies: 6, budgetMs: 1000, now: () => (++readings <= 4 ? 0 : 1e9) };
      const scores = expectimaxScores(toy, lead, { ...base, deepen })(state);
      expect(readings).toBe(5);
      expect(scores).toEqual(expectimaxScores(toy, lead, base)(state));
      expect(scores).not.toEqual(expectimaxScores(toy, lead, { ...base, replies: 4 })(state));
    });

    it('a single legal move is not searched deeper', () => {
      let readings = 0;
      const deepen = { replies: 3, budgetMs: 1000, now: () => ++readings };
      const one = { ...toy, legalEvents: (s: Toy) => toy.legalEvents(s).slice(0, 1) };
      const scores = expectimaxScores(one, lead, { ...limits, deepen })(state);
      expect(scores.map((s) => s.event.type)).toEqual(['toy/safe']);
      expect(readings).toBe(1);
    });
  });
});
