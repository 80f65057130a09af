/**
 * Invariants over random Yoté games (fast-check chooses the seeds and the endless-game rule):
 * each side's twelve pieces conserved between board, hand and losses; the board holds only
 * pieces of the two colours; the quiet count and the step agree with the rules; illegal events
 * change nothing; every game ends, with one result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../source/engine/random.js';
import {
  CELL_NAMES,
  check,
  EMPTY,
  legalEvents,
  onBoard,
  outcome,
  PIECES,
  reduce,
  setup,
  type YoteEvent,
  type YoteState,
} from '../../../source/games/yote/rules.js';
import { deepFreeze } from '../../support/freeze.js';

function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function invariants(s: YoteState): void {
  for (const colour of [0, 1]) {
    const total = onBoard(s, colour) + (s.hands[colour] ?? 0) + (s.lost[colour] ?? 0);
    ok(total === PIECES, `${colour}: board + hand + lost is ${total}, not twelve`);
    ok((s.hands[colour] ?? -1) >= 0 && (s.lost[colour] ?? -1) >= 0, 'no negative counts');
  }
  ok(s.board.length === 30 && s.board.every((c) => c === EMPTY || c === 0 || c === 1), 'cells');
  ok(s.quiet >= 0 && s.quiet <= s.options.quietTurns, 'quiet count within the rule');
  ok((s.step === 'over') === (s.ending !== null), 'over exactly when an ending is set');
  ok(
    s.step === 'act' || s.step === 'over' || s.board[s.attacker ?? -1] === s.turn,
    'an attack has its attacking piece on the board',
  );
  const result = outcome(s);
  if (s.ending?.winner !== null && s.ending !== null)
    ok(result.status === 'won' && result.winner === s.ending.winner, 'one winner');
}

/** Events that must be refused in any state: a placement on a taken cell, a move of nothing. */
function refusedHere(s: YoteState): YoteEvent[] {
  const taken = s.board.findIndex((c) => c !== EMPTY);
  const empty = s.board.indexOf(EMPTY);
  const out: YoteEvent[] = [{ type: 'yote/moved', from: 'A1', to: 'C3' }];
  if (taken >= 0) out.push({ type: 'yote/placed', cell: CELL_NAMES[taken] as string });
  if (empty >= 0 && s.step === 'remove')
    out.push({ type: 'yote/removed', cell: CELL_NAMES[empty] as string });
  return out;
}

describe('Yoté: invariants over random games', () => {
  it('pieces conserved, positions valid, refusals change nothing, every game ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 10, max: 80 }),
        (seed, quietTurns) => {
          const random = seededRandom(seed);
          let s = deepFreeze(setup({ quietTurns }));
          let steps = 0;
          while (s.step !== 'over') {
            invariants(s);
            for (const bad of refusedHere(s)) {
              const problem = check(s, bad);
              ok(typeof problem === 'string', `refused: ${JSON.stringify(bad)}`);
              ok(reduce(s, bad) === s, 'a refused event leaves the very same state');
            }
            const legal = legalEvents(s);
            ok(legal.length > 0, 'a running game always has a choice');
            for (const e of legal)
              ok(check(s, e) === undefined, `legal passes check: ${JSON.stringify(e)}`);
            s = deepFreeze(reduce(s, legal[random.below(legal.length)] as YoteEvent));
            ok(++steps < 20_000, 'the game ends');
          }
          invariants(s);
          ok(legalEvents(s).length === 0, 'nothing to do when it is over');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random games reach every kind of ending the rules have', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 400; seed++) {
      const random = seededRandom(seed);
      let s = setup({ quietTurns: 10 + (seed % 40) });
      while (s.step !== 'over') {
        const legal = legalEvents(s);
        s = reduce(s, legal[random.below(legal.length)] as YoteEvent);
      }
      seen.add(s.ending?.reason ?? '?');
    }
    // Being stuck is too rare for random play; the rules test builds it.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['few', 'quiet', 'wiped']));
  });
});
