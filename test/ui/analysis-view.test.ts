import { describe, expect, it } from 'vitest';
import type { DecisionAnalysis, MoveAnalysis } from '../../source/analysis/types.js';
import {
  chanceGraph,
  decisionLines,
  firstSeatChances,
  markedFrom,
  markOf,
  points,
  progressBar,
} from '../../source/ui/analysis-view.js';
import { newReplay, reduceReplay, replayKey } from '../../source/ui/replay-model.js';

const move = (index: number, seat: number, after: number, grade: MoveAnalysis['grade']) =>
  ({
    kind: 'move',
    index,
    seat,
    played: `Ann moved ${index}.`,
    before: 0.5,
    after,
    bestAfter: after + 0.1,
    best: `best ${index}`,
    why: `why ${index}`,
    choices: 2,
    loss: grade === 'best' ? 0 : 10,
    grade,
  }) satisfies MoveAnalysis;

const mapOf = (...decisions: DecisionAnalysis[]) => new Map(decisions.map((d) => [d.index, d]));

describe('the first seat’s chances', () => {
  it('in a game of two, the other seat’s chance is turned; before the first decision is its before', () => {
    const chances = firstSeatChances(mapOf(move(0, 0, 0.6, 'best'), move(1, 1, 0.7, 'best')), 3, 2);
    expect(chances[0]).toBe(0.5);
    expect(chances[1]).toBe(0.6);
    expect(chances[2]).toBeCloseTo(0.3);
    expect(chances[3]).toBeUndefined();
  });

  it('in a game of more, the first seat’s own decisions and every seat’s chances where given', () => {
    const chances = firstSeatChances(mapOf(move(0, 0, 0.6, 'best'), move(1, 1, 0.7, 'best')), 2, 4);
    expect(chances).toEqual([0.5, 0.6, undefined]);
    const every = { ...move(1, 1, 0.7, 'best'), chances: [0.1, 0.7, 0.1, 0.1] };
    expect(firstSeatChances(mapOf(move(0, 0, 0.6, 'best'), every), 2, 4)).toEqual([0.5, 0.6, 0.1]);
  });
});

describe('the braille graph', () => {
  it('fills each column up to its chance: 100% is a full column, 0% its lowest dot', () => {
    const { lines } = chanceGraph([1, 1, 0, 0], 0, 2, 2);
    // Two characters of two dot columns: the first full, the second its lowest dots only.
    expect(lines).toEqual(['⣿ ', '⣿⣀']);
  });

  it('leaves blank what is not known yet, and keeps the last chance over events that are no decision', () => {
    const { lines } = chanceGraph([1, undefined, 1, undefined, undefined], 0, 5, 1);
    // Eight dot columns over five positions: known, held, known, then blank to the end.
    expect(lines[0]?.slice(0, 3)).toBe('⣿⣿⣿');
    expect(lines[0]?.trimEnd().length).toBeLessThan(5);
  });

  it('marks the column of the position shown', () => {
    expect(chanceGraph([0.5, 0.5, 0.5], 0, 10, 2).mark).toBe(0);
    expect(chanceGraph([0.5, 0.5, 0.5], 2, 10, 2).mark).toBe(9);
    expect(chanceGraph([0.5, 0.5, 0.5], 1, 10, 2).mark).toBe(5);
  });
});

describe('marks and the marked moves', () => {
  const found = mapOf(
    move(2, 0, 0.5, 'inaccuracy'),
    move(4, 1, 0.5, 'best'),
    move(6, 0, 0.5, 'blunder'),
    move(8, 1, 0.5, 'mistake'),
  );

  it('marks ?! ? ?? and nothing for a good move or a throw', () => {
    expect([2, 4, 6, 8].map((i) => markOf(found.get(i)))).toEqual(['?!', '', '??', '?']);
    const luck: DecisionAnalysis = {
      kind: 'chance',
      index: 0,
      seat: 0,
      played: 'do',
      before: 0.5,
      after: 0.6,
      luck: 4,
    };
    expect(markOf(luck)).toBe('');
  });

  it('n and p go to the board after the next or previous marked move from the one shown', () => {
    // Shown: the board after event 2 (index 3).
    expect(markedFrom(found, 3, 1)).toBe(7);
    expect(markedFrom(found, 7, 1)).toBe(9);
    expect(markedFrom(found, 9, 1)).toBeUndefined();
    expect(markedFrom(found, 9, -1)).toBe(7);
    expect(markedFrom(found, 3, -1)).toBeUndefined();
    expect(markedFrom(found, 0, 1)).toBe(3);
  });
});

