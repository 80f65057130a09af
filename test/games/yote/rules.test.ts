/**
 * Yoté's rules (rules/yote.md), each kind of action and each refusal with its reason, the attack
 * step by step (the jump, the extra removal from the board or the hand, chains of two and three
 * jumps), the three endings and the endless-game rule, and the seed's use cases as scenarios.
 */
import { describe, expect, it } from 'vitest';
import { yoteModule } from '../../../source/games/yote/index.js';
import {
  cellOf,
  check,
  EMPTY,
  legalEvents,
  outcome,
  piecesOf,
  reduce,
  setup,
  type YoteEvent,
  type YoteState,
} from '../../../source/games/yote/rules.js';
import { deepFreeze } from '../../support/freeze.js';
import { position } from '../../support/yote.js';

const OPTIONS = { quietTurns: 50 };

/** Apply events in order, each one required to be legal. */
function play(state: YoteState, ...events: YoteEvent[]): YoteState {
  for (const event of events) {
    expect(check(state, event), JSON.stringify(event)).toBeUndefined();
    expect(legalEvents(state)).toContainEqual(event);
    state = deepFreeze(reduce(state, event));
  }
  return state;
}

const place = (cell: string): YoteEvent => ({ type: 'yote/placed', cell });
const move = (from: string, to: string): YoteEvent => ({ type: 'yote/moved', from, to });
const jump = (from: string, to: string): YoteEvent => ({ type: 'yote/jumped', from, to });
const take = (cell: string): YoteEvent => ({ type: 'yote/removed', cell });
const stop: YoteEvent = { type: 'yote/stopped' };
const at = (state: YoteState, cell: string) => state.board[cellOf(cell) as number];

describe('Yoté: the start (the seed’s "Starting game")', () => {
  it('an empty 5 × 6 board, twelve pieces in each hand, White to act', () => {
    const s = setup(OPTIONS);
    expect(s.board).toHaveLength(30);
    expect(s.board.every((c) => c === EMPTY)).toBe(true);
    expect(s.hands).toEqual([12, 12]);
    expect(s.turn).toBe(0);
    expect(s.step).toBe('act');
    // Thirty placements and nothing else: there is nothing on the board to move.
    expect(legalEvents(s)).toHaveLength(30);
    expect(legalEvents(s).every((e) => e.type === 'yote/placed')).toBe(true);
  });

  it('options: the endless-game rule from 10 to 1000 turns, written out by default', () => {
    expect(yoteModule.parseOptions({})).toEqual({ ok: true, options: { quietTurns: 50 } });
    expect(yoteModule.parseOptions({ quietTurns: 10 }).ok).toBe(true);
    for (const bad of [9, 1001, 2.5, '50', null]) {
      const parsed = yoteModule.parseOptions({ quietTurns: bad });
      expect(parsed.ok, String(bad)).toBe(false);
      if (!parsed.ok)
        expect(parsed.problem).toMatch(/endless-game rule needs a number of turns from 10 to 1000/);
    }
  });

  it('options: a header’s words that are no option of Yoté are not carried into the game', () => {
    expect(yoteModule.parseOptions({ quietTurns: 20, pieces: 3 })).toEqual({
      ok: true,
      options: { quietTurns: 20 },
    });
  });
});

describe('Yoté: placing (the seed’s "Placement")', () => {
  it('a piece from the hand onto an empty cell; the turn passes', () => {
    const s = play(setup(OPTIONS), place('C3'));
    expect(at(s, 'C3')).toBe(0);
    expect(s.hands).toEqual([11, 12]);
    expect(s.turn).toBe(1);
  });

  it('refused on a taken cell, with no pieces in hand, and off the board', () => {
    const s = play(setup(OPTIONS), place('C3'));
    expect(check(s, place('C3'))).toBe('C3 is taken: place on an empty cell.');
    expect(check(s, place('G1'))).toBe('The place must be a cell from A1 to F5.');
    expect(check(s, place('C6'))).toBe('The place must be a cell from A1 to F5.');
    const empty = position(['......', '......', '..W...', '......', '.....B'], { hands: [0, 3] });
    expect(check(empty, place('A1'))).toBe('White has no pieces left to place.');
    expect(legalEvents(empty).some((e) => e.type === 'yote/placed')).toBe(false);
  });
});

