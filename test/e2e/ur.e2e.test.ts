import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const twoLines = new URL('../../../shared/external/ur/two_lines.ur', import.meta.url);

describe.runIf(hasTmux)('the Royal Game of Ur in a real terminal', () => {
  it('ur solve at 80 columns: the progress line fits, each update drawn over the last', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-ur-solve-'));
    terminal = new Terminal(`node ${CLI} ur solve --stones 3 --data-dir ${data}`, {
      columns: 80,
      rows: 24,
    });
    // Three stones: about 3 s alone, several times that on a loaded machine.
    await terminal.waitFor(/EXITED \d+/, 120_000);
    // A line of 104 columns wrapped, and every redraw after \r left its first row behind:
    // 46 lines for this solve. Now the bar's last state, what was solved, and the chance.
    const lines = terminal
      .history()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\[#+\] 100\.0% {2}group 6\/6/);
    expect(lines[1]).toMatch(/^madang: solved 3 stones/);
    expect(lines[2]).toMatch(/^madang: with perfect play, White \(rolling first\) wins 51\.50%/);
    expect(lines[3]).toBe('EXITED 0');
  });

  it('two stones against perfect: the table built, the hint gives exact chances', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-ur-perfect-'));
    const solved = spawnSync(
      process.execPath,
      [CLI, 'ur', 'solve', '--stones', '2', '--data-dir', data],
      { encoding: 'utf8' },
    );
    expect(solved.status).toBe(0);
    terminal = new Terminal(
      `node ${CLI} ur --stones 2 --bots 2 --level perfect --seed 2055 --bot-delay 0 --data-dir ${data}`,
    );
    const setupScreen = await terminal.waitFor('Start the game');
    expect(setupScreen).toContain('the computer (perfect)');
    expect(setupScreen).toContain('2 each');
    expect(setupScreen).not.toContain('unavailable');
    await terminal.keys('Up', 'Enter', 'Space');
    await terminal.waitFor(/Player 1 rolled \d\./);
    await terminal.keys('h');
    // Seed 2055's first roll is 1: the only stone to move enters, and the hint says what it is worth.
    expect(await terminal.waitFor('Hint:')).toMatch(/Hint: .*\d+\.\d% → \d+\.\d%/);
    await terminal.keys('q', 'y');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
  });

  it('starts, rolls, moves a stone onto the board, quits, and the shell is back', async () => {
    terminal = new Terminal(`node ${CLI} ur --seed 2055`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    expect(await terminal.waitFor('to roll')).toContain('Player 1 (White) to roll');
    await terminal.keys('Space');
    const rolled = await terminal.waitFor(/Player 1 rolled (\d)\./);
    const roll = Number(/Player 1 rolled (\d)\./.exec(rolled)?.[1]);
    // Seed 2055's first roll is 1: W1 enters on White's entrance, the first square of its path.
    expect(roll).toBe(1);
    expect(rolled).toContain('→ to square 1');
    expect(rolled).toMatch(/= 1 {2}\(White's roll\)/);
    // n numbers White's path on the board: square 1 bottom left, up to the rosette at 4.
    await terminal.keys('n');
    // The rosette at 4 numbered (unnumbered it is [*    *]).
    const numbered = await terminal.waitFor('[*  4 *]');
    expect(numbered).toMatch(/│ \[\* {2}4 \*\]/);
    // Square 1 shows the stone about to land there; the central rosette is White's square 8.
    expect(numbered).toMatch(/│ \[ >W1< \] {2}\[\* {2}8 \*\]/);
    await terminal.keys('n');
    await terminal.keys('Enter');
    const moved = await terminal.waitFor('Player 1 moved W1');
    const boardRow = moved.split('\n').find((l) => l.includes('W1 ]') || l.includes(' W1 '));
    expect(boardRow).toMatch(/│ \[ {2}W1 {2}\]/);
    await terminal.keys('q', 'y');
    const after = await terminal.waitFor('EXITED');
    expect(after).toMatch(/^EXITED 0$/m);
    expect(after).not.toContain('╭');
  });

  it('an Ur recording replays in the viewer and resumes, with no Ur-specific code in either', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-ur-rec-')), 'ur.jsonl');
    // A game of two humans, cut short by the end of input: an unfinished recording.
    const answers = ['', 'Eric', 'James', ...Array(30).fill('1')].join('\n');
    spawnSync(process.execPath, [CLI, 'ur', '--seed', '86', '--record', file], {
      input: `${answers}\n`,
      encoding: 'utf8',
    });
    const events = readFileSync(file, 'utf8').trim().split('\n').length - 1;
    expect(events).toBeGreaterThan(5);
    terminal = new Terminal(`node ${CLI} replay ${file}`);
    expect(await terminal.waitFor('event 0/')).toContain(`event 0/${events}`);
    await terminal.keys('Right');
    expect(await terminal.waitFor('event 1/')).toMatch(/Eric rolled \d\./);
    await terminal.keys('q');
    await terminal.waitFor('EXITED');
    terminal.close();
    terminal = new Terminal(`node ${CLI} --resume ${file}`);
    expect(await terminal.waitFor('(White)')).toMatch(
      /(Eric \(White\)|James \(Black\)) to (roll|move)/,
    );
    await terminal.keys('q', 'y');
    await terminal.waitFor('EXITED');
    expect(readFileSync(file, 'utf8')).toContain('"type":"session/resumed"');
  });

  it.runIf(existsSync(twoLines))('plays two_lines.ur, the board with no exit flags', async () => {
    terminal = new Terminal(
      `node ${CLI} ur --board ../shared/external/ur/two_lines.ur --seed 2055`,
    );
    expect(await terminal.waitFor('Start the game')).toContain(
      'board: ../shared/external/ur/two_lines.ur',
    );
    await terminal.keys('Up', 'Enter', 'Space', 'Enter');
    expect(await terminal.waitFor('Player 1 moved W1')).toContain('to square 1');
  });

  it('a board larger than the window gets the "make the window larger" page, and shows once it fits', async () => {
    // 12 rows × 8 columns, two paths down the edges: 78 columns of board and 23 rows, and the panel.
    const cell = (r: number, c: number) => ({
      position: [r, c],
      next_white: c === 0 && r < 11 ? [r + 1, c] : null,
      next_black: c === 7 && r < 11 ? [r + 1, c] : null,
      exit: r === 11 && c === 0 ? 'White' : r === 11 && c === 7 ? 'Black' : '',
      entrance: r === 0 && c === 0 ? 'White' : r === 0 && c === 7 ? 'Black' : '',
      rosette: false,
      forbidden: c !== 0 && c !== 7,
    });
    const board = join(mkdtempSync(join(tmpdir(), 'madang-ur-big-')), 'tall.ur');
    writeFileSync(
      board,
      JSON.stringify(
        Array.from({ length: 12 }, (_, r) => Array.from({ length: 8 }, (_, c) => cell(r, c))),
      ),
    );
    terminal = new Terminal(`node ${CLI} ur --board ${board} --seed 2055 --no-record`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    const small = await terminal.waitFor('Make the window');
    expect(small).toContain('Make the window at least 130×29');
    expect(small).toContain('It is 100×30 now.');
    terminal.resize(140, 32);
    const shown = await terminal.waitFor('to roll');
    expect(shown).toContain('Player 1 (White) to roll');
    expect(shown).not.toContain('Make the window');
  });
});