describe('the words of the move shown', () => {
  it('a mistake: what was played, the chances, and the best move with its reason', () => {
    expect(decisionLines(move(8, 1, 0.4, 'mistake'), ['Ann', 'Bob'], 'wait')).toEqual([
      'Ann moved 8: a mistake, loses 10.0 points.',
      "Bob's chance: 50% before, 40% after, 50% after the best.",
      'Best: best 8 (why 8).',
    ]);
    expect(decisionLines(move(4, 0, 0.6, 'best'), ['Ann', 'Bob'], 'wait')).toEqual([
      'Ann moved 4: the best move.',
      "Ann's chance: 50% before, 60% after, 70% after the best.",
      'Why: why 4.',
    ]);
  });

  it('a throw, a roll or a draw: its luck', () => {
    const luck: DecisionAnalysis = {
      kind: 'chance',
      index: 0,
      seat: 0,
      played: 'Ann threw yut.',
      before: 0.5,
      after: 0.62,
      luck: 9.25,
    };
    expect(decisionLines(luck, ['Ann', 'Bob'], 'wait')).toEqual([
      'Ann threw yut: luck +9.3 points.',
      "Ann's chance: 50% before, 62% after.",
    ]);
    // Any game's chance (Layers draws numbers, not throws), its sentence's "!" kept out of the colon.
    const drawn = { ...luck, played: 'Random number is 154, win!', luck: 1.8 };
    expect(decisionLines(drawn, ['Ann', 'Bob'], 'wait')).toEqual([
      'Random number is 154, win: luck +1.8 points.',
      "Ann's chance: 50% before, 62% after.",
    ]);
  });

  it('what rounds to 0.0 has no sign and loses nothing', () => {
    expect(points(-0.02)).toBe('±0.0');
    expect(points(0.04)).toBe('±0.0');
    expect(points(-0.05)).toBe('−0.1');
    const nearly = { ...move(4, 0, 0.6, 'best'), loss: 0.03 };
    expect(decisionLines(nearly, ['Ann', 'Bob'], 'wait')[0]).toBe('Ann moved 4: the best move.');
    const good = { ...move(4, 0, 0.6, 'good'), loss: 0.04 };
    expect(decisionLines(good, ['Ann', 'Bob'], 'wait')[0]).toBe('Ann moved 4: good.');
  });

  it('not yet analysed: says so', () => {
    expect(decisionLines(undefined, ['Ann'], 'Not analysed yet.')).toEqual(['Not analysed yet.']);
  });

  it('the progress bar', () => {
    expect(progressBar({ progress: () => ({ done: 1, total: 4 }) }, 8)).toBe('▕██░░░░░░▏ 1/4');
    // Not known yet (the worker starting): empty, not full.
    expect(progressBar({ progress: () => ({ done: 0, total: 0 }) }, 4)).toBe('▕░░░░▏ 0/0');
  });
});

describe('the viewer’s analysis keys', () => {
  const model = { ...newReplay([0, 2, 4], 6), index: 3 };
  const analysing = reduceReplay(model, { type: 'replay/analysisToggled' });

  it('a shows the analysis and hides it; Esc hides it first, then leaves', () => {
    expect(replayKey(model, 'a')).toEqual({ type: 'replay/analysisToggled' });
    expect(analysing.analysing).toBe(true);
    expect(analysing.index).toBe(3);
    expect(replayKey(analysing, 'escape')).toEqual({ type: 'replay/analysisToggled' });
    expect(reduceReplay(analysing, { type: 'replay/analysisToggled' }).analysing).toBe(false);
    expect(replayKey(model, 'escape')).toEqual({ type: 'app/quitConfirmed' });
    expect(replayKey(analysing, 'q')).toEqual({ type: 'app/quitConfirmed' });
  });

  it('n and p seek the marked moves while analysing, and say how to get them otherwise', () => {
    expect(replayKey(analysing, 'n')).toEqual({ type: 'replay/markSought', delta: 1 });
    expect(replayKey(analysing, 'p')).toEqual({ type: 'replay/markSought', delta: -1 });
    const said = replayKey(model, 'n');
    expect(said).toEqual({
      type: 'replay/noticeShown',
      notice: 'n and p go to the marked moves: a analyses.',
    });
  });

  it('b shows the board in the analysis’s place, and back; a new analysis starts on its own view', () => {
    expect(replayKey(model, 'b')).toBeUndefined();
    const board = reduceReplay(analysing, { type: 'replay/boardToggled' });
    expect(board.boardShown).toBe(true);
    expect(reduceReplay(board, { type: 'replay/boardToggled' }).boardShown).toBe(false);
    const again = reduceReplay(reduceReplay(board, { type: 'replay/analysisToggled' }), {
      type: 'replay/analysisToggled',
    });
    expect(again.boardShown).toBe(false);
  });

  it('the viewer’s other keys are as they were', () => {
    for (const key of ['right', 'left', 'space', '+', '-', 'g', 'l', 'home', 'end'])
      expect(replayKey(analysing, key)?.type).not.toMatch(/analysis|mark|board/);
  });
});
