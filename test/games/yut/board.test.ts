import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { destination, RESULTS, type Result, route } from '../../../source/games/yut/board.js';
import { movePlayer } from '../../../source/games/yut/library.js';

// The forward table of rules/yut.md §3, transcribed row for row (→ 100 = arrived).
const FORWARD = `
| 0 | 1 | 2 | 3 | 4 | 5 |
| 1–4, 6–9, 11–14 | p+1 | p+2 | p+3 | p+4 | p+5 |
| 5 | 20 | 21 | 22 | 23 | 24 |
| 10 | 25 | 26 | 22 | 27 | 28 |
| 15 | 16 | 17 | 18 | 19 | 29 |
| 16 | 17 | 18 | 19 | 29 | 100 |
| 17 | 18 | 19 | 29 | 100 | 100 |
| 18 | 19 | 29 | 100 | 100 | 100 |
| 19 | 29 | 100 | 100 | 100 | 100 |
| 20 | 21 | 22 | 23 | 24 | 15 |
| 21 | 22 | 23 | 24 | 15 | 16 |
| 22 | 27 | 28 | 29 | 100 | 100 |
| 23 | 24 | 15 | 16 | 17 | 18 |
| 24 | 15 | 16 | 17 | 18 | 19 |
| 25 | 26 | 22 | 27 | 28 | 29 |
| 26 | 22 | 27 | 28 | 29 | 100 |
| 27 | 28 | 29 | 100 | 100 | 100 |
| 28 | 29 | 100 | 100 | 100 | 100 |
| 29 | 100 | 100 | 100 | 100 | 100 |
`;

// The back-do list of rules/yut.md §4.
const BACK_DO: Record<number, number> = { 1: 29, 15: 14, 20: 5, 21: 20, 22: 21, 23: 22, 24: 23 };
Object.assign(BACK_DO, { 25: 10, 26: 25, 27: 22, 28: 27, 29: 19 });
for (let p = 2; p <= 14; p++) BACK_DO[p] = p - 1;
for (let p = 16; p <= 19; p++) BACK_DO[p] = p - 1;

// The cow's table (§6), written out from its path 0 1 2 3 4 5 20 21 22 23 24 15 16 17 18 19 29.
// Columns: back-do do gae geol yut mo; '-' = cannot move.
const COW = `
0  | - 1 2 3 4 5
1  | 29 2 3 4 5 20
2  | 1 3 4 5 20 21
3  | 2 4 5 20 21 22
4  | 3 5 20 21 22 23
5  | 4 20 21 22 23 24
20 | 5 21 22 23 24 15
21 | 20 22 23 24 15 16
22 | 21 23 24 15 16 17
23 | 22 24 15 16 17 18
24 | 23 15 16 17 18 19
15 | 24 16 17 18 19 29
16 | 15 17 18 19 29 100
17 | 16 18 19 29 100 100
18 | 17 19 29 100 100 100
19 | 18 29 100 100 100 100
29 | 19 100 100 100 100 100
`;

type Row = { from: number; to: (number | undefined)[] }; // to: one per result, canonical order

