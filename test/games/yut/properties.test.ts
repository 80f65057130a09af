import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleChance, seededRandom } from '../../../source/engine/random.js';
import { ARRIVED, isBoardPosition, onCowPath } from '../../../source/games/yut/board.js';
import {
  ANIMALS,
  type Animal,
  chance,
  check,
  legalEvents,
  outcome,
  reduce,
  setup,
  type YutOptions,
  type YutState,
} from '../../../source/games/yut/rules.js';
import { deepFreeze } from '../../support/freeze.js';
import { runs } from '../../support/runs.js';

const options: fc.Arbitrary<YutOptions> = fc.oneof(
  fc.record({ players: fc.integer({ min: 2, max: 4 }), pieces: fc.integer({ min: 1, max: 4 }) }),
  fc.integer({ min: 2, max: 4 }).chain((players) =>
    fc.record({
      players: fc.constant(players),
      pieces: fc.constant(4),
      animals: fc.array(fc.constantFrom(...ANIMALS), { minLength: players, maxLength: players }),
    }),
  ),
);

/** Events that are wrong in every way we can think of, and some that happen to be right. */
const junk = fc.oneof(
  fc.anything(),
  fc.record({ type: fc.constant('yut/pieceMoved'), from: fc.anything(), result: fc.anything() }),
  fc.record({
    type: fc.constant('yut/pieceMoved'),
    from: fc.integer({ min: -2, max: 101 }),
    result: fc.constantFrom('back-do', 'do', 'gae', 'geol', 'yut', 'mo', 'Do', ''),
  }),
  fc.record({ type: fc.constant('yut/sticksThrown'), sticks: fc.anything() }),
  fc.record({
    type: fc.constant('yut/sticksThrown'),
    sticks: fc.array(fc.integer({ min: -1, max: 2 }), { maxLength: 5 }),
  }),
);

/** A cheap assertion for the hot loop (vitest's expect is too slow for millions of checks). */
function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function assertInvariants(state: YutState): void {
  const { players, pieces, animals } = state.rules;
  ok(state.positions.length === players, 'one list of positions per seat');
  const owner = new Map<number, number>();
  for (let seat = 0; seat < players; seat++) {
    const seatPositions = state.positions[seat] ?? [];
    // Pieces are conserved: each seat always has all of its pieces somewhere.
    ok(seatPositions.length === pieces, `seat ${seat} has ${seatPositions.length} pieces`);
    for (const p of seatPositions) {
      ok(p === 0 || p === ARRIVED || isBoardPosition(p), `position ${p}`);
      if (animals?.[seat] === 'cow') ok(onCowPath(p), `cow at ${p}`);
      if (isBoardPosition(p)) {
        // Stacks are consistent: a station holds the pieces of one seat only.
        ok((owner.get(p) ?? seat) === seat, `two seats on station ${p}`);
        owner.set(p, seat);
      }
    }
  }
  const finished = state.positions.filter((seat) => seat.every((p) => p === ARRIVED)).length;
  if (state.phase === 'over') {
    ok(finished === 1, `${finished} seats have finished`);
    ok(state.positions[state.winner ?? -1]?.every((p) => p === ARRIVED) === true, 'winner arrived');
  } else {
    ok(finished === 0, 'a seat finished but the game runs on');
    ok(state.winner === null, 'a winner while running');
  }
  if (state.phase === 'move') {
    ok(state.results.length > 0, 'move phase with no results');
    ok(legalEvents(state).length > 0, 'move phase with no legal move');
  }
  if (state.phase === 'throw') ok(state.throwsOwed > 0, 'throw phase owes no throw');
}

/** Plays one random game, checking everything after every event; returns the final state. */
function playRandomGame(opts: YutOptions, seed: number, junkEvents: unknown[]): YutState {
  const random = seededRandom(seed);
  let state = deepFreeze(setup(opts));
  let junkIndex = 0;
  for (let step = 0; step < 50_000 && state.phase !== 'over'; step++) {
    assertInvariants(state);
    const legal = legalEvents(state);
    for (const event of legal) ok(check(state, event) === undefined, 'legal event rejected');

    // Every so often, throw something malformed at the reducer: rejected, no throw, no change.
    if (junkEvents.length > 0 && step % 7 === 0) {
      const event = junkEvents[junkIndex++ % junkEvents.length];
      const problem = check(state, event);
      if (problem !== undefined) {
        ok(typeof problem === 'string', 'problem is not words');
        ok(reduce(state, event) === state, 'a rejected event changed the state');
      }
    }

    const outcomes = chance(state);
    let event: unknown;
    if (outcomes) {
      ok(legal.length === 0, 'choices offered while a throw is due');
      event = sampleChance(outcomes, random).event;
    } else {
      event = legal[random.below(legal.length)];
    }
    const next = reduce(state, event);
    ok(next !== state, 'a legal event was not applied');
    state = deepFreeze(next);
  }
  assertInvariants(state);
  return state;
}

describe('random games keep every invariant', () => {
  it('over thousands of games with random legal choices and random junk', () => {
    let games = 0;
    fc.assert(
      fc.property(
        options,
        fc.integer(),
        fc.array(junk, { maxLength: 20 }),
        (opts, seed, junkEvents) => {
          const final = playRandomGame(opts, seed, junkEvents);
          expect(final.phase).toBe('over');
          expect(outcome(final)).toEqual({ status: 'won', winner: final.winner });
          games++;
        },
      ),
      { numRuns: runs(2000) },
    );
    expect(games).toBe(runs(2000));
  }, 60_000);

  it('check and reduce never throw on any input, in any phase', () => {
    const states = [setup({ players: 2, pieces: 4 })];
    const animals: Animal[] = ['cow', 'pig'];
    const moving = reduce(setup({ players: 2, pieces: 4, animals }), {
      type: 'yut/sticksThrown',
      sticks: [0, 0, 1, 1],
    });
    states.push(moving);
    fc.assert(
      fc.property(fc.constantFrom(...states), junk, (state, event) => {
        const before = structuredClone(state);
        const problem = check(state, event);
        const after = reduce(state, event);
        if (problem !== undefined) expect(after).toBe(state);
        expect(state).toEqual(before);
      }),
      { numRuns: runs(5000) },
    );
  });
});
