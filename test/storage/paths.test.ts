import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../source/games/index.js';
import {
  dataDirectory,
  dataDirectoryWhy,
  recordingsDirectory,
} from '../../source/storage/paths.js';

const oldFiles = GAMES.flatMap((g) => g.dataFiles ?? []);

describe('one data directory for accounts, saves and recordings', () => {
  const here = mkdtempSync(join(tmpdir(), 'madang-cwd-'));
  /** No madang variable: the platform's folder (env-paths reads XDG_DATA_HOME itself). */
  const platform = {};

  it('the games name their files: Yut its accounts and saves, Kono its save slot', () => {
    expect(oldFiles).toEqual(['user_info.txt', 'game_info.txt', 'kono-save.txt']);
  });

  it('--data-dir first, then MADANG_DATA_DIR, then the platform’s data folder', () => {
    const env = { ...platform, MADANG_DATA_DIR: '/env' };
    expect(dataDirectory({ flag: '/flag', env, cwd: here, oldFiles })).toBe('/flag');
    expect(dataDirectoryWhy({ flag: '/flag', env, cwd: here, oldFiles })).toBe(
      'given by --data-dir',
    );
    expect(dataDirectory({ env, cwd: here, oldFiles })).toBe('/env');
    expect(dataDirectoryWhy({ env, cwd: here, oldFiles })).toBe('from MADANG_DATA_DIR');
    expect(dataDirectory({ env: platform, cwd: here, oldFiles })).toBe(
      envPaths('madang', { suffix: '' }).data,
    );
    expect(dataDirectoryWhy({ env: platform, cwd: here, oldFiles })).toBe(
      "the platform's data folder",
    );
    expect(recordingsDirectory('/d')).toBe('/d/recordings');
  });

  it.each(oldFiles)('a current directory holding %s is still the data directory', (name) => {
    const old = mkdtempSync(join(tmpdir(), 'madang-old-'));
    writeFileSync(join(old, name), '');
    expect(dataDirectory({ env: platform, cwd: old, oldFiles })).toBe(old);
    expect(dataDirectoryWhy({ env: platform, cwd: old, oldFiles })).toBe(
      'the current directory: it holds saved files',
    );
    // Only when nothing more explicit is given.
    expect(dataDirectory({ env: { MADANG_DATA_DIR: '/env' }, cwd: old, oldFiles })).toBe('/env');
  });
});
