/**
 * The hall's file (tables.json) is written when the running tables it keeps change, and only
 * then: every hall change reaches it, and each needless write held every connection up for an
 * fsync.
 */
import { describe, expect, it } from 'vitest';
import { keepTables } from '../../source/serve/tables-file.js';
import type { SavedTable } from '../../source/serve/hall.js';

const table = (code: string): SavedTable => ({
  code,
  game: 'yut',
  file: `/recordings/${code}.madang`,
  options: { players: 2, pieces: 4 },
  creator: { id: 'SHA256:ann', name: 'Ann' },
  holders: [{ kind: 'open' }, { kind: 'open' }],
  covered: [],
});

describe("the hall's file", () => {
  it('is written when what it keeps changes, not for every change of the hall', () => {
    const writes: string[] = [];
    const warnings: string[] = [];
    const keep = keepTables(
      '/data/server/tables.json',
      (problem) => warnings.push(problem),
      (_file, text) => writes.push(text),
    );
    let tables: SavedTable[] = [];
    const hall = { saved: () => tables };
    keep(hall);
    expect(writes).toEqual(['{"tables":[]}\n']);
    keep(hall);
    tables = [table('ab23')];
    keep(hall);
    keep(hall);
    expect(writes).toHaveLength(2);
    expect(JSON.parse(writes[1] as string)).toEqual({ tables: [table('ab23')] });
    tables = [];
    keep(hall);
    expect(writes).toHaveLength(3);
    expect(warnings).toEqual([]);
  });

  it('tries again at the next change after a write failed, and says why', () => {
    let fail = true;
    const writes: string[] = [];
    const warnings: string[] = [];
    const keep = keepTables(
      '/data/server/tables.json',
      (problem) => warnings.push(problem),
      (_file, text) => {
        if (fail) throw new Error('ENOSPC: no space left on device');
        writes.push(text);
      },
    );
    const hall = { saved: () => [table('ab23')] };
    keep(hall);
    expect(warnings).toEqual(['/data/server/tables.json: ENOSPC: no space left on device']);
    fail = false;
    keep(hall);
    expect(writes).toHaveLength(1);
  });
});
