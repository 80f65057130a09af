/**
 * Kono's computer players and their reasons, on positions worked by hand (5 × 5, White heading
 * South from rows 1–2, Black North from rows 4–5; WW/BB a piece with the power to capture):
 * the motive of a move in the seed's order (capture, escape, block, advance, retreat), the
 * sentence that says it, the rule-based level taking the first motive that applies, the search
 * taking a capture and not leaving a piece to be taken, and the choices outside a round.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateKono,
  explainKonoMove,
  konoBot,
  motiveOf,
  motiveWords,
  ruleBot,
  searchBot,
} from '../../../source/games/kono/bot.js';
import {
  check,
  type KonoEvent,
  type KonoState,
  legalEvents,
  type Moved,
  startingBoard,
} from '../../../source/games/kono/rules.js';
import { seededRandom } from '../../../source/engine/random.js';
import { position } from '../../support/kono.js';

const move = (row: number, column: number, direction: Moved['direction']): Moved => ({
  type: 'kono/moved',
  row,
  column,
  direction,
});
const random = seededRandom(1);

/** A powered White piece at (3,2) with a Black piece southeast of it, at (4,3). */
const CAPTURE = position(['W O O O W', 'O O O O O', 'O WW O O O', 'O O B O O', 'B O O O B']);
/** A White piece at (3,3) next to a powered Black piece at (4,2). */
const ESCAPE = position(['W O O O W', 'O O O O O', 'O O W O O', 'O BB O O O', 'B O O O B']);
/** A Black piece at (3,3) two steps from White's best home point, (1,3), worth 5. */
const BLOCK = position(['W O O O O', 'O O O O O', 'O O B O O', 'O O O O O', 'B O O O B']);

describe('motiveOf: why a move is good, the first that applies', () => {
  it('capture: the piece taken', () => {
    expect(motiveOf(CAPTURE, move(3, 2, 'southeast'))).toEqual({
      kind: 'capture',
      row: 4,
      column: 3,
    });
  });

  it('escape: from the powered piece next to it, to a point it does not reach', () => {
    expect(motiveOf(ESCAPE, move(3, 3, 'southeast'))).toEqual({
      kind: 'escape',
      row: 4,
      column: 2,
    });
  });

  it('block: standing where the opponent piece was heading, toward its goal', () => {
    expect(motiveOf(BLOCK, move(1, 1, 'southeast'))).toEqual({ kind: 'block', row: 3, column: 3 });
  });

  it('advance: onto a home point of the other side, or nearer the best free one', () => {
    const near = position(['W O O O W', 'O O O O O', 'O O O O O', 'O W O O O', 'B O O O B']);
    // (4,2) southeast lands on (5,3), Black's back row, worth 5.
    expect(motiveOf(near, move(4, 2, 'southeast'))).toEqual({ kind: 'advance', row: 5, column: 3 });
    // (1,1) southeast is a step nearer the home point it heads for.
    const far = position(['W O O O O', 'O O O O O', 'O O O O O', 'O O O O O', 'B O O O B']);
    expect(motiveOf(far, move(1, 1, 'southeast')).kind).toBe('advance');
  });

  it('retreat: none of these', () => {
    const back = position(['O O O O O', 'O O O O O', 'O O W O O', 'O O O O O', 'B O O O B']);
    expect(motiveOf(back, move(3, 3, 'northwest'))).toEqual({ kind: 'retreat' });
  });
});

describe('the reason in words', () => {
  it('the seed’s sentence: the piece, its direction, and its motive', () => {
    expect(explainKonoMove(CAPTURE, move(3, 2, 'southeast'))).toBe(
      'the piece at (3,2) southeast, to capture the computer piece at (4,3)',
    );
    expect(explainKonoMove(BLOCK, move(1, 1, 'southeast'), ['Ann', 'Bob'])).toBe(
      'the piece at (1,1) southeast, to block the Bob piece at (3,3)',
    );
    expect(motiveWords({ ...ESCAPE, turn: 1 }, { kind: 'escape', row: 4, column: 2 })).toBe(
      'to escape the human piece at (4,2)',
    );
    expect(motiveWords(CAPTURE, { kind: 'advance', row: 5, column: 3 })).toBe(
      'to advance toward the home point (5,3)',
    );
    expect(motiveWords(CAPTURE, { kind: 'retreat' })).toBe('to retreat');
  });

  it('the choices outside a round', () => {
    const words = (event: KonoEvent) => explainKonoMove(CAPTURE, event);
    expect(words({ type: 'kono/colourChosen', colour: 'black' })).toBe('plays black');
    expect(words({ type: 'kono/sizeChosen', size: 7 })).toBe('a 7 × 7 board');
    expect(words({ type: 'kono/anotherRound', again: true })).toBe('another round');
    expect(words({ type: 'kono/anotherRound', again: false })).toBe('no more rounds');
    expect(words({ type: 'kono/quit' })).toBe('quits the round');
  });
});

