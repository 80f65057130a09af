/**
 * Yoté's computer players: the strong level takes a win when there is one, escapes or blocks an
 * attack, chooses its removals, and says why in the game's words; every level plays only legal
 * events. Their strength is measured by `npm run bench` (yote-bots), not here.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../source/engine/random.js';
import { evaluateYote, explainYoteMove, yoteBot } from '../../../source/games/yote/bot.js';
import { legalEvents, reduce, setup, type YoteState } from '../../../source/games/yote/rules.js';
import { position } from '../../support/yote.js';
import { runs } from '../../support/runs.js';

const strong = yoteBot('strong');
const choose = (s: YoteState) => strong.choose(s, seededRandom(1)).event;

describe('the Yoté computer players', () => {
  it('the strong level attacks when the attack wins the game', () => {
    const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [4, 0] });
    expect(choose(s)).toEqual({ type: 'yote/jumped', from: 'C3', to: 'C1' });
    expect(explainYoteMove(s, choose(s), ['Ann', 'Bob'])).toBe('it wins the game');
  });

  it('takes the piece that was about to attack, and says so', () => {
    // After C3 jumps C2, Black's E4 could jump White's D4: the removal should take E4.
    const s = position(['......', '...WB.', '..W...', '..B...', 'B.....'], { hands: [6, 6] });
    const jumped = reduce(s, { type: 'yote/jumped', from: 'C3', to: 'C1' });
    const removal = choose(jumped);
    expect(removal).toEqual({ type: 'yote/removed', cell: 'E4' });
    expect(explainYoteMove(jumped, removal)).toBe('takes E4: it was about to attack D4');
  });

  it('moves a threatened piece out of reach rather than leave it to be jumped', () => {
    // Black to play: White's C3 can jump Black's C2 (C1 empty). Black has nothing in hand.
    const s = position(['.....B', '......', '..W...', '..B...', 'W.....'], {
      hands: [6, 0],
      turn: 1,
    });
    const event = choose(s);
    const after = reduce(s, event);
    // Whatever it chose, White has no jump left afterwards.
    expect(
      legalEvents(after).some((e) => e.type === 'yote/jumped'),
      JSON.stringify(event),
    ).toBe(false);
    expect(explainYoteMove(s, event)).toMatch(/escapes an attack|blocks an attack|jumps/);
  });

  it('the evaluation counts material and the attack in hand', () => {
    const s = position(['......', '......', '..W...', '..B...', '......'], { hands: [5, 5] });
    // White to act with a jump ready: better for White than for Black.
    expect(evaluateYote(s, 0)).toBeGreaterThan(0);
    expect(evaluateYote(s, 1)).toBeLessThan(0);
    expect(evaluateYote(setup({ quietTurns: 50 }), 0)).toBe(0);
  });

  it('every level plays only legal events (random and greedy to the end)', () => {
    // The strong level thinks ~70 ms a move: 40 of its moves here (4 in npm test); the bench
    // plays it out.
    for (const [level, moves] of [
      ['random', 400],
      ['greedy', 400],
      ['strong', runs(40, 4)],
    ] as const) {
      const bot = yoteBot(level);
      let s = setup({ quietTurns: 20 });
      const random = seededRandom(7);
      for (let i = 0; i < moves && s.ending === null; i++) {
        const { event } = bot.choose(s, random);
        expect(legalEvents(s)).toContainEqual(event);
        s = reduce(s, event);
      }
      if (level !== 'strong') expect(s.ending, level).not.toBeNull();
    }
  });
});
