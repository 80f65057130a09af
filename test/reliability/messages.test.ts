/** Files and folders that are not what they should be get one line and exit code 2, not a trace. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/tmux.js';

const addUser = (dir: string) =>
  spawnSync(process.execPath, [CLI, 'users', 'add', 'Zed', '--data-dir', dir], {
    input: 'abc123\nabc123\n',
    encoding: 'utf8',
  });

describe('users add on a broken data directory', () => {
  it('user_info.txt that is a folder: one line, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-folder-'));
    mkdirSync(join(dir, 'user_info.txt'));
    const run = addUser(dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `madang: cannot add Zed to ${dir}/user_info.txt: ${dir}/user_info.txt: cannot read it (EISDIR); nothing was written\n`,
    );
    expect(readdirSync(dir)).toEqual(['user_info.txt']);
  });

  it('a data directory that does not exist: one line, exit 2', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'madang-missing-')), 'nowhere');
    const run = addUser(dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `madang: cannot add Zed to ${dir}/user_info.txt: the data directory ${dir} does not exist; nothing was written\n`,
    );
  });
});