function expandFrom(cell: string): number[] {
  return cell.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('–').map(Number) as [number, number | undefined];
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

function parseForward(markdown: string): Map<number, number[]> {
  const table = new Map<number, number[]>();
  for (const line of markdown.split('\n')) {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (cells.length !== 6 || !/^\d/.test(cells[0] as string)) continue;
    for (const from of expandFrom(cells[0] as string)) {
      table.set(
        from,
        cells.slice(1).map((c) => (c.startsWith('p+') ? from + Number(c.slice(2)) : Number(c))),
      );
    }
  }
  return table;
}

function normalRows(): Row[] {
  const forward = parseForward(FORWARD);
  return Array.from({ length: 30 }, (_, from) => ({
    from,
    to: [from === 0 ? undefined : BACK_DO[from], ...(forward.get(from) as number[])],
  }));
}

function cowRows(): Row[] {
  const rows = new Map<number, (number | undefined)[]>();
  for (const line of COW.trim().split('\n')) {
    const [from, rest] = line.split('|') as [string, string];
    rows.set(
      Number(from),
      rest
        .trim()
        .split(/\s+/)
        .map((c) => (c === '-' ? undefined : Number(c))),
    );
  }
  return Array.from({ length: 30 }, (_, from) => ({
    from,
    to: rows.get(from) ?? RESULTS.map(() => undefined),
  }));
}

describe('the forward and back-do tables (rules/yut.md §3–4)', () => {
  it('the transcription covers all 30 positions', () => {
    expect(parseForward(FORWARD).size).toBe(30);
    expect(Object.keys(BACK_DO)).toHaveLength(29);
  });

  const shared = new URL('../../../../shared/rules/yut.md', import.meta.url);
  it.runIf(existsSync(shared))('the transcription matches rules/yut.md itself', () => {
    const text = readFileSync(shared, 'utf8');
    expect(parseForward(text)).toEqual(parseForward(FORWARD));
    const backDoLines = text.slice(text.indexOf('## 4.'), text.indexOf('## 5.'));
    const pairs = [...backDoLines.matchAll(/(\d+) → (\d+)/g)];
    expect(pairs.length).toBeGreaterThanOrEqual(12);
    for (const [, from, to] of pairs) {
      expect(BACK_DO[Number(from)], `back-do from ${from}`).toBe(Number(to));
    }
  });

  for (const { from, to } of normalRows()) {
    it(`from ${from}`, () => {
      expect(RESULTS.map((r) => destination(from, r))).toEqual(to);
    });
  }
});

describe("the cow's path (rules/yut.md §6)", () => {
  for (const { from, to } of cowRows()) {
    it(`from ${from}`, () => {
      expect(RESULTS.map((r) => destination(from, r, true))).toEqual(to);
    });
  }

  it('the examples of §6', () => {
    const cow = (from: number, r: Result) => destination(from, r, true);
    expect([cow(1, 'mo'), cow(3, 'mo'), cow(4, 'gae'), cow(22, 'do')]).toEqual([20, 22, 20, 23]);
    expect([cow(15, 'back-do'), cow(20, 'back-do'), cow(1, 'back-do'), cow(29, 'back-do')]).toEqual(
      [24, 5, 29, 19],
    );
  });
});

describe('movePlayer, the seed’s graded function (§8)', () => {
  it('agrees with every row of both tables, and returns pos when the piece cannot move', () => {
    for (const [rows, animal] of [
      [normalRows(), undefined],
      [cowRows().filter((r) => r.to.some((t) => t !== undefined)), 'cow'],
    ] as const) {
      for (const { from, to } of rows) {
        RESULTS.forEach((result, i) => {
          expect(movePlayer(from, result, animal), `${animal ?? ''} ${from} ${result}`).toBe(
            to[i] ?? from,
          );
        });
      }
    }
    expect(movePlayer(100, 'do')).toBe(100);
    expect(movePlayer(0, 'back-do')).toBe(0);
  });

  it('refuses what is not a position, a result or an animal', () => {
    expect(() => movePlayer(30, 'do')).toThrow(/not a position/);
    expect(() => movePlayer(1.5, 'do')).toThrow(/not a position/);
    expect(() => movePlayer(1, 'doo')).toThrow(/not a result/);
    expect(() => movePlayer(7, 'do', 'cow')).toThrow(/cow's piece cannot stand at 7/);
    expect(() => movePlayer(7, 'do', 'cat')).toThrow(/not an animal/);
  });
});

describe('route (the stations a move passes, for the preview)', () => {
  it('follows the shortcut from a corner and the edge through it', () => {
    expect(route(5, 'mo')).toEqual([20, 21, 22, 23, 24]);
    expect(route(4, 'gae')).toEqual([5, 6]);
    expect(route(21, 'geol')).toEqual([22, 23, 24]);
    expect(route(26, 'gae')).toEqual([22, 27]);
    expect(route(28, 'mo')).toEqual([29, 100]);
    expect(route(3, 'mo', true)).toEqual([4, 5, 20, 21, 22]);
    expect(route(1, 'back-do')).toEqual([29]);
    expect(route(0, 'back-do')).toEqual([]);
  });

  it('always ends where destination says', () => {
    for (let from = 0; from <= 29; from++) {
      for (const r of RESULTS) expect(route(from, r).at(-1)).toBe(destination(from, r));
    }
  });
});
