import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectimaxScores, type Level, LEVELS } from '../../../source/engine/bots.js';
import { playMatch } from '../../../source/table/computers.js';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import {
  evaluate,
  explainMove,
  features,
  hint,
  learnedEvaluate,
  yutBot,
} from '../../../source/games/yut/bot.js';
import {
  chance,
  legalEvents,
  reduce,
  setup,
  type YutState,
  yutGame,
} from '../../../source/games/yut/rules.js';
import { CLI } from '../../support/tmux.js';
import { moved, newGame, play, thrown } from '../../support/yut.js';
import { runs } from '../../support/runs.js';

/** A random position where a decision is due: a random game played for a random while. */
function randomPosition(seed: number, players: number, pieces: number): YutState | undefined {
  const random = seededRandom(seed);
  let state = setup({ players, pieces });
  const steps = random.below(200);
  for (let i = 0; i < steps; i++) {
    const outcomes = chance(state);
    const legal = legalEvents(state);
    const next = reduce(
      state,
      outcomes ? sampleChance(outcomes, random).event : legal[random.below(legal.length)],
    );
    if (next.phase === 'over') break; // stop short of the end: we want a decision
    state = next;
  }
  while (state.phase === 'throw')
    state = reduce(state, sampleChance(chance(state) ?? [], random).event);
  return state.phase === 'move' ? state : undefined;
}

const RUNS: Record<Level, number> = {
  random: 3000,
  greedy: 3000,
  strong: 300,
  expert: 100,
  // Ur's level: Yut's bot plays expert for it.
  perfect: 100,
};

describe('every bot chooses only legal events', () => {
  for (const level of LEVELS) {
    it(`${level}, in thousands of random positions`, () => {
      const bot = yutBot(level);
      let checked = 0;
      fc.assert(
        fc.property(
          fc.integer(),
          fc.integer({ min: 2, max: 4 }),
          fc.integer({ min: 1, max: 4 }),
          (seed, players, pieces) => {
            const state = randomPosition(seed, players, pieces);
            if (!state) return;
            const { event } = bot.choose(state, seededRandom(seed));
            expect(legalEvents(state)).toContainEqual(event);
            checked++;
          },
        ),
        // The strong bots search turns ahead: fewer positions keep the suite quick.
        { numRuns: runs(RUNS[level]) },
      );
      expect(checked).toBe(runs(RUNS[level]));
    }, 60_000);
  }
});

