import { describe, expect, it } from 'vitest';
import { boardLines, renderText } from '../../../source/games/yut/text.js';
import { stateBlock } from '../../../source/games/yut/classic/text.js';
import { moved, newGame, play, thrown } from '../../support/yut.js';

describe('the text board', () => {
  it('is the classic 11-line board with each station in its place', () => {
    const s = newGame({
      players: 3,
      start: {
        positions: [
          [10, 0, 0, 0],
          [22, 22, 0, 0],
          [29, 5, 15, 100],
        ],
        turn: 0,
      },
    });
    expect(boardLines(s)).toEqual([
      '[1] - [ ] - [ ] - [ ] - [ ] - [1]',
      ' | [ ]                     [ ] |',
      '[ ]    .                 .    [ ]',
      ' |       [ ]         [ ]       |',
      '[ ]          .     .          [ ]',
      ' |             [2]             |',
      '[ ]          .     .          [ ]',
      ' |       [ ]         [ ]       |',
      '[ ]    .                 .    [ ]',
      ' | [ ]                     [ ] |',
      '[1] - [ ] - [ ] - [ ] - [ ] - [1]^Start',
    ]);
  });

  it('colours a count in its owner’s colour on request', () => {
    const s = newGame({
      start: {
        positions: [
          [0, 0, 0, 0],
          [1, 1, 0, 0],
        ],
        turn: 0,
      },
    });
    expect(boardLines(s, true)[8]).toBe('[ ]    .                 .    [\x1b[94m2\x1b[0m]');
  });

  it('summarises hands, arrivals, whose turn and the result list', () => {
    const s = play(newGame(), thrown('yut'), thrown('gae'), moved(0, 'gae'));
    const text = renderText(s, ['Noah', 'Liam']);
    expect(text).toContain('Noah: in hand 3, arrived 0, pieces 0 0 0 2');
    expect(text).toContain('Liam: in hand 4, arrived 0, pieces 0 0 0 0');
    expect(text.split('\n').at(-1)).toBe('Noah to move; results: yut');
  });
});

describe('the classic state block', () => {
  // The seed: "There are no blank lines in the output!"
  it('leaves out the row of symbols when no piece is in hand or none has arrived', () => {
    const start = stateBlock(newGame(), false);
    expect(start).not.toMatch(/\n\n/);
    expect(start).toContain('Not started : \n □  □  □  □  □  □  □  □ \nArrived : \n---');
    const allOut = newGame({
      start: {
        positions: [
          [1, 2, 100, 3],
          [4, 5, 6, 7],
        ],
        turn: 0,
      },
    });
    const block = stateBlock(allOut, false);
    expect(block).not.toMatch(/\n\n/);
    expect(block).toContain('Not started : \nArrived : \n ■ \n---');
  });
});
