/**
 * Kono in a real terminal: a tournament resumed from a save file (the menu's "Resume a Kono
 * game"), the winning move of a round chosen on the board with its direction key, the round's
 * score table and the tournament's end; and a new tournament saved with `s` to the save slot.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

describe.runIf(hasTmux)('Kono in a real terminal', () => {
  it('a round won from a save file: the winning move, the scores, another round declined', async () => {
    const save = join(ROOT, 'fixtures/kono/one-move-to-win.txt');
    terminal = new Terminal(`node ${CLI} kono --load ${save} --bots 2 --no-record`);
    expect(await terminal.waitFor('Resume the tournament')).toContain('round 2, 5 × 5');
    await terminal.keys('Enter');
    const board = await terminal.waitFor('Player 1 (white) to move');
    // The panel: the tournament's points so far, and the round's score as the board stands.
    expect(board).toMatch(/W Player 1\s+7\s+39\s+6/);
    // White's last piece off a home point, at (4,2), steps southwest onto (5,1): worth 3.
    // The cursor starts in the middle, (3,3): down and left is (4,2).
    await terminal.keys('Down', 'Left', 'Enter');
    const chosen = await terminal.waitFor('(4,2): a direction');
    // The board shows its steps by their keys: 7 and 9 northwards, 1 onto the home point (5,1)
    // (southeast, (5,3), is its own piece's); the empty home point (5,4) is a ◇.
    expect(chosen).toMatch(/3 7 ─ \+ ─ 9 ─ \+ ─ \+/);
    expect(chosen).toMatch(/5 1 ─ WW─ WW─ ◇ ─ WW/);
    await terminal.keys('1');
    expect(await terminal.waitFor('1 again or Enter')).toContain(
      '(4,2) southwest to (5,1): to advance',
    );
    await terminal.keys('1');
    const over = await terminal.waitFor('Round 2 is over');
    expect(over).toMatch(/Player 1 wins the round and is awarded \d+ points\./);
    expect(over).toContain("All of Player 1's pieces left stand on CPU 2's home points");
    // The score table: this round's scores, the points awarded and to whom, and why it ended.
    expect(over).toMatch(/2\s+5×5\s+42\s+18\s+\+24 Player 1 · all home/);
    expect(over).toContain('end the tournament');
    await terminal.keys('Enter');
    expect(await terminal.waitFor('wins the tournament')).toMatch(
      /Player 1 wins the tournament, 31 to 4\./,
    );
    await terminal.keys('q');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
  });

  it('play again after a resumed save: a new tournament, the same seats, and s saves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-again-'));
    const save = join(ROOT, 'fixtures/kono/one-move-to-win.txt');
    terminal = new Terminal(
      `node ${CLI} kono --load ${save} --bots 2 --seed 8 --no-record --data-dir ${dir}`,
    );
    await terminal.waitFor('Resume the tournament');
    await terminal.keys('Enter');
    await terminal.waitFor('Player 1 (white) to move');
    // The winning move, as above; then no more rounds.
    await terminal.keys('Down', 'Left', 'Enter', '1', '1');
    await terminal.waitFor('end the tournament');
    await terminal.keys('Enter');
    await terminal.waitFor('wins the tournament');
    await terminal.keys('Enter');
    // Round 1 of a new tournament, the board asked: not the save's round 2 again.
    const fresh = await terminal.waitFor('to choose the board');
    expect(fresh).toContain('So far, 1 game: Player 1 won 1, CPU 2 won 0.');
    expect(fresh).toMatch(/Round 1\b/);
    expect(fresh).toMatch(/W? ?Player 1\s+0\s/);
    await terminal.keys('Enter');
    await terminal.waitFor('to throw for the first move');
    await terminal.keys('s');
    await terminal.waitFor('The game was saved in');
    expect(readFileSync(join(dir, 'kono-save.txt'), 'utf8')).toMatch(
      /^Round: 1\n\nComputer:\n {3}Score: 0\n {3}Color:\n\nHuman:\n {3}Score: 0\n {3}Color:\n\nBoard:\n {3}W {2}W {2}W {2}W {2}W\n/,
    );
  });

  it('s saves a new tournament to the save slot, in the seed’s layout, and it resumes from there', async () => {
    // The game's own files (the save slot, like Yut's user_info.txt) go to --data-dir.
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-slot-'));
    terminal = new Terminal(
      `node ${CLI} kono --bots 2 --size 5 --seed 8 --no-record --data-dir ${dir}`,
    );
    await terminal.waitFor('Start the tournament');
    await terminal.keys('Up', 'Enter');
    await terminal.waitFor('to throw for the first move');
    // Seed 8: the Human wins the dice and chooses first: white, the list's first choice.
    await terminal.keys('Space');
    await terminal.waitFor('Player 1 chooses the colour');
    await terminal.keys('Enter');
    await terminal.waitFor('Player 1 plays white');
    await terminal.keys('s');
    const saved = await terminal.waitFor('The game was saved in');
    const file = join(dir, 'kono-save.txt');
    expect(saved.replace(/\s+/g, '')).toContain(file.replace(/\s+/g, ''));
    expect(readFileSync(file, 'utf8')).toMatch(
      /^Round: 1\n\nComputer:\n {3}Score: 0\n {3}Color: Black\n\nHuman:\n {3}Score: 0\n {3}Color: White\n\nBoard:\n {3}W {2}W {2}W {2}W {2}W\n/,
    );
    // The resume form opens on the slot: Enter reads it, Enter again resumes the tournament.
    await terminal.keys('Enter');
    await terminal.waitFor('round 1, 5 × 5');
    await terminal.keys('Enter');
    const resumed = await terminal.waitFor('Player 1 (white) to move');
    expect(resumed).toMatch(/ 1 W ─ W ─ W ─ W ─ W/);
  });

  it('u takes back a move with the computer’s reply; the recording says so twice and verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-undo-'));
    const record = join(dir, 'undo.jsonl');
    terminal = new Terminal(
      `node ${CLI} kono --bots 2 --size 5 --seed 8 --bot-delay 0 --record ${record} --data-dir ${dir}`,
    );
    await terminal.waitFor('Start the tournament');
    await terminal.keys('Up', 'Enter');
    await terminal.waitFor('to throw for the first move');
    await terminal.keys('Space');
    await terminal.waitFor('Player 1 chooses the colour');
    await terminal.keys('Enter');
    await terminal.waitFor('Player 1 (white) to move');
    // (1,3) southeast, previewed and made; the computer replies at once.
    await terminal.keys('Up', 'Up', 'Enter', '3', '3');
    await terminal.waitFor('It wanted');
    await terminal.keys('u');
    const back = await terminal.waitFor('took back a move and the reply');
    expect(back).toMatch(/ 1 W ─ W ─\[W\]─ W ─ W/);
    await terminal.keys('q', 'y');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('session/moveTakenBack'))).toHaveLength(2);
    const verified = spawnSync('node', [CLI, 'verify', record], { encoding: 'utf8' });
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
  });
});
