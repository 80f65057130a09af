/**
 * Ur's perfect level in the library (source/index.ts): its core reads no file and no
 * environment, so the library hands it the solved tables: those of MADANG_DATA_DIR, as the
 * program finds them, or of a directory the program using it names (readUrTablesFrom). A fresh
 * test: the library must be imported here first, after MADANG_DATA_DIR is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setup } from '../source/games/ur/rules.js';
import { solveUr } from '../source/games/ur/solve-run.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-library-ur-'));
const was = process.env.MADANG_DATA_DIR;
afterAll(() => {
  if (was === undefined) delete process.env.MADANG_DATA_DIR;
  else process.env.MADANG_DATA_DIR = was;
  rmSync(dir, { recursive: true, force: true });
});

describe("Ur's solved tables through the library", () => {
  it("MADANG_DATA_DIR's tables, or the directory named: a hint is perfect's where a table is", async () => {
    const data = join(dir, 'data');
    const rules = setup({ stones: 2 }).rules;
    expect((await solveUr({ rules, stones: 2, dataDir: data, threads: 1 })).status).toBe('built');
    process.env.MADANG_DATA_DIR = data;
    const { readUrTablesFrom, urCore } = await import('../source/index.js');
    const state = urCore.rules.setup({ stones: 2 });
    expect(urCore.hintLevel?.(state)).toBe('perfect');
    readUrTablesFrom(join(dir, 'none'));
    expect(urCore.hintLevel?.(urCore.rules.setup({ stones: 2 }))).toBe('strong');
    readUrTablesFrom(data);
    expect(urCore.hintLevel?.(state)).toBe('perfect');
  }, 60_000);
});
