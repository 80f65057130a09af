/**
 * A save killed at random points never leaves game_info.txt unreadable or missing a line:
 * a child process appends saved games in a loop and is killed (SIGKILL) at random moments.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSaves } from '../../source/games/yut/saves.js';
import { ROOT } from '../support/tmux.js';

const CHILD = `
import { YutFiles } from ${JSON.stringify(join(ROOT, 'dist/games/yut/files.js'))};
const files = new YutFiles(process.argv[1]);
const save = (i) =>
  files.appendSave({
    ids: ['Ann', 'Ben'],
    animals: ['dog', 'pig'],
    positions: [[0, 0, i % 30, 100], [0, 0, 0, 0]],
    turn: i % 2,
  });
// Ready once a save has gone in: a kill taking over a lock left behind by the last one can take
// longer than the kill's random delay, and a round that never saved tests nothing.
save(0);
process.stdout.write('ready\\n');
for (let i = 1; ; i++) save(i);
`;

function runAndKill(dir: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs));
    child.on('exit', () => resolve());
  });
}

describe('saving under SIGKILL', () => {
  it('game_info.txt stays whole and keeps every line it had, kill after kill', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-crash-'));
    const file = join(dir, 'game_info.txt');
    copyFileSync(join(ROOT, 'fixtures/advanced/game_info.txt'), file);
    let before = readFileSync(file, 'utf8');
    // A kill can leave the file's lock behind: the next writer takes it over (its owner is gone).
    for (let round = 0; round < 20; round++) {
      await runAndKill(dir, 1 + Math.floor(Math.random() * 40));
      const after = readFileSync(file, 'utf8');
      // Whole lines only, every one readable, and nothing that was there has gone.
      expect(after.endsWith('\n')).toBe(true);
      expect(parseSaves(after, file).warnings).toEqual([]);
      expect(after.startsWith(before)).toBe(true);
      before = after;
    }
    expect(before.split('\n').length).toBeGreaterThan(20);
  }, 60_000);
});