describe('Yoté: moving (the seed’s "Move")', () => {
  const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [5, 5] });

  it('one step up, down, left or right to an empty cell', () => {
    for (const to of ['C4', 'B3', 'D3']) {
      const after = play(s, move('C3', to));
      expect(at(after, 'C3')).toBe(EMPTY);
      expect(at(after, to)).toBe(0);
      expect(after.turn).toBe(1);
      expect(after.hands).toEqual([5, 5]);
    }
  });

  it('refused diagonally, two cells away, onto a piece, and with a piece not yours', () => {
    expect(check(s, move('C3', 'D4'))).toBe('C3 to D4 is not one step up, down, left or right.');
    expect(check(s, move('C3', 'C5'))).toBe('C3 to C5 is not one step up, down, left or right.');
    expect(check(s, move('C3', 'C2'))).toBe('C2 is not empty.');
    expect(check(s, move('C2', 'C1'))).toBe('There is no White piece on C2.');
    expect(check(s, move('A1', 'A2'))).toBe('There is no White piece on A1.');
  });
});

describe('Yoté: attacking (the seed’s "Single Attack" and "Take Piece(s)")', () => {
  const s = position(['......', '......', '..W...', '..B...', '....B.'], { hands: [5, 5] });

  it('jump over the adjacent opponent piece to the empty cell beyond: it is taken, then one more', () => {
    const jumped = play(s, jump('C3', 'C1'));
    expect(at(jumped, 'C2')).toBe(EMPTY);
    expect(at(jumped, 'C1')).toBe(0);
    expect(jumped.lost).toEqual([s.lost[0], s.lost[1] + 1]);
    expect(jumped.step).toBe('remove');
    expect(jumped.turn).toBe(0);
    // The extra removal: any Black piece on the board, and only those.
    expect(legalEvents(jumped)).toEqual([take('E1')]);
    const done = play(jumped, take('E1'));
    expect(at(done, 'E1')).toBe(EMPTY);
    expect(done.lost).toEqual([s.lost[0], s.lost[1] + 2]);
    expect(done.turn).toBe(1);
    expect(done.step).toBe('act');
  });

  it('refused over an empty cell, over one’s own piece, onto a piece, and not in a line', () => {
    const t = position(['......', '..B...', '..WW..', '..B...', '..B...'], { hands: [5, 5] });
    expect(check(t, jump('C3', 'A3'))).toBe('There is no Black piece on B3 to jump over.');
    expect(check(t, jump('C3', 'E3'))).toBe('There is no Black piece on D3 to jump over.');
    expect(check(t, jump('C3', 'C1'))).toBe('C1 is not empty.');
    expect(check(t, jump('C3', 'D4'))).toBe(
      'An attack jumps straight over the next cell: C3 to D4 is not a jump.',
    );
    expect(check(t, jump('C3', 'C5'))).toBeUndefined();
  });

  it('the extra removal comes from the hand only when the opponent has none on the board', () => {
    const lone = position(['......', '......', '..W...', '..B...', '......'], { hands: [2, 4] });
    const jumped = play(lone, jump('C3', 'C1'));
    expect(legalEvents(jumped)).toEqual([take('hand')]);
    const done = play(jumped, take('hand'));
    expect(done.hands).toEqual([2, 3]);
    expect(done.lost).toEqual([lone.lost[0], lone.lost[1] + 2]);
    const twoBlack = position(['......', '......', '..W...', '..B...', 'B.....'], {
      hands: [2, 4],
    });
    expect(check(play(twoBlack, jump('C3', 'C1')), take('hand'))).toBe(
      'Black still has pieces on the board: take one of those.',
    );
  });

  it('refusals in the wrong step say what the step wants', () => {
    const jumped = play(s, jump('C3', 'C1'));
    expect(check(jumped, place('A1'))).toBe(
      "First take one more Black piece (the attack's extra removal).",
    );
    expect(check(jumped, take('C3'))).toBe('There is no Black piece on C3 to take.');
    // A stop in the middle of the attack: its extra removal comes first.
    expect(check(jumped, stop)).toBe(
      "First take one more Black piece (the attack's extra removal).",
    );
    expect(check(s, take('C2'))).toBe(
      'Place, move or attack first: there is nothing to take or stop now.',
    );
    expect(check(s, stop)).toBe('There is no attack to stop.');
  });

  it('capturing is never compulsory: steps and placements stay legal beside a jump', () => {
    const legal = legalEvents(s);
    expect(legal).toContainEqual(jump('C3', 'C1'));
    expect(legal).toContainEqual(move('C3', 'C4'));
    expect(legal).toContainEqual(place('A5'));
  });
});

