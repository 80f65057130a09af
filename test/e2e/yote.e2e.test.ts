/**
 * Yoté in a real terminal: a game of two people with a chained attack played by keys (the
 * cursor, the marks, the removal from the board and from the hand), its recording verified,
 * then watched in the replay viewer and resumed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

/** Cells typed as the keys a person presses: a column letter, a row digit, Enter. */
const at = (...cells: string[]) => cells.flatMap((c) => [c[0] as string, c[1] as string, 'Enter']);

describe.runIf(hasTmux)('Yoté in a real terminal', () => {
  it('a chained attack by keys, recorded; the recording replays and resumes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-yote-')), 'yote.jsonl');
    terminal = new Terminal(`node ${CLI} yote --record ${file}`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    expect(await terminal.waitFor('to play')).toContain('Player 1 (White) to play');
    await terminal.keys(...at('a1', 'a2', 'f1', 'a4', 'e1', 'f5'));
    await terminal.waitFor('Player 2 placed on F5.');
    // White chooses A1: the board marks the jump's landing ◎ and the steps •.
    await terminal.keys(...at('a1'));
    const chosen = await terminal.waitFor('A1: step to • or jump to ◎');
    expect(chosen).toMatch(/ 3 │ ◎ │/);
    expect(chosen).toMatch(/ 1 │\[○\]│ • │/);
    await terminal.keys(...at('a3'));
    await terminal.waitFor('take one more Black piece');
    await terminal.keys(...at('f5'));
    await terminal.waitFor('jump again with A3');
    await terminal.keys(...at('a5'));
    await terminal.waitFor('Enter takes from the hand');
    await terminal.keys('Enter');
    const after = await terminal.waitFor('Player 2 (Black) to play');
    expect(after).toContain('Player 1 took a Black piece from the hand.');
    expect(after).toMatch(/Black\s+Player 2\s+hand\s+8 board\s+0 lost\s+4/);
    await terminal.keys('q', 'y');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
    terminal.close();

    const events = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as { type: string })
      .filter((e) => e.type.startsWith('yote/'));
    expect(events).toHaveLength(10);
    expect(events.slice(-4)).toEqual([
      { type: 'yote/jumped', from: 'A1', to: 'A3' },
      { type: 'yote/removed', cell: 'F5' },
      { type: 'yote/jumped', from: 'A3', to: 'A5' },
      { type: 'yote/removed', cell: 'hand' },
    ]);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.stdout).toMatch(
      /yote, 2 players \(Player 1, Player 2\), 10 events, unfinished/,
    );

    terminal = new Terminal(`node ${CLI} replay ${file}`);
    expect(await terminal.waitFor('event 0/')).toContain('event 0/10');
    await terminal.keys('End');
    expect(await terminal.waitFor('event 10/10')).toMatch(/Player 1 took a Black piece from the/);
    await terminal.keys('q');
    await terminal.waitFor('EXITED');
    terminal.close();

    terminal = new Terminal(`node ${CLI} --resume ${file}`);
    await terminal.waitFor('to play');
    await terminal.keys(...at('c3'));
    expect(await terminal.waitFor('Player 2 placed on C3.')).toContain('Player 1 (White) to play');
    await terminal.keys('q', 'y');
    await terminal.waitFor('EXITED');
    expect(readFileSync(file, 'utf8')).toContain('{"type":"yote/placed","cell":"C3"}');
  });
});