describe('the rule-based level (greedy)', () => {
  it('takes the first motive that applies: a capture before an advance worth more', () => {
    // (2,5) could step onto nothing better; the capture comes first in the seed's order.
    const both = position(['W O O O O', 'O O O O W', 'O WW O O O', 'O O B O O', 'B O O O B']);
    for (let seed = 0; seed < 10; seed++)
      expect(ruleBot().choose(both, seededRandom(seed)).event).toEqual(move(3, 2, 'southeast'));
  });

  it('escapes before it advances', () => {
    const choice = ruleBot().choose(ESCAPE, random).event as Moved;
    expect(motiveOf(ESCAPE, choice).kind).toBe('escape');
  });

  it('quits a round where it cannot move', () => {
    const stuck = position(['O O O O O', 'O O O O O', 'O O O O O', 'O B O B O', 'W O B O B']);
    expect(legalEvents(stuck).filter((e) => e.type === 'kono/moved')).toEqual([]);
    expect(ruleBot().choose(stuck, random).event).toEqual({ type: 'kono/quit' });
  });
});

describe('the search (strong)', () => {
  it('takes a capture', () => {
    expect(searchBot().choose(CAPTURE, random).event).toEqual(move(3, 2, 'southeast'));
  });

  it('does not leave a piece where it is taken: it escapes the powered piece', () => {
    const choice = searchBot().choose(ESCAPE, random).event as Moved;
    expect(check(ESCAPE, choice)).toBeUndefined();
    // Staying in reach of (4,2) loses the piece: the search moves it out of reach.
    expect(motiveOf(ESCAPE, choice).kind).toBe('escape');
  });

  it('a single move is made without searching; none at all, it quits', () => {
    const stuck = position(['O O O O O', 'O O O O O', 'O O O O O', 'O B O B O', 'W O B O B']);
    expect(searchBot().choose(stuck, random).event).toEqual({ type: 'kono/quit' });
    const one = position(['O O O O O', 'O O O O O', 'O O O O O', 'O O O B O', 'W O B O B']);
    expect(searchBot().choose(one, random).event).toEqual(move(5, 1, 'northeast'));
  });

  it('the evaluation is one side’s gain and the other’s loss, and even at the start', () => {
    const start = position(startingBoard(5).map((row) => row.join(' ')));
    expect(evaluateKono(start, 0)).toBe(0);
    for (const s of [CAPTURE, ESCAPE, BLOCK])
      expect(evaluateKono(s, 0)).toBeCloseTo(-evaluateKono(s, 1));
    // A piece the other side may take on its turn counts half lost (25 tenths).
    expect(evaluateKono(ESCAPE, 0) - evaluateKono({ ...ESCAPE, turn: 1 }, 0)).toBe(25);
    // A piece nearer the far side is worth more.
    const ahead = position(['W O O O W', 'O O O O O', 'O O O O O', 'O W O O O', 'B O O O B']);
    const behind = position(['W O O O W', 'O W O O O', 'O O O O O', 'O O O O O', 'B O O O B']);
    expect(evaluateKono(ahead, 0)).toBeGreaterThan(evaluateKono(behind, 0));
  });
});

describe('every level, outside a round', () => {
  const base = position(startingBoard(5).map((row) => row.join(' ')));
  const at = (phase: KonoState['phase'], size: number | null = null): KonoState => ({
    ...base,
    phase,
    settings: { ...base.settings, size },
  });

  it('chooses the board given in advance, else 5 × 5; never asks for another round', () => {
    for (const level of ['random', 'greedy', 'strong'] as const) {
      const bot = konoBot(level);
      expect(bot.choose(at('size', 9), random).event).toEqual({ type: 'kono/sizeChosen', size: 9 });
      expect(bot.choose(at('size'), random).event).toEqual({ type: 'kono/sizeChosen', size: 5 });
      expect(bot.choose(at('roundOver'), random).event).toEqual({
        type: 'kono/anotherRound',
        again: false,
      });
      const colours = new Set<unknown>();
      for (let seed = 0; seed < 20; seed++)
        colours.add(
          (bot.choose(at('colour'), seededRandom(seed)).event as { colour: string }).colour,
        );
      expect([...colours].sort()).toEqual(['black', 'white']);
    }
  });

  it('the random level plays any move but never quits; a level above strong plays strong', () => {
    const bot = konoBot('random');
    for (let seed = 0; seed < 50; seed++) {
      const event = bot.choose(base, seededRandom(seed)).event;
      expect(event.type).toBe('kono/moved');
      expect(check(base, event)).toBeUndefined();
    }
    expect(konoBot('expert').level).toBe('strong');
    expect(konoBot('greedy').level).toBe('greedy');
  });
});
