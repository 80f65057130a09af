/**
 * The ratings' arithmetic (issue 43): openskill's own published examples through madang's fold,
 * the places each game gives, and the same numbers on every run whatever order games are found in.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Ledger,
  apply,
  changeWords,
  fold,
  leaderboard,
  type RatedGame,
  type Ratings,
  ratingWords,
} from '../../source/ratings/rating.js';
import { ranksOf, ratable, ratedGame, type Standing } from '../../source/ratings/ranking.js';
import { konoCore, layersCore, urCore, yutCore } from '../../source/games/cores.js';

// The games' own standings, as the server and `madang ratings` take them from the cores.
const yutStanding = yutCore.standing as Standing;
const layersStanding = layersCore.standing as Standing;
import { type SeatKind, seatOf } from '../../source/engine/seats.js';
import type { Header } from '../../source/engine/recording.js';

const game = (key: string, ranks: number[], ids = ['a', 'b', 'c', 'd']): RatedGame => ({
  key,
  game: 'yut',
  startedAt: `2026-01-01T00:00:${key.padStart(2, '0')}.000Z`,
  table: 't',
  players: ranks.map((_, i) => ({ id: ids[i] as string, name: (ids[i] as string).toUpperCase() })),
  ranks,
});

const muSigma = (ratings: Ratings, id: string) => {
  const s = ratings.get('yut')?.get(id);
  return [s?.mu, s?.sigma];
};

describe('openskill’s published examples, through apply', () => {
  it.each([
    {
      // openskill's README, "Artificial Ranking".
      example: 'four newcomers ranked 4, 1, 3, 2',
      ranks: [4, 1, 3, 2],
      expected: [
        [20.963, 8.084],
        [27.795, 8.263],
        [24.689, 8.084],
        [26.553, 8.179],
      ],
    },
    {
      // The README's score example: scores 37, 19, 37, 42 are places 2, 4, 2, 1.
      example: 'ties: scores 37, 19, 37, 42',
      ranks: [2, 4, 2, 1],
      expected: [
        [24.689, 8.179],
        [22.826, 8.179],
        [24.689, 8.179],
        [27.795, 8.263],
      ],
    },
  ])('$example', ({ ranks, expected }) => {
    const ratings: Ratings = new Map();
    apply(ratings, game('1', ranks));
    expected.forEach(([mu, sigma], seat) => {
      const [m, s] = muSigma(ratings, ['a', 'b', 'c', 'd'][seat] as string);
      // The README prints three decimals, cut rather than rounded.
      expect(m).toBeCloseTo(mu as number, 2);
      expect(s).toBeCloseTo(sigma as number, 2);
    });
  });

  it('a two-player game counts a win, a loss, and a draw for both', () => {
    const ratings = fold([game('1', [1, 2], ['ann', 'bo']), game('2', [1, 1], ['ann', 'bo'])]);
    const ann = ratings.get('yut')?.get('ann');
    const bo = ratings.get('yut')?.get('bo');
    expect([ann?.games, ann?.wins, ann?.losses, ann?.draws]).toEqual([2, 1, 0, 1]);
    expect([bo?.games, bo?.wins, bo?.losses, bo?.draws]).toEqual([2, 0, 1, 1]);
    expect(leaderboard(ratings.get('yut')).map((s) => s.id)).toEqual(['ann', 'bo']);
    // A newcomer is 1500, provisional; one win against an equal is +126 on the shown scale.
    expect(changeWords('Ann', undefined, { mu: 27.63523138347365, sigma: 8.065506316323548 })).toBe(
      'Ann 1,500? → 1,626? (+126)',
    );
  });

  it('is provisional while σ is high, and not once it is low', () => {
    expect(ratingWords({ mu: 25, sigma: 25 / 3 })).toBe('1,500?');
    expect(ratingWords({ mu: 26, sigma: 3 })).toBe('1,548');
  });
});

describe('places at the end', () => {
  it('two players: the winner first; a draw ties', () => {
    expect(
      ranksOf(urCore.standing as Standing | undefined, 2, {}, { status: 'won', winner: 1 }),
    ).toEqual([2, 1]);
    expect(ranksOf(konoCore.standing as Standing | undefined, 2, {}, { status: 'drawn' })).toEqual([
      1, 1,
    ]);
  });

  it('Yut of four: the winner, then pieces home, then pieces out of hand; equal counts tie', () => {
    const state = {
      positions: [
        [100, 100, 3, 0],
        [100, 100, 100, 100],
        [100, 5, 7, 0],
        [100, 100, 0, 0],
      ],
    };
    expect(ranksOf(yutStanding, 4, state, { status: 'won', winner: 1 })).toEqual([2, 1, 4, 3]);
    const even = {
      positions: [
        [100, 100],
        [100, 0],
        [100, 0],
      ],
    };
    expect(ranksOf(yutStanding, 3, even, { status: 'won', winner: 0 })).toEqual([1, 2, 2]);
  });

  it('Layers: the winner, then by layer (higher first), then experience', () => {
    const state = {
      layer: [3, 2, 2, 1, 2],
      experience: [150, 120, 180, 200, 120],
    };
    expect(ranksOf(layersStanding, 5, state, { status: 'won', winner: 0 })).toEqual([
      1, 3, 2, 5, 3,
    ]);
  });
});

describe('determinism', () => {
  const games = Array.from({ length: 60 }, (_, i) =>
    game(
      String(i),
      [1 + (i % 3), 1 + ((i + 1) % 3), 1 + ((i + 2) % 3)],
      [
        ['a', 'b', 'c'],
        ['b', 'c', 'd'],
        ['a', 'c', 'e'],
      ][i % 3] as string[],
    ),
  );
  const json = (ratings: Ratings) => JSON.stringify([...ratings.get('yut')!.values()]);

  it('the same games found in any order, or twice, fold to the same doubles', () => {
    const once = json(fold(games));
    fc.assert(
      fc.property(fc.shuffledSubarray(games, { minLength: games.length }), (shuffled) => {
        expect(json(fold([...shuffled, ...shuffled.slice(0, 5)]))).toBe(once);
      }),
      { numRuns: 30 },
    );
  });
});

describe('the ledger, games coming in any order', () => {
  const games = Array.from({ length: 40 }, (_, i) =>
    game(
      String(i),
      i % 4 === 0 ? [1, 2, 2] : [1 + (i % 3), 1 + ((i + 1) % 3), 1 + ((i + 2) % 3)],
      [
        ['a', 'b', 'c'],
        ['b', 'c', 'd'],
        ['a', 'c', 'e'],
        ['e', 'f', 'a'],
      ][i % 4] as string[],
    ),
  );
  const sorted = (ratings: Ratings) =>
    JSON.stringify(
      [...(ratings.get('yut')?.values() ?? [])].sort((x, y) => (x.id < y.id ? -1 : 1)),
    );

  it('adding one game at a time, out of order, gives the fold’s very doubles', () => {
    const whole = sorted(fold(games));
    fc.assert(
      fc.property(fc.shuffledSubarray(games, { minLength: games.length }), (shuffled) => {
        const ledger = new Ledger();
        for (const g of shuffled) expect(ledger.add(g)).toBe(true);
        expect(ledger.add(shuffled[0] as RatedGame)).toBe(false);
        expect(sorted(ledger.ratings)).toBe(whole);
        expect(ledger.games.map((g) => g.key)).toEqual(games.map((g) => g.key));
      }),
      { numRuns: 40 },
    );
  });
});

describe('which finished games are rated', () => {
  const header = (players: object[], more: object = {}) =>
    ({
      format: 'madang-recording',
      version: 2,
      game: 'ur',
      options: {},
      players,
      seed: 1,
      startedAt: '2026-01-01T00:00:00.000Z',
      app: 'test',
      table: 't1',
      rated: true,
      ...more,
    }) as Header;
  const ann = { name: 'Ann', kind: 'human', id: 'SHA256:ann' };
  const won = { status: 'won', winner: 0 } as const;

  it('a rated table’s finished game, a computer rated as its level', () => {
    const rated = ratedGame(
      header([ann, { name: 'CPU 2', kind: 'bot', level: 'greedy' }]),
      {},
      won,
    );
    expect(rated).toEqual({
      key: 'ur/t1/2026-01-01T00:00:00.000Z',
      game: 'ur',
      startedAt: '2026-01-01T00:00:00.000Z',
      table: 't1',
      players: [
        { id: 'SHA256:ann', name: 'Ann' },
        { id: 'computer:greedy', name: 'computer (greedy)' },
      ],
      ranks: [1, 2],
    });
  });

  it.each([
    ['a casual table', header([ann, { ...ann, id: 'SHA256:bo' }], { rated: false }), won],
    [
      'a local game',
      header([ann, { ...ann, id: 'SHA256:bo' }], { rated: undefined, table: undefined }),
      won,
    ],
    [
      'a game ended with E (no closing line)',
      header([ann, { ...ann, id: 'SHA256:bo' }]),
      undefined,
    ],
    ['a guest at the table', header([ann, { ...ann, id: 'guest:3' }]), won],
    [
      'two seats of one computer level',
      header([
        ann,
        { name: 'CPU 2', kind: 'bot', level: 'strong' },
        { name: 'CPU 3', kind: 'bot', level: 'strong' },
      ]),
      won,
    ],
  ])('not %s', (_, h, ended) => {
    expect(typeof ratedGame(h, { positions: [[], [], []] }, ended)).toBe('string');
  });

  it('a table made with one computer level in two seats is made casual', () => {
    const seats = (...kinds: SeatKind[]) => kinds.map((k, i) => seatOf(`P${i}`, k));
    expect(ratable(seats('human', 'strong', 'greedy', 'random'))).toBe(true);
    expect(ratable(seats('human', 'human'))).toBe(true);
    expect(ratable(seats('human', 'strong', 'strong'))).toBe(false);
  });
});
