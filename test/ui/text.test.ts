import { describe, expect, it } from 'vitest';
import { mainHelp } from '../../source/app/app-model.js';
import { GAMES } from '../../source/games/index.js';
import {
  displayWidth,
  firstLines,
  helpLines,
  lastLines,
  logPage,
  pathFit,
  wrapText,
} from '../../source/ui/text.js';

describe('rules pages as screen lines', () => {
  it('joins a paragraph’s lines and wraps them at spaces, measuring wide characters as two', () => {
    const text = '# Title\n\n윷놀이 윷놀이 윷놀이\nis a game\nof sticks.\n';
    expect(wrapText(text, 13)).toEqual([
      '# Title',
      '',
      '윷놀이 윷놀이',
      '윷놀이 is a',
      'game of',
      'sticks.',
    ]);
  });

  it('list items hang under their text; code blocks and tables stay as they are', () => {
    const text = [
      '- **Pig**: whoever catches',
      '  a pig loses the turn.',
      '',
      '```',
      ' 10 ─  9 ─  8',
      '```',
      '| a | b |',
      '| - | - |',
      '| `1` | 2 |',
    ].join('\n');
    expect(wrapText(text, 18)).toEqual([
      '- Pig: whoever',
      '  catches a pig',
      '  loses the turn.',
      '',
      ' 10 ─  9 ─  8',
      '| a | b |',
      '| 1 | 2 |',
    ]);
  });

  it('keeps a board’s size whole (9 × 9), never its numbers on two lines; other × split as words', () => {
    // At spaces alone: 'the board 9' and '× 9 wide'.
    expect(wrapText('the board 9 × 9 wide', 11)).toEqual(['the board', '9 × 9 wide']);
    expect(wrapText('the board 9 × 9 wide', 13)).toEqual(['the board', '9 × 9 wide']);
    // Not a size: split at its spaces as before.
    expect(wrapText('grows by (a / b) × (2 − c)', 20)).toEqual(['grows by (a / b) ×', '(2 − c)']);
  });

  it('no game’s rules, at any width of the help page, split a size such as 9 × 9', () => {
    // 76 to 86: the help page's text in windows of 80 to 90 columns (and up); narrower, below.
    const split = (lines: readonly string[]) =>
      lines.flatMap((line, i) => {
        const next = (lines[i + 1] ?? '').trimStart();
        const cut =
          (/\d$/.test(line) && /^× \d/.test(next)) || (/\d ×$/.test(line) && /^\d/.test(next));
        return cut ? [`${line} / ${next}`] : [];
      });
    for (let width = 20; width <= 86; width++)
      for (const game of GAMES)
        expect(split(helpLines([], game.rulesText, width)), `${game.id} at ${width}`).toEqual([]);
  });

  it('every game’s rules and the main help fit the 80-column screen (76 inside the page)', () => {
    const wide = (lines: string[]) => lines.filter((l) => displayWidth(l) > 76);
    expect(wide(mainHelp(GAMES, 76))).toEqual([]);
    for (const game of GAMES) expect(wide(wrapText(game.rulesText, 76))).toEqual([]);
  });
});

describe('helpLines', () => {
  it('keeps a key line that fits as written, and wraps a long one under its description', () => {
    const keys = [
      'Keys',
      '  ← → ↑ ↓    move the cursor',
      '  h          a hint: the strong computer’s move and the reason it gives',
    ];
    expect(helpLines(keys, '# Rules\n\nText.', 40).slice(0, 5)).toEqual([
      'Keys',
      '  ← → ↑ ↓    move the cursor',
      '  h          a hint: the strong',
      '             computer’s move and the',
      '             reason it gives',
    ]);
  });

  it("wraps a description written over several lines as one, each line in the description's column", () => {
    const keys = [
      'Keys',
      '  h          a hint: the strong computer’s move and why; where a table is built (madang ur',
      '             solve), the perfect move and your exact chance to win',
      '  q          quit',
    ];
    expect(helpLines(keys, '# Rules', 50).slice(0, 7)).toEqual([
      'Keys',
      '  h          a hint: the strong computer’s move',
      '             and why; where a table is built',
      '             (madang ur solve), the perfect move',
      '             and your exact chance to win',
      '  q          quit',
      '',
    ]);
    // Where they fit, the lines stay as they were written.
    expect(helpLines(keys, '# Rules', 100).slice(0, 4)).toEqual(keys);
  });

  it('makes a page once for its keys, rules and width: every screen opening the game shares it', () => {
    const keys = ['Keys', '  Space      throw the sticks'];
    const rules = '# Rules\n\nThe sticks fall as they fall.';
    const page = helpLines(keys, rules, 40);
    expect(helpLines(keys, rules, 40)).toBe(page);
    expect(Object.isFrozen(page)).toBe(true);
    expect(helpLines(keys, rules, 30)).not.toBe(page);
    expect(helpLines(keys, `${rules} Again.`, 40)).not.toEqual(page);
    expect(helpLines([...keys], rules, 40)).toEqual(page);
  });
});

describe('the replay timeline', () => {
  it('is read from its top: a long reason loses its end, never the turn or the move', () => {
    const timeline = [
      'Turn 4 of 4 · event 8/8',
      '■ the end',
      '',
      'Ann moved a new piece to 1 with do.',
      '  (expert: stacks with the piece at 1; leaves 1 where Bob can reach it with a do)',
      'Bob’s turn.',
    ];
    const lines = firstLines(timeline, 28, 6);
    expect(lines.slice(0, 5)).toEqual([
      'Turn 4 of 4 · event 8/8',
      '■ the end',
      '',
      'Ann moved a new piece to 1',
      '  with do.',
    ]);
    expect(lines[5]).toMatch(/^ {2}\(expert: stacks/);
    expect(lines).toHaveLength(6);
    // All of it where there is room, wrapped as the log page wraps.
    expect(firstLines(timeline, 28, 40)).toEqual(logPage(timeline, 28));
  });
});

describe('a path in a narrow place', () => {
  it('is cut from its start, so that its end (the folder itself) stays', () => {
    expect(pathFit('/home/ann/.local/share/madang/recordings', 100)).toBe(
      '/home/ann/.local/share/madang/recordings',
    );
    expect(pathFit('/home/ann/.local/share/madang/recordings', 20)).toBe('…/madang/recordings');
    expect(pathFit('/home/ann/.local/share/madang/recordings', 12)).toBe('…/recordings');
    expect(pathFit('/home/ann/.local/share/madang/recordings', 8)).toBe('…ordings');
    expect(pathFit('/x', 0)).toBe('');
  });
});

describe("the log's last lines", () => {
  it('are the newest entries that fit the rows, wrapped and indented, the oldest by its end', () => {
    const log = ['Entry 0', 'Entry 1, long enough to be wrapped onto a second line', 'Entry 2'];
    expect(lastLines(log, 30, 8)).toEqual([
      'Entry 0',
      'Entry 1, long enough to be',
      '  wrapped onto a second line',
      'Entry 2',
    ]);
    // Only the end of the oldest entry shown fits: what happened, not how it began.
    expect(lastLines(log, 30, 2)).toEqual(['  wrapped onto a second line', 'Entry 2']);
    expect(lastLines(log, 30, 1)).toEqual(['Entry 2']);
    for (const line of lastLines(log, 30, 8)) expect(displayWidth(line)).toBeLessThanOrEqual(30);
  });
});
