/**
 * A solved table read without holding the screen: a seven-stone table is 551 MB, so the game's
 * screen reads it in slices (loadTableAsync) as a game opens, and the setup judges it by its
 * header alone. The values and refusals are those of the whole read (loadTable).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { perfectProblem, prepareTable, tableFor } from '../../../source/games/ur/perfect.js';
import { setup } from '../../../source/games/ur/rules.js';
import { shapeFor } from '../../../source/games/ur/solver.js';
import {
  loadTable,
  loadTableAsync,
  readTablesFrom,
  tableFile,
  writeTable,
} from '../../../source/games/ur/solved-table.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-ur-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A four-stone table of made-up values (10 MB, several slices): reading is what is tested. */
function madeUp(dataDir: string) {
  const rules = setup({ stones: 4 }).rules;
  const values = new Float32Array(shapeFor(rules, 4).size);
  for (let i = 0; i < values.length; i++) values[i] = ((i * 2654435761) >>> 0) / 2 ** 32;
  const file = tableFile(dataDir, rules, 4);
  mkdirSync(join(file, '..'), { recursive: true });
  writeTable(file, rules, 4, values);
  return { rules, values, file };
}

describe('reading a solved table in the background', () => {
  it('gives the values of the whole read, and lets the event loop run between slices', async () => {
    const { rules, values, file } = madeUp(join(dir, 'good'));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const read = await loadTableAsync(file, rules, 4);
    clearInterval(ticker);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Buffer.from(read.table.values.buffer).equals(Buffer.from(values.buffer))).toBe(true);
    // 10 MB in 4 MB slices: the loop turned while it read.
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses a changed value by its checksum, as the whole read does', async () => {
    const { rules, file } = madeUp(join(dir, 'damaged'));
    const bytes = readFileSync(file);
    bytes[bytes.length - 7] = (bytes[bytes.length - 7] as number) ^ 0x40;
    writeFileSync(file, bytes);
    const read = await loadTableAsync(file, rules, 4);
    expect(read).toMatchObject({ ok: false, problem: expect.stringMatching(/checksum/) });
    expect(loadTable(file, rules, 4)).toEqual(read);
    // The setup judges by the header (no 10 MB read at each change); the game's read refuses.
    readTablesFrom(join(dir, 'damaged'));
    expect(perfectProblem(rules, undefined, true)).toBeUndefined();
    expect(perfectProblem(rules)).toMatch(/checksum does not match/);
  });

  it('while the game reads it, no table yet (the strong level meanwhile); then the table', async () => {
    const { rules, values } = madeUp(join(dir, 'prepared'));
    readTablesFrom(join(dir, 'prepared'));
    const reading = prepareTable(rules);
    expect(tableFor(rules)).toBeUndefined();
    await reading;
    const table = tableFor(rules);
    expect(table).toBeDefined();
    expect(Buffer.from(table!.values.buffer).equals(Buffer.from(values.buffer))).toBe(true);
  });
});
