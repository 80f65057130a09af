import { describe, expect, it } from 'vitest';
import { setup, type YutState } from '../../../../source/games/yut/rules.js';
import { boardPlain, boardSegments } from '../../../../source/games/yut/ui/board-layout.js';
import { preview } from '../../../../source/games/yut/ui/play.js';

const start = setup({ players: 2, pieces: 4 });
const withPositions = (state: YutState, positions: number[][]): YutState => ({
  ...state,
  positions,
});

describe('the Yut board drawn once per sight', () => {
  it('hands back the very lines for a board that shows the same (another state, a throw)', () => {
    const a = withPositions(start, [
      [3, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    // A throw changes the state, not what the stations show.
    const b: YutState = {
      ...withPositions(start, [
        [3, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
      results: ['gae'],
    };
    expect(boardSegments(b)).toBe(boardSegments(a));
  });

  it('draws a piece that moved, a stack, the numbers and a preview anew', () => {
    const at3 = boardPlain(
      boardSegments(
        withPositions(start, [
          [3, 0, 0, 0],
          [0, 0, 0, 0],
        ]),
      ),
    );
    const at4 = boardPlain(
      boardSegments(
        withPositions(start, [
          [4, 0, 0, 0],
          [0, 0, 0, 0],
        ]),
      ),
    );
    const stack = boardPlain(
      boardSegments(
        withPositions(start, [
          [4, 4, 0, 0],
          [0, 0, 0, 0],
        ]),
      ),
    );
    expect(at3).not.toEqual(at4);
    expect(at4.join('\n')).toContain('R1');
    expect(stack.join('\n')).toContain('R2');
    expect(stack.join('\n')).not.toContain('R1');
    const numbered = boardPlain(boardSegments(start, { numbers: true }));
    expect(numbered.join('\n')).toMatch(/\(\s*7\)/);
    expect(boardPlain(boardSegments(start)).join('\n')).not.toMatch(/\(\s*7\)/);
    const moving: YutState = { ...start, phase: 'move', results: ['gae'] };
    const shown = preview(moving, { from: 0, result: 'gae' });
    expect(shown?.to).toBe(2);
    const previewed = boardPlain(boardSegments(moving, { preview: shown }));
    expect(previewed.join('\n')).toContain('»R1«');
    expect(boardPlain(boardSegments(moving)).join('\n')).not.toContain('»');
  });

  it('draws every board the same whether it was drawn before or not', () => {
    const boards = [1, 5, 10, 22, 29].map((p) =>
      withPositions(start, [
        [p, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
    );
    const first = boards.map((b) => boardPlain(boardSegments(b)));
    const again = boards.map((b) => boardPlain(boardSegments({ ...b })));
    expect(again).toEqual(first);
    // Each station of the route drawn where it belongs: no two boards alike.
    expect(new Set(first.map((lines) => lines.join('\n'))).size).toBe(boards.length);
  });
});
