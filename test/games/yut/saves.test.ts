import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findSave,
  formatSave,
  parseSaves,
  withLine,
  withoutLine,
} from '../../../source/games/yut/saves.js';
import { ROOT } from '../../support/tmux.js';

const SEED = readFileSync(join(ROOT, 'fixtures/advanced/game_info.txt'), 'utf8');

describe('game_info.txt', () => {
  const saves = parseSaves(SEED, 'game_info.txt');

  it('reads the seed’s example lines', () => {
    expect(saves.warnings).toEqual([]);
    expect(saves.games[1]).toEqual({
      ids: ['Noah', 'Liam'],
      animals: ['dog', 'pig'],
      positions: [
        [0, 100, 100, 100],
        [1, 5, 5, 5],
      ],
      turn: 1,
      line: 2,
    });
  });

  it('finds a save by the set of IDs, in any order, and only the exact set', () => {
    expect(findSave(saves, ['Liam', 'Noah'])?.line).toBe(2);
    expect(findSave(saves, ['Sophia', 'Olivia', 'Ava'])?.line).toBe(1);
    expect(findSave(saves, ['Ava', 'Sophia'])).toBeUndefined();
    expect(findSave(saves, ['Noah', 'Liam', 'Ava'])).toBeUndefined();
  });

  it('writes the exact line of a known position', () => {
    expect(
      formatSave({
        ids: ['Noah', 'Liam'],
        animals: ['dog', 'pig'],
        positions: [
          [0, 100, 100, 100],
          [1, 5, 5, 5],
        ],
        turn: 1,
      }),
    ).toBe('Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1');
  });

  it('skips malformed lines with a warning naming file and line', () => {
    const text = [
      'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1',
      'garbage',
      'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 | 1',
      'Noah Liam | Noah 7 0 100 100 100 | Liam 0 1 5 5 5 | 1',
      'Noah Liam | Liam 1 0 100 100 100 | Noah 0 1 5 5 5 | 1',
      'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 2',
      'Noah Liam | Noah 3 7 0 0 0 | Liam 0 1 5 5 5 | 1',
      'Noah Liam | Noah 1 5 0 0 0 | Liam 0 1 5 5 5 | 1',
      'Noah Liam | Noah 1 100 100 100 100 | Liam 0 1 5 5 5 | 1',
      'Noah Noah | Noah 1 0 0 0 0 | Noah 0 1 5 5 5 | 1',
    ].join('\r\n');
    const parsed = parseSaves(text, 'game_info.txt');
    expect(parsed.games.map((g) => g.line)).toEqual([1]);
    expect(parsed.warnings).toEqual([
      'game_info.txt:2: a saved game is "IDs | ID A p p p p | … | T"; the line is skipped',
      'game_info.txt:3: player 1\'s part is "ID A p p p p"; the line is skipped',
      "game_info.txt:4: Noah's animal must be 0 (pig), 1 (dog), 2 (sheep) or 3 (cow); the line is skipped",
      "game_info.txt:5: player 0's part names Liam, not Noah; the line is skipped",
      'game_info.txt:6: The player to move must be a seat from 0 to 1; the line is skipped',
      "game_info.txt:7: Player 0 is a cow, and a cow's piece cannot stand at 7; the line is skipped",
      'game_info.txt:8: Players 0 and 1 cannot both stand at 5; the line is skipped',
      'game_info.txt:9: Player 0 has already won: there is no game left to play; the line is skipped',
      'game_info.txt:10: an ID appears twice; the line is skipped',
    ]);
  });

  it('removing a line keeps every other line byte for byte, malformed ones too', () => {
    const text =
      'keep me\r\nNoah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\r\n  odd line  \nlast';
    expect(withoutLine(text, 2)).toBe('keep me\r\n  odd line  \nlast');
    expect(withoutLine(text, 4)).toBe(
      'keep me\r\nNoah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\r\n  odd line  \n',
    );
    expect(withoutLine('a\nb', 2)).toBe('a\n');
  });

  it('appending keeps what was there and adds a line of its own', () => {
    expect(withLine('', 'x')).toBe('x\n');
    expect(withLine('a\n', 'x')).toBe('a\nx\n');
    expect(withLine('a', 'x')).toBe('a\nx\n');
    expect(withLine('a\r\n', 'x')).toBe('a\r\nx\n');
  });

  it('a save written is read back as the same game', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 1 }),
        (animal, turn) => {
          const game = {
            ids: ['Ann', 'Ben'],
            animals: [(['pig', 'dog', 'sheep', 'cow'] as const)[animal] ?? 'pig', 'dog' as const],
            positions: [
              [0, 1, 1, 100],
              [0, 0, 2, 29],
            ],
            turn,
          };
          const read = parseSaves(withLine(SEED, formatSave(game)), 'f');
          expect(read.games.at(-1)).toEqual({ ...game, line: 3 });
        },
      ),
    );
  });
});
