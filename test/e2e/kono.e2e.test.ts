/**
 * Kono in a real terminal: a tournament resumed from a save file (the menu's "Resume a Kono
 * game"), the winning move of a round played from the move list, the round's scores and the
 * tournament's end; and a new tournament saved with `s` and read back from the save slot.
 */
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
    terminal = new Terminal(`node ${CLI} kono --load ${save} --bots 1 --no-record`);
    expect(await terminal.waitFor('Resume the tournament')).toContain('round 2, 5 × 5');
    await terminal.keys('Enter');
    const board = await terminal.waitFor('Human to move');
    expect(board).toContain('Human: white, 7 points');
    // White's last piece off a home point, at (4,2), steps southwest onto (5,1): worth 3.
    const lines = board.split('\n');
    const winning = lines.find((l) => /\(4,2\) southwest: advance \(5,1\)/.test(l));
    expect(winning).toBeDefined();
    const number = /(\d+)\. \(4,2\)/.exec(winning ?? '')?.[1];
    await terminal.keys(number as string, 'Enter');
    const over = await terminal.waitFor('Round 2 is over');
    expect(over).toMatch(/Human wins the round and is awarded \d+ points\./);
    expect(over).toContain('end the tournament');
    await terminal.keys('Enter');
    expect(await terminal.waitFor('wins the tournament')).toMatch(/Human wins the tournament/);
    await terminal.keys('q');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
  });

  it('s saves a new tournament to the save slot, in the seed’s layout', async () => {
    // The game's own files (the save slot, like Yut's user_info.txt) go to --data-dir.
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-slot-'));
    terminal = new Terminal(
      `node ${CLI} kono --bots 1 --size 5 --seed 8 --no-record --data-dir ${dir}`,
    );
    await terminal.waitFor('Start the tournament');
    await terminal.keys('Up', 'Enter');
    await terminal.waitFor('to throw (Space)');
    // Seed 8: the Human wins the dice and chooses first: white, the list's first choice.
    await terminal.keys('Space');
    await terminal.waitFor('Human chooses the colour');
    await terminal.keys('Enter');
    await terminal.waitFor('Human plays white');
    await terminal.keys('s');
    const saved = await terminal.waitFor('The game was saved in');
    const file = join(dir, 'kono-save.txt');
    expect(saved.replace(/\s+/g, '')).toContain(file.replace(/\s+/g, ''));
    expect(readFileSync(file, 'utf8')).toMatch(
      /^Round: 1\n\nComputer:\n {3}Score: 0\n {3}Color: Black\n\nHuman:\n {3}Score: 0\n {3}Color: White\n\nBoard:\n {3}W {2}W {2}W {2}W {2}W\n/,
    );
  });
});
