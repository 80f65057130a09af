/**
 * Invariants over random Kono tournaments (fast-check chooses the seeds, the board sizes and the
 * endless-round rule): pieces are never made, only taken; the board is a square of the seed's
 * points; a piece on the opponent's home point has the power to capture; the move list is
 * exactly the moves the rules accept (checked against every piece and direction); refused
 * events change nothing; reducers never mutate their input; every round's scores are the
 * board's and the totals add up; every tournament ends, with one result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../source/engine/random.js';
import {
  check,
  colourOfPoint,
  colourOfSeat,
  countOf,
  DIRECTIONS,
  isHome,
  type KonoEvent,
  type KonoState,
  konoGame,
  legalEvents,
  movesOf,
  other,
  outcome,
  piecesAtStart,
  powered,
  reduce,
  setup,
  withDefaults,
} from '../../../source/games/kono/rules.js';
import { sampleChance } from '../../../source/engine/random.js';
import { deepFreeze } from '../../support/freeze.js';

function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const POINTS = new Set(['O', 'W', 'WW', 'B', 'BB']);

function invariants(s: KonoState): void {
  const n = s.size;
  if (s.phase === 'play' || s.phase === 'roundOver') {
    ok(s.board.length === n && s.board.every((r) => r.length === n), 'a square board');
    ok(
      s.board.every((r) => r.every((p) => POINTS.has(p))),
      'only the seed’s points',
    );
    for (const colour of ['white', 'black'] as const) {
      const count = countOf(s, colour);
      ok(count <= piecesAtStart(n), `${colour} has no more pieces than it began with`);
    }
    for (let row = 1; row <= n; row++)
      for (let column = 1; column <= n; column++) {
        const p = s.board[row - 1]?.[column - 1];
        const colour = colourOfPoint(p);
        if (colour && isHome(n, other(colour), row, column))
          ok(
            powered(p),
            `a ${colour} piece on the opponent’s home point (${row},${column}) can capture`,
          );
      }
  }
  if (s.phase === 'play') {
    ok(s.quiet >= 0 && s.quiet < s.settings.quietMoves, 'the quiet count within the rule');
    const colour = colourOfSeat(s, s.turn);
    ok(colour !== null, 'the mover has a colour');
    // The move list against the rules' own check of every piece and direction.
    const all: KonoEvent[] = [];
    for (let row = 1; row <= n; row++)
      for (let column = 1; column <= n; column++)
        for (const direction of DIRECTIONS) {
          const e: KonoEvent = { type: 'kono/moved', row, column, direction };
          if (check(s, e) === undefined) all.push(e);
        }
    expect(movesOf(s, colour as 'white' | 'black')).toEqual(all);
    ok(all.length > 0, 'the player to move has a move (else it passed)');
  }
  // Every round's result is its scores' difference, and the totals are the sum of the awards.
  const awarded = [0, 0];
  for (const r of s.results) {
    const [a, b] = r.scores;
    ok(r.winner === (a === b ? null : a > b ? 0 : 1), 'the higher score wins the round');
    ok(r.awarded === Math.abs(a - b), 'the difference is awarded');
    if (r.winner !== null) awarded[r.winner] = (awarded[r.winner] ?? 0) + r.awarded;
  }
  if (s.settings.asker !== null || s.results.length > 0) {
    // A tournament started from nothing: the totals are exactly the awards.
    ok(s.totals[0] === awarded[0] && s.totals[1] === awarded[1], 'the totals add up');
  }
  const result = outcome(s);
  if (s.phase === 'over') {
    const [a, b] = s.totals;
    ok(
      a === b
        ? result.status === 'drawn'
        : result.status === 'won' && result.winner === (a > b ? 0 : 1),
      'one result, the higher total',
    );
  } else ok(result.status === 'running', 'running until over');
}

describe('Kono: invariants over random tournaments', () => {
  it('pieces only taken, positions valid, the move list exact, refusals change nothing, every tournament ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(null, 5, 7, 9),
        fc.integer({ min: 10, max: 40 }),
        (seed, size, quietMoves) => {
          const random = seededRandom(seed);
          let s = deepFreeze(setup(withDefaults({ asker: 0, size, quietMoves })));
          let steps = 0;
          while (s.phase !== 'over') {
            invariants(s);
            const chance = konoGame.chance(s);
            let event: KonoEvent;
            if (chance) event = sampleChance(chance, random).event;
            else {
              // Random choices, but a quit rarely, and a third round never, so tournaments end.
              const legal = legalEvents(s).filter(
                (e) =>
                  !(e.type === 'kono/anotherRound' && e.again && s.round >= 3) &&
                  (e.type !== 'kono/quit' || random.below(50) === 0),
              );
              ok(legal.length > 0, 'a running tournament always has a choice');
              for (const e of legal)
                ok(check(s, e) === undefined, `legal passes check: ${JSON.stringify(e)}`);
              event = legal[random.below(legal.length)] as KonoEvent;
            }
            // Refused: a move in no direction, and the wrong phase's event.
            for (const bad of [
              { type: 'kono/moved', row: 1, column: 1, direction: 'up' },
              s.phase === 'play' ? { type: 'kono/sizeChosen', size: 5 } : { type: 'kono/quit' },
            ]) {
              ok(typeof check(s, bad) === 'string', `refused: ${JSON.stringify(bad)}`);
              ok(reduce(s, bad) === s, 'a refused event leaves the very same state');
            }
            s = deepFreeze(reduce(s, event));
            ok(++steps < 100_000, 'the tournament ends');
          }
          invariants(s);
        },
      ),
      { numRuns: 60 },
    );
  });
});