describe('Yoté: extended attacks (the seed’s "Extended Attack")', () => {
  it('two jumps: each takes the jumped piece and one more of the attacker’s choosing', () => {
    const s = position(['......', 'B.....', '......', 'B.....', 'W....B'], { hands: [0, 2] });
    let t = play(s, jump('A1', 'A3'), take('F1'));
    expect(t.step).toBe('again');
    expect(t.attacker).toBe(cellOf('A3'));
    // Only the attacking piece may jump again, and stopping is a choice.
    expect(legalEvents(t)).toEqual([jump('A3', 'A5'), stop]);
    t = play(t, jump('A3', 'A5'));
    expect(t.step).toBe('remove');
    // Black has none left on the board: the second extra piece comes from the hand.
    t = play(t, take('hand'));
    expect(t.turn).toBe(1);
    expect(t.lost).toEqual([s.lost[0], s.lost[1] + 4]);
    expect(piecesOf(t, 1)).toBe(1);
    expect(t.chain).toEqual([]);
  });

  it('three jumps, and the attack ends by itself when the piece has no jump left', () => {
    // A1 over A2 to A3, over B3 to C3, over C4 to C5.
    const s = position(['......', 'B.B...', '.B...B', 'B.....', 'W....B'], { hands: [0, 0] });
    let t = play(s, jump('A1', 'A3'), take('F1'));
    t = play(t, jump('A3', 'C3'), take('F3'));
    expect(t.chain).toEqual([cellOf('A1'), cellOf('A3'), cellOf('C3')]);
    t = play(t, jump('C3', 'C5'));
    expect(t.step).toBe('remove');
    t = play(t, take('A4'));
    // Black's last piece was on A4: the game ends in the middle of the attack.
    expect(t.step).toBe('over');
    expect(outcome(t)).toEqual({ status: 'won', winner: 0 });
  });

  it('the attacker may stop after any jump', () => {
    const s = position(['......', 'B.....', '......', 'B.....', 'W....B'], { hands: [5, 2] });
    const t = play(s, jump('A1', 'A3'), take('F1'), stop);
    expect(t.turn).toBe(1);
    expect(at(t, 'A4')).toBe(1);
    expect(check(t, stop)).toBe('There is no attack to stop.');
  });

  it('in the chain only the attacking piece jumps, and nothing else may happen', () => {
    const s = position(['......', 'B.....', '......', 'BW....', 'W.B...'], { hands: [3, 2] });
    const t = play(s, jump('A1', 'A3'), take('C1'));
    expect(t.step).toBe('again');
    expect(check(t, jump('B2', 'B4'))).toBe('Only the attacking piece on A3 may jump again.');
    expect(check(t, place('F1'))).toBe(
      'The attack goes on: jump again with the piece on A3, or stop.',
    );
    expect(check(t, move('A3', 'B3'))).toBe(
      'The attack goes on: jump again with the piece on A3, or stop.',
    );
  });
});

