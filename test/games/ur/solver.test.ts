import {
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chance,
  legalEvents,
  OFF,
  reduce,
  setup,
  type UrState,
} from '../../../source/games/ur/rules.js';
import { solveUr } from '../../../source/games/ur/solve-run.js';
import type { UrTable } from '../../../source/games/ur/table-format.js';
import { loadTable, tableFile } from '../../../source/games/ur/solved-table.js';
import { shapeFor } from '../../../source/games/ur/solver.js';
import { LONG_RUNS } from '../../support/runs.js';

/** A three-stone solve takes seconds, but tens of them on a loaded shared machine. */
const SOLVE_MS = 120_000;
/**
 * The stones of the tables that are built again, stopped and resumed: two in `npm test` (a
 * second each), three in `npm run test:slow` (three three-stone solves took 60 to 200 of
 * npm test's seconds on this machine).
 */
const STONES = LONG_RUNS ? 3 : 2;

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'madang-ur-solve-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function built(stones: number, dataDir = temp()): Promise<{ table: UrTable; file: string }> {
  const rules = setup({ stones }).rules;
  const result = await solveUr({ rules, stones, dataDir, threads: 1 });
  expect(result.status).toBe('built');
  const loaded = loadTable(tableFile(dataDir, rules, stones), rules, stones);
  if (!loaded.ok) throw new Error(loaded.problem);
  return { table: loaded.table, file: tableFile(dataDir, rules, stones) };
}

/** The table of STONES stones, built once for the tests that only read it. */
let once: Promise<{ table: UrTable; file: string }> | undefined;
const builtOnce = () => (once ??= built(STONES));

/**
 * The independent computation: the game graph as the rules engine itself plays it (reduce,
 * legalEvents, chance; states told apart by their stones and turn), from the given states on,
 * solved by plain Jacobi value iteration in doubles. No index, no move generation of the solver's.
 */
function engineValues(starts: readonly UrState[]): Map<string, number> {
  const keyOf = (s: UrState) => `${s.turn}:${s.stones[0].join(',')}/${s.stones[1].join(',')}`;
  // Per roll-phase state: per roll, its chance and the choices, each a child and how to read it.
  type Child = { key: string; same: boolean } | { won: boolean };
  const nodes = new Map<string, { p: number; choices: Child[] }[]>();
  const queue: UrState[] = [...starts];
  const seen = new Set(starts.map(keyOf));
  const childOf = (mover: number, s: UrState): Child => {
    if (s.phase === 'over') return { won: s.winner === mover };
    if (!seen.has(keyOf(s))) {
      seen.add(keyOf(s));
      queue.push(s);
    }
    return { key: keyOf(s), same: s.turn === mover };
  };
  while (queue.length > 0) {
    const state = queue.pop() as UrState;
    const key = keyOf(state);
    if (nodes.has(key)) continue;
    const rolls: { p: number; choices: Child[] }[] = [];
    nodes.set(key, rolls);
    for (const { event, probability } of chance(state) ?? []) {
      const rolled = reduce(state, event);
      const choices =
        rolled.phase === 'move'
          ? legalEvents(rolled).map((move) => childOf(state.turn, reduce(rolled, move)))
          : [childOf(state.turn, rolled)];
      rolls.push({ p: probability, choices });
    }
  }
  // The graph in arrays, then Jacobi sweeps in doubles until nothing moves.
  const keys = [...nodes.keys()];
  const number = new Map(keys.map((k, i) => [k, i]));
  // Per choice: the child's number (−1 won, −2 lost) and whether the mover rolls again there.
  const childAt: number[] = [];
  const same: boolean[] = [];
  const rollStarts: number[] = [];
  const rollChance: number[] = [];
  const choiceStarts: number[] = [];
  for (const key of keys) {
    rollStarts.push(rollChance.length);
    for (const { p, choices } of nodes.get(key) ?? []) {
      rollChance.push(p);
      choiceStarts.push(childAt.length);
      for (const c of choices) {
        childAt.push('won' in c ? (c.won ? -1 : -2) : (number.get(c.key) as number));
        same.push('won' in c ? true : c.same);
      }
    }
  }
  rollStarts.push(rollChance.length);
  choiceStarts.push(childAt.length);
  let values = new Float64Array(keys.length).fill(0.5);
  for (let i = 0; i < 100_000; i++) {
    const next = new Float64Array(keys.length);
    let change = 0;
    for (let n = 0; n < keys.length; n++) {
      let v = 0;
      for (let r = rollStarts[n] as number; r < (rollStarts[n + 1] as number); r++) {
        let best = -1;
        for (let c = choiceStarts[r] as number; c < (choiceStarts[r + 1] as number); c++) {
          const at = childAt[c] as number;
          const child = at === -1 ? 1 : at === -2 ? 0 : (values[at] as number);
          best = Math.max(best, same[c] || at < 0 ? child : 1 - child);
        }
        v += (rollChance[r] as number) * best;
      }
      change = Math.max(change, Math.abs(v - (values[n] as number)));
      next[n] = v;
    }
    values = next;
    if (change < 1e-12) break;
  }
  return new Map(keys.map((k, i) => [k, values[i] as number]));
}

const stonesOf = (key: string) =>
  key
    .split(':')[1]!
    .split('/')
    .map((side) => side.split(',').map(Number));

