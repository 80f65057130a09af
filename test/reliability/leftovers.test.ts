import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateBytes } from '../../source/storage/files.js';

describe('temporary files left by a killed save', () => {
  it('are removed by the next write; a fresh one (a writer at work) and other files are kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-leftovers-'));
    const file = join(dir, 'game_info.txt');
    writeFileSync(file, 'a line\n');
    const stale = join(dir, 'game_info.txt.2837465');
    const fresh = join(dir, 'game_info.txt.998877');
    const other = join(dir, 'game_info.txt.bak');
    for (const f of [stale, fresh, other]) writeFileSync(f, 'half a save');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, anHourAgo, anHourAgo);
    updateBytes(file, (bytes) => `${bytes}another\n`);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('a line\nanother\n');
  });
});
