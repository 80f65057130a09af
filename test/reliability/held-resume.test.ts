/**
 * A resumed game held for long (issue 28, item 9): the recording's lock is refreshed every 5 s,
 * and writing its owner file once made the first refresh give it up, so a game held over 10 s
 * ended with "the recording … is incomplete (ERELEASED)" and left the `.lock` folder behind,
 * refusing the next --resume. Slow: it holds the game for 30 s in a real terminal.
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(hasTmux)('a resumed game held for 30 s', () => {
  it('quits cleanly, leaves no lock, and resumes again at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-held-'));
    const file = join(dir, 'held.jsonl');
    copyFileSync(join(ROOT, 'fixtures/recordings/unfinished.jsonl'), file);
    const command = `node ${CLI} --resume ${file}`;
    const env = { MADANG_DATA_DIR: dir };

    terminal = new Terminal(command, { columns: 80, rows: 24 }, env);
    expect(await terminal.waitFor('The game goes on where it', 10_000)).toContain(
      'The game goes on where it',
    );
    expect(existsSync(`${file}.lock`)).toBe(true);
    await sleep(30_000);
    await terminal.keys('q', 'y');
    const after = await terminal.waitFor(/EXITED \d+/, 10_000);
    expect(after).toMatch(/^EXITED 0$/m);
    expect(terminal.joined()).toContain(`the unfinished game was recorded in ${file}`);
    expect(after).not.toContain('incomplete');
    expect(existsSync(`${file}.lock`)).toBe(false);
    terminal.close();

    terminal = new Terminal(command, { columns: 80, rows: 24 }, env);
    const again = await terminal.waitFor(/The game goes on where it|EXITED/, 10_000);
    expect(again).not.toContain('being played by another madang');
    expect(again).toContain('The game goes on where it');
    await terminal.keys('q', 'y');
    expect(await terminal.waitFor(/EXITED \d+/, 10_000)).toMatch(/^EXITED 0$/m);
  }, 90_000);
});
