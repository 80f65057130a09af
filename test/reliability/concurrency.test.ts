/**
 * Many writers at once lose nothing: processes appending to one shared file, `users add` run
 * side by side, a recording that is never written over and cannot be resumed twice.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../support/tmux.js';

/** Run a process to its end; its exit code and what it said. */
function run(args: string[], input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

describe('many writers at once', () => {
  it('sixteen processes appending to one file at once: every line is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-concurrent-'));
    const file = join(dir, 'game_info.txt');
    writeFileSync(file, 'first\n');
    const files = join(ROOT, 'dist', 'storage', 'files.js');
    const append = (i: number) =>
      run([
        '--input-type=module',
        '-e',
        `import { updateBytes } from ${JSON.stringify(files)};
         updateBytes(${JSON.stringify(file)}, (text) => {
           const end = Date.now() + 30; while (Date.now() < end) {} // a slow writer widens the race
           return text + 'line ${i}\\n';
         });`,
      ]);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => append(i)));
    expect(results.map((r) => r.code)).toEqual(Array(16).fill(0));
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('first');
    expect(lines.slice(1).sort()).toEqual(Array.from({ length: 16 }, (_, i) => `line ${i}`).sort());
  }, 60_000);

  it('users add side by side: every account is kept, and one ID is added once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-users-'));
    writeFileSync(join(dir, 'user_info.txt'), 'Noah 22d34h\n');
    const add = (id: string) =>
      run([CLI, 'users', 'add', id, '--data-dir', dir], 'secret7\nsecret7\n');
    const ids = ['Ann', 'Bea', 'Cal', 'Dee', 'Eve'];
    const results = await Promise.all([...ids.map(add), add('Same'), add('Same')]);
    expect(results.slice(0, 5).map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    expect(
      results
        .slice(5)
        .map((r) => r.code)
        .sort(),
    ).toEqual([0, 2]);
    const text = readFileSync(join(dir, 'user_info.txt'), 'utf8');
    for (const id of ids) expect(text).toMatch(new RegExp(`^${id} scrypt\\$`, 'm'));
    expect(text.match(/^Same /gm)).toHaveLength(1);
    expect(text.startsWith('Noah 22d34h\n')).toBe(true);
  }, 60_000);

  it('a recording is never written over, and one being played is not resumed twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-record-'));
    const file = join(dir, 'game.jsonl');
    const env = { ...process.env, MADANG_DATA_DIR: dir };
    const play = () =>
      spawnSync(
        process.execPath,
        [CLI, 'yut', '--bots', 'all', '--classic', '--seed', '1', '--record', file],
        { encoding: 'utf8', env },
      );
    expect(play().status).toBe(0);
    const recorded = readFileSync(file, 'utf8');
    const second = play();
    expect(second.status).toBe(2);
    expect(second.stderr).toBe(
      `madang: cannot record there: ${file} already exists, and a recording is never written over (choose another --record FILE, or --no-record)\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(recorded);

    // An unfinished recording held by a game in progress.
    const unfinished = join(dir, 'unfinished.jsonl');
    writeFileSync(unfinished, recorded.split('\n').slice(0, 5).join('\n') + '\n');
    const release = lockfile.lockSync(unfinished, { realpath: false });
    try {
      const resumed = spawnSync(process.execPath, [CLI, '--resume', unfinished], {
        encoding: 'utf8',
        env,
      });
      expect(resumed.stderr).toBe(
        `madang: ${unfinished} is being played by another madang; it cannot be resumed twice\n`,
      );
      expect(resumed.status).toBe(2);
    } finally {
      release();
    }
  });
});
