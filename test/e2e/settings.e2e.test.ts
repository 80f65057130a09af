/**
 * Settings from the command line are read once: a file a flag names (Ur's --board) is read when
 * the program starts, and a setup opened again from the menu uses what was read. Before, each
 * setup read the flags again, so a board file gone meanwhile ended the program with an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historicalSpec } from '../../source/games/ur/board.js';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

describe.runIf(hasTmux)('settings from the command line, read once', () => {
  it('a setup opened again from the menu keeps the board read at the start, file gone or not', async () => {
    const board = join(mkdtempSync(join(tmpdir(), 'madang-settings-')), 'board.ur');
    // The historical board, in a file of its own.
    writeFileSync(board, JSON.stringify(historicalSpec()));
    terminal = new Terminal(`node ${CLI} ur --board ${board} --no-record`);
    // A long path is cut from its start: its folder and file stay.
    const named = new RegExp(`board: …?\\S*${basename(dirname(board))}/board\\.ur`);
    expect(await terminal.waitFor('Start the game')).toMatch(named);
    await terminal.keys('Escape');
    await terminal.waitFor('traditional board games');
    rmSync(board);
    await terminal.keys('Enter');
    const again = await terminal.waitFor('Start the game');
    expect(again).toMatch(named);
    expect(again).not.toContain('EXITED');
    await terminal.keys('Escape');
    await terminal.waitFor('traditional board games');
    await terminal.keys('q');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
  });
});