/** The largest difference between the table and the independent values, over their positions. */
function worstDifference(table: UrTable, values: ReadonlyMap<string, number>): number {
  let worst = 0;
  for (const [key, value] of values) {
    const turn = Number(key[0]);
    worst = Math.max(worst, Math.abs(table.chanceToRoll(stonesOf(key), turn) - value));
  }
  return worst;
}

describe('the solver against an independent computation', () => {
  it(
    'two stones: every position reachable from the start has the same value',
    async () => {
      const { table } = await (STONES === 2 ? builtOnce() : built(2));
      const values = engineValues([setup({ stones: 2 })]);
      expect(values.size).toBeGreaterThan(10_000);
      expect(worstDifference(table, values)).toBeLessThan(1e-5);
      expect(
        table.chanceToRoll(
          [
            [OFF, OFF],
            [OFF, OFF],
          ],
          0,
        ),
      ).toBeCloseTo(values.get('0:-1,-1/-1,-1') as number, 5);
    },
    SOLVE_MS,
  );

  it.runIf(STONES === 3)(
    'three stones: the endgames (each side one stone home) agree, both colours to roll',
    async () => {
      const { table } = await builtOnce();
      const base = setup({ stones: 3 });
      const length = base.rules.board.paths[0].length;
      // Every endgame start: one stone home each, the other two of each side off the board or
      // on squares of their own path that the other side does not hold.
      const starts: UrState[] = [];
      for (const turn of [0, 1])
        for (const a of [OFF, 2, 5, 9, 13])
          for (const b of [OFF, 0, 7, 12])
            starts.push({
              ...base,
              turn,
              stones: [
                [length, a, OFF],
                [length, b, OFF],
              ],
            });
      const values = engineValues(starts);
      expect(values.size).toBeGreaterThan(5_000);
      expect(worstDifference(table, values)).toBeLessThan(1e-5);
    },
    SOLVE_MS,
  );
});

describe('tables on disk', () => {
  it(
    'a table rebuilt from scratch is identical, byte for byte',
    async () => {
      const first = await builtOnce();
      const second = await built(STONES);
      expect(readFileSync(second.file).equals(readFileSync(first.file))).toBe(true);
    },
    SOLVE_MS,
  );

  it(
    'a run stopped part way goes on from its checkpoint to the same values',
    async () => {
      const dataDir = temp();
      const rules = setup({ stones: STONES }).rules;
      let asked = 0;
      const stopped = await solveUr({
        rules,
        stones: STONES,
        dataDir,
        threads: 1,
        stopRequested: () => ++asked > 12,
      });
      expect(stopped.status).toBe('stopped');
      expect(existsSync(tableFile(dataDir, rules, STONES))).toBe(false);
      // What a writer killed mid-write leaves: gone when the run goes on.
      const leftover = `${tableFile(dataDir, rules, STONES)}.123.tmp`;
      writeFileSync(leftover, 'half a file');
      const resumed = await solveUr({ rules, stones: STONES, dataDir, threads: 1 });
      expect(existsSync(leftover)).toBe(false);
      expect(resumed.status).toBe('built');
      const loaded = loadTable(tableFile(dataDir, rules, STONES), rules, STONES);
      if (!loaded.ok) throw new Error(loaded.problem);
      const { table } = await builtOnce();
      let worst = 0;
      for (let i = 0; i < table.values.length; i++)
        worst = Math.max(
          worst,
          Math.abs((table.values[i] as number) - (loaded.table.values[i] as number)),
        );
      expect(worst).toBeLessThan(1e-5);
    },
    SOLVE_MS,
  );

  it('a truncated table is refused with a message', async () => {
    const { file } = await built(2);
    const rules = setup({ stones: 2 }).rules;
    truncateSync(file, readFileSync(file).length - 100);
    const loaded = loadTable(file, rules, 2);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.problem).toMatch(/truncated.*madang ur solve/);
  });

  it('a table with one changed value is refused: its checksum does not hold', async () => {
    const { file } = await built(2);
    const rules = setup({ stones: 2 }).rules;
    const bytes = readFileSync(file);
    bytes[bytes.length - 7] = (bytes[bytes.length - 7] as number) ^ 0x40;
    writeFileSync(file, bytes);
    const loaded = loadTable(file, rules, 2);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.problem).toMatch(/checksum/);
  });

  it('a table for other stones is refused', async () => {
    const { file } = await built(2);
    const loaded = loadTable(file, setup({ stones: 3 }).rules, 3);
    expect(loaded.ok).toBe(false);
  });

  it('a solve that would not fit in memory or on disk is refused before it starts', async () => {
    const rules = setup().rules;
    const dataDir = temp();
    const memory = await solveUr({ rules, stones: 7, dataDir, memoryFree: () => 256 << 20 });
    expect(memory).toMatchObject({ status: 'refused' });
    if (memory.status === 'refused')
      expect(memory.problem).toMatch(/needs about [\d.]+ GiB of memory/);
    const disk = await solveUr({
      rules,
      stones: 7,
      dataDir,
      memoryFree: () => 64 * 1024 ** 3,
      diskFree: () => 1 << 20,
    });
    expect(disk).toMatchObject({ status: 'refused' });
    if (disk.status === 'refused') expect(disk.problem).toMatch(/GiB of disk/);
  });

  it('the historical board with seven stones has the published count of positions', () => {
    // RoyalUr.net's 137,892,016 with light to move also counts the 21,919 where dark has won.
    expect(shapeFor(setup().rules, 7).size + 21_919).toBe(137_892_016);
  });
});