describe('Yoté: the end (the seed’s "Win / Lose" and "Draw")', () => {
  it('a side that has lost every piece loses, at once', () => {
    const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [3, 0] });
    const t = play(s, jump('C3', 'C1'));
    expect(t.step).toBe('over');
    expect(t.ending).toEqual({ reason: 'wiped', winner: 0 });
    expect(outcome(t)).toEqual({ status: 'won', winner: 0 });
    expect(legalEvents(t)).toEqual([]);
    expect(check(t, place('A1'))).toBe('The game is over.');
  });

  it('both sides at three pieces or fewer: a draw when the turn ends', () => {
    const s = position(['......', '......', '..W...', '..B...', 'W..B..'], { hands: [1, 1] });
    // Both at three already: the draw is judged when a turn ends.
    expect(piecesOf(s, 0)).toBe(3);
    const t = play(s, move('A1', 'A2'));
    expect(t.ending).toEqual({ reason: 'few', winner: null });
    expect(outcome(t)).toEqual({ status: 'drawn' });
    // One side above three: no draw.
    const u = play(
      position(['......', '......', '..W...', '..B...', 'W..B..'], { hands: [2, 1] }),
      move('A1', 'A2'),
    );
    expect(u.ending).toBeNull();
  });

  it('a side with no legal action ends the game: the side with more pieces wins', () => {
    // Black's only piece is boxed in at A1 (no free cell beside it, no jump) and its hand is empty.
    const s = position(['......', '......', 'W.....', 'WW....', 'BWW..W'], { hands: [2, 0] });
    const t = play(s, move('F1', 'E1'));
    expect(t.ending).toEqual({ reason: 'stuck', winner: 0, stuck: 1 });
    expect(outcome(t)).toEqual({ status: 'won', winner: 0 });
  });

  it('a side with no legal action and as many pieces as the other: a draw', () => {
    // Black fills rows 1 and 2, White rows 3 and 4 but F4, with one piece still in hand.
    const rows = ['......', 'WWWWW.', 'WWWWWW', 'BBBBBB', 'BBBBBB'];
    const s = position(rows, { hands: [1, 0] });
    const t = play(s, place('F4'));
    expect(t.ending).toEqual({ reason: 'stuck', winner: null, stuck: 1 });
    expect(outcome(t)).toEqual({ status: 'drawn' });
    // Placed elsewhere, F3 stays open to a jump: the game goes on.
    const u = play(s, place('F5'));
    expect(u.ending).toBeNull();
    expect(legalEvents(u)).toEqual([jump('F2', 'F4')]);
  });

  it('the endless-game rule: a draw after that many turns without a placement or capture', () => {
    let s = position(['W.....', '......', '......', '......', '.....B'], {
      hands: [5, 5],
      quietTurns: 10,
      quiet: 0,
    });
    const shuttle = [move('A5', 'B5'), move('F1', 'E1'), move('B5', 'A5'), move('E1', 'F1')];
    for (let i = 0; i < 9; i++) s = play(s, shuttle[i % 4] as YoteEvent);
    expect(s.quiet).toBe(9);
    expect(s.ending).toBeNull();
    s = play(s, shuttle[9 % 4] as YoteEvent);
    expect(s.ending).toEqual({ reason: 'quiet', winner: null });
    // A placement or a capture starts the count again.
    const t = position(['W.....', '......', '......', '......', '.....B'], {
      hands: [5, 5],
      quiet: 8,
      quietTurns: 10,
    });
    expect(play(t, place('C3')).quiet).toBe(0);
    expect(play(t, move('A5', 'A4')).quiet).toBe(9);
  });
});

describe('Yoté: the seed’s "Turn" use case as a scenario', () => {
  it('a whole opening: placements, a step, an attack with its removal, the judge between turns', () => {
    let s = setup(OPTIONS);
    s = play(s, place('C3'), place('C4'), place('A1'), place('F5'), move('A1', 'B1'));
    expect(check(s, jump('C4', 'C2'))).toBeUndefined();
    s = play(s, jump('C4', 'C2'), take('B1'));
    expect(s.lost).toEqual([2, 0]);
    expect(s.turn).toBe(0);
    expect(s.quiet).toBe(0);
    expect(piecesOf(s, 0)).toBe(10);
    expect(piecesOf(s, 1)).toBe(12);
    expect(outcome(s)).toEqual({ status: 'running' });
  });
});