describe('the strong bot', () => {
  it('takes the move that wins the game at once', () => {
    // Player 0's last piece stands at 27; geol takes it home. The other results do not.
    let s = newGame({
      pieces: 2,
      start: {
        positions: [
          [27, 100],
          [3, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('yut'), thrown('do'));
    expect(yutBot('strong').choose(s, seededRandom(1)).event).toEqual(moved(27, 'yut'));
  });

  it('catches the stack that is about to win, rather than run ahead', () => {
    // Player 1's stack of 3 stands at 27, two steps from home; its fourth piece has arrived.
    // With gae, Player 0 can catch it from 26 (26 → 22 → 27) or enter a new piece at 2.
    let s = newGame({
      start: {
        positions: [
          [26, 0, 0, 0],
          [27, 27, 27, 100],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('gae'));
    const { event } = yutBot('strong').choose(s, seededRandom(2));
    expect(event).toEqual(moved(26, 'gae'));
    expect(explainMove(s, moved(26, 'gae'))).toMatch(/^catches Player 1's stack of 3 at 27/);
  });

  it('the hint names the same move the strong bot makes, with its reason', () => {
    for (let seed = 0; seed < runs(200); seed++) {
      const state = randomPosition(seed, 2, 4);
      if (!state) continue;
      const advice = hint(state, seededRandom(seed), ['Ann', 'Ben']);
      expect(advice?.move).toEqual(yutBot('strong').choose(state, seededRandom(seed)).event);
      expect(advice?.reason).toBe(explainMove(state, advice?.move as never, ['Ann', 'Ben']));
    }
  });
});

describe('reasons, in the game’s own words', () => {
  it('shortcut, stacking, arriving, and the danger left behind', () => {
    let s = newGame({
      start: {
        positions: [
          [10, 3, 0, 0],
          [25, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('gae'));
    expect(explainMove(s, moved(10, 'gae'), ['Ann', 'Ben'])).toBe(
      'takes the shortcut from 10; leaves 26 where Ben can reach it with a do',
    );
    expect(explainMove(s, moved(0, 'gae'), ['Ann', 'Ben'])).toBe(
      'enters a new piece at 2; leaves 2 where Ben can reach it with a gae',
    );
    expect(explainMove(s, moved(3, 'gae'), ['Ann', 'Ben'])).toBe(
      'moves the piece from 3 to 5; leaves 5 where Ben can reach it with a mo',
    );
    // Ben has nothing in hand and one piece at 25: station 8 is out of his reach.
    let far = newGame({
      start: {
        positions: [
          [6, 0, 0, 0],
          [25, 100, 100, 100],
        ],
        turn: 0,
      },
    });
    far = play(far, thrown('gae'));
    expect(explainMove(far, moved(6, 'gae'), ['Ann', 'Ben'])).toBe(
      'moves the piece from 6 to 8; 8 is out of reach of every opponent',
    );
    let t = newGame({
      start: {
        positions: [
          [1, 3, 28, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    t = play(t, thrown('gae'));
    expect(explainMove(t, moved(1, 'gae'))).toMatch(
      /^stacks with the piece at 3; leaves 3 where Player 1 can reach it with a geol$/,
    );
    expect(explainMove(t, moved(28, 'gae'))).toBe('brings the piece home');
  });
});

describe('the evaluation', () => {
  it('likes a won game best and a lost one least, and a catch better than none', () => {
    const won = play(
      newGame({ pieces: 1, start: { positions: [[29], [0]], turn: 0 } }),
      thrown('do'),
      moved(29, 'do'),
    );
    expect(evaluate(won, 0)).toBe(1000);
    expect(evaluate(won, 1)).toBe(-1000);
    const before = play(
      newGame({
        start: {
          positions: [
            [0, 0, 0, 0],
            [2, 0, 0, 0],
          ],
          turn: 0,
        },
      }),
      thrown('gae'),
    );
    const caught = reduce(before, moved(0, 'gae'));
    expect(evaluate(caught, 0)).toBeGreaterThan(evaluate(before, 0));
  });
});

describe('bot games are reproducible', () => {
  it('the same seed gives the identical game', () => {
    const bots = [yutBot('strong'), yutBot('greedy')];
    const a = playMatch(
      yutGame as never,
      setup({ players: 2, pieces: 4 }) as never,
      bots as never,
      77,
    );
    const b = playMatch(
      yutGame as never,
      setup({ players: 2, pieces: 4 }) as never,
      bots as never,
      77,
    );
    expect(a).toEqual(b);
    expect(a.winner).toBeDefined();
  });

  it('a headless match from the command line: the whole game, no input, the same twice', () => {
    const args = [CLI, 'yut', '--bots', 'all', '--classic', '--seed', '12', '--no-record'];
    const first = spawnSync(process.execPath, args, { input: '', encoding: 'utf8' });
    const second = spawnSync(process.execPath, args, { input: '', encoding: 'utf8' });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Player [01] win\n$/);
    expect(first.stdout).not.toContain('Select the function');
    expect(second.stdout).toBe(first.stdout);
  });
});

describe('the expert level', () => {
  it('takes the move that wins the game at once', () => {
    let s = newGame({
      pieces: 2,
      start: {
        positions: [
          [27, 100],
          [3, 0],
        ],
        turn: 0,
      },
    });
    s = play(s, thrown('yut'), thrown('do'));
    expect(yutBot('expert').choose(s, seededRandom(1)).event).toEqual(moved(27, 'yut'));
  });

  it("its learned evaluation is one seat's gain and the other's loss, and sees every feature", () => {
    let positions = 0;
    for (let seed = 0; seed < 400; seed++) {
      const state = randomPosition(seed, 2, 4);
      if (!state) continue;
      positions++;
      expect(learnedEvaluate(state, 0)).toBeCloseTo(-learnedEvaluate(state, 1), 9);
      // About 0..1 each (a piece sent back past the start by a back-do counts a little below 0).
      for (const f of [...features(state, 0), ...features(state, 1)]) {
        expect(f).toBeGreaterThanOrEqual(-0.1);
        expect(f).toBeLessThanOrEqual(1);
      }
    }
    expect(positions).toBeGreaterThan(300);
  });

  describe('searches one turn deeper while its time budget allows', () => {
    const limits = { chanceDepth: 1, replies: 2, nodeBudget: 60_000 };
    const deeper = expectimaxScores(yutGame, learnedEvaluate, {
      ...limits,
      replies: 3,
      nodeBudget: Number.POSITIVE_INFINITY,
    });
    const shallow = expectimaxScores(yutGame, learnedEvaluate, limits);
    const positions = [3, 5, 8, 13]
      .map((seed) => randomPosition(seed, 2, 4))
      .filter((s): s is YutState => s !== undefined && legalEvents(s).length > 1)
      .slice(0, 2);

    it('with time to spare: the three-turn search', () => {
      const timeless = expectimaxScores(yutGame, learnedEvaluate, {
        ...limits,
        deepen: { replies: 3, budgetMs: 150, now: () => 0 },
      });
      expect(positions).toHaveLength(2);
      for (const state of positions) expect(timeless(state)).toEqual(deeper(state));
    });

    it('out of time: the two-turn search, the deeper one given up', () => {
      let clock = 0;
      // Every reading of the clock is a second later: the deeper search is never begun.
      const hurried = expectimaxScores(yutGame, learnedEvaluate, {
        ...limits,
        deepen: { replies: 3, budgetMs: 150, now: () => (clock += 1000) },
      });
      for (const state of positions) expect(hurried(state)).toEqual(shallow(state));
      // A clock that runs out in the middle of the deeper search: it is abandoned, not half used.
      let reads = 0;
      const midway = expectimaxScores(yutGame, learnedEvaluate, {
        ...limits,
        deepen: { replies: 3, budgetMs: 150, now: () => (++reads > 3 ? 10_000 : 0) },
      });
      for (const state of positions) {
        reads = 0;
        expect(midway(state)).toEqual(shallow(state));
      }
    });
  });
});
